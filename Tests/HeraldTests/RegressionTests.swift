import Foundation
@testable import Herald
import Testing

/// Defects found in review, each pinned by the input that showed it.
@Suite struct ReviewedInputTests {
    func diagnostics(_ files: [String: String]) -> [String] { MemorySite(files).diagnostics() }

    @Test func emptyStartAndDateValuesAreErrorsNotCrashes() {
        #expect(diagnostics([
            "content/events/e.md": "---\ntitle: E\nstart:\n---\n",
            "content/news/n.md": "---\ntitle: N\ndate:\n---\n",
        ]) == [
            "content/events/e.md:2: an event needs a start: add `start: YYYY-MM-DD HH:MM`",
            "content/news/n.md:2: news needs a date: add `date: YYYY-MM-DD` (or start the file name with YYYY-MM-DD-)",
        ])
    }

    @Test func anEventFileNamedWithItsDayIsNotAFuturePost() throws {
        let output = try MemorySite(["content/events/2026-12-05-gala.md": "---\ntitle: Gala\nstart: 2026-12-05 18:00\n---\n"]).build()
        #expect(output.files["events/gala/index.html"] != nil)
    }

    @Test func allDayEventEndingBeforeItStarts() {
        #expect(diagnostics(["content/events/e.md": "---\ntitle: E\nstart: 2026-12-05\nend: 2026-12-04\n---\n"]) == ["content/events/e.md:4: end comes before start"])
    }

    @Test func templatesThatIncludeThemselvesAreErrors() {
        #expect(diagnostics(["templates/partials/card.mustache": "<div>{{> partials/card}}</div>\n"]) == [
            "templates/partials/card.mustache:1: template includes itself: partials/card → partials/card; rendering would never end",
        ])
        #expect(diagnostics([
            "templates/partials/a.mustache": "{{> partials/b}}", "templates/partials/b.mustache": "{{> partials/a}}",
        ]).count == 1, "a loop through two partials is one problem")
    }

    @Test func duplicateKeyIsReportedWhereItRepeats() {
        #expect(diagnostics(["content/pages/a.md": "---\ntitle: A\nslug: a\ntitle: B\n---\n"]) == [
            "content/pages/a.md:4: front matter has the key 'title' more than once",
        ])
    }

    @Test func controlCharactersNeverReachTheOutput() throws {
        let output = try MemorySite(["content/pages/a.md": "---\ntitle: \"A\\x01B\\x7FC\"\n---\n"]).build()
        let page = try #require(output.text("a/index.html"))
        #expect(page.contains("<h1 class=\"article__title\">ABC</h1>"))
    }

    @Test func aPhotoOnlyFirstParagraphIsNotTheSummary() throws {
        let output = try MemorySite([
            "content/news/2026-11-01-a.md": "---\ntitle: A\n---\n![Cover photo](/x.jpg)\n\nThe real lead.\n",
            "content/news/2026-11-02-b.md": "---\ntitle: B\nsummary: |\n  First part.\n\n  Second part.\n---\nBody.\n",
        ]).build()
        let json = try #require(output.text("api/home.json"))
        #expect(json.contains("\"summary\" : \"The real lead.\""))
        #expect(json.contains("\"summary\" : \"First part. Second part.\""))
    }

    @Test func siteTranslationsOverrideSingleKeys() throws {
        let output = try MemorySite([
            "site.yml": "title: T\nlanguage: zh-CN\n",
            "templates/i18n/zh.yml": "news: 新闻动态\n",
        ]).build()
        let home = try #require(output.text("index.html"))
        #expect(home.contains(">新闻动态</a>"))
        #expect(home.contains(">活动</a>"), "the other Chinese strings stay")
    }

    @Test func tagsThatMergeOrVanishAreWarnedAbout() throws {
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: [
            "site.yml": "title: T\n",
            "content/news/2026-11-01-a.md": "---\ntitle: A\ntags: [\"C++\", \"C#\", \"🎉\", AI, ai]\n---\n",
        ])).run(into: MemoryOutput())
        #expect(report.warnings.map(\.description) == [
            "content/news/2026-11-01-a.md:3: warning: tag 'C#' has the same URL /tags/c/ as tag 'C++', so they are shown as one tag",
            "content/news/2026-11-01-a.md:3: warning: tag '🎉' has no letters or digits to make a URL from, so it is left out",
        ])
    }

    @Test func coverImageKeepsItsQueryAndBasePathStaysEncoded() throws {
        let config = SiteConfig(title: "T", baseURL: URL(string: "https://example.org/a%20b/")!)
        let urls = SiteURLs(config: config)
        #expect(config.basePath == "/a%20b/")
        #expect(urls.asset("/images/a b.jpg?v=2#top") == "/a%20b/images/a%20b.jpg?v=2#top")
        #expect(urls.absoluteAsset("images/a.jpg") == "https://example.org/a%20b/images/a.jpg")
        #expect(SiteConfigParser.parseBaseURL("https://example.org/union/?x=1").failureMessage != nil)
        #expect(SiteConfigParser.parseBaseURL("ftp://example.org/").failureMessage != nil)
        #expect(try SiteConfigParser.parseBaseURL("https://example.org/union").get().absoluteString == "https://example.org/union/")
    }

    @Test func aHugePageSizeCannotOverflow() {
        #expect(Pagination.paginate(Array(1...3), pageSize: Int.max, basePath: "x/").count == 1)
        #expect(diagnostics(["site.yml": "title: T\npageSize: 9223372036854775807\n"]) == ["site.yml:2: pageSize must be between 1 and 10000"])
    }

    @Test func outputCollisionsArePointedAtTheirSource() {
        #expect(diagnostics([
            "content/news/2026-11-01-a.md": "---\ntitle: A\n---\n",
            "static/news": "a file where the news folder goes\n",
        ]).first?.hasPrefix("content/news/2026-11-01-a.md:1: the page of content/news/2026-11-01-a.md needs the folder /news/, but static/news is a file there") == true)
        #expect(diagnostics(["content/pages/feed.md": "---\ntitle: Feed\nslug: feed.xml\n---\n"]) == [
            "content/pages/feed.md:3: the page of content/pages/feed.md needs the folder /feed.xml/, but the RSS feed is a file there; choose another name",
        ])
    }
}

extension Result where Failure == InputProblem {
    var failureMessage: String? {
        if case .failure(let problem) = self { return problem.message }
        return nil
    }
}
