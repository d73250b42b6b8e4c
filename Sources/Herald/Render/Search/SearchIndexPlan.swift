import Foundation

/// The client-side search index, `search/index.json`: every published item's title, a short
/// summary, category, tags, date and URL, read by the default theme's `assets/search.js`.
///
/// The index is written for size, not for reading: items are arrays in a fixed field order,
/// categories and tags are numbers into shared tables, and URLs are relative to the site root.
/// There is no word index: the browser matches any substring (Chinese has no spaces to split
/// words at), and scanning 10,000 short records takes a few milliseconds.
enum SearchIndexPlan {
    /// The output path, beside the search page (a language's under its folder: `URLLayout.searchIndexPath`).
    /// Summaries are cut to this many characters: enough to find an item by and to show under its title.
    static let summaryLength = 120

    static func files(site: Site, urls: SiteURLs, facts: [ItemFacts]) -> [GeneratedFile] {
        // Newest first, so results of equal rank come in the order a reader expects.
        // Sorted on the two keys alone: comparing through `facts[a]` would retain and release every
        // field of two facts per comparison, which was most of this step's time on 10,000 items.
        let published = facts.map(\.published)
        let permalinks = facts.map(\.permalink)
        // Items kept out of lists (`build: {list: never}`) are not found by search either.
        let order = facts.indices.filter { site.items[$0].listed }.sorted { a, b in
            published[a] != published[b] ? published[a] > published[b] : permalinks[a] < permalinks[b]
        }
        let zone = site.config.timeZone
        let baseLength = urls.baseURL.utf8.count
        let categoryNumber = Dictionary(
            site.categories.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let tagNumber = Dictionary(site.tags.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { a, _ in a })
        // Made on all cores: cutting 10,000 summaries was 30 ms of serial planning.
        let entries = order.parallelMap { id -> SearchEntry in
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
                date: day, path: String(decoding: fact.permalink.utf8.dropFirst(baseLength), as: UTF8.self))
        }
        let index = SearchIndex(
            version: 1, fields: ["kind", "title", "summary", "category", "tags", "date", "path"],
            categories: site.categories.map {
                SearchIndex.CategoryEntry(
                    name: $0.name, path: SiteURLs.encode(site.layout.categoryPath($0.slug)), color: $0.color)
            },
            tags: site.tags.map(\.name), items: entries)
        return [
            GeneratedFile(path: site.layout.searchIndexPath, owner: "the search index", madeFrom: index) {
                JSONOutput.write(index, pretty: false, capacity: 256 * index.items.count + 4096)
            }.readingBodies().large()
        ]
    }

    /// `text` cut at a word (or, in Chinese, a character) near `limit` characters, with an ellipsis.
    static func shortened(_ text: String, to limit: Int) -> String {
        // Counted in Unicode scalars, not Characters (grapheme breaking was most of this step's
        // time); the cut is then moved back to a Character boundary, so no emoji is split.
        let scalars = text.unicodeScalars
        guard text.utf8.count > limit,
            var end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
            end != scalars.endIndex
        else { return text }
        while end.samePosition(in: text) == nil { end = scalars.index(before: end) }
        var cut = text[..<end]
        // Cut English at a space, so a word is not left half; text without spaces is cut anywhere.
        if let space = cut.utf8.lastIndex(of: UInt8(ascii: " ")),
            cut.utf8.distance(from: cut.startIndex, to: space) > cut.utf8.count * 2 / 3
        {
            cut = cut[..<space]
        }
        // No space or punctuation before the ellipsis (Foundation's trimming is many times slower here).
        while let last = cut.last, last.isWhitespace || last.isPunctuation { cut = cut.dropLast() }
        return cut + "…"
    }
}

/// The index document. Items are arrays (see `fields`) rather than objects: the keys of 10,000
/// objects would be a third of the file.
struct SearchIndex: JSONWritable, Equatable, Sendable {
    struct CategoryEntry: JSONWritable, Equatable, Sendable {
        var name: String
        var path: String
        var color: String?

        func writeJSON(to json: inout JSONWriter) {
            json.object { json in
                json.field("color", color)
                json.field("name", name)
                json.field("path", path)
            }
        }
    }
    var version: Int
    var fields: [String]
    var categories: [CategoryEntry]
    var tags: [String]
    var items: [SearchEntry]

    /// Written straight to JSON: the index of the 10,000-item corpus is one document of 10,000
    /// rows, and through `Encodable` it took 1.2% of the build's CPU on one core (perf).
    func writeJSON(to json: inout JSONWriter) {
        json.object { json in
            json.field("categories", categories)
            json.field("fields", fields)
            json.field("items", items)
            json.field("tags", tags)
            json.field("version", version)
        }
    }
}

/// One item of the index, encoded as `[kind, title, summary, category, [tags], date, path]`;
/// `category` is -1 for none, `date` is empty for an undated page.
struct SearchEntry: JSONWritable, Equatable, Sendable {
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

    func writeJSON(to json: inout JSONWriter) {
        json.list { row in
            row.element(kind)
            row.element(title)
            row.element(summary)
            row.element(category)
            row.element(tags)
            row.element(date)
            row.element(path)
        }
    }
}
