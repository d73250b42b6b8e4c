import Foundation
import Testing

@testable import Herald

@Suite struct SiteBuilderTests {
    let now = DateParser.parseInstant("2026-11-21T12:00:00+08:00")!

    func newsItem(
        _ name: String, date: String, categories: [String] = [], tags: [String] = [], featured: Bool = false,
        weight: Int? = nil, draft: Bool = false, publish: String? = nil, expiry: String? = nil
    ) -> ContentItem {
        ContentItem(
            kind: .news, sourcePath: "content/news/\(name).md", slug: name, slugLine: 1, title: name,
            date: DateParser.parseInstant(date), publishDate: publish.flatMap(DateParser.parseInstant),
            expiryDate: expiry.flatMap(DateParser.parseInstant),
            categories: categories.map { TermReference(name: $0, line: 3) },
            tags: tags.map { TermReference(name: $0, line: 4) },
            featured: featured, weight: weight, image: nil, summary: nil, author: nil, draft: draft, layout: nil,
            body: MarkdownRenderer().render(""), summaryHTML: "", summaryText: "", event: nil)
    }

    func eventItem(_ name: String, start: String, end: String? = nil) -> ContentItem {
        var item = newsItem(name, date: "2026-01-01T00:00:00Z")
        item.kind = .event
        item.sourcePath = "content/events/\(name).md"
        item.event = EventDetails(
            start: DateParser.parseInstant(start)!, end: end.flatMap(DateParser.parseInstant),
            timeZone: TimeZone(identifier: "UTC")!)
        return item
    }

    func build(
        _ items: [ContentItem], categories: [CategoryDeclaration] = [], drafts: Bool = false, future: Bool = false
    ) throws -> Site {
        try SiteBuilder.build(
            config: SiteConfig(title: "T", categories: categories), items: items,
            rules: PublishingRules(now: now, includeDrafts: drafts, includeFuture: future)
        ).get()
    }

    @Test func draftsFutureAndExpiredItemsAreLeftOutUnlessAskedFor() throws {
        let items = [
            newsItem("live", date: "2026-11-01T00:00:00Z"),
            newsItem("draft", date: "2026-11-01T00:00:00Z", draft: true),
            newsItem("future", date: "2026-12-01T00:00:00Z"),
            newsItem("scheduled", date: "2026-11-01T00:00:00Z", publish: "2026-11-22T00:00:00Z"),
            newsItem("expired", date: "2026-01-01T00:00:00Z", expiry: "2026-11-01T00:00:00Z"),
        ]
        let site = try build(items)
        #expect(site.items.map(\.slug) == ["live"])
        #expect(site.skipped == SkippedItems(drafts: 1, future: 2, expired: 1))
        #expect(try build(items, drafts: true).items.map(\.slug).sorted() == ["draft", "live"])
        #expect(try build(items, future: true).items.map(\.slug).sorted() == ["future", "live", "scheduled"])
    }

    /// A date a month or more ahead (a slip of the year: `2062` for `2026`) is named at its line,
    /// not only counted in "left out 1 future"; `herald check` names every item left out as future.
    @Test func anItemDatedFarAheadIsNamed() throws {
        let files = [
            "site.yml": "title: T\nbaseURL: https://union.example.edu/\ntimezone: Asia/Shanghai\n",
            "content/news/typo.md": "---\ntitle: Typo\n# the year is a slip\ndate: 2062-11-10\n---\nText.\n",
            "content/news/next-week.md": "---\ntitle: Next week\ndate: 2026-11-28 09:00\n---\nText.\n",
            "content/news/spring.md": "---\ntitle: Spring\ndate: 2026-11-01\npublishDate: 2027-02-01\n---\nText.\n",
            "content/news/live.md": "---\ntitle: Live\ndate: 2026-11-01\n---\nText.\n",
            // Now is 12:00 on the 21st in Shanghai: 23:00 is later today, 09:00 on the 22nd tomorrow.
            "content/news/tonight.md": "---\ntitle: Tonight\ndate: 2026-11-21 23:00\n---\nText.\n",
            "content/news/tomorrow.md": "---\ntitle: Tomorrow\ndate: 2026-11-22 09:00\n---\nText.\n",
        ]
        let options = BuildOptions(now: now)
        let report = try Build(options: options, fileSystem: .memory(files.mapValues { Data($0.utf8) })).run(
            into: MemoryOutput())
        #expect(report.summary.contains("left out 5 future"))
        #expect(
            report.warnings.map(\.description) == [
                "content/news/spring.md:4: warning: is to be published on 2027-02-01, in 72 days, so it is left out until then; build with --future to see it now",
                "content/news/typo.md:4: warning: is dated 2062-11-10, 35 years from now, so it is left out until then; if the year is a slip, correct it",
            ])
        let check = try SiteCheck.run(options, fileSystem: .memory(files.mapValues { Data($0.utf8) }))
        #expect(
            check.findings.map(\.description).filter { $0.contains("left out until then") } == [
                "content/news/next-week.md:3: warning: is dated 2026-11-28, in 7 days, so it is left out until then; build with --future to see it now",
                report.warnings[0].description,
                "content/news/tomorrow.md:3: warning: is dated 2026-11-22, tomorrow, so it is left out until then; build with --future to see it now",
                "content/news/tonight.md:3: warning: is dated 2026-11-21, later today, so it is left out until then; build with --future to see it now",
                report.warnings[1].description,
            ])
        #expect(
            try Build(
                options: BuildOptions(includeFuture: true, now: now),
                fileSystem: .memory(files.mapValues { Data($0.utf8) })
            ).run(into: MemoryOutput()).warnings.isEmpty)
    }

    @Test func aFutureEventIsNotAFuturePost() throws {
        let site = try build([eventItem("concert", start: "2027-01-01T19:00:00Z")])
        #expect(site.upcomingEvents.count == 1)
    }

    @Test func eventsSplitIntoUpcomingAndPastAtNow() throws {
        let site = try build([
            eventItem("later", start: "2026-12-05T10:00:00Z"),
            eventItem("soon", start: "2026-11-22T10:00:00Z"),
            eventItem("running", start: "2026-11-21T01:00:00Z", end: "2026-11-21T08:00:00Z"),
            eventItem("old", start: "2026-10-01T10:00:00Z"),
            eventItem("older", start: "2026-09-01T10:00:00Z"),
        ])
        #expect(
            site.upcomingEvents.map { site.items[$0].slug } == ["running", "soon", "later"],
            "an event that has not ended is upcoming")
        #expect(site.pastEvents.map { site.items[$0].slug } == ["old", "older"])
    }

    @Test func categoriesResolveByNameOrSlugAndUndeclaredOnesFollow() throws {
        let declared = [
            CategoryDeclaration(slug: "campus-life", name: "学院活动"), CategoryDeclaration(slug: "sports", name: "体育"),
        ]
        let site = try build(
            [
                newsItem("a", date: "2026-11-01T00:00:00Z", categories: ["学院活动", "Zebra club"]),
                newsItem("b", date: "2026-11-02T00:00:00Z", categories: ["Sports", "校友风采"]),
                newsItem("c", date: "2026-11-03T00:00:00Z", categories: ["campus-life", "学院活动"]),
            ], categories: declared)
        #expect(site.categories.map(\.slug) == ["campus-life", "sports", "zebra-club", "校友风采"])
        #expect(site.categories.map(\.declared) == [true, true, false, false])
        #expect(
            site.categories[0].items.map { site.items[$0].slug } == ["c", "a"],
            "newest first, and an item listing a category twice counts once")
        #expect(site.categoriesOfItem[1] == [1, 3], "b: sports (by slug, any case) first, then 校友风采")
    }

    @Test func undeclaredCategorySpellingsWithOneSlugAreOneCategoryNamedAsMostItemsSpellIt() throws {
        let site = try build([
            newsItem("a", date: "2026-11-01T00:00:00Z", categories: ["Service Mesh", "Istio"]),
            newsItem("b", date: "2026-11-02T00:00:00Z", categories: ["service mesh", "istio"]),
            newsItem("c", date: "2026-11-03T00:00:00Z", categories: ["SERVICE MESH", "“istio”"]),
            newsItem("d", date: "2026-11-04T00:00:00Z", categories: ["service mesh"]),
        ])
        #expect(site.categories.map(\.slug) == ["istio", "service-mesh"])
        #expect(
            site.categories.map(\.name) == ["Istio", "service mesh"],
            "the spelling most items use; a tie goes to the first in Unicode order")
        #expect(site.categories[1].items.map { site.items[$0].slug } == ["d", "c", "b", "a"])
        #expect(
            site.warnings.map(\.description) == [
                "content/news/a.md:3: warning: category 'Istio' is also written 'istio', '“istio”'; they are shown as one category, 'Istio' (declare it in site.yml to choose the name)",
                "content/news/a.md:3: warning: category 'service mesh' is also written 'SERVICE MESH', 'Service Mesh'; they are shown as one category, 'service mesh' (declare it in site.yml to choose the name)",
            ], "once per category, at the first file that uses it, not once per file")
    }

    @Test func categoryNamesMatchADeclaredCategoryInAnyCaseOrSpellingOfItsSlug() throws {
        let declared = [CategoryDeclaration(slug: "open-source", name: "Open Source", line: 5)]
        let site = try build(
            [
                newsItem("a", date: "2026-11-01T00:00:00Z", categories: ["open source"]),
                newsItem("b", date: "2026-11-02T00:00:00Z", categories: ["OPEN-SOURCE"]),
            ], categories: declared)
        #expect(site.categories.map(\.name) == ["Open Source"])
        #expect(site.categories[0].items.count == 2)
        #expect(site.warnings.isEmpty)
    }

    @Test func itemsKeptOutOfListsStillHaveTheirPage() throws {
        var hidden = newsItem(
            "hidden", date: "2026-11-02T00:00:00Z", categories: ["News", "Secret"], tags: ["x"], featured: true)
        hidden.listed = false
        let site = try build([hidden, newsItem("shown", date: "2026-11-01T00:00:00Z", categories: ["News"])])
        #expect(site.items.count == 2 && site.paths == ["news/hidden/", "news/shown/"])
        #expect(site.news.map { site.items[$0].slug } == ["shown"])
        #expect(site.featured.isEmpty && site.tags.isEmpty)
        #expect(site.categories[0].items.map { site.items[$0].slug } == ["shown"])
        #expect(site.categories.map(\.name) == ["News"], "a category only an unlisted item names gets no (empty) page")
        #expect(site.categoriesOfItem[0] == [0])
    }

    @Test func featuredPicksSortByWeightThenNewest() throws {
        let site = try build([
            newsItem("unweighted-new", date: "2026-11-10T00:00:00Z", featured: true),
            newsItem("unweighted-old", date: "2026-11-01T00:00:00Z", featured: true),
            newsItem("second", date: "2026-10-01T00:00:00Z", featured: true, weight: 2),
            newsItem("first", date: "2026-09-01T00:00:00Z", featured: true, weight: 1),
            newsItem("not", date: "2026-11-11T00:00:00Z"),
        ])
        #expect(site.featured.map { site.items[$0].slug } == ["first", "second", "unweighted-new", "unweighted-old"])
        #expect(
            site.news.map { site.items[$0].slug } == ["not", "unweighted-new", "unweighted-old", "second", "first"])
    }

    @Test func tagSpellingsWithOneSlugAreOneTag() throws {
        let site = try build([
            newsItem("a", date: "2026-11-01T00:00:00Z", tags: ["AI", "迎新"]),
            newsItem("b", date: "2026-11-02T00:00:00Z", tags: ["ai"]),
            newsItem("c", date: "2026-11-03T00:00:00Z", tags: ["Open Source"]),
        ])
        #expect(site.tags.map(\.slug) == ["ai", "open-source", "迎新"], "most used first, then by slug")
        #expect(site.tags[0].name == "AI", "named as first written")
        #expect(site.tags[0].items.map { site.items[$0].slug } == ["b", "a"])
    }

    @Test func tagsThatMergeOrVanishAreWarnedAbout() throws {
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml": "title: T\nbaseURL: https://example.org/\n",
                "content/news/2026-11-01-a.md": "---\ntitle: A\ntags: [\"C++\", \"C#\", \"🎉\", AI, ai]\n---\n",
            ])
        ).run(into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "content/news/2026-11-01-a.md:3: warning: tag 'C#' has the same URL /tags/c/ as tag 'C++', so they are shown as one tag",
                "content/news/2026-11-01-a.md:3: warning: tag '🎉' has no letters or digits to make a URL from, so it is left out",
            ])
    }

    @Test func upperCaseMarkdownExtensionsAreContent() throws {
        let output = try MemorySite(["content/pages/README.MD": "---\ntitle: Read me\n---\n"]).build()
        #expect(output.files["README/index.html"] != nil)
    }
}

/// A pick is shown once on the home page: under "featured", not again under "recent news",
/// unless site.yml asks (`home.recentIncludesFeatured`); the API's home document agrees.
@Suite struct HomeStripTests {
    static let news = [
        "content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\nfeatured: true\n---\nA.\n",
        "content/news/2026-11-02-b.md": "---\ntitle: B\ndate: 2026-11-02\n---\nB.\n",
        "content/news/2026-11-03-c.md": "---\ntitle: C\ndate: 2026-11-03\n---\nC.\n",
    ]

    func recentTitles(_ siteYAML: String) throws -> (api: [String], page: Int) {
        var files = Self.news
        files["site.yml"] = siteYAML
        let output = try MemorySite(files).build()
        let home = try #require(output.files["api/home.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: home) as? [String: Any])
        let recent = try #require(json["recent"] as? [[String: Any]])
        let page = try #require(output.text("index.html"))
        return (recent.compactMap { $0["title"] as? String }, page.components(separatedBy: ">A</a></h3>").count - 1)
    }

    /// A category holds articles and events: its tile counts each, in the site's language.
    @Test func categoryTilesCountByKind() throws {
        let items = [
            "content/news/2026-11-01-a.md": "---\ntitle: A\ndate: 2026-11-01\ncategories: [Club]\n---\nA.\n",
            "content/news/2026-11-02-b.md": "---\ntitle: B\ndate: 2026-11-02\ncategories: [Club]\n---\nB.\n",
            "content/events/e.md":
                "---\ntitle: E\nstart: 2026-12-01 10:00\nlocation: Hall\ncategories: [Club]\n---\nE.\n",
        ]
        for (language, expected) in [("en", "2 articles · 1 event"), ("zh-CN", "2 篇文章 · 1 场活动")] {
            var files = items
            files["site.yml"] = "title: T\nbaseURL: https://example.org/\nlanguage: \(language)\n"
            let page = try #require(try MemorySite(files).build().text("index.html"))
            #expect(page.contains("<span class=\"category-tile__count\">\(expected)</span>"), "\(language)")
        }
    }

    @Test func aPickIsShownOnceUnlessSiteYAMLAsks() throws {
        let once = try recentTitles("title: T\nbaseURL: https://example.org/\n")
        #expect(once.api == ["C", "B"])
        #expect(once.page == 1, "the pick's card is on the home page once")
        let both = try recentTitles("title: T\nbaseURL: https://example.org/\nhome:\n  recentIncludesFeatured: true\n")
        #expect(both.api == ["C", "B", "A"])
        #expect(both.page == 2)
    }
}
