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
            "content/events/e.md:2: an event needs a start: add `start: YYYY-MM-DD HH:MM` (or `date:` with `time: HH:MM-HH:MM`)",
            "content/news/n.md:2: news needs a date: add `date: YYYY-MM-DD` (or start the file name with YYYY-MM-DD-)",
        ])
    }

    @Test func anEventFileNamedWithItsDayIsNotAFuturePost() throws {
        let output = try MemorySite(["content/events/2026-12-05-gala.md": "---\ntitle: Gala\nstart: 2026-12-05 18:00\n---\n"]).build()
        #expect(output.files["events/gala/index.html"] != nil)
    }

    @Test func allDayEventEndingBeforeItStarts() {
        #expect(diagnostics(["content/events/e.md": "---\ntitle: E\nstart: 2026-12-05\nend: 2026-12-04\n---\n"]) == ["content/events/e.md:4: end (2026-12-04) comes before start (2026-12-05)"])
    }

    @Test func templatesThatIncludeThemselvesAreErrors() {
        #expect(diagnostics(["templates/partials/card.mustache": "<div>{{> partials/card}}</div>\n"]) == [
            "templates/partials/card.mustache:1:6: template includes itself: partials/card → partials/card; rendering would never end",
        ])
        #expect(diagnostics([
            "templates/partials/a.mustache": "{{> partials/b}}", "templates/partials/b.mustache": "{{> partials/a}}",
        ]) == [
            "templates/partials/a.mustache:1:1: template includes itself: partials/a → partials/b → partials/a; rendering would never end",
        ], "a loop through two partials is one problem, where it starts")
    }

    @Test func duplicateKeyIsAWarningWhereItRepeatsAndTheLaterValueIsUsed() throws {
        let output = MemoryOutput()
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: [
            "site.yml": "title: T\nbaseURL: https://example.org/\n",
            "content/pages/a.md": "---\ntitle: A\nslug: a\ntitle: B\n---\n",
        ])).run(into: output)
        #expect(report.warnings.map(\.description) == [
            "content/pages/a.md:4: warning: 'title' is given twice (also on line 2); the later value is used",
        ])
        #expect(output.text("a/index.html")?.contains("<h1 class=\"article__title\">B</h1>") == true)
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
            "site.yml": "title: T\nbaseURL: https://example.org/\n",
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
        ]) == [
            "static/news:1: the page of content/news/2026-11-01-a.md and 1 more output need the folder /news/, but static/news is a file there; choose another name",
        ], "one problem for the one file in the way, where it is")
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

/// Problems a new user met following the documentation, each pinned by its input.
@Suite struct NewUserReviewTests {
    func report(_ files: [String: String]) throws -> BuildReport {
        var all = files
        if all["site.yml"] == nil { all["site.yml"] = "title: T\nbaseURL: https://example.org/\n" }
        return try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: all)).run(into: MemoryOutput())
    }

    @Test func mistakesThatUsedToPassSilentlyAreWarnedAbout() throws {
        let warnings = try report([
            "site.yml": "title: T\nbaseURL: https://example.org/\ncategories:\n  - name: Club News\n",
            "content/news/2026-11-01-a.md": "---\ntitle: A\ncategories: [Club Nwes]\n---\n",
            "content/events/e.md": "---\ntitle: E\ndate: 2026-11-01\nstart: 2026-12-02 18:00\nrepeat: {frequency: weekly, count: 3, except: [2026-12-24]}\n---\n",
        ]).warnings.map(\.description)
        #expect(warnings == [
            "content/events/e.md:5: warning: repeat except 2026-12-24 is not one of the event's dates, so it changes nothing",
            "content/news/2026-11-01-a.md:3: warning: category 'Club Nwes' is not declared in site.yml, so it gets its own page; did you mean 'Club News'?",
        ])
    }

    @Test func siteNumbersOutOfRangeAreErrors() {
        #expect(MemorySite(["site.yml": "title: T\nhome:\n  recent: -1\nfeeds:\n  limit: 0\ntrending:\n  window: 0\n"]).diagnostics() == [
            "site.yml:3: recent must be a whole number of at least 0, not -1",
            "site.yml:5: feeds limit must be at least 1",
            "site.yml:7: trending window must be more than 0 days",
        ])
    }

    @Test func upperCaseMarkdownExtensionsAreContent() throws {
        let output = try MemorySite(["content/pages/README.MD": "---\ntitle: Read me\n---\n"]).build()
        #expect(output.files["README/index.html"] != nil)
    }

    @Test func anInclusionLoopIsReportedWhereItStarts() {
        #expect(MemorySite(["templates/partials/card.mustache": "<div>\n{{> partials/card}}</div>\n"]).diagnostics() == [
            "templates/partials/card.mustache:2:1: template includes itself: partials/card → partials/card; rendering would never end",
        ])
    }

    @Test func summariesKeepImageDescriptionsThatAreInTheSentence() throws {
        let json = try #require(try MemorySite(["content/news/2026-11-01-a.md": "---\ntitle: A\n---\nSee the ![about page](/a.png) and more.\n"]).build().text("api/home.json"))
        #expect(json.contains("\"summary\" : \"See the about page and more.\""))
    }

    @Test func coverImagesCanSayWhatTheyShow() throws {
        let page = try #require(try MemorySite(["content/news/2026-11-01-a.md": "---\ntitle: A\nimage: /a.jpg\nimageAlt: \"Students at the \\\"fair\\\"\"\n---\n"]).build().text("news/a/index.html"))
        #expect(page.contains("<img src=\"/a.jpg\" alt=\"Students at the &quot;fair&quot;\""))
    }

    @Test func eventPagesShowAnAddressAloneAndNoSignUpWhenCancelled() throws {
        let output = try MemorySite([
            "content/events/a.md": "---\ntitle: A\nstart: 2026-12-01 10:00\naddress: 1 River Road\nregistration: https://example.org/r\nstatus: cancelled\n---\n",
        ]).build()
        let page = try #require(output.text("events/a/index.html"))
        #expect(page.contains("<dd>1 River Road<br><a href=\"https://www.openstreetmap.org/search?query=1%20River%20Road\""))
        #expect(!page.contains("rel=\"noopener\">Register</a>"), "no Register button for a cancelled event")
        #expect(try #require(MemorySite(["content/events/b.md": "---\ntitle: B\nstart: 2026-12-01 10:00\nregistration: https://example.org/r\n---\n"]).build()
            .text("events/b/index.html")).contains("rel=\"noopener\">Register</a>"), "but there is one for a scheduled event")
    }
}
