import Foundation

/// The client-side search index, `search/index.json`: every published item's title, a short
/// summary, category, tags, date and URL, read by the default theme's `assets/search.js`.
///
/// The index is written for size, not for reading: items are arrays in a fixed field order,
/// categories and tags are numbers into shared tables, and URLs are relative to the site root.
/// There is no word index: the browser matches any substring (Chinese has no spaces to split
/// words at), and scanning 10,000 short records takes a few milliseconds.
enum SearchIndexPlan {
    /// The output path, beside the search page.
    static let path = "search/index.json"
    /// Summaries are cut to this many characters: enough to find an item by and to show under its title.
    static let summaryLength = 120

    static func files(site: Site, urls: SiteURLs, facts: [ItemFacts]) -> [GeneratedFile] {
        // Newest first, so results of equal rank come in the order a reader expects.
        let order = facts.indices.sorted { a, b in
            facts[a].published != facts[b].published ? facts[a].published > facts[b].published : facts[a].permalink < facts[b].permalink
        }
        let zone = site.config.timeZone
        let categoryNumber = Dictionary(site.categories.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let tagNumber = Dictionary(site.tags.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let entries = order.map { id -> SearchEntry in
            let fact = facts[id]
            // An event is found by when it happens; news by when it was published; a page has no date.
            let day: String
            if let event = fact.event {
                day = CivilDateTime(event.start, in: event.timeZone).isoDate
            } else {
                day = fact.dated ? CivilDateTime(fact.published, in: zone).isoDate : ""
            }
            return SearchEntry(
                kind: fact.kind.rawValue, title: fact.title, summary: shortened(fact.summaryText, to: summaryLength),
                category: fact.categories.first.flatMap { categoryNumber[$0.slug] } ?? -1,
                tags: fact.tags.compactMap { tagNumber[$0.slug] },
                date: day, path: String(fact.permalink.dropFirst(urls.baseURL.count)))
        }
        let index = SearchIndex(
            version: 1, fields: ["kind", "title", "summary", "category", "tags", "date", "path"],
            categories: site.categories.map { SearchIndex.CategoryEntry(name: $0.name, path: SiteURLs.encode("categories/\($0.slug)/"), color: $0.color) },
            tags: site.tags.map(\.name), items: entries)
        return [GeneratedFile(path: path, owner: "the search index", madeFrom: index) {
            JSONOutput.encode(index, pretty: false)
        }]
    }

    /// `text` cut at a word (or, in Chinese, a character) near `limit` characters, with an ellipsis.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = text.prefix(limit)
        // Cut English at a space, so a word is not left half; text without spaces is cut anywhere.
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit * 2 / 3 {
            cut = cut[..<space]
        }
        return cut.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) + "…"
    }
}

/// The index document. Items are arrays (see `fields`) rather than objects: the keys of 10,000
/// objects would be a third of the file.
private struct SearchIndex: Encodable, Equatable, Sendable {
    struct CategoryEntry: Encodable, Equatable, Sendable {
        var name: String
        var path: String
        var color: String?
    }
    var version: Int
    var fields: [String]
    var categories: [CategoryEntry]
    var tags: [String]
    var items: [SearchEntry]
}

/// One item of the index, encoded as `[kind, title, summary, category, [tags], date, path]`;
/// `category` is -1 for none, `date` is empty for an undated page.
private struct SearchEntry: Encodable, Equatable, Sendable {
    var kind: String
    var title: String
    var summary: String
    var category: Int
    var tags: [Int]
    var date: String
    var path: String

    func encode(to encoder: Encoder) throws {
        var row = encoder.unkeyedContainer()
        try row.encode(kind)
        try row.encode(title)
        try row.encode(summary)
        try row.encode(category)
        try row.encode(tags)
        try row.encode(date)
        try row.encode(path)
    }
}
