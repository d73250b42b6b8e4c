import Foundation
import Testing

@testable import Herald

/// The search index: what each row holds, its order, and how summaries are cut.
@Suite struct SearchIndexTests {
    let site = MemorySite([
        "site.yml":
            "title: T\nbaseURL: https://example.org/union/\ntimezone: Asia/Shanghai\ncategories:\n  - slug: campus\n    name: 校园\n",
        "content/news/2026-11-01-gala.md":
            "---\ntitle: 跨年晚会回顾\ndate: 2026-11-01 20:00\ncategories: [campus]\ntags: [music, 晚会]\n---\nA night of songs.\n",
        "content/news/2026-11-10-talk.md":
            "---\ntitle: Robotics talk\ndate: 2026-11-10 09:00\nsummary: \"\(String(repeating: "word ", count: 40))\"\n---\nBody.\n",
        "content/events/fair.md":
            "---\ntitle: Career fair\nstart: 2026-12-03 10:00\nlocation: Hall\ncategories: [校园]\n---\nJobs.\n",
        "content/pages/about.md": "---\ntitle: About\n---\nUs.\n",
    ])

    func index() throws -> [String: Any] {
        let output = try site.build()
        let data = try #require(output.files["search/index.json"])
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func rowsHoldTitleSummaryCategoryTagsDateAndPathNewestFirst() throws {
        let index = try index()
        #expect(index["fields"] as? [String] == ["kind", "title", "summary", "category", "tags", "date", "path"])
        #expect((index["categories"] as? [[String: Any]])?.map { $0["name"] as? String } == ["校园"])
        let tags = try #require(index["tags"] as? [String])
        let rows = try #require(index["items"] as? [[Any]])
        // An event without a publication date counts as published now (as in feeds), so it comes first.
        #expect(rows.map { $0[1] as? String } == ["Career fair", "Robotics talk", "跨年晚会回顾", "About"])
        let gala = rows[2]
        #expect(gala[0] as? String == "news")
        #expect(gala[2] as? String == "A night of songs.")
        #expect(gala[3] as? Int == 0)
        #expect((gala[4] as? [Int])?.map { tags[$0] }.sorted() == ["music", "晚会"])
        #expect(gala[5] as? String == "2026-11-01")
        #expect(gala[6] as? String == "news/gala/")
        // An event is found by the day it happens; a page has no date and no category.
        #expect(rows[0][5] as? String == "2026-12-03")
        #expect(rows[0][3] as? Int == 0)
        #expect(rows[3][5] as? String == "" && rows[3][3] as? Int == -1)
    }

    @Test func longSummariesAreCutAtAWord() throws {
        let rows = try #require(try index()["items"] as? [[Any]])
        let summary = try #require(rows[1][2] as? String)
        #expect(summary.count <= SearchIndexPlan.summaryLength + 1)
        #expect(summary.hasSuffix("word…"))
        #expect(SearchIndexPlan.shortened("短句。", to: 120) == "短句。")
        #expect(
            SearchIndexPlan.shortened(String(repeating: "长", count: 130), to: 120) == String(repeating: "长", count: 120)
                + "…")
        // A cut never splits a character made of several scalars (a thumbs-up with its skin tone).
        let a119 = String(repeating: "a", count: 119)
        #expect(SearchIndexPlan.shortened(a119 + "👍🏽bbbb", to: 120) == a119 + "…")
    }

    @Test func everyPageHasTheSearchBoxAndTheSearchPageExists() throws {
        let output = try site.build()
        for page in ["index.html", "news/gala/index.html", "search/index.html", "404.html"] {
            let html = try #require(output.text(page))
            #expect(
                html.contains(
                    "<form class=\"search\" role=\"search\" action=\"/union/search/\" data-index=\"/union/search/index.json\""
                ), "\(page)")
            #expect(html.contains("<script src=\"/union/assets/search.js\" defer></script>"), "\(page)")
        }
        #expect(output.files["assets/search.js"] != nil)
        // The search page is not a page for search engines.
        #expect(output.text("sitemap.xml")?.contains("/search/") == false)
    }
}
