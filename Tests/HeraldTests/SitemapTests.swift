import Testing

@testable import Herald

/// sitemaps.org's limits per file (50,000 URLs, 50 MB), and how a site past either is split.
@Suite struct SitemapTests {
    @Test func entriesAreSplitByCountAndBySizeInOrder() {
        let lines = (1...7).map { "<url><loc>https://a.example/\($0)/</loc></url>\n" }
        #expect(SitemapPlan.chunked(lines, maximumURLs: 3, maximumBytes: 1_000_000).map(\.count) == [3, 3, 1])
        let size = lines[0].utf8.count
        // Two entries fit in the byte budget, three do not.
        #expect(SitemapPlan.chunked(lines, maximumURLs: 100, maximumBytes: size * 2 + 1).map(\.count) == [2, 2, 2, 1])
        #expect(SitemapPlan.chunked(lines, maximumURLs: 100, maximumBytes: 1_000_000).joined().elementsEqual(lines))
        #expect(SitemapPlan.chunked([], maximumURLs: 3, maximumBytes: 10).isEmpty)
    }

    @Test func theLimitsAreSitemapsOrgs() {
        #expect(SitemapPlan.maximumURLs == 50_000)
        #expect(SitemapPlan.maximumBytes == 50 * 1024 * 1024)
    }
}
