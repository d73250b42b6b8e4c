import Foundation
import Testing

@testable import Herald

@Suite struct PopularityDataTests {
    @Test func csvWithQuotesAndBlankCells() {
        let text = "path,views,likes,comments\nnews/a.md,10,\"2\",\n\"news/b, c.md\",5,1,1\nslug-only,,,7\n"
        let (records, diagnostics) = PopularityParser.parseCSV(text, path: "data/popularity.csv")
        #expect(diagnostics.isEmpty)
        #expect(records.map(\.key) == ["news/a.md", "news/b, c.md", "slug-only"])
        #expect(
            records.map(\.popularity) == [
                Popularity(views: 10, likes: 2), Popularity(views: 5, likes: 1, comments: 1), Popularity(comments: 7),
            ])
        #expect(records.map(\.line) == [2, 3, 4])
    }

    @Test func csvRowsKeepQuotedCommasQuotesAndLineBreaks() {
        let rows = CSVRows.parse("a,\"b, \"\"c\"\"\",学生会\r\n\"two\nlines\",x\"y,\n\nlast")
        #expect(
            rows == [
                CSVRows.Row(fields: ["a", "b, \"c\"", "学生会"], line: 1),
                CSVRows.Row(fields: ["two\nlines", "x\"y", ""], line: 2),
                CSVRows.Row(fields: [""], line: 4),
                CSVRows.Row(fields: ["last"], line: 5),
            ])
    }

    @Test func csvProblemsPointAtTheirRow() {
        let (_, diagnostics) = PopularityParser.parseCSV("slug,views\na,ten\nb,-3\n", path: "data/popularity.csv")
        #expect(
            diagnostics.map(\.description) == [
                "data/popularity.csv:2: views must be a whole number of at least 0, not 'ten'",
                "data/popularity.csv:3: views must be a whole number of at least 0, not '-3'",
            ])
        #expect(
            PopularityParser.parseCSV("title,views\nx,1\n", path: "p.csv").diagnostics.map(\.description) == [
                "p.csv:1: the header must name a `path` or `slug` column (found: title, views)"
            ])
    }

    @Test func jsonAsListOrObject() {
        let list = PopularityParser.parseJSON(
            "[\n  {\"path\": \"news/a.md\", \"views\": 3},\n  {\"slug\": \"b\", \"likes\": 2, \"comments\": 1}\n]",
            path: "d.json")
        #expect(list.diagnostics.isEmpty)
        #expect(list.records.map(\.key) == ["news/a.md", "b"])
        #expect(list.records.map(\.line) == [2, 3])
        let object = PopularityParser.parseJSON("{\"news/a.md\": {\"views\": 4}}", path: "d.json")
        #expect(object.records.first?.popularity == Popularity(views: 4))
        #expect(
            PopularityParser.parseJSON("[{\"path\": \"a\", \"views\": \"many\"}]", path: "d.json").diagnostics.map(
                \.description) == [
                    "d.json:1: views must be a whole number, not the quoted text \"many\""
                ])
    }
}

@Suite struct TrendingTests {
    let now = Fixtures.now

    func site(_ files: [String: String]) throws -> Site {
        var all = files
        if all["site.yml"] == nil { all["site.yml"] = "title: T\ntimezone: Asia/Shanghai\n" }
        let fileSystem = FileSystem.memory(text: all)
        let config = SiteConfigParser.parse(all["site.yml"]!).config!
        let parser = ItemParser(config: config)
        let items = try ContentDiscovery.discover(in: fileSystem).sources.compactMap {
            parser.parse(try fileSystem.readFile($0.path), path: $0.path, kind: $0.kind).item
        }
        var records: [PopularityRecord] = []
        if let csv = all["data/popularity.csv"] {
            records = PopularityParser.parseCSV(csv, path: "data/popularity.csv").records
        }
        return try SiteBuilder.build(
            config: config, items: items, rules: PublishingRules(now: now), popularity: records
        ).get()
    }

    @Test func scoreDecaysWithAgeSoNewerItemsWinWithFewerPoints() throws {
        let options = TrendingOptions()
        #expect(options.points(Popularity(views: 100, likes: 2, comments: 1)) == 120)
        #expect(abs(options.score(points: 120, ageHours: 0) - 120 / pow(2, 1.8)) < 1e-9)
        let built = try site([
            "content/news/2026-11-21-fresh.md": "---\ntitle: Fresh\ndate: 2026-11-21 10:00\nviews: 100\n---\n",
            "content/news/2026-11-10-old.md": "---\ntitle: Old\ndate: 2026-11-10\nviews: 5000\n---\n",
            "content/news/2026-09-01-ancient.md": "---\ntitle: Ancient\ndate: 2026-09-01\nviews: 999999\n---\n",
            "content/news/2026-11-20-unread.md": "---\ntitle: Unread\ndate: 2026-11-20\n---\n",
        ])
        #expect(
            built.trending.map { built.items[$0].slug } == ["fresh", "old"],
            "outside the 30-day window and unread items are not trending")
    }

    @Test func dataFileWinsOverFrontMatterAndTiesBreakByDateThenPath() throws {
        let built = try site([
            "content/news/2026-11-20-a.md": "---\ntitle: A\nviews: 1\n---\n",
            "content/news/2026-11-20-b.md": "---\ntitle: B\nviews: 1\n---\n",
            "content/events/talk.md": "---\ntitle: Talk\ndate: 2026-11-20\nstart: 2026-12-01 10:00\n---\n",
            "content/events/over.md": "---\ntitle: Over\ndate: 2026-11-20\nstart: 2026-11-01 10:00\n---\n",
            "data/popularity.csv":
                "path,views\nnews/2026-11-20-a.md,50\ncontent/news/2026-11-20-b.md,50\ntalk,50\nover,9999\n",
        ])
        #expect(
            built.trending.map { built.items[$0].slug } == ["talk", "a", "b"],
            "equal scores: by path; past events are not trending")
        #expect(built.popularity[built.items.firstIndex { $0.slug == "a" }!] == Popularity(views: 50))
    }

    @Test func trendingCountsAnUndatedEventFromItsStart() throws {
        let output = try MemorySite([
            "content/events/old.md":
                "---\ntitle: Old series\nstart: 2026-09-01 18:00\nviews: 100\nrepeat: {frequency: weekly, count: 30}\n---\n"
        ]).build()
        #expect(
            try #require(output.text("api/trending.json")).contains("\"items\" : [\n\n  ]"),
            "published 81 days ago: outside the 30-day window")
    }
}

@Suite struct FeedFormatTests {
    @Test func xmlTextDropsWhatXMLForbidsAndEscapesMarkup() {
        #expect(
            XMLText.text("a & b < c > d ]]> \u{1}\u{8}\u{B}\u{FFFE}e\tf\n") == "a &amp; b &lt; c &gt; d ]]&gt; e\tf\n")
        #expect(XMLText.attribute("say \"hi\" & 'bye'") == "say &quot;hi&quot; &amp; 'bye'")
    }

    @Test func xmlTextKeepsEveryOtherCharacterAroundWhatItChanges() {
        // The bytes between the ones that need work are copied in runs: text on both sides of
        // each, several in a row, at either end, and characters whose UTF-8 starts with 0xEF
        // (U+FEFF, U+F000, U+FFFD) are kept; only U+FFFE and U+FFFF go.
        #expect(XMLText.text("<&>") == "&lt;&amp;&gt;")
        #expect(XMLText.text("通知\u{0}公告\u{1F}") == "通知公告")
        #expect(XMLText.text("\u{FEFF}a\u{F000}\u{FFFD}\u{FFFF}b\u{FFFE}") == "\u{FEFF}a\u{F000}\u{FFFD}b")
        #expect(XMLText.text("\u{EF}\r\n 活动 & 讲座 \"引号\"") == "\u{EF}\r\n 活动 &amp; 讲座 \"引号\"")
        #expect(XMLText.attribute("\"\"x\"") == "&quot;&quot;x&quot;")
        let plain = "纯文本 with no markup"
        #expect(XMLText.text(plain) == plain)
        let long = String(repeating: "一段很长的中文文本 & more <b>", count: 500)
        #expect(XMLText.text(long) == String(repeating: "一段很长的中文文本 &amp; more &lt;b&gt;", count: 500))
    }

    @Test func rfc822DatesHaveWeekdayAndNumericZone() {
        let instant = DateParser.parseInstant("2026-11-21T04:05:06Z")!
        #expect(RFC822.format(instant, in: TimeZone(identifier: "Asia/Shanghai")!) == "Sat, 21 Nov 2026 12:05:06 +0800")
        #expect(
            RFC822.format(instant, in: TimeZone(identifier: "America/St_Johns")!) == "Sat, 21 Nov 2026 00:35:06 -0330")
    }

    @Test func relativeURLsInFeedContentBecomeAbsolute() {
        let html =
            "<p><a href=\"/cs/about/\">a</a> <a href=\"other/\">b</a> <img src=\"pic.png\" alt=\"x\" /> <a href=\"https://x.org/\">c</a> <a href=\"mailto:a@b.c\">d</a> <a href=\"#top\">e</a></p>"
        #expect(
            AbsoluteURLs.rewrite(html, pageURL: "https://example.org/cs/news/x/")
                == "<p><a href=\"https://example.org/cs/about/\">a</a> <a href=\"https://example.org/cs/news/x/other/\">b</a> <img src=\"https://example.org/cs/news/x/pic.png\" alt=\"x\" /> <a href=\"https://x.org/\">c</a> <a href=\"mailto:a@b.c\">d</a> <a href=\"https://example.org/cs/news/x/#top\">e</a></p>"
        )
    }

    @Test func jsonLDCannotCloseItsScript() {
        #expect(
            StructuredData.scriptSafe("{\"a\":\"</script><!-- & \u{2028}\"}")
                == "{\"a\":\"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\"}")
        // Other characters whose first byte is U+2028's (E2), with or without its second (80) or
        // its third (A8), stay, and so does the text after the last character escaped.
        #expect(
            StructuredData.scriptSafe("—\u{2029}—x>₨ℨ\u{2027}\u{202A}") == "—\\u2029—x\\u003e₨ℨ\u{2027}\u{202A}")
        #expect(StructuredData.scriptSafe("") == "" && StructuredData.scriptSafe("学生会") == "学生会")
        #expect(StructuredData.scriptSafe("&") == "\\u0026" && StructuredData.scriptSafe("a\u{2028}") == "a\\u2028")
    }

    @Test func feedsHonourTheirLimitAndSummaryMode() throws {
        var files = ["site.yml": "title: T\nbaseURL: https://example.org/\nfeeds:\n  limit: 2\n  content: summary\n"]
        for day in 1...4 {
            files["content/news/2026-11-0\(day)-n\(day).md"] =
                "---\ntitle: N\(day)\n---\nLead \(day).\n\nRest of \(day).\n"
        }
        let output = try MemorySite(files).build()
        let rss = try #require(output.text("feed.xml"))
        #expect(rss.components(separatedBy: "<item>").count - 1 == 2)
        #expect(
            rss.contains("<title>N4</title>") && rss.contains("<title>N3</title>") && !rss.contains("<title>N2</title>")
        )
        #expect(!rss.contains("content:encoded>") && !rss.contains("Rest of"), "summary mode carries no full text")
        let full = try MemorySite(files.merging(["site.yml": "title: T\nbaseURL: https://example.org/\n"]) { $1 })
            .build()
        #expect(try #require(full.text("atom.xml")).contains("Rest of 4"))
    }
}
