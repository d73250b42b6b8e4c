import Foundation
import Testing

@testable import Herald

/// An item's categories and tags are bounded (issue 35): how many one item may name, how long
/// each may be, and how many a list shows with it, so one item's output grows linearly with it.
@Suite struct TermBoundsTests {
    /// A site without social cards (a card per category is slow to draw and not what is tested).
    static let siteYML = "title: T\nbaseURL: https://example.org/\nsocialCards: false\n"

    /// A news item naming `categories` categories `c1`… and `tags` tags `t1`…, one per line:
    /// category `n` is on line 4 + n, tag `n` on line 5 + categories + n.
    static func item(categories: Int, tags: Int = 0, name: String = "c") -> String {
        var lines = ["---", "title: Many", "date: 2026-11-01", "categories:"]
        lines += (1...max(1, categories)).prefix(categories).map { "  - \(name)\($0)" }
        lines.append("tags:")
        lines += (1...max(1, tags)).prefix(tags).map { "  - t\($0)" }
        lines += ["---", "Body."]
        return lines.joined(separator: "\n") + "\n"
    }

    func site(_ item: String, yml: String = siteYML, files: [String: String] = [:]) -> MemorySite {
        MemorySite(["site.yml": yml, "content/news/2026-11-01-many.md": item].merging(files) { _, new in new })
    }

    @Test func anItemMayNameAHundredCategoriesAndAHundredTags() throws {
        let output = try site(Self.item(categories: 100, tags: 100)).build()
        expect(output, "categories/c100/index.html", contains: ["Many"])
        expect(output, "tags/t100/index.html", contains: ["Many"])
    }

    @Test func theFirstCategoryOverTheLimitIsAnErrorAtItsLine() {
        #expect(
            site(Self.item(categories: 4000)).diagnostics() == [
                "content/news/2026-11-01-many.md:105: category 101 of 4000 is over the limit: an item may name at most 100 categories and, counted apart, 100 tags (limits.termsPerItem in site.yml), since each gets a page of its own; remove some, or raise the limit with `limits: {termsPerItem: 4000}` in site.yml"
            ])
    }

    @Test func tagsAreCountedApartFromCategories() {
        // Line 5 + 3 + 101: the 101st tag; the three categories do not count towards it.
        #expect(
            site(Self.item(categories: 3, tags: 101)).diagnostics() == [
                "content/news/2026-11-01-many.md:109: tag 101 of 101 is over the limit: an item may name at most 100 categories and, counted apart, 100 tags (limits.termsPerItem in site.yml), since each gets a page of its own; remove some, or raise the limit with `limits: {termsPerItem: 101}` in site.yml"
            ])
    }

    @Test func aSingleCategoryCountsWithTheList() {
        let item = "---\ntitle: Many\ndate: 2026-11-01\ncategory: lead\ncategories: [a, b]\n---\n"
        #expect(
            site(item, yml: Self.siteYML + "limits:\n  termsPerItem: 2\n").diagnostics() == [
                "content/news/2026-11-01-many.md:5: category 3 of 3 is over the limit: an item may name at most 2 categories and, counted apart, 2 tags (limits.termsPerItem in site.yml), since each gets a page of its own; remove some, or raise the limit with `limits: {termsPerItem: 3}` in site.yml"
            ])
    }

    @Test func siteYmlRaisesOrLowersTheLimit() throws {
        let raised = Self.siteYML + "limits: {termsPerItem: 150}\n"
        _ = try site(Self.item(categories: 150), yml: raised).build()
        #expect(SiteConfigParser.parse(raised).config?.limits.termsPerItem == 150)
        #expect(SiteConfigParser.parse(Self.siteYML).config?.limits.termsPerItem == 100)
        #expect(
            site(Self.item(categories: 4), yml: Self.siteYML + "limits: {termsPerItem: 3}\n").diagnostics().first?
                .hasPrefix("content/news/2026-11-01-many.md:8: category 4 of 4 is over the limit") == true)
    }

    @Test func aLimitOutsideOneToTenThousandIsAnError() {
        #expect(
            SiteConfigParser.parse("title: T\nlimits:\n  termsPerItem: 0\n  termsPerPage: 3\n").diagnostics.sorted()
                .map(\.description) == [
                    "site.yml:3: limits termsPerItem must be from 1 to 10000, not 0",
                    "site.yml:4: warning: unknown key 'termsPerPage' in limits is ignored; did you mean 'termsPerItem'?",
                ])
    }

    @Test func aTermOverTwoHundredBytesIsAnError() throws {
        let long = String(repeating: "长", count: 67)  // 201 bytes
        let item = "---\ntitle: Many\ndate: 2026-11-01\ncategories: [ok]\ntags:\n  - fine\n  - \(long)\n---\n"
        #expect(
            site(item).diagnostics() == [
                "content/news/2026-11-01-many.md:7: tag '\(long.prefix(40))…' is 201 bytes long; a category or tag may be at most 200 bytes (66 Chinese characters): shorten it"
            ])
        _ = try site(item.replacingOccurrences(of: long, with: String(long.dropLast()))).build()
    }

    /// A card listing every term it is given: it gets the first ten of each and how many more;
    /// the item's own page lists them all.
    @Test func listsShowTheFirstTenTermsAndHowManyMore() throws {
        let card =
            "<div class=\"c\">{{#categories}}[{{name}}]{{/categories}}{{#moreCategories}}{{text}} at {{url}}{{/moreCategories}}|{{#tags}}[{{name}}]{{/tags}}{{#moreTags}}{{count}}{{/moreTags}}</div>\n"
        let output = try site(Self.item(categories: 12, tags: 11), files: ["templates/partials/card.mustache": card])
            .build()
        let shown =
            (1...10).map { "[c\($0)]" }.joined() + "+2 more at /news/many/|" + (1...10).map { "[t\($0)]" }.joined()
            + "1</div>"
        expect(output, "categories/c12/index.html", contains: [shown], lacks: ["[c11]", "[t11]"])
        expect(output, "index.html", contains: [shown])
        expect(output, "news/many/index.html", contains: [">c11</a>", ">c12</a>", "#t11</a>"])
    }

    @Test func aCardOfAnItemWithFewTermsShowsThemAllAndNoMore() throws {
        let card =
            "<div class=\"c\">{{#categories}}[{{name}}]{{/categories}}{{#moreCategories}}more{{/moreCategories}}{{^moreTags}}none{{/moreTags}}</div>\n"
        let output = try site(Self.item(categories: 10, tags: 10), files: ["templates/partials/card.mustache": card])
            .build()
        expect(
            output, "categories/c1/index.html", contains: [(1...10).map { "[c\($0)]" }.joined() + "none</div>"],
            lacks: ["more"])
    }

    @Test func feedAndCalendarEntriesNameTheFirstTenCategories() throws {
        let output = try site(Self.item(categories: 12, tags: 12)).build()
        for feed in ["feed.xml", "categories/c12/feed.xml", "categories/c12/atom.xml"] {
            let text = try #require(output.text(feed))
            #expect(text.components(separatedBy: "<category ").count - 1 == 10, "\(feed)")
            #expect(text.contains(">c10</category>") || text.contains("label=\"c10\""), "\(feed)")
        }
        let json = try #require(output.text("categories/c12/feed.json"))
        let tags = try #require(
            ((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["items"] as? [[String: Any]])?
                .first?["tags"] as? [String])
        #expect(tags == (1...10).map { "c\($0)" } + (1...10).map { "t\($0)" })
        let event =
            "---\ntitle: Party\nstart: 2026-12-01 19:00\ncategories: [\((1...12).map { "e\($0)" }.joined(separator: ", "))]\n---\n"
        let calendar = try #require(
            try site(Self.item(categories: 1), files: ["content/events/party.md": event]).build().text(
                "categories/e12/events.ics"))
        #expect(calendar.contains("CATEGORIES:" + (1...10).map { "e\($0)" }.joined(separator: ",") + "\r\n"))
    }

    @Test func theFooterShowsTheDeclaredCategoriesAndTenOthers() throws {
        let yml = Self.siteYML + "categories:\n  - name: Declared\n  - name: Also declared\n"
        let output = try site(Self.item(categories: 12), yml: yml).build()
        let footer = try #require(
            output.text("index.html")?.components(separatedBy: "<nav class=\"footer__categories\"").last?.components(
                separatedBy: "</nav>"
            ).first)
        #expect(footer.components(separatedBy: "class=\"chip\"").count - 1 == 13)
        // The others by name: c1, c10, c11, c12, c2 … c9; the last two are left out.
        #expect(
            footer.contains(">Declared</a>") && footer.contains(">Also declared</a>") && footer.contains(">c12</a>")
                && footer.contains(">c7</a>"))
        #expect(!footer.contains(">c8</a>") && !footer.contains(">c9</a>"))
        #expect(footer.contains("<a class=\"chip\" href=\"/categories/\">+2 more</a>"))
        let few = try site(Self.item(categories: 10), yml: yml).build()
        #expect(few.text("index.html")?.contains("more</a>") == false)
    }
}
