import Foundation
@testable import Herald
import Testing

@Suite struct SiteBuilderTests {
    let now = DateParser.parseInstant("2026-11-21T12:00:00+08:00")!

    func newsItem(_ name: String, date: String, categories: [String] = [], tags: [String] = [], featured: Bool = false, weight: Int? = nil, draft: Bool = false, publish: String? = nil, expiry: String? = nil) -> ContentItem {
        ContentItem(
            kind: .news, sourcePath: "content/news/\(name).md", slug: name, slugLine: 1, title: name,
            date: DateParser.parseInstant(date), publishDate: publish.flatMap(DateParser.parseInstant), expiryDate: expiry.flatMap(DateParser.parseInstant),
            categories: categories.map { TermReference(name: $0, line: 3) }, tags: tags.map { TermReference(name: $0, line: 4) },
            featured: featured, weight: weight, image: nil, summary: nil, author: nil, draft: draft, layout: nil,
            body: MarkdownRenderer().render(""), summaryHTML: "", summaryText: "", event: nil)
    }

    func eventItem(_ name: String, start: String, end: String? = nil) -> ContentItem {
        var item = newsItem(name, date: "2026-01-01T00:00:00Z")
        item.kind = .event
        item.sourcePath = "content/events/\(name).md"
        item.event = EventDetails(start: DateParser.parseInstant(start)!, end: end.flatMap(DateParser.parseInstant), timeZone: TimeZone(identifier: "UTC")!)
        return item
    }

    func build(_ items: [ContentItem], categories: [CategoryDeclaration] = [], drafts: Bool = false, future: Bool = false) throws -> Site {
        try SiteBuilder.build(config: SiteConfig(title: "T", categories: categories), items: items, rules: PublishingRules(now: now, includeDrafts: drafts, includeFuture: future)).get()
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
        #expect(site.upcomingEvents.map { site.items[$0].slug } == ["running", "soon", "later"], "an event that has not ended is upcoming")
        #expect(site.pastEvents.map { site.items[$0].slug } == ["old", "older"])
    }

    @Test func categoriesResolveByNameOrSlugAndUndeclaredOnesFollow() throws {
        let declared = [CategoryDeclaration(slug: "campus-life", name: "学院活动"), CategoryDeclaration(slug: "sports", name: "体育")]
        let site = try build([
            newsItem("a", date: "2026-11-01T00:00:00Z", categories: ["学院活动", "Zebra club"]),
            newsItem("b", date: "2026-11-02T00:00:00Z", categories: ["Sports", "校友风采"]),
            newsItem("c", date: "2026-11-03T00:00:00Z", categories: ["campus-life", "学院活动"]),
        ], categories: declared)
        #expect(site.categories.map(\.slug) == ["campus-life", "sports", "zebra-club", "校友风采"])
        #expect(site.categories.map(\.declared) == [true, true, false, false])
        #expect(site.categories[0].items.map { site.items[$0].slug } == ["c", "a"], "newest first, and an item listing a category twice counts once")
        #expect(site.categoriesOfItem[1] == [1, 3], "b: sports (by slug, any case) first, then 校友风采")
    }

    @Test func undeclaredCategoriesWhoseURLsCollideAreAnError() {
        let result = SiteBuilder.build(config: SiteConfig(title: "T"), items: [
            newsItem("a", date: "2026-11-01T00:00:00Z", categories: ["Open Source"]),
            newsItem("b", date: "2026-11-02T00:00:00Z", categories: ["open-source"]),
        ], rules: PublishingRules(now: now))
        guard case .failure(let failure) = result else { Issue.record("expected a failure"); return }
        #expect(failure.diagnostics.map(\.description) == [
            "content/news/b.md:3: category 'open-source' would have the URL /categories/open-source/, which category 'Open Source' already has; use the same spelling or declare it in site.yml with its own slug",
        ])
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
        #expect(site.news.map { site.items[$0].slug } == ["not", "unweighted-new", "unweighted-old", "second", "first"])
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
}
