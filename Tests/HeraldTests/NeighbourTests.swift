import Foundation
import Testing

@testable import Herald

/// The links under an article or event to the one before it and the one after, in date order
/// within its section and language (issue 40).
@Suite struct NeighbourTests {
    static let site = "title: Union\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\n"

    /// An article dated `date`; `extra` is more front matter.
    static func article(_ title: String, _ date: String, _ extra: String = "") -> String {
        "---\ntitle: \(title)\ndate: \(date)\n\(extra)---\nText.\n"
    }

    static func event(_ title: String, _ start: String) -> String {
        "---\ntitle: \(title)\nstart: \(start)\nlocation: Hall\n---\nText.\n"
    }

    static func previous(_ title: String, _ url: String, label: String = "Previous article") -> String {
        "rel=\"prev\" href=\"\(url)\"><span class=\"neighbours__label\">← \(label)</span> <span class=\"neighbours__title\">\(title)</span>"
    }

    static func next(_ title: String, _ url: String, label: String = "Next article") -> String {
        "rel=\"next\" href=\"\(url)\"><span class=\"neighbours__label\">\(label) →</span> <span class=\"neighbours__title\">\(title)</span>"
    }

    /// The default site's news and events, with items that must be nobody's neighbour: one kept
    /// out of lists, one not yet published, a draft and a plain page.
    static let files = [
        "site.yml": site,
        "content/news/first.md": article("First", "2026-11-01"),
        "content/news/second.md": article("Second & more", "2026-11-05"),
        "content/news/third.md": article("Third", "2026-11-10"),
        "content/news/hidden.md": article("Hidden", "2026-11-07", "build:\n  list: never\n"),
        "content/news/later.md": article("Later", "2026-12-01"),
        "content/news/draft.md": article("Draft", "2026-11-08", "draft: true\n"),
        "content/pages/about.md": "---\ntitle: About\n---\nAbout us.\n",
        "content/events/autumn.md": event("Autumn fair", "2026-10-01 10:00"),
        "content/events/winter.md": event("Winter gala", "2026-12-20 19:00"),
        "content/events/spring.md": event("Spring run", "2027-03-01 08:00"),
        "content/events/today.md": event("Book swap", "2026-11-21 18:00"),
    ]

    @Test func articlesLinkTheOnePublishedBeforeAndTheOneAfter() throws {
        let output = try MemorySite(Self.files).build()
        expect(
            output, "news/first/index.html", contains: [Self.next("Second &amp; more", "/news/second/")],
            lacks: ["rel=\"prev\""])
        expect(
            output, "news/second/index.html",
            contains: [
                "<nav class=\"neighbours\" aria-label=\"Before and after\">", Self.previous("First", "/news/first/"),
                Self.next("Third", "/news/third/"),
            ])
        // Neither the item kept out of lists nor the one not yet published is a neighbour.
        expect(
            output, "news/third/index.html", contains: [Self.previous("Second &amp; more", "/news/second/")],
            lacks: ["rel=\"next\"", "Hidden", "Later"])
        expect(output, "news/hidden/index.html", lacks: ["class=\"neighbours\""])
        expect(output, "about/index.html", lacks: ["class=\"neighbours\""])
    }

    @Test func eventsFollowTheListsFromTheEarliestPastOneToTheLastUpcomingOne() throws {
        let output = try MemorySite(Self.files).build()
        let (previous, next) = ("Previous event", "Next event")
        expect(
            output, "events/autumn/index.html",
            contains: [Self.next("Book swap", "/events/today/", label: next)], lacks: ["rel=\"prev\""])
        // Today's event is upcoming until it ends (Fixtures.now is noon).
        expect(
            output, "events/today/index.html",
            contains: [
                Self.previous("Autumn fair", "/events/autumn/", label: previous),
                Self.next("Winter gala", "/events/winter/", label: next),
            ])
        expect(
            output, "events/spring/index.html",
            contains: [Self.previous("Winter gala", "/events/winter/", label: previous)], lacks: ["rel=\"next\""])
    }

    @Test func eachItemsDocumentLinksItsNeighboursAsItsPageDoes() throws {
        let output = try MemorySite(Self.files).build()
        func document(_ path: String) throws -> [String: Any] {
            let data = try #require(output.files[path], "\(path) was not written")
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let second = try document("api/news/second.json")
        #expect(
            second["previous"] as? [String: String] == [
                "title": "First", "url": "https://example.org/news/first/",
                "api": "https://example.org/api/news/first.json",
            ])
        #expect(
            second["next"] as? [String: String] == [
                "title": "Third", "url": "https://example.org/news/third/",
                "api": "https://example.org/api/news/third.json",
            ])
        let first = try document("api/news/first.json")
        #expect(first["previous"] == nil)
        #expect((first["next"] as? [String: String])?["title"] == "Second & more")
        #expect(
            try document("api/events/today.json")["previous"] as? [String: String] == [
                "title": "Autumn fair", "url": "https://example.org/events/autumn/",
                "api": "https://example.org/api/events/autumn.json",
            ])
        for unlinked in ["api/news/hidden.json", "api/pages/about.json"] {
            let item = try document(unlinked)
            #expect(item["previous"] == nil && item["next"] == nil, "\(unlinked)")
        }
    }

    @Test func aLoneArticleHasNoNavigation() throws {
        let output = try MemorySite(["site.yml": Self.site, "content/news/only.md": Self.article("Only", "2026-11-01")])
            .build()
        expect(output, "news/only/index.html", contains: ["Only"], lacks: ["class=\"neighbours\"", "rel=\"prev\""])
    }

    @Test func aChineseSiteSaysSo() throws {
        let output = try MemorySite([
            "site.yml": Self.site + "language: zh-CN\n",
            "content/news/a.md": Self.article("迎新", "2026-11-01"),
            "content/news/b.md": Self.article("运动会", "2026-11-02"),
        ]).build()
        expect(
            output, "news/a/index.html",
            contains: ["aria-label=\"上一篇与下一篇\"", Self.next("运动会", "/news/b/", label: "下一篇")])
    }

    /// On a multilingual site each language's articles are linked among themselves: an article
    /// listed untranslated from the other language is no neighbour.
    @Test func eachLanguageLinksItsOwnArticles() throws {
        let output = try MultilingualTests.site([
            "content/news/a.md": Self.article("甲", "2026-11-01"),
            "content/news/b.md": Self.article("乙", "2026-11-03"),
            "content/news/a.en.md": Self.article("Alpha", "2026-11-01"),
            "content/news/c.en.md": Self.article("Gamma", "2026-11-05"),
        ]).build()
        expect(output, "news/a/index.html", contains: [Self.next("乙", "/news/b/", label: "下一篇")], lacks: ["Gamma"])
        expect(
            output, "news/b/index.html", contains: [Self.previous("甲", "/news/a/", label: "上一篇")],
            lacks: ["rel=\"next\""])
        expect(output, "en/news/a/index.html", contains: [Self.next("Gamma", "/en/news/c/")], lacks: ["乙"])
        expect(
            output, "en/news/c/index.html", contains: [Self.previous("Alpha", "/en/news/a/")], lacks: ["rel=\"next\""])
    }
}
