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
    /// Whether templates see every category and tag (the item's own page) or, as every list
    /// shows an item (its card, a list page's entry, the home page's strips), the first
    /// `LimitOptions.termsShownInLists` of each and how many more: a term's page lists each of
    /// its items, so an item listing all its terms there made the output grow with their square.
    private(set) var showsAllTerms = false

    init(_ fields: ItemViewFields) { storage = ItemViewStorage(fields) }

    /// The view as the item's own page shows it: every category and tag.
    var withAllTerms: ItemView {
        var view = self
        view.showsAllTerms = true
        return view
    }

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
    var imageAbsolute: ImageView? { storage.fields.imageAbsolute }
    var otherLanguage: LanguageLinkView? { storage.fields.otherLanguage }
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
        lhs.showsAllTerms == rhs.showsAllTerms && (lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields)
    }

    func templateValue(_ key: TemplateKey) -> TemplateValue? { storage.templateValue(key, allTerms: showsAllTerms) }
}

/// The box of an `ItemView`'s fields. A box is changed only while one view alone holds it
/// (`isKnownUniquelyReferenced`), so the views sharing it across threads only read it.
private final class ItemViewStorage: @unchecked Sendable {
    var fields: ItemViewFields
    init(_ fields: ItemViewFields) { self.fields = fields }

    /// One field as templates see it, read where it is: calling a method of `fields` copied all
    /// twenty-five fields out of the box first (a reference count each), on every look-up of an
    /// item's name, 70 of the 400 CPU-ms of rendering the 10,000-item corpus's pages (perf).
    func templateValue(_ key: TemplateKey, allTerms: Bool) -> TemplateValue? {
        switch key {
        case .title: return fields.title.templateValue
        case .url: return .text(fields.url)
        case .permalink: return .text(fields.permalink)
        case .kind: return .text(fields.kind.rawValue)
        case .isNews: return .bool(fields.kind == .news)
        case .isEvent: return .bool(fields.kind == .event)
        case .isPage: return .bool(fields.kind == .page)
        case .date: return present(fields.date)
        case .dateISO: return present(fields.dateISO)
        case .summary: return fields.summary.isEmpty ? .absent : .text(fields.summary)
        case .summaryHTML: return fields.summaryHTML.isEmpty ? .absent : .text(fields.summaryHTML)
        case .image: return present(fields.image)
        case .imageAlt: return .text(fields.imageAlt ?? "")
        case .imageAbsolute: return present(fields.imageAbsolute)
        case .category: return present(fields.categories.first)
        case .categories: return Self.terms(fields.categories, all: allTerms)
        case .tags: return Self.terms(fields.tags, all: allTerms)
        case .moreCategories: return allTerms ? .absent : present(fields.moreCategories)
        case .moreTags: return allTerms ? .absent : present(fields.moreTags)
        case .author: return present(fields.author)
        case .authors: return fields.authors.templateValue
        case .params: return ParamsView(values: fields.params).templateValue
        case .readingTime: return .text(fields.readingTime)
        case .readingMinutes: return .number(fields.readingMinutes)
        case .wordCount: return .number(fields.wordCount)
        case .featured: return fields.featured.templateValue
        case .content: return .text(fields.content)
        case .toc: return fields.toc.isEmpty ? .absent : .text(fields.toc)
        case .event: return present(fields.event)
        case .card: return fields.card.templateValue
        case .jsonLD: return present(fields.jsonLD)
        case .otherLanguage: return present(fields.otherLanguage)
        default: return nil
        }
    }

    /// Every term, or the first `LimitOptions.termsShownInLists` of them.
    private static func terms(_ terms: [TermView], all: Bool) -> TemplateValue {
        all || terms.count <= LimitOptions.termsShownInLists ? terms.templateValue : Array(terms.prefix(LimitOptions.termsShownInLists)).templateValue
    }
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
    /// The cover, with its sizes and card crop.
    var image: ImageView?
    var imageAlt: String?
    /// The cover with absolute URLs, for the page's social image.
    var imageAbsolute: ImageView?
    var categories: [TermView]
    var tags: [TermView]
    /// The categories and tags a list leaves out (see `ItemView.showsAllTerms`), when there are.
    var moreCategories: MoreTermsView? = nil
    var moreTags: MoreTermsView? = nil
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
    /// The body's table of contents (`TableOfContents`), or "".
    var toc = ""
    var event: EventView?
    /// schema.org JSON-LD, safe to place raw inside a script element.
    var jsonLD: String?
    /// The item's card, rendered once from `partials/card` and shared by every list that shows it.
    var card = ""
    /// The publication date (or an occurrence's start), for the sitemap; not shown to templates.
    var published: Date? = nil
    /// Of an item shown untranslated from another language, that language (the card's badge, and
    /// `lang` for its text).
    var otherLanguage: LanguageLinkView? = nil
}

extension ItemView {
    /// Marks the item as shown untranslated from another language (`otherLanguage`).
    mutating func setOtherLanguage(_ language: LanguageLinkView) {
        change { $0.otherLanguage = language }
    }

    /// Puts the fields an item's body gives its view: the HTML, the reading time and the word
    /// count. The one place that knows them, for the planner and for `herald serve`'s updates
    /// after an edit to a body alone (QuickPage, BodyEditRebuild).
    mutating func setBody(_ body: RenderedMarkdown, dates: DateText) {
        change {
            $0.content = body.html
            $0.toc = body.tableOfContents
            $0.readingMinutes = body.statistics.readingMinutes
            $0.wordCount = body.statistics.total
            $0.readingTime = dates.readingTime(body.statistics.readingMinutes)
        }
    }
}
