import Foundation
import Testing

@testable import Herald

/// The documents that write their own JSON (JSONWritable) against Foundation's JSONEncoder given
/// their `Encodable` conformance, byte for byte, with every field filled and with every field
/// that may be empty left empty: a writer that leaves a field out, writes one the encoder would
/// leave out, or puts one out of order fails here.
@Suite struct JSONWriterTests {
    /// Foundation's bytes, with the newline JSONOutput ends a document with.
    private func foundation<T: Encodable>(_ value: T, pretty: Bool) throws -> String {
        try FoundationJSON.text(value, pretty: pretty) + "\n"
    }

    private func expectSame<T: JSONWritable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for pretty in [true, false] {
            let written = String(decoding: JSONOutput.write(value, pretty: pretty), as: UTF8.self)
            #expect(
                written == (try foundation(value, pretty: pretty)), "pretty: \(pretty)", sourceLocation: sourceLocation)
            // And through the `Encodable` path, which copies an image's bytes from the same cache.
            let encoded = String(decoding: try JSONByteEncoder(pretty: pretty).encode(value), as: UTF8.self) + "\n"
            #expect(written == encoded, "pretty: \(pretty)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Values with every field filled, and with none that may be empty

    private static let text = "Quote \" backslash \\ slash / </script> 学生会 😀 \u{1F}\n"
    private static let zone = TimeZone(identifier: "Asia/Shanghai")!

    private static func image(_ width: Int) -> APIImage {
        let file = { (w: Int, type: String) in
            ImageFacts.File(url: "https://example.org/a b.\(w).\(type)", width: w, height: w / 2, type: "image/\(type)")
        }
        return APIImage(
            ImageFacts(
                url: "https://example.org/a b.jpg", width: width, height: width / 2, type: "image/jpeg",
                srcset: [file(480, "webp"), file(480, "jpeg"), file(width, "jpeg")], card: file(1200, "jpeg"),
                thumbnail: file(160, "jpeg")))
    }

    private static let bareImage = APIImage(
        ImageFacts(
            url: "https://elsewhere.example/x.png", width: nil, height: nil, type: nil, srcset: [], card: nil,
            thumbnail: nil))

    private static var fullEvent: APIEvent {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        var event = APIEvent(
            EventDetails(
                start: start, end: start + 3600, timeZone: zone, location: "Room \"201\"", address: "1 Main St",
                status: .postponed, registration: "https://example.org/register", organizer: "Club 社团"),
            now: start - 86400)
        event.rrule = "FREQ=WEEKLY;COUNT=2"
        event.occurrences = [
            APIOccurrence(Occurrence(start: start, end: start + 3600), allDay: false, zone: zone),
            APIOccurrence(Occurrence(start: start + 7 * 86400, end: nil), allDay: false, zone: zone),
        ]
        return event
    }

    private static var bareEvent: APIEvent {
        APIEvent(
            EventDetails(start: Date(timeIntervalSince1970: 1_790_000_000), allDay: true, timeZone: zone), now: .now)
    }

    private static let category = APICategoryRef(
        Category(
            slug: "club-news", name: text, description: "d", color: "#123456", icon: "★", declared: true, items: []))
    private static let bareCategory = APICategoryRef(
        Category(slug: "x", name: "X", description: nil, color: nil, icon: nil, declared: false, items: []))

    private static func card(_ id: String, full: Bool) -> APICard {
        APICard(
            id: id, kind: full ? "event" : "page", title: text, summary: full ? text : "",
            image: full ? image(960) : nil, date: full ? "2026-11-21T12:00:00+08:00" : nil,
            author: full ? "Ann" : nil, category: full ? category : nil, url: "https://example.org/\(id)/",
            api: "https://example.org/api/\(id).json", event: full ? fullEvent : nil)
    }

    @Test func anItemDocumentIsWrittenAsFoundationWritesIt() throws {
        for (full, image) in [(true, Self.image(1200)), (true, Self.bareImage), (false, nil)] {
            let card = Self.card("news/a", full: full)
            try expectSame(
                APIItem(
                    id: card.id, kind: card.kind, title: card.title, summary: card.summary,
                    contentHTML: full ? "<p>" + Self.text + "</p>" : "", image: image,
                    date: card.date, updated: full ? "2026-11-22T08:00:00+08:00" : nil, author: card.author,
                    authors: full ? ["Ann", "Bo 博"] : [], category: card.category,
                    categories: full ? [Self.category, Self.bareCategory] : [],
                    tags: full ? [APITag(slug: "a", name: "A"), APITag(slug: "b", name: Self.text)] : [],
                    readingMinutes: full ? 12 : 0, url: card.url, api: card.api, event: full ? Self.bareEvent : nil,
                    previous: full ? APIItemLink(title: Self.text, url: card.url, api: card.api) : nil,
                    next: full ? APIItemLink(title: "下一篇", url: card.url, api: card.api) : nil))
        }
    }

    @Test func aCategoryPageIsWrittenAsFoundationWritesItWithTheSameImageInManyCards() throws {
        let full = APICategory(
            slug: "club-news", name: Self.text, description: Self.text, color: "#fff", icon: "★", count: 3,
            url: "https://example.org/categories/club-news/", api: "https://example.org/api/categories/club-news.json")
        let bare = APICategory(
            slug: "x", name: "X", description: nil, color: nil, icon: nil, count: 0, url: "u", api: "a")
        let cards = [Self.card("a", full: true), Self.card("b", full: false), Self.card("c", full: true)]
        // Twice: the second time the image's bytes are copied from what the first wrote.
        for _ in 0..<2 {
            try expectSame(
                APICategoryPage(
                    category: full, items: cards, page: APIPage(number: 2, total: 3, previous: "p", next: "n")))
            try expectSame(
                APICategoryPage(category: bare, items: [], page: APIPage(number: 1, total: 1, previous: nil, next: nil))
            )
        }
    }

    /// The image's bytes written first through `Encodable`, then copied by the writer from the cache.
    @Test func anImageWrittenFirstThroughEncodableIsCopiedAsFoundationWritesIt() throws {
        var card = Self.card("a", full: true)
        card.image = Self.image(640)
        let page = APICategoryPage(
            category: APICategory(slug: "s", name: "S", count: 1, url: "u", api: "a"), items: [card, card],
            page: APIPage(number: 1, total: 1))
        for pretty in [true, false] {
            _ = try JSONByteEncoder(pretty: pretty).encode(page)
            let written = String(decoding: JSONOutput.write(page, pretty: pretty), as: UTF8.self)
            #expect(written == (try foundation(page, pretty: pretty)), "pretty: \(pretty)")
        }
    }

    @Test func structuredDataIsWrittenAsFoundationWritesIt() throws {
        typealias Data = StructuredData
        let publisher = Data.Organization(type: "Organization", name: Self.text, url: "https://example.org/")
        for authors in [[], [publisher], [publisher, Data.Organization(type: "Organization", name: "Bo", url: nil)]] {
            try expectSame(
                Data.NewsArticle(
                    context: "https://schema.org", type: "NewsArticle", headline: Self.text,
                    description: authors.isEmpty ? nil : Self.text, datePublished: "2026-11-21T12:00:00+08:00",
                    dateModified: "2026-11-22T12:00:00+08:00", author: Data.Authors(authors, otherwise: publisher),
                    publisher: publisher, image: authors.isEmpty ? nil : ["https://example.org/a.jpg", "b"],
                    mainEntityOfPage: "https://example.org/news/a/#main", url: "https://example.org/news/a/",
                    articleSection: authors.isEmpty ? nil : "Club", keywords: authors.isEmpty ? nil : "a, b",
                    inLanguage: "zh-CN"))
        }
        for online in [true, false] {
            try expectSame(
                Data.EventData(
                    context: "https://schema.org", type: "Event", name: Self.text,
                    description: online ? Self.text : nil,
                    startDate: "2026-11-21", endDate: online ? "2026-11-22" : nil,
                    eventStatus: "https://schema.org/EventScheduled",
                    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
                    location: online
                        ? Data.Place(type: "VirtualLocation", name: nil, address: nil, url: "https://zoom.example/")
                        : Data.Place(type: "Place", name: "Hall", address: "1 Main St", url: nil),
                    image: online ? ["https://example.org/a.jpg"] : nil, organizer: publisher,
                    offers: online ? Data.Offer(type: "Offer", url: "https://example.org/r") : nil,
                    url: "https://example.org/events/a/", inLanguage: "en"))
        }
    }

    @Test func theSearchIndexIsWrittenAsFoundationWritesIt() throws {
        let entry = { (category: Int, tags: [Int]) in
            SearchEntry(
                kind: "news", title: Self.text, summary: tags.isEmpty ? "" : Self.text, category: category, tags: tags,
                date: tags.isEmpty ? "" : "2026-11-21", path: "news/学生会/")
        }
        for full in [true, false] {
            try expectSame(
                SearchIndex(
                    version: 1, fields: full ? ["kind", "title"] : [],
                    categories: full
                        ? [
                            .init(name: Self.text, path: "categories/a/", color: "#fff"),
                            .init(name: "B", path: "categories/b/", color: nil),
                        ] : [],
                    tags: full ? ["swift", Self.text] : [],
                    items: full ? [entry(0, [0, 1]), entry(-1, []), entry(1, [1])] : []))
        }
    }
}
