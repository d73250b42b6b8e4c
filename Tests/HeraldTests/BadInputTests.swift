import Foundation
import Testing

@testable import Herald

/// Every kind of bad input is answered with `path:line: message`, all problems at once.
@Suite struct BadInputTests {
    func diagnostics(_ files: [String: String]) -> [String] { MemorySite(files).diagnostics() }

    @Test func brokenYAMLPointsAtTheLine() {
        #expect(
            diagnostics(["content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\ntags: [one, two\n---\nBody\n"]) == [
                "content/news/a.md:5: front matter is not valid YAML: did not find expected ',' or ']' while parsing a flow sequence that begins on line 4 (column 1)"
            ])
    }

    /// A key that lost its indent (`until:` meant under `repeat:`) made libyaml complain a line
    /// later, of a line that is right; the message points at the key, and names both fixes.
    @Test func aKeyThatLostItsIndentIsNamedNotTheLineAfterIt() {
        #expect(
            diagnostics([
                "content/events/chess.md":
                    "---\ntitle: Chess night\nstart: 2026-12-01 19:00\nlocation: Room 1\nrepeat:\n  every: week\nuntil: 2027-01-31\n  count: 3\n---\nBody.\n"
            ]) == [
                "content/events/chess.md:7: front matter: line 8 is indented under until: on this line, which has a value already; if until: belongs with the keys below it, indent it like every: on line 6; if not, take the indent off line 8"
            ])
        // A value that holds ': ' is still told as before, on its own line or wrapped onto the next.
        #expect(
            diagnostics(["content/news/2026-01-05-a.md": "---\ntitle: Note: read me\ndate: 2026-01-05\n---\nText.\n"])
                .first?.contains("does a value hold ': ' and need quotes?") == true)
        #expect(
            diagnostics([
                "content/news/2026-01-05-a.md":
                    "---\ntitle: A\ndate: 2026-01-05\nsummary: a long text\n  wraps here: and more\n---\nText.\n"
            ]) == [
                "content/news/2026-01-05-a.md:5: front matter is not valid YAML: mapping values are not allowed in this context (column 13): is this line indented by mistake, or does a value hold ': ' and need quotes?"
            ])
    }

    /// `title：迎新晚会` (a Chinese input method's colon) made libyaml complain of the next,
    /// correct line (issue 37's trial): the message names the line with the full-width colon.
    @Test func aFullWidthColonIsNamedOnItsLine() {
        let fix = "with a full-width colon (：), which YAML does not read as one, so the lines after it do not parse"
        #expect(
            diagnostics(["content/news/2026-11-23-a.md": "---\ntitle：迎新晚会节目单\ndate: 2026-11-23 9:00\n---\n正文。\n"]) == [
                "content/news/2026-11-23-a.md:2: front matter writes title： \(fix): write title: with the colon of a Latin keyboard"
            ])
        #expect(
            diagnostics([
                "content/news/2026-11-23-a.md": "---\ntitle: 节目单\ndate: 2026-11-23\ntags：[迎新]\nauthor: 宣传部\n---\n正文。\n"
            ]) == [
                "content/news/2026-11-23-a.md:4: front matter writes tags： \(fix): write tags: with the colon of a Latin keyboard"
            ])
        // Every key so typed: the front matter reads as one text, and the first such line is named.
        #expect(
            diagnostics(["content/news/2026-11-23-a.md": "---\ntitle：节目单\ndate：2026-11-23\n---\n正文。\n"]) == [
                "content/news/2026-11-23-a.md:2: front matter writes title： \(fix): write title: with the colon of a Latin keyboard"
            ])
        // A full-width colon inside a value is text, as it should be.
        #expect(
            diagnostics(["content/news/2026-11-23-a.md": "---\ntitle: 通知：迎新晚会\ndate: 2026-11-23\n---\n正文。\n"]) == [])
    }

    /// `image: /images/concert.jpg` for static/images/concert.png was told to put a file at
    /// static/images/concert.jpg, and the newcomer renamed the PNG (issue 37's trial): a cover
    /// that is not there names the image it most likely meant.
    @Test func aCoverThatIsNotThereNamesTheImageItMeant() {
        func news(_ name: String, _ image: String) -> String {
            "---\ntitle: \(name)\ndate: 2026-11-01\nimage: \(image)\n---\nText.\n"
        }
        #expect(
            diagnostics([
                "static/images/concert.png": "png", "static/images/fair.jpg": "jpg", "static/images/notes.txt": "text",
                "content/news/2026-11-01-a.md": news("A", "/images/concert.jpg"),
                "content/news/2026-11-01-b.md": news("B", "/image/fair.jpg"),
                "content/news/2026-11-01-c.md": news("C", "/images/fiar.jpg"),
                "content/news/2026-11-01-d.md": news("D", "/images/notes.jpg"),
                "content/news/2026-11-01-e/index.md": news("E", "./cover.jpeg"),
                "content/news/2026-11-01-e/cover.jpg": "jpg",
                // At the top of static/, and a name two folders have (another article's cover is no suggestion).
                "static/logo.png": "png", "content/news/2026-11-01-f.md": news("F", "/logo.jpg"),
                "static/a/photo.jpg": "jpg", "static/b/photo.jpg": "jpg",
                "content/news/2026-11-01-g.md": news("G", "/c/photo.jpg"),
            ]) == [
                "content/news/2026-11-01-a.md:4: cover image '/images/concert.jpg' is not in the site; did you mean '/images/concert.png'? If not, put it at static/images/concert.jpg",
                "content/news/2026-11-01-b.md:4: cover image '/image/fair.jpg' is not in the site; did you mean '/images/fair.jpg'? If not, put it at static/image/fair.jpg",
                "content/news/2026-11-01-c.md:4: cover image '/images/fiar.jpg' is not in the site; did you mean '/images/fair.jpg'? If not, put it at static/images/fiar.jpg",
                "content/news/2026-11-01-d.md:4: cover image '/images/notes.jpg' is not in the site; put it at static/images/notes.jpg",
                "content/news/2026-11-01-e/index.md:4: cover image './cover.jpeg' is not in the site; did you mean 'cover.jpg'? If not, put it at content/news/2026-11-01-e/cover.jpeg",
                "content/news/2026-11-01-f.md:4: cover image '/logo.jpg' is not in the site; did you mean '/logo.png'? If not, put it at static/logo.jpg",
                "content/news/2026-11-01-g.md:4: cover image '/c/photo.jpg' is not in the site; put it at static/c/photo.jpg",
            ])
    }

    /// Issue 38, item 3: the problems `herald import` repairs in its new site carry a kind that
    /// names what to repair, so rewording a message cannot break a repair.
    @Test func theProblemsTheImportRepairsCarryAKind() throws {
        func kinds(_ files: [String: String]) throws -> [DiagnosticKind?] {
            var all = files
            all["site.yml"] = "title: T\nbaseURL: https://example.org/\n"
            let failure = try #require(throws: BuildFailure.self) {
                try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: all)).run(
                    into: MemoryOutput())
            }
            return failure.errors.map(\.kind)
        }
        let b = "content/news/2026-11-02-b.md"
        #expect(
            try kinds([
                b: "---\ntitle: B\ndate: 2026-11-02\n---\nB\n",
                "content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\naliases: [/news/b/, /]\n---\nA\n",
            ])
                == [.unkeptAlias("/"), .unkeptAlias("/news/b/")], "sorted by message: the home page's first")
        #expect(
            try kinds([b: "---\ntitle: B\ndate: 2026-11-02\nimage: /images/none.jpg\n---\nSee [x](../x.md).\n"])
                == [.coverImage, .deadContentLink("../x.md")])
        #expect(
            try kinds([b: "---\ntitle: B\ndate: 2026-11-02\naliases: [/categories/]\n---\nB\n"]) == [
                .unkeptAlias("/categories/")
            ])
    }

    /// In `{ … }`, a comma inside an unquoted value ends it: the rest is taken for a key.
    @Test func aCommaThatSplitAFlowValueIsNamed() throws {
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml":
                    "title: T\nbaseURL: https://example.org/\ntimezone: UTC\ncategories:\n  - slug: campus\n    name: Campus\nlanguages:\n  - code: en\n  - code: zh-CN\n    path: zh\n    categories:\n      campus: {name: 校园, description: Parties, clubs and campus life.}\n"
            ])
        ).run(into: MemoryOutput())
        #expect(
            report.warnings.map(\.description).contains(
                "site.yml:12: warning: 'clubs and campus life.' in languages categories is not a key: inside { } a comma ends a value, so description is only 'Parties'; put the whole value in quotes: description: \"Parties, clubs and campus life.\""
            ))
        // Two commas: one warning, with the whole value; a quote in it is escaped.
        let twice = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml":
                    "title: T\nbaseURL: https://example.org/\ntimezone: UTC\ncategories:\n  - slug: campus\n    name: Campus\nlanguages:\n  - code: en\n  - code: zh-CN\n    path: zh\n    categories:\n      campus: {name: 校园, description: Parties, \"clubs\", and campus life.}\n"
            ])
        ).run(into: MemoryOutput())
        #expect(
            twice.warnings.map(\.description) == [
                "site.yml:12: warning: 'clubs' in languages categories is not a key: inside { } a comma ends a value, so description is only 'Parties'; put the whole value in quotes: description: \"Parties, clubs, and campus life.\""
            ])
    }

    /// A tab, which an editor cannot tell from spaces, is named first, in front matter and site.yml alike.
    @Test func aTabInIndentationIsNamed() {
        #expect(
            diagnostics([
                "content/news/2026-01-05-a.md": "---\ntitle: A\ndate: 2026-01-05\ntags:\n\t- one\n---\nText.\n"
            ]) == [
                "content/news/2026-01-05-a.md:5: front matter is indented with a tab on this line; YAML indents with spaces only: replace the tab with spaces"
            ])
        #expect(
            diagnostics(["site.yml": "title: T\nhome:\n\trecent: 3\n"]) == [
                "site.yml:3: site.yml is indented with a tab on this line; YAML indents with spaces only: replace the tab with spaces"
            ])
    }

    /// Outside a site folder there is no line of a file to point at: the folder is named instead.
    @Test func aFolderWithoutSiteYAMLIsNamed() throws {
        let build = Build(
            options: BuildOptions(sourcePath: "/srv/union", now: Fixtures.now),
            fileSystem: .memory(text: ["content/news/a.md": "---\ntitle: A\n---\n"]))
        #expect {
            try build.run(into: MemoryOutput())
        } throws: { error in
            (error as? BuildFailure)?.diagnostics.map(\.description) == [
                "/srv/union: has no site.yml, so it is not a site folder: give the site's folder with --source, or make one with `herald new site NAME`"
            ]
        }
    }

    @Test func missingOrEmptyTitle() {
        #expect(
            diagnostics([
                "content/news/2026-01-01-a.md": "---\ndate: 2026-11-01\n---\n",
                "content/pages/b.md": "---\ntitle: \"  \"\n---\n",
            ]) == [
                "content/news/2026-01-01-a.md:2: a title is required (add `title: …` to the front matter)",
                "content/pages/b.md:2: title is empty",
            ])
    }

    @Test func impossibleDatesAndZones() {
        #expect(
            diagnostics([
                "content/news/a.md": "---\ntitle: A\ndate: 2026-02-30\n---\n",
                "content/events/b.md":
                    "---\ntitle: B\nstart: 2026-12-01 18:00\nend: 2026-12-01 17:00\ntimezone: Mars/Olympus\n---\n",
            ]) == [
                "content/events/b.md:4: end (2026-12-01 17:00) comes before start (2026-12-01 18:00)",
                "content/events/b.md:5: timezone 'Mars/Olympus' is not an IANA time zone name such as Asia/Shanghai or America/New_York",
                "content/news/a.md:3: date: '2026-02-30' is not a real date: February 2026 has 28 days",
            ])
        #expect(
            diagnostics(["content/events/b.md": "---\ntitle: B\nstart: 2026-12-01 18:00\nend: 2026-12-01 17:00\n---\n"])
                == [
                    "content/events/b.md:4: end (2026-12-01 17:00) comes before start (2026-12-01 18:00)"
                ])
    }

    @Test func wrongTypes() {
        #expect(
            diagnostics([
                "content/news/a.md":
                    "---\ntitle: [A, B]\ndate: 2026-11-01\nfeatured: \"yes\"\nweight: heavy\ntags: {a: 1}\n---\n"
            ]) == [
                "content/news/a.md:2: title must be a single text value, not a list",
                "content/news/a.md:4: featured must be true or false, not the quoted text \"yes\"",
                "content/news/a.md:5: weight must be a whole number, not 'heavy'",
                "content/news/a.md:6: tags must be a list, not a set of key: value lines",
            ])
    }

    @Test func newsWithoutADateAndEventWithoutAStart() {
        #expect(
            diagnostics([
                "content/news/undated.md": "---\ntitle: A\n---\n",
                "content/events/e.md": "---\ntitle: E\nlocation: Hall\n---\n",
            ]) == [
                "content/events/e.md:2: an event needs a start: add `start: YYYY-MM-DD HH:MM` (or `date:` with `time: HH:MM-HH:MM`)",
                "content/news/undated.md:2: news needs a date: add `date: YYYY-MM-DD` (or start the file name with YYYY-MM-DD-)",
            ])
    }

    @Test func twoItemsWithTheSameURL() {
        #expect(
            diagnostics([
                "content/news/2026/hello.md": "---\ntitle: A\ndate: 2026-11-01\n---\n",
                "content/news/2025/hello.md": "---\ntitle: B\ndate: 2025-11-01\n---\n",
            ]) == [
                "content/news/2026/hello.md:1: the URL /news/hello/ is already used by content/news/2025/hello.md; give one of them another `slug:`, or give news dated addresses in site.yml (`permalinks: {news: /news/:year/:slug/}`)"
            ])
    }

    @Test func aPageCannotTakeTheURLOfAListHeraldMakes() {
        #expect(
            diagnostics(["content/pages/news.md": "---\ntitle: News page\n---\n"]) == [
                "content/pages/news.md:1: content/pages/news.md would be written to /news/index.html, where the list 'News' already is; choose another slug"
            ])
    }

    @Test func slugsThatLeaveTheirFolder() {
        #expect(
            diagnostics([
                "content/news/a.md": "---\ntitle: A\ndate: 2026-11-01\nslug: ../../etc\n---\n",
                "content/news/b.md": "---\ntitle: B\ndate: 2026-11-01\nslug: /abs\n---\n",
            ]) == [
                "content/news/a.md:4: slug '../../etc' must not start with '.'",
                "content/news/b.md:4: slug '/abs' must not contain '/' or '\\': it names one folder",
            ])
    }

    @Test func fileThatIsNotUTF8PointsAtTheLine() {
        let site = FileSystem.memory([
            "site.yml": Data("title: T\nbaseURL: https://example.org/\n".utf8),
            "content/news/a.md": Data(
                "---\ntitle: A\ndate: 2026-11-01\n---\nGood line\nBad \u{FF} line\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }
            ),
        ])
        do {
            _ = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: site).run(into: MemoryOutput())
            Issue.record("the build should fail")
        } catch let failure as BuildFailure {
            #expect(
                failure.diagnostics.map(\.description) == [
                    "content/news/a.md:6: file is not UTF-8 text: save it with UTF-8 encoding"
                ])
            #expect(failure.step == "parse content")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func frontMatterThatNeverClosesAndEmptyFiles() {
        #expect(
            diagnostics([
                "content/news/open.md": "---\ntitle: A\ndate: 2026-11-01\n\nBody without a closing line\n",
                "content/news/empty.md": "",
                "content/news/none.md": "Just text\n",
            ]) == [
                "content/news/empty.md:1: file is empty: it needs front matter between '---' lines with at least a title",
                "content/news/none.md:1: no front matter: the file must start with a '---' line, then at least `title: …`, then '---'",
                "content/news/open.md:1: front matter opened on this line never closes: add a '---' line after it",
            ])
    }

    @Test func unknownLayoutTemplate() {
        #expect(
            diagnostics(["content/pages/a.md": "---\ntitle: A\nlayout: fancy\n---\n"]) == [
                "content/pages/a.md:3: layout 'fancy' is not a template; the templates are: 404, article, calendar, event, home, layout, list, page, search, terms"
            ])
    }

    @Test func templateSyntaxErrorAndMissingPartial() {
        #expect(
            diagnostics([
                "templates/article.mustache":
                    "{{<layout}}{{$main}}\n<h1>{{title}}</h1>\n{{#item}}\n{{/items}}\n{{/main}}{{/layout}}\n",
                "templates/page.mustache": "{{<layout}}{{$main}}\n{{> partials/missing}}\n{{/main}}{{/layout}}\n",
            ]).map { $0.components(separatedBy: " (templates:").first! } == [
                "templates/article.mustache:4:1: {{/items}} closes {{#item}} (line 3): close it with {{/item}} first",
                "templates/page.mustache:2:1: template names the partial 'partials/missing', which does not exist",
            ])
    }

    @Test func siteConfigProblems() {
        #expect(
            diagnostics(["site.yml": "title: T\nbaseURL: example.org\ntimezone: Nowhere\npageSize: 0\n"]) == [
                "site.yml:2: baseURL 'example.org' must be an absolute http(s) URL such as https://example.org/union/ (or a path starting with /), without ? or #",
                "site.yml:3: timezone 'Nowhere' is not an IANA time zone name such as Asia/Shanghai or Europe/London",
                "site.yml:4: pageSize must be between 1 and 10000",
            ])
        #expect(diagnostics(["site.yml": "description: no title\n"]) == ["site.yml:1: site.yml needs a title"])
        #expect(
            diagnostics([
                "site.yml":
                    "title: T\ncategories:\n  - name: A\n    color: \"red; background: url(x)\"\n  - name: B\n    color: \"#12345\"\n  - name: C\n    color: rgb(1 2 3)\n"
            ]) == [
                "site.yml:4: color 'red; background: url(x)' is not a CSS colour such as \"#b8400d\", teal or rgb(184 64 13)",
                "site.yml:6: color '#12345' is not a CSS colour such as \"#b8400d\", teal or rgb(184 64 13)",
            ])
    }

    @Test func unknownSiteKeysAreWarningsWithSuggestions() throws {
        let output = MemoryOutput()
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml":
                    "title: T\nbaseURL: https://example.org/\ntimezone: UTC\npagesize: 5\ncolour: red\nmarkdown:\n  unsafe: true\n  smart: true\n"
            ])
        ).run(into: output)
        #expect(
            report.warnings.map(\.description) == [
                "site.yml:4: warning: unknown key 'pagesize' is ignored; did you mean 'pageSize'?",
                "site.yml:5: warning: unknown key 'colour' is ignored",
                "site.yml:8: warning: unknown key 'smart' in markdown is ignored",
            ])
        #expect(output.files["index.html"] != nil)
    }

    /// A typo as close to two keys names both, whatever order the keys are declared in: `date` is
    /// two slips from `name` and from `path`.
    @Test func aTypoAsCloseToTwoKeysNamesBoth() throws {
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml": "title: T\nbaseURL: https://example.org/\nlanguages:\n  - code: en\n    date: x\n"
            ])
        ).run(into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "site.yml:5: warning: unknown key 'date' in languages is ignored; did you mean 'name' or 'path'?"
            ])
    }

    /// Every key of site.yml is read before the settings are made: `description`, `author` and
    /// (without `languages:`) `language` were once read after the problems were counted, so a
    /// value of the wrong shape was dropped without a word.
    @Test func aSiteYMLValueOfTheWrongShapeIsAnErrorWhicheverTheKey() {
        let problems = MemorySite([
            "site.yml":
                "title: T\nbaseURL: https://example.org/\ndescription: [a, b]\nauthor: {name: A}\nlanguage: [en]\n"
        ]).diagnostics()
        #expect(
            problems == [
                "site.yml:3: description must be a single text value, not a list",
                "site.yml:4: author must be a single text value, not a set of key: value lines",
                "site.yml:5: language must be a single text value, not a list",
            ])
    }

    @Test func everyProblemInEveryFileIsReportedAtOnce() {
        let problems = diagnostics([
            "content/news/a.md": "---\ntitle: A\ndate: 2026-13-01\nfeatured: maybe\n---\n",
            "content/news/b.md": "---\ndate: 2026-11-01\n---\n",
            "content/events/c.md": "---\ntitle: C\nstart: soon\nstatus: maybe\n---\n",
        ])
        #expect(
            problems == [
                "content/events/c.md:3: start: 'soon' is not a date: expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or an RFC 3339 date such as 2026-11-21T09:30:00+08:00",
                "content/events/c.md:4: status 'maybe' must be one of scheduled, cancelled, postponed",
                "content/news/a.md:3: date: '2026-13-01' is not a real date: there is no month 13",
                "content/news/a.md:4: featured must be true or false, not 'maybe'",
                "content/news/b.md:2: a title is required (add `title: …` to the front matter)",
            ], "every problem, sorted by path and line")
    }

    /// Issue 37, item 3: the steps after parsing run on the items that parsed, so a missing cover
    /// and a broken link come in the same run as the front matter's errors; a link to a file that
    /// did not parse is no broken link.
    @Test func problemsOfLaterStepsComeWithTheParseErrors() {
        let files = [
            "content/news/a.md":
                "---\ntitle: A\ndate: 2026-11-01\ncover: missing.jpg\n---\nSee [b](b.md) and [gone](gone.md).\n",
            "content/news/b.md": "---\ntitle: B\ndate: notadate\n---\nBody\n",
            "content/news/c.md": "---\ntitle: C\ndate: 2026-11-01\nfeatured: maybe\n---\nBody\n",
        ]
        let told = [
            "content/news/a.md:4: cover image 'missing.jpg' is not in the site; put it at static/missing.jpg",
            "content/news/a.md:6: links to gone.md, which is not a content file of the site",
        ]
        #expect(
            diagnostics(files) == [
                told[0], told[1],
                "content/news/b.md:3: date: 'notadate' is not a date: expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or an RFC 3339 date such as 2026-11-21T09:30:00+08:00",
                "content/news/c.md:4: featured must be true or false, not 'maybe'",
            ])
        // With the front matter mended, the broken link stops the model, and the cover is still named beside it.
        var mended = files
        mended["content/news/b.md"] = "---\ntitle: B\ndate: 2026-11-02\n---\nBody\n"
        mended["content/news/c.md"] = "---\ntitle: C\ndate: 2026-11-01\n---\nBody\n"
        #expect(diagnostics(mended) == told)
    }

    @Test func emptyStartAndDateValuesAreErrorsNotCrashes() {
        #expect(
            diagnostics([
                "content/events/e.md": "---\ntitle: E\nstart:\n---\n",
                "content/news/n.md": "---\ntitle: N\ndate:\n---\n",
            ]) == [
                "content/events/e.md:2: an event needs a start: add `start: YYYY-MM-DD HH:MM` (or `date:` with `time: HH:MM-HH:MM`)",
                "content/news/n.md:2: news needs a date: add `date: YYYY-MM-DD` (or start the file name with YYYY-MM-DD-)",
            ])
    }

    @Test func allDayEventEndingBeforeItStarts() {
        #expect(
            diagnostics(["content/events/e.md": "---\ntitle: E\nstart: 2026-12-05\nend: 2026-12-04\n---\n"]) == [
                "content/events/e.md:4: end (2026-12-04) comes before start (2026-12-05)"
            ])
    }

    @Test func mistakesThatUsedToPassSilentlyAreWarnedAbout() throws {
        let warnings = try buildReport([
            "site.yml": "title: T\nbaseURL: https://example.org/\ncategories:\n  - name: Club News\n",
            "content/news/2026-11-01-a.md": "---\ntitle: A\ncategories: [Club Nwes]\n---\n",
            "content/events/e.md":
                "---\ntitle: E\ndate: 2026-11-01\nstart: 2026-12-02 18:00\nrepeat: {frequency: weekly, count: 3, except: [2026-12-24]}\n---\n",
        ]).warnings.map(\.description)
        #expect(
            warnings == [
                "content/events/e.md:5: warning: repeat except 2026-12-24 is not one of the event's dates, so it changes nothing",
                "content/news/2026-11-01-a.md:3: warning: category 'Club Nwes' is not declared in site.yml, so it gets its own page; did you mean 'Club News'?",
            ])
    }

    @Test func siteNumbersOutOfRangeAreErrors() {
        #expect(
            MemorySite(["site.yml": "title: T\nhome:\n  recent: -1\nfeeds:\n  limit: 0\ntrending:\n  window: 0\n"])
                .diagnostics() == [
                    "site.yml:3: recent must be a whole number of at least 0, not -1",
                    "site.yml:5: feeds limit must be at least 1",
                    "site.yml:7: trending window must be more than 0 days",
                ])
    }

    @Test func negativeFiguresAbbreviatedZonesAndYearZeroAreErrors() {
        #expect(
            MemorySite([
                "content/news/2026-11-01-a.md": "---\ntitle: A\nviews: -500\n---\n",
                "content/events/b.md": "---\ntitle: B\nstart: 2026-12-01 10:00\ntimezone: PST\n---\n",
                "content/events/c.md": "---\ntitle: C\nstart: 0000-01-01\n---\n",
            ]).diagnostics() == [
                "content/events/b.md:4: timezone 'PST' is not an IANA time zone name such as Asia/Shanghai or America/New_York",
                "content/events/c.md:3: start: '0000-01-01' is not a date Herald can publish: the year must be between 1000 and 9999",
                "content/news/2026-11-01-a.md:3: views must be a whole number of at least 0, not -500",
            ])
        #expect(
            PopularityParser.parseJSON("[{\"slug\": \"a\", \"views\": -5}]", path: "d.json").diagnostics.map(
                \.description) == [
                    "d.json:1: views must be a whole number of at least 0, not -5"
                ])
    }
}

/// Input built to exhaust memory or time is refused before it can.
@Suite struct ResourceLimitTests {
    @Test func aContentFileOverTheLimitIsRefusedBeforeItIsRead() {
        let big = String(repeating: "x", count: ItemParser.largestFile + 1)
        #expect(
            MemorySite(["content/news/2026-11-01-big.md": "---\ntitle: Big\n---\n" + big]).diagnostics() == [
                "content/news/2026-11-01-big.md:1: file is 16.0 MB; content files may be at most 16 MB: put images and documents in static/ and link to them, or split the text into several items"
            ])
        final class Flag: @unchecked Sendable { var raised = false }
        let read = Flag()
        let fileSystem = FileSystem(
            listFiles: { folder, _ in folder == "content" ? ["content/news/2026-11-01-big.md"] : nil },
            readFile: { path in
                if path == "site.yml" { return Data("title: T\n".utf8) }
                read.raised = true
                return Data()
            },
            readFileAtMost: { _, _ in throw FileTooLarge(size: 50 * 1_048_576) })
        #expect(throws: BuildFailure.self) {
            try Build(options: BuildOptions(now: Fixtures.now), fileSystem: fileSystem).run(into: MemoryOutput())
        }
        #expect(!read.raised, "content files are read through the limited reader")
    }

    @Test func theDiskReaderRefusesAFileOverItsLimitFromItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Sparse: 20 MB by its size, nothing on disk.
        let path = folder.appendingPathComponent("big.md").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 20 * 1_048_576) == 0)
        #expect(throws: FileTooLarge.self) {
            try FileSystem.disk(root: folder.path).readFileAtMost("big.md", ItemParser.largestFile)
        }
        #expect(try FileSystem.disk(root: folder.path).readFileAtMost("big.md", 30 * 1_048_576).count == 20 * 1_048_576)
    }

    @Test func aliasesThatExpandBeyondTheirTextAreRefused() {
        var bomb = "---\ntitle: Laughs\ndate: 2026-11-01\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for (name, previous) in zip(["b", "c", "d", "e", "f"], ["a", "b", "c", "d", "e"]) {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        bomb += "---\n"
        let problems = MemorySite(["content/news/a.md": bomb]).diagnostics()
        #expect(
            problems == [
                "content/news/a.md:8: front matter uses YAML aliases (*name) that expand to over 13030 values, far more than it spells out; write the values out instead"
            ], "at e, the first key past the budget")
        // Aliases used as YAML intends, to repeat a value a few times, are fine.
        #expect(
            MemorySite(["content/news/2026-11-01-b.md": "---\ntitle: &t Reused\nsummary: *t\n---\n"]).diagnostics()
                == [])
    }
}
