import Foundation
import HeraldTemplates

/// An item as templates see it: on its own page and as a card in lists.
///
/// The fields live in one shared box, copied only when a copy is changed: a view is shown by its
/// item's page, the home page and as a card in a dozen lists, and each list (and each template
/// look-up of a card, which boxes the value) copied all twenty-five fields, one reference count
/// each. Those copies were 0.2 of the build's 3.9 CPU-seconds on the 10,000-item corpus (perf),
/// most of it in planning, which runs on one core.
struct ItemView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    private var storage: ItemViewStorage

    init(_ fields: ItemViewFields) { storage = ItemViewStorage(fields) }

    /// Changes fields; a view that shares its box is given a copy of its own first.
    mutating func change(_ update: (inout ItemViewFields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = ItemViewStorage(storage.fields) }
        update(&storage.fields)
    }

    // The fields Herald's own code reads and sets (templates read them all through `templateValue`).
    // Plain accessors, not a key-path subscript: one took 17 ms of planning's one core in
    // instantiating and applying key paths (perf).
    var title: String { storage.fields.title }
    var url: String { storage.fields.url }
    var categories: [TermView] { storage.fields.categories }
    var permalink: String { storage.fields.permalink }
    var imageAbsolute: String? { storage.fields.imageAbsolute }
    var published: Date? {
        get { storage.fields.published }
        set { change { $0.published = newValue } }
    }
    var event: EventView? {
        get { storage.fields.event }
        set { change { $0.event = newValue } }
    }
    var card: String {
        get { storage.fields.card }
        set { change { $0.card = newValue } }
    }
    var jsonLD: String? {
        get { storage.fields.jsonLD }
        set { change { $0.jsonLD = newValue } }
    }
    var content: String {
        get { storage.fields.content }
        set { change { $0.content = newValue } }
    }
    var readingTime: String { storage.fields.readingTime }
    var readingMinutes: Int { storage.fields.readingMinutes }
    var wordCount: Int { storage.fields.wordCount }

    static func == (lhs: ItemView, rhs: ItemView) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    func templateValue(_ key: TemplateKey) -> TemplateValue? { storage.fields.templateValue(key) }
}

/// The box of an `ItemView`'s fields. A box is changed only while one view alone holds it
/// (`isKnownUniquelyReferenced`), so the views sharing it across threads only read it.
private final class ItemViewStorage: @unchecked Sendable {
    var fields: ItemViewFields
    init(_ fields: ItemViewFields) { self.fields = fields }
}

/// What an `ItemView` holds.
struct ItemViewFields: Sendable, Equatable {
    var kind: ContentKind
    var title: String
    var url: String
    var permalink: String
    var date: String?
    var dateISO: String?
    var summary: String
    var summaryHTML: String
    var image: String?
    var imageAlt: String?
    var imageAbsolute: String?
    var categories: [TermView]
    var tags: [TermView]
    var author: String?
    /// Everyone who wrote it, in order.
    var authors: [String] = []
    /// Front-matter keys Herald does not read, as written (`{{item.params.country}}`).
    var params: [String: FrontMatterValue] = [:]
    var readingTime: String
    var readingMinutes: Int
    var wordCount: Int
    var featured: Bool
    var content: String
    var event: EventView?
    /// schema.org JSON-LD, safe to place raw inside a script element.
    var jsonLD: String?
    /// The item's card, rendered once from `partials/card` and shared by every list that shows it.
    var card = ""
    /// The publication date (or an occurrence's start), for the sitemap; not shown to templates.
    var published: Date? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .permalink: return .text(permalink)
        case .kind: return .text(kind.rawValue)
        case .isNews: return .bool(kind == .news)
        case .isEvent: return .bool(kind == .event)
        case .isPage: return .bool(kind == .page)
        case .date: return present(date)
        case .dateISO: return present(dateISO)
        case .summary: return summary.isEmpty ? .absent : .text(summary)
        case .summaryHTML: return summaryHTML.isEmpty ? .absent : .text(summaryHTML)
        case .image: return present(image)
        case .imageAlt: return .text(imageAlt ?? "")
        case .imageAbsolute: return present(imageAbsolute)
        case .category: return present(categories.first)
        case .categories: return categories.templateValue
        case .tags: return tags.templateValue
        case .author: return present(author)
        case .authors: return authors.templateValue
        case .params: return ParamsView(values: params).templateValue
        case .readingTime: return .text(readingTime)
        case .readingMinutes: return .number(readingMinutes)
        case .wordCount: return .number(wordCount)
        case .featured: return featured.templateValue
        case .content: return .text(content)
        case .event: return present(event)
        case .card: return card.templateValue
        case .jsonLD: return present(jsonLD)
        default: return nil
        }
    }
}

extension ItemView {
    /// Puts the fields an item's body gives its view: the HTML, the reading time and the word
    /// count. The one place that knows them, for the planner and for `herald serve`'s updates
    /// after an edit to a body alone (QuickPage, BodyEditRebuild).
    mutating func setBody(_ body: RenderedMarkdown, dates: DateText) {
        change {
            $0.content = body.html
            $0.readingMinutes = body.statistics.readingMinutes
            $0.wordCount = body.statistics.total
            $0.readingTime = dates.readingTime(body.statistics.readingMinutes)
        }
    }
}
