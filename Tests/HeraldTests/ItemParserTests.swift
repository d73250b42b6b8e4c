import Foundation
import Testing

@testable import Herald

@Suite struct ItemParserTests {
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

    @Test func readsEveryNewsKey() throws {
        let news = try item(
            """
            ---
            title: Hello
            date: 2026-11-02 09:30
            categories: [学院活动, sports]
            tags: [AI, 迎新]
            featured: true
            weight: 3
            image: /images/a.jpg
            author: Media Team
            slug: hi-there
            publishDate: 2026-11-03
            expiryDate: 2027-01-01
            ---
            Body.
            """)
        #expect(news.title == "Hello")
        #expect(news.date == DateParser.parseInstant("2026-11-02T01:30:00Z"))
        #expect(news.categories.map(\.name) == ["学院活动", "sports"])
        #expect(news.categories.map(\.line) == [4, 4])
        #expect(news.tags.map(\.name) == ["AI", "迎新"])
        #expect(news.featured && news.weight == 3)
        #expect(news.image == "/images/a.jpg")
        #expect(news.author == "Media Team")
        #expect(news.slug == "hi-there" && news.slugLine == 10)
        #expect(news.publishDate == DateParser.parseInstant("2026-11-02T16:00:00Z"))
        #expect(news.goesLiveAt == news.publishDate)
        #expect(news.expiryDate != nil)
    }

    @Test func defaultsComeFromFileNameAndSite() throws {
        let news = try item("---\ntitle: Hi\ncategory: Notices\n---\nText\n")
        #expect(news.slug == "hello")
        #expect(
            news.date == DateParser.parseInstant("2026-11-01T16:00:00Z"),
            "the file name's date, at midnight in the site's zone")
        #expect(news.author == "Office")
        #expect(news.categories.map(\.name) == ["Notices"])
        #expect(!news.featured && !news.draft)
    }

    /// `tags: 招新, 社团` was one tag "招新, 社团" at /tags/招新-社团/ (issue 37's trial): one string of
    /// terms is split at its commas, Chinese ones too; a quoted text or a list keeps a comma inside a term.
    @Test func aStringOfTermsIsSplitAtItsCommas() throws {
        let news = try item("---\ntitle: Hi\ncategories: Campus Life, Sports\ntags: 招新，社团、 迎新 ,\n---\nText\n")
        #expect(news.categories.map(\.name) == ["Campus Life", "Sports"])
        #expect(news.tags.map(\.name) == ["招新", "社团", "迎新"])
        #expect(
            try item("---\ntitle: Hi\ntags: [\"R&D, Europe\", AI]\n---\nText\n").tags.map(\.name) == [
                "R&D, Europe", "AI",
            ])
        #expect(
            try item("---\ntitle: Hi\ncategories: \"Research, Development\"\n---\nText\n").categories.map(\.name) == [
                "Research, Development"
            ])
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let text = "\u{FEFF}---\r\ntitle: Windows file\r\ndate: 2026-11-02\r\n---\r\nFirst line\r\nsecond line\r\n"
        let news = try item(text)
        #expect(news.title == "Windows file")
        #expect(news.body.html == "<p>First line\nsecond line</p>\n")
    }

    @Test func summaryComesFromFrontMatterThenMoreMarkerThenFirstParagraph() throws {
        let written = try item("---\ntitle: A\nsummary: Written *summary*.\n---\nFirst.\n\nSecond.\n")
        #expect(written.summaryText == "Written summary.")
        #expect(written.summaryHTML == "<p>Written <em>summary</em>.</p>\n")

        let marked = try item("---\ntitle: A\n---\nOne.\n\nTwo.\n\n<!--more-->\n\nThree.\n")
        #expect(marked.summaryText == "One. Two.")
        #expect(marked.summaryHTML == "<p>One.</p>\n<p>Two.</p>\n")
        #expect(marked.body.hasMoreMarker)
        // The marker is not in the page, and is not raw HTML that safe mode reports as left out.
        #expect(marked.body.html == "<p>One.</p>\n<p>Two.</p>\n<p>Three.</p>\n")
        #expect(marked.body.omittedHTMLLine == nil)

        let plain = try item("---\ntitle: A\n---\n# Heading\n\nFirst *para*\ngraph.\n\nSecond.\n")
        #expect(plain.summaryText == "First para graph.")
        #expect(plain.summaryHTML == "<p>First <em>para</em>\ngraph.</p>\n")
    }

    /// Characters from U+5000 are counted from their first byte alone; every other one is decoded:
    /// both ways agree with `isCJK` on every character from U+2F00 to U+FFFF and beyond.
    @Test func chineseCharactersAreCountedAlikeEitherWay() {
        let scalars = (UInt32(0x2F00)...0x2FFFF).compactMap(Unicode.Scalar.init)
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        var statistics = TextStatistics()
        statistics.count(text)
        #expect(statistics.cjkCharacters == scalars.filter(TextStatistics.isCJK).count)
        #expect(statistics.cjkCharacters > 60_000)
    }

    /// ASCII and the punctuation around Chinese text are classed without Unicode look-ups; each of
    /// their characters must join or split words as its Unicode properties say.
    @Test func punctuationFromTheTableCountsAsItsPropertiesSay() {
        let ranges: [ClosedRange<UInt32>] = [0x01...0x7F, 0x2000...0x206F, 0x3000...0x303F, 0xFF00...0xFFEF]
        for scalar in ranges.joined().compactMap(Unicode.Scalar.init) {
            var statistics = TextStatistics()
            statistics.count("x\(scalar)y")
            let joins =
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "’" || scalar == "'"
            let expected =
                TextStatistics.isCJK(scalar)
                ? TextStatistics(words: 2, cjkCharacters: 1) : TextStatistics(words: joins ? 1 : 2)
            #expect(statistics == expected, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }

    /// Runs of ASCII are counted without a branch per byte, and a word may run on from ASCII into
    /// other letters and back ("café's"): random mixes counted against a plain reading of each
    /// character's Unicode properties.
    @Test func mixedTextCountsAsACharacterByCharacterReading() {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "7", " ", "'", "’", "-", ".", "\n", "é", "ß", "中", "。", "，", "😀", "\u{3000}",
        ]
        // The same mixes on every run: a linear congruential sequence.
        var state: UInt64 = 2026
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<2_000 {
            let scalars = (0..<next(24)).map { _ in alphabet[next(alphabet.count)] }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            var expected = TextStatistics()
            var inWord = false
            for scalar in scalars {
                if TextStatistics.isCJK(scalar) {
                    expected.cjkCharacters += 1
                    inWord = false
                } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if !inWord { expected.words += 1 }
                    inWord = true
                } else if scalar != "'" && scalar != "’" {
                    inWord = false
                }
            }
            var statistics = TextStatistics()
            statistics.count(text)
            #expect(statistics == expected, "\(text.debugDescription)")
        }
    }

    @Test func readingTimeCountsChineseByCharacter() throws {
        let chinese = String(repeating: "学生会组织志愿服务活动。", count: 100)  // 1,100 characters
        let zh = try item("---\ntitle: 中文\n---\n\(chinese)\n")
        #expect(zh.body.statistics.cjkCharacters == 1100)
        #expect(zh.body.statistics.words == 0)
        #expect(zh.body.statistics.readingMinutes == 3)
        let english = String(repeating: "The union's volunteers ran it. ", count: 100)  // 500 words
        let en = try item("---\ntitle: English\n---\n\(english)\n")
        #expect(en.body.statistics.words == 500)
        #expect(en.body.statistics.readingMinutes == 3)
    }

    @Test func eventsAreReadInTheirOwnZone() throws {
        let event = try item(
            """
            ---
            title: Talk
            start: 2026-11-24 19:00
            end: 2026-11-24 21:00
            timezone: Europe/London
            location: Online
            status: canceled
            registration: https://example.org/r
            organizer: Alumni
            ---
            """, path: "content/events/talk.md", kind: .event)
        let details = try #require(event.event)
        #expect(details.start == DateParser.parseInstant("2026-11-24T19:00:00Z"))
        #expect(details.end == DateParser.parseInstant("2026-11-24T21:00:00Z"))
        #expect(details.timeZone.identifier == "Europe/London")
        #expect(details.status == .cancelled, "the American spelling is accepted")
        #expect(!details.allDay)
        #expect(event.date == nil, "an event needs no publication date")
    }

    @Test func allDayEventsCoverWholeDaysWithTheLastDayIncluded() throws {
        let event = try item(
            "---\ntitle: Fair\nstart: 2026-12-12\nend: 2026-12-13\n---\n", path: "content/events/fair.md", kind: .event)
        let details = try #require(event.event)
        #expect(details.allDay, "a start without a time makes an all-day event")
        #expect(details.start == DateParser.parseInstant("2026-12-11T16:00:00Z"))
        #expect(details.end == DateParser.parseInstant("2026-12-13T16:00:00Z"), "midnight after the last day")
    }

    @Test func typoOfAKnownKeyIsAWarning() {
        let outcome = parse("---\ntitle: A\ncatgories: [x]\nsubtitle: fine\n---\n")
        #expect(outcome.item != nil)
        #expect(
            outcome.diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:3: warning: unknown key 'catgories' is kept for templates as params.catgories; did you mean 'categories'?"
            ])
    }

    @Test func eventKeysOnNewsAreAWarning() {
        let outcome = parse("---\ntitle: A\nlocation: Hall\n---\n")
        #expect(
            outcome.diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:3: warning: 'location' is for events; this file is under content/news/ so it is ignored"
            ])
    }

    @Test func anEventFileNamedWithItsDayIsNotAFuturePost() throws {
        let output = try MemorySite([
            "content/events/2026-12-05-gala.md": "---\ntitle: Gala\nstart: 2026-12-05 18:00\n---\n"
        ]).build()
        #expect(output.files["events/gala/index.html"] != nil)
    }

    @Test func coverImagesCanSayWhatTheyShow() throws {
        let page = try #require(
            try MemorySite(
                [
                    "content/news/2026-11-01-a.md":
                        "---\ntitle: A\nimage: /a.png\nimageAlt: \"Students at the \\\"fair\\\"\"\n---\n"
                ],
                binary: ["static/a.png": Fixtures.image("icon.png")]
            ).build().text("news/a/index.html"))
        #expect(
            page.contains("<img src=\"/a.png\" alt=\"Students at the &quot;fair&quot;\" width=\"32\" height=\"32\""))
    }

    @Test func anUndatedPageHasAStableIdAndNoDate() throws {
        let site = MemorySite(["content/pages/about.md": "---\ntitle: About\n---\n"])
        var later = site
        later.now = DateParser.parseInstant("2026-12-25T00:00:00Z")!
        let first = try #require(try site.build().text("api/pages/about.json"))
        #expect(first == (try later.build().text("api/pages/about.json")))
        #expect(first.contains("\"id\" : \"https://example.org/about/\"") && !first.contains("\"date\""))
    }
}
