import Foundation
import Testing
import Yams

@testable import Herald

/// Front matter in the forms real Hugo and Jekyll sites write: TOML between `+++` lines, a
/// byte-order mark, blank lines before the opening line, CRLF and CR line endings, repeated keys.
@Suite struct FrontMatterFormTests {
    let config = SiteConfig(
        title: "T", baseURL: URL(string: "https://example.org/union/")!,
        timeZone: TimeZone(identifier: "Asia/Shanghai")!, author: "Office")

    func parse(
        _ text: String, path: String = "content/news/2026-11-02-hello.md", kind: ContentKind = .news
    ) -> ItemParser.Outcome {
        ItemParser(config: config).parse(Data(text.utf8), path: path, kind: kind)
    }

    func item(
        _ text: String, path: String = "content/news/2026-11-02-hello.md", kind: ContentKind = .news
    ) throws -> ContentItem {
        let outcome = parse(text, path: path, kind: kind)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        return try #require(outcome.item)
    }

    /// The reader `FrontMatter.read` gives for a file.
    func fields(_ text: String, path: String = "content/news/a.md") throws -> YAMLReader {
        switch FrontMatter.read(Data(text.utf8), path: path) {
        case .success(let read): return read.fields
        case .failure(let diagnostic):
            Issue.record("\(diagnostic)")
            throw diagnostic
        }
    }

    /// The diagnostic `FrontMatter.read` stops with.
    func failure(_ text: String, path: String = "content/news/a.md") -> String? {
        guard case .failure(let diagnostic) = FrontMatter.read(Data(text.utf8), path: path) else { return nil }
        return diagnostic.description
    }

    // MARK: TOML

    static let everyType = """
        +++
        title = "Hello"            # a comment after a value
        quoted = "true"
        literal = 'C:\\path'
        featured = true
        draft = false
        weight = 3
        hex = 0x1F
        ratio = 2.5
        published = 2026-11-21T09:30:00+08:00
        utc = 2026-11-21T01:30:00Z
        local = 2026-11-21T09:30:00
        day = 2026-11-21
        doors = 18:30:00
        tags = [
          "AI",
          "迎新",   # comments inside a list
        ]
        summary = \"\"\"
        Two
        lines\"\"\"
        params.colour = "teal"
        point = { x = 1, y = 2 }

        [repeat]
        frequency = "weekly"
        count = 4

        [[authors]]
        name = "Ada"

        [[authors]]
        name = "Grace"
        +++
        Body.
        """

    @Test func tomlOfEveryTypeBecomesTheNodesYAMLWouldGive() throws {
        let reader = try fields(Self.everyType)
        func scalar(_ key: String) -> Node.Scalar? { reader.node(key)?.scalar }
        #expect(scalar("title")?.string == "Hello")
        #expect(scalar("title")?.style == .doubleQuoted, "TOML strings are quoted text")
        #expect(scalar("quoted")?.string == "true" && scalar("quoted")?.style == .doubleQuoted)
        #expect(scalar("literal")?.string == "C:\\path")
        #expect(scalar("featured")?.string == "true" && scalar("featured")?.style == .plain)
        #expect(scalar("hex")?.string == "31")
        #expect(scalar("ratio")?.string == "2.5" && scalar("ratio")?.style == .plain)
        #expect(scalar("published")?.string == "2026-11-21T09:30:00+08:00")
        #expect(scalar("utc")?.string == "2026-11-21T01:30:00Z")
        #expect(scalar("local")?.string == "2026-11-21T09:30:00")
        #expect(scalar("day")?.string == "2026-11-21")
        #expect(scalar("doors")?.string == "18:30:00")
        #expect(scalar("summary")?.string == "Two\nlines")
        guard case .sequence(let tags)? = reader.node("tags") else {
            Issue.record("tags is not a list")
            return
        }
        #expect(tags.map { $0.scalar?.string } == ["AI", "迎新"])
        guard case .mapping(let params)? = reader.node("params"), case .mapping(let point)? = reader.node("point"),
            case .mapping(let rule)? = reader.node("repeat"), case .sequence(let authors)? = reader.node("authors")
        else {
            Issue.record("tables are not mappings")
            return
        }
        #expect(params["colour"]?.scalar?.string == "teal")
        #expect(point["x"]?.scalar?.string == "1" && point["y"]?.scalar?.string == "2")
        #expect(rule["frequency"]?.scalar?.string == "weekly" && rule["count"]?.scalar?.string == "4")
        #expect(authors.map { $0.mapping?["name"]?.scalar?.string } == ["Ada", "Grace"])
        #expect(
            reader.keys.map(\.key) == [
                "title", "quoted", "literal", "featured", "draft", "weight", "hex", "ratio", "published", "utc",
                "local",
                "day", "doors", "tags", "summary", "params", "point", "repeat", "authors",
            ], "in the order written, not toml++'s sorted order")
    }

    @Test func everyTOMLKeyAndValueCarriesItsFileLine() throws {
        let reader = try fields(Self.everyType)
        // The file's line 1 is `+++`, so `title` is on line 2.
        #expect(reader.keys.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 19, 22, 23, 25, 29])
        #expect(reader.line(of: reader.node("summary")) == 19)
        guard case .sequence(let tags)? = reader.node("tags"), case .mapping(let rule)? = reader.node("repeat"),
            case .sequence(let authors)? = reader.node("authors")
        else {
            Issue.record("wrong kinds")
            return
        }
        #expect(tags.map { reader.line(of: $0) } == [16, 17], "each entry of a multi-line list on its own line")
        #expect(reader.line(of: reader.node("repeat")) == 25)
        #expect(rule.map { reader.line(of: $0.key) } == [26, 27])
        #expect(rule.map { reader.line(of: $0.value) } == [26, 27])
        #expect(authors.map { reader.line(of: $0) } == [29, 32], "each [[authors]] entry at its header")
        #expect(authors.map { entry in entry.mapping.map { reader.line(of: $0["name"]) } } == [30, 33])
    }

    @Test func tomlLinesSurviveTrickyText() throws {
        let reader = try fields(
            #"""
            +++
            title = """
            [not.a.table]
            fake = "not a key"
            """
            "quoted \" key" = 'x'
            "caf\u00e9" = 1
            spaced . dotted = 2
            matrix = [ [1, 2],
              [3] ]
            code = '''
            [[also.not]]
            '''
            [site . "a.b"]
            deep = true
            [[menu.main]]
            name = "Home"
            [[menu.main.children]]
            name = "Sub"
            [[menu.main]]
            name = "About"
            +++
            """#)
        #expect(
            reader.keys.map(\.key) == ["title", "quoted \" key", "café", "spaced", "matrix", "code", "site", "menu"])
        #expect(reader.keys.map(\.line) == [2, 6, 7, 8, 9, 11, 14, 16])
        guard case .sequence(let matrix)? = reader.node("matrix"), case .mapping(let site)? = reader.node("site"),
            case .mapping(let menu)? = reader.node("menu"), case .sequence(let main)? = menu["main"]
        else {
            Issue.record("wrong kinds")
            return
        }
        #expect(matrix.map { reader.line(of: $0) } == [9, 10])
        #expect(reader.line(of: site["a.b"]?.mapping?["deep"]) == 15)
        #expect(main.map { reader.line(of: $0.mapping?["name"]) } == [17, 21])
        #expect(reader.line(of: main.first?.mapping?["children"]?.sequence?.first?.mapping?["name"]) == 19)
    }

    @Test func tomlItemReadsLikeTheSameYAMLItem() throws {
        let toml = try item(
            """
            +++
            title = "Hello"
            date = 2026-11-02T09:30:00
            categories = ["学院活动", "sports"]
            tags = ["AI"]
            featured = true
            weight = 3
            slug = "hi-there"
            publishDate = 2026-11-03
            +++
            Body.
            """)
        let yaml = try item(
            """
            ---
            title: Hello
            date: 2026-11-02 09:30
            categories: [学院活动, sports]
            tags: [AI]
            featured: true
            weight: 3
            slug: hi-there
            publishDate: 2026-11-03
            ---
            Body.
            """)
        #expect(toml.title == yaml.title && toml.date == yaml.date && toml.publishDate == yaml.publishDate)
        #expect(toml.categories.map(\.name) == yaml.categories.map(\.name))
        #expect(toml.categories.map(\.line) == [4, 4])
        #expect(toml.featured && toml.weight == 3 && toml.slug == "hi-there" && toml.slugLine == 8)
        #expect(toml.body.html == "<p>Body.</p>\n")
    }

    @Test func tomlDatesAreReadInTheSiteZoneUnlessTheyCarryAnOffset() throws {
        let local = try item("+++\ntitle = \"A\"\ndate = 2026-11-02T09:30:00\n+++\n")
        #expect(local.date == DateParser.parseInstant("2026-11-02T01:30:00Z"), "09:30 in Asia/Shanghai")
        let day = try item("+++\ntitle = \"A\"\ndate = 2026-11-02\n+++\n")
        #expect(day.date == DateParser.parseInstant("2026-11-01T16:00:00Z"), "midnight in Asia/Shanghai")
        let offset = try item("+++\ntitle = \"A\"\ndate = 2026-11-02T09:30:00-05:00\n+++\n")
        #expect(offset.date == DateParser.parseInstant("2026-11-02T14:30:00Z"))
        let utc = try item("+++\ntitle = \"A\"\ndate = 2026-11-02T09:30:00.5Z\n+++\n")
        #expect(utc.date == DateParser.parseInstant("2026-11-02T09:30:00Z"))
        let event = try item(
            "+++\ntitle = \"Talk\"\nstart = 2026-11-24T19:00:00\nend = 2026-11-24T21:00:00\ntimezone = \"Europe/London\"\n\n[repeat]\nfrequency = \"weekly\"\ncount = 3\n+++\n",
            path: "content/events/talk.md", kind: .event)
        let details = try #require(event.event)
        #expect(details.start == DateParser.parseInstant("2026-11-24T19:00:00Z"), "an event's own zone")
        #expect(details.recurrence?.count == 3 && details.occurrences.count == 3)
    }

    @Test func aWrongTOMLTypeIsReportedOnItsLine() {
        #expect(
            parse(
                "+++\ntitle = \"A\"\ndate = 2026-11-01\ntags = [\n  \"a\",\n  \"b\",\n]\nfeatured = \"yes\"\nweight = 2.5\n+++\n"
            ).diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:8: featured must be true or false, not the quoted text \"yes\"",
                "content/news/2026-11-02-hello.md:9: weight must be a whole number, not '2.5'",
            ])
        #expect(
            parse("+++\ntitle = \"A\"\nfeatured = \"true\"\n+++\n").diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:3: featured must be true or false, not the quoted text \"true\""
            ], "a TOML string is text, even when it reads true")
        #expect(
            parse("+++\ntitle = [\"A\", \"B\"]\ntags = [\n  \"a\",\n  { name = \"b\" },\n]\n+++\n").diagnostics.map(
                \.description) == [
                    "content/news/2026-11-02-hello.md:2: title must be a single text value, not a list",
                    "content/news/2026-11-02-hello.md:5: tags must be a list of text values; this entry is a set of key: value lines",
                ])
        #expect(
            parse(
                "+++\ntitle = \"E\"\nstart = 2026-12-01T18:00:00\n\n[repeat]\nfrequency = \"daily\"\ncount = 2\n+++\n",
                path: "content/events/e.md", kind: .event
            ).diagnostics.map(\.description) == [
                "content/events/e.md:6: repeat frequency 'daily' must be weekly or monthly"
            ], "a key in a [table] is reported at its own line")
        #expect(
            parse("+++\ntitle = \"A\"\ndate = 2026-02-30\n+++\n").diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:3: front matter is not valid TOML: Error while parsing date: expected day between 1 and 28 (inclusive), saw 30"
            ], "toml++ checks dates itself")
    }

    @Test func aTOMLSyntaxErrorIsReportedAtTOMLKitsLine() {
        #expect(
            failure("+++\ntitle = \"A\"\ndate = 2026-11-01\ndate = 2026-11-02\n+++\n")
                == "content/news/a.md:4: front matter is not valid TOML: Error while parsing key-value pair: cannot redefine existing date 'date'"
        )
        #expect(
            failure("+++\ntitle = \"A\"\nsummary = \"never closed\n+++\n")?
                .hasPrefix("content/news/a.md:3: front matter is not valid TOML: ") == true)
        #expect(
            failure("\n\n+++\ntitle = \"A\"\nweight = \n+++\n")
                == "content/news/a.md:5: front matter is not valid TOML: Error while parsing key-value pair: expected value, saw '\\n'",
            "blank lines before the opening line are counted")
        // The build fails as for YAML.
        #expect(
            MemorySite(["content/news/2026-11-01-a.md": "+++\ntitle = \"A\"\ntags = [\"a\"\n+++\n"]).diagnostics() == [
                "content/news/2026-11-01-a.md:3: front matter is not valid TOML: Error while parsing array: encountered end-of-file"
            ])
    }

    @Test func tomlFrontMatterThatNeverClosesSaysWhichLineToAdd() {
        #expect(
            failure("+++\ntitle = \"A\"\n---\nBody\n")
                == "content/news/a.md:1: front matter opened on this line never closes: add a '+++' line after it")
        #expect(
            failure("\n  \n+++\ntitle = \"A\"\n")
                == "content/news/a.md:3: front matter opened on this line never closes: add a '+++' line after it")
        #expect(
            failure("---\ntitle: A\n+++\n")
                == "content/news/a.md:1: front matter opened on this line never closes: add a '---' line after it")
    }

    @Test func aTOMLSiteBuilds() throws {
        let output = try MemorySite([
            "content/news/2026-11-01-hugo.md": "+++\ntitle = \"From Hugo\"\ntags = [\"hugo\"]\n+++\nCopied *as is*.\n"
        ]).build()
        let page = try #require(output.text("news/hugo/index.html"))
        #expect(page.contains("<h1 class=\"article__title\">From Hugo</h1>"))
        #expect(page.contains("Copied <em>as is</em>."))
    }

    // MARK: Byte-order mark, blank lines, line endings

    @Test func byteOrderMarkBlankLinesAndCRLFKeepLinesRight() throws {
        let text = "\u{FEFF}\r\n \t\r\n\r\n---\r\ntitle: Windows file\r\nfeatured: maybe\r\n---\r\nBody\r\n"
        #expect(
            parse(text).diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:6: featured must be true or false, not 'maybe'"
            ], "line 6: three blank lines, the opening line, the title")
        let news = try item("\u{FEFF}\n\n---\r\ntitle: Windows file\r\n---\r\nFirst line\r\nsecond line\r\n")
        #expect(news.title == "Windows file")
        #expect(news.body.html == "<p>First line\nsecond line</p>\n")
        let oldMac = try item("\r\r---\rtitle: Old Mac\r---\rBody\r")
        #expect(oldMac.title == "Old Mac")
        #expect(
            parse("\r\n\r\n+++\r\ntitle = \"A\"\r\nfeatured = \"no\"\r\n+++\r\n").diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:5: featured must be true or false, not the quoted text \"no\""
            ], "TOML with CRLF and blank lines before it")
        #expect(parse("\n\n---\ntitle: A\n---\n").diagnostics.map(\.description) == [], "nothing else to say")
    }

    @Test func aFileWhoseFirstTextIsNotAnOpeningLineHasNoFrontMatter() {
        #expect(
            failure("\n\nJust text\n---\n")
                == "content/news/a.md:3: no front matter: the file must start with a '---' line, then at least `title: …`, then '---'"
        )
        #expect(
            failure("Just text\n")
                == "content/news/a.md:1: no front matter: the file must start with a '---' line, then at least `title: …`, then '---'"
        )
        #expect(
            failure(" ---\ntitle: A\n---\n")?.hasPrefix("content/news/a.md:1: no front matter") == true,
            "an indented opening line is not one")
    }

    // MARK: Repeated YAML keys

    @Test func aRepeatedKeyIsAWarningNamingBothLinesAndTheLaterValueIsUsed() throws {
        let outcome = parse("---\ntitle: First\ndate: 2026-11-12\ntitle: Second\n---\n")
        #expect(
            outcome.diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:4: warning: 'title' is given twice (also on line 2); the later value is used"
            ])
        #expect(outcome.item?.title == "Second")
    }

    @Test func repeatedKeysInNestedMappingsAndThreeTimesOver() throws {
        let outcome = parse(
            """

            ---
            title: A
            start: 2026-12-01 18:00
            repeat:
              frequency: weekly
              count: 2
              count: 5
            title: B
            title: C
            ---
            """, path: "content/events/e.md", kind: .event)
        #expect(
            outcome.diagnostics.map(\.description) == [
                "content/events/e.md:8: warning: 'count' is given twice (also on line 7); the later value is used",
                "content/events/e.md:10: warning: 'title' is given 3 times (also on lines 3, 9); the last value is used",
            ])
        #expect(outcome.item?.title == "C")
        #expect(outcome.item?.event?.recurrence?.count == 5)
        let flow = parse("---\ntitle: A\ntags: [x]\nrepeat: {frequency: weekly, count: 1, count: 2}\n---\n")
        #expect(
            flow.diagnostics.map(\.description).contains(
                "content/news/2026-11-02-hello.md:4: warning: 'count' is given twice (also on line 4); the later value is used"
            ))
    }

    @Test func keysAreTextSoANumberKeyAndItsQuotedSpellingAreOneKey() throws {
        // Front matter is composed without Yams' tag rules (YAMLReader.frontMatterResolver): a key
        // is looked up by its text, so `2026:` and `"2026":` are the same key, and said to be.
        let outcome = parse("---\ntitle: A\n2026: x\n\"2026\": y\nfeatured: yes\ndraft: false\n---\n")
        #expect(
            outcome.diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:4: warning: '2026' is given twice (also on line 3); the later value is used"
            ])
        let item = try #require(outcome.item)
        #expect(item.featured, "plain yes is still true")
        #expect(item.params["2026"] == .text("y"))
    }

    /// Each repeat is a warning; past 20 in one file, one line counts the rest (`DiagnosticCap`).
    @Test func manyRepeatedKeysAreWarnedTwentyTimesThenCounted() {
        let keys = (0..<200).map { "k\($0): 1\nk\($0): 2\n" }.joined()
        let outcome = parse("---\ntitle: A\n" + keys + "---\n")
        #expect(outcome.item != nil)
        #expect(outcome.diagnostics.count == 21)
        #expect(
            outcome.diagnostics[19].description
                == "content/news/2026-11-02-hello.md:42: warning: 'k19' is given twice (also on line 41); the later value is used"
        )
        #expect(
            outcome.diagnostics.last?.description
                == "content/news/2026-11-02-hello.md: warning: … and 180 more warnings in this file")
        #expect(DiagnosticCap.count(outcome.diagnostics) == 200)
    }

    @Test func theLineOfARepeatedKeyIsItsLastOne() {
        #expect(
            parse("---\ntitle: A\ntitle: \"  \"\n---\n").diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:3: warning: 'title' is given twice (also on line 2); the later value is used",
                "content/news/2026-11-02-hello.md:3: title is empty",
            ])
    }

    @Test func aRepeatedKeyYamsCannotTellApartStaysAnError() {
        // A key that is an alias of another is the same node however it is tagged.
        #expect(
            failure("---\n&k title: A\n*k : B\n---\n")
                == "content/news/a.md:2: front matter has the key 'title' more than once")
    }

    @Test func siteYMLRepeatsAreWarningsToo() throws {
        let output = MemoryOutput()
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml": "title: First\nbaseURL: https://example.org/\ntitle: Second\n"
            ])
        ).run(into: output)
        #expect(
            report.warnings.map(\.description) == [
                "site.yml:3: warning: 'title' is given twice (also on line 1); the later value is used"
            ])
        #expect(output.text("index.html")?.contains("Second") == true)
    }

    @Test func aDocumentWithoutRepeatsIsComposedOnce() throws {
        // The YAML path is unchanged for the common case: no warnings, and keys resolve directly.
        let reader = try fields("---\ntitle: A\ndate: 2026-11-12\n---\n")
        #expect(reader.problems.all.isEmpty)
        #expect(reader.keys.map(\.line) == [2, 3])
    }

    @Test func duplicateKeyIsAWarningWhereItRepeatsAndTheLaterValueIsUsed() throws {
        let output = MemoryOutput()
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml": "title: T\nbaseURL: https://example.org/\n",
                "content/pages/a.md": "---\ntitle: A\nslug: a\ntitle: B\n---\n",
            ])
        ).run(into: output)
        #expect(
            report.warnings.map(\.description) == [
                "content/pages/a.md:4: warning: 'title' is given twice (also on line 2); the later value is used"
            ])
        #expect(output.text("a/index.html")?.contains("<h1 class=\"article__title\">B</h1>") == true)
    }
}
