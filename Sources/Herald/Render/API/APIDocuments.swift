import Foundation

// The static JSON API, documented field by field in docs/api.md, with a JSON Schema per document
// in docs/api/schemas/. Field names are part of the API: change them only with the schemas.

/// An event's when, where and status.
struct APIEvent: Encodable, Sendable, Hashable {
    var start: String
    var end: String?
    var allDay: Bool
    var timezone: String
    var location: String?
    var address: String?
    var status: String
    var registration: String?
    var organizer: String?
    /// For a repeating event: the rule as an RFC 5545 RRULE value, and every date it makes.
    var rrule: String?
    var occurrences: [APIOccurrence]?

    /// The event at its next date after `now` (its first, once all are over), as its page shows it.
    init(_ event: EventDetails, now: Date) {
        let zone = event.timeZone
        let shown =
            event.nextOccurrence(after: now) ?? event.occurrences.first
            ?? Occurrence(start: event.start, end: event.end)
        start = TimestampFormat.eventTime(shown.start, allDay: event.allDay, zone: zone)
        end = shown.end.map { TimestampFormat.eventTime($0, allDay: event.allDay, zone: zone, isEnd: true) }
        allDay = event.allDay
        timezone = TimeZoneNames.name(of: zone)
        location = event.location
        address = event.address
        status = event.status.rawValue
        registration = event.registration
        organizer = event.organizer
        if let rule = event.recurrence {
            rrule = ICalendarWriter.rrule(rule, event: event)
            occurrences = event.occurrences.map { APIOccurrence($0, allDay: event.allDay, zone: zone) }
        }
    }
}

/// One date of a repeating event.
struct APIOccurrence: Encodable, Sendable, Hashable {
    var start: String
    var end: String?

    init(_ occurrence: Occurrence, allDay: Bool, zone: TimeZone) {
        start = TimestampFormat.eventTime(occurrence.start, allDay: allDay, zone: zone)
        end = occurrence.end.map { TimestampFormat.eventTime($0, allDay: allDay, zone: zone, isEnd: true) }
    }
}

/// A category as lists show it.
struct APICategory: Encodable, Sendable, Hashable {
    var slug: String
    var name: String
    var description: String?
    var color: String?
    var icon: String?
    var count: Int
    var url: String
    var api: String
}

/// What a card needs: enough for an app to show the item in a list and open its document.
struct APICard: Encodable, Sendable, Hashable {
    var id: String
    var kind: String
    var title: String
    var summary: String
    var image: APIImage?
    var date: String?
    var author: String?
    var category: APICategoryRef?
    var url: String
    var api: String
    var event: APIEvent?
}

/// An item's cover: its widest JPEG or PNG with its size, every file made of it (`srcset`,
/// narrowest first, WebP and AVIF beside) and a small square crop for list cells.
/// Immutable, since its JSON is kept once written.
struct APIImage: Encodable, Sendable, Hashable {
    let url: String
    let width: Int?
    let height: Int?
    let type: String?
    let srcset: [ImageFacts.File]
    let thumbnail: ImageFacts.File?
    /// Its JSON once written, shared by the copies of it in every card that shows the image
    /// (APIPlan makes one per image); not a part of its value.
    let written = JSONWrittenOnce()

    private enum CodingKeys: String, CodingKey {
        case url, width, height, type, srcset, thumbnail
    }

    init(_ facts: ImageFacts) {
        (url, width, height, type, srcset, thumbnail) = (
            facts.url, facts.width, facts.height, facts.type, facts.srcset, facts.thumbnail
        )
    }
}

/// A category named by an item.
struct APICategoryRef: Encodable, Sendable, Hashable {
    var slug: String
    var name: String
    var color: String?
    var icon: String?

    init(_ category: Category) {
        slug = category.slug
        name = category.name
        color = category.color
        icon = category.icon
    }
}

/// A tag named by an item.
struct APITag: Encodable, Sendable, Hashable {
    var slug: String
    var name: String
}

/// One of the site's own taxonomies, as the API names it.
struct APITaxonomy: Encodable, Sendable, Hashable {
    /// Its name in site.yml and front matter (`topics`).
    var name: String
    var title: String
    /// Its list of terms, as a page and as a document.
    var url: String
    var api: String
}

/// A term of one of the site's own taxonomies: in its taxonomy's document with its count, and
/// named by an item (`count` nil) with its links.
struct APITerm: Encodable, Sendable, Hashable {
    var slug: String
    var name: String
    var count: Int?
    /// From its page (`content/topics/<slug>/_index.md`), in its taxonomy's documents.
    var description: String? = nil
    var url: String
    var api: String
}

/// `api/taxonomies/<segment>.json`: a taxonomy's terms, most used first.
struct APITaxonomyTerms: Encodable, Sendable, Hashable {
    var taxonomy: APITaxonomy
    var terms: [APITerm]
}

/// `api/taxonomies/<segment>/<slug>.json` and its later pages: a term's items.
struct APITermPage: Encodable, Sendable, Hashable {
    var taxonomy: APITaxonomy
    var term: APITerm
    var items: [APICard]
    var page: APIPage
}

/// An item's terms, by taxonomy name: each of the site's own taxonomies, with none as `[]`.
struct APIItemTerms: Encodable, Sendable, Hashable {
    var byTaxonomy: [(name: String, terms: [APITerm])]

    /// A taxonomy's name as a key.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, terms) in byTaxonomy { try container.encode(terms, forKey: Key(stringValue: name)) }
    }

    static func == (a: APIItemTerms, b: APIItemTerms) -> Bool {
        a.byTaxonomy.elementsEqual(b.byTaxonomy) { $0.name == $1.name && $0.terms == $1.terms }
    }

    func hash(into hasher: inout Hasher) {
        for (name, terms) in byTaxonomy {
            hasher.combine(name)
            hasher.combine(terms)
        }
    }
}

/// Another item an item's document links: its neighbour in date order.
struct APIItemLink: Encodable, Sendable, Hashable {
    var title: String
    /// Its page.
    var url: String
    /// Its own document.
    var api: String
}

/// Links between the pages of a paged list.
struct APIPage: Encodable, Sendable, Hashable {
    var number: Int
    var total: Int
    var previous: String?
    var next: String?
}

/// The site as every document names it.
struct APISite: Encodable, Sendable, Hashable {
    var title: String
    var description: String
    var url: String
    var language: String
}

/// `api/home.json`: the Home view.
struct APIHome: Encodable, Sendable, Hashable {
    var site: APISite
    var recent: [APICard]
    var featured: [APICard]
    var upcoming: [APICard]
    var trending: [APITrendingEntry]
    var categories: [APICategory]
}

/// An item of the Trending view: its card, rank, score and the figures behind it.
struct APITrendingEntry: Encodable, Sendable, Hashable {
    var rank: Int
    var score: Double
    var views: Int
    var likes: Int
    var comments: Int
    var item: APICard
}

/// `api/trending.json`.
struct APITrending: Encodable, Sendable, Hashable {
    var asOf: String
    var items: [APITrendingEntry]
}

/// `api/categories.json`.
struct APICategories: Encodable, Sendable, Hashable {
    var categories: [APICategory]
}

/// `api/categories/<slug>.json` and its later pages.
struct APICategoryPage: Encodable, Sendable, Hashable {
    var category: APICategory
    var items: [APICard]
    var page: APIPage
}

/// `api/<news|events|pages>/<slug>.json`: one item, whole.
struct APIItem: Encodable, Sendable, Hashable {
    var id: String
    var kind: String
    var title: String
    var summary: String
    var contentHTML: String
    var image: APIImage?
    var date: String?
    /// When it was last updated, if it says.
    var updated: String?
    var author: String?
    /// Everyone who wrote it, in order.
    var authors: [String]
    var category: APICategoryRef?
    var categories: [APICategoryRef]
    var tags: [APITag]
    /// Its terms in the site's own taxonomies; absent on a site that declares none.
    var taxonomies: APIItemTerms?
    var readingMinutes: Int
    var url: String
    var api: String
    var event: APIEvent?
    /// The item before it and the one after, in date order in its section, as its page links them.
    var previous: APIItemLink? = nil
    var next: APIItemLink? = nil
}
