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
        lhs.showsAllTerms == rhs.showsAllTerms
            && (lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields)
    }

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }
}

extension ItemView {
    // Each value reads the field where it is, in the box: copying `fields` out first copied all
    // twenty-five fields (a reference count each) on every look-up of an item's name, 70 of the
    // 400 CPU-ms of rendering the 10,000-item corpus's pages (perf).
    /// What templates see of an item, each value declared once (see `TemplateField`).
    static let fields = TemplateFields<ItemView>(
        "item", about: "an item: on its own page (`item`) and in every card and list",
        [
            TemplateField("title", .text, "its title") { .text($0.storage.fields.title) },
            TemplateField("url", .text, "its page") { .text($0.storage.fields.url) },
            TemplateField("permalink", .text, "its page, absolute") { .text($0.storage.fields.permalink) },
            TemplateField("kind", .text, TemplateReference.choices(ContentKind.self)) {
                .text($0.storage.fields.kind.rawValue)
            },
            TemplateField("isNews", .flag, "whether it is news") { .bool($0.storage.fields.kind == .news) },
            TemplateField("isEvent", .flag, "whether it is an event") { .bool($0.storage.fields.kind == .event) },
            TemplateField("isPage", .flag, "whether it is a plain page") { .bool($0.storage.fields.kind == .page) },
            TemplateField("date", .text, "its date in words") { present($0.storage.fields.date) },
            TemplateField("dateISO", .text, "its date, RFC 3339") { present($0.storage.fields.dateISO) },
            TemplateField("summary", .text, "its summary as text") {
                $0.storage.fields.summary.isEmpty ? .absent : .text($0.storage.fields.summary)
            },
            TemplateField("summaryHTML", .html, "its summary as HTML") {
                $0.storage.fields.summaryHTML.isEmpty ? .absent : .text($0.storage.fields.summaryHTML)
            },
            TemplateField(
                "image", .view { ImageView.fields.description },
                "the cover, with its sizes, formats and card crop (see [images.md](images.md#in-templates))"
            ) { present($0.storage.fields.image) },
            TemplateField("imageAlt", .text, "what the cover shows; the item's title when the item gives none") {
                .text($0.storage.fields.imageAlt ?? "")
            },
            TemplateField("imageAbsolute", .view { ImageView.fields.description }, "the cover with absolute URLs") {
                present($0.storage.fields.imageAbsolute)
            },
            TemplateField("category", .view { TermView.fields.description }, "the primary category") {
                present($0.storage.fields.categories.first)
            },
            TemplateField(
                "categories", .list(.view { TermView.fields.description }),
                "on the item's own page all of them; wherever a list shows the item, the first \(LimitOptions.termsShownInLists) (a term's page lists each of its items, so showing every term of each would grow with their square)"
            ) { $0.shown($0.storage.fields.categories) },
            TemplateField("tags", .list(.view { TermView.fields.description }), "likewise, its tags") {
                $0.shown($0.storage.fields.tags)
            },
            TemplateField(
                "taxonomies", .list(.view { ItemTermsView.fields.description }),
                "its terms in each of the site's own taxonomies (site.yml `taxonomies:`) that it names any of, in site.yml's order (an authors taxonomy's are `people`); all of them on its own page, the first \(LimitOptions.termsShownInLists) of each wherever a list shows it"
            ) { view in view.storage.fields.taxonomies.map { $0.shown(all: view.showsAllTerms) }.templateValue },
            TemplateField(
                "moreCategories", .view { MoreTermsView.fields.description },
                "in a list, when `categories` leaves some out"
            ) { $0.showsAllTerms ? .absent : present($0.storage.fields.moreCategories) },
            TemplateField(
                "moreTags", .view { MoreTermsView.fields.description }, "in a list, when `tags` leaves some out"
            ) { $0.showsAllTerms ? .absent : present($0.storage.fields.moreTags) },
            TemplateField("author", .text, "every author, joined") { present($0.storage.fields.author) },
            TemplateField("authors", .list(.text), "the authors, in order") { $0.storage.fields.authors.templateValue },
            TemplateField(
                "people", .list(.view { PersonView.fields.description }),
                "the authors, in order, each with their page where they have one"
            ) { $0.storage.fields.people.templateValue },
            TemplateField(
                .params, .anyName(.anything),
                "the front-matter keys Herald does not read, as written: `{{item.params.country}}`, `{{#item.params.speakers}}{{.}}{{/item.params.speakers}}`"
            ) { ParamsView(values: $0.storage.fields.params).templateValue },
            TemplateField("readingTime", .text, "the reading time in words") { .text($0.storage.fields.readingTime) },
            TemplateField("readingMinutes", .number, "the reading time in minutes") {
                .number($0.storage.fields.readingMinutes)
            },
            TemplateField("wordCount", .number, "how many words the body has") { .number($0.storage.fields.wordCount) },
            TemplateField("featured", .flag, "whether it is a featured pick") { .bool($0.storage.fields.featured) },
            TemplateField("content", .html, "the body") { .text($0.storage.fields.content) },
            TemplateField(
                "toc", .html,
                "the body's table of contents, as nested `<ul>` lists of links to its headings (see [content.md](content.md#heading-ids-and-tables-of-contents))"
            ) { $0.storage.fields.toc.isEmpty ? .absent : .text($0.storage.fields.toc) },
            TemplateField("event", .view { EventView.fields.description }, "of an event, when and where") {
                present($0.storage.fields.event)
            },
            TemplateField(
                "card", .html,
                "the item's card, rendered once per build from `partials/card.mustache` and placed with `{{{card}}}` by every list"
            ) { .text($0.storage.fields.card) },
            TemplateField(
                "jsonLD", .html,
                "schema.org JSON-LD for articles and events, safe to place raw in a `<script type=\"application/ld+json\">`"
            ) { present($0.storage.fields.jsonLD) },
            TemplateField(
                "otherLanguage", .view { LanguageLinkView.fields.description },
                "on a multilingual site, of an item shown untranslated: its language"
            ) { present($0.storage.fields.otherLanguage) },
            TemplateField(
                "neighbours", .view { NeighboursView.fields.description },
                "of a listed article or event, links to the one before it and the one after, among the listed items of its section and language: articles by publication date, events in the order of the event lists (past ones from the earliest, then upcoming ones)"
            ) { present($0.storage.fields.neighbours) },
        ])

    /// Every one of `terms`, or, in a list, the first `LimitOptions.termsShownInLists` of them.
    private func shown(_ terms: [TermView]) -> TemplateValue {
        showsAllTerms || terms.count <= LimitOptions.termsShownInLists
            ? terms.templateValue : Array(terms.prefix(LimitOptions.termsShownInLists)).templateValue
    }
}

extension ItemViewFields: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(kind)
        output.write(title)
        output.write(url)
        output.write(permalink)
        output.write(date)
        output.write(dateISO)
        output.write(summary)
        output.write(summaryHTML)
        output.write(image)
        output.write(imageAlt)
        output.write(imageAbsolute)
        output.write(categories)
        output.write(tags)
        output.write(moreCategories)
        output.write(moreTags)
        output.write(author)
        output.write(authors)
        output.write(params)
        output.write(readingTime)
        output.write(readingMinutes)
        output.write(wordCount)
        output.write(featured)
        output.write(content)
        output.write(toc)
        output.write(event)
        output.write(jsonLD)
        output.write(card)
        output.write(published)
        output.write(otherLanguage)
        output.write(neighbours)
        output.write(taxonomies)
        output.write(people)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            kind: try input.next(),
            title: try input.next(),
            url: try input.next(),
            permalink: try input.next(),
            date: try input.next(),
            dateISO: try input.next(),
            summary: try input.next(),
            summaryHTML: try input.next(),
            image: try input.next(),
            imageAlt: try input.next(),
            imageAbsolute: try input.next(),
            categories: try input.next(),
            tags: try input.next(),
            moreCategories: try input.next(),
            moreTags: try input.next(),
            author: try input.next(),
            authors: try input.next(),
            params: try input.next(),
            readingTime: try input.next(),
            readingMinutes: try input.next(),
            wordCount: try input.next(),
            featured: try input.next(),
            content: try input.next(),
            toc: try input.next(),
            event: try input.next(),
            jsonLD: try input.next(),
            card: try input.next(),
            published: try input.next(),
            otherLanguage: try input.next(),
            neighbours: try input.next(),
            taxonomies: try input.next(),
            people: try input.next())
    }
}

extension ItemView: SnapshotCodable {
    /// Each box is written once however many views share it (a view is in a dozen lists), and
    /// read back as one box, shared as before.
    func write(to output: inout SnapshotWriter) {
        output.write(showsAllTerms)
        output.intern(storage) { $0.write(storage.fields) }
    }

    init(from input: SnapshotReader) throws {
        showsAllTerms = try input.next()
        storage = try input.intern(ItemViewStorage.self) { ItemViewStorage(try $0.next()) }
    }
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
    /// The item before it and the one after, in date order in its section (`Neighbours`).
    var neighbours: NeighboursView? = nil
    /// Its terms in each of the site's own taxonomies that it names any of.
    var taxonomies: [ItemTermsView] = []
    /// Its authors, each with their page where they have one.
    var people: [PersonView] = []
}

extension ItemView {
    /// Marks the item as shown untranslated from another language (`otherLanguage`).
    mutating func setOtherLanguage(_ language: LanguageLinkView) {
        change { $0.otherLanguage = language }
    }

    /// Gives the item its authors as people.
    mutating func setPeople(_ people: [PersonView]) {
        guard !people.isEmpty else { return }
        change { $0.people = people }
    }

    /// Gives the item its terms in the site's own taxonomies.
    mutating func setTaxonomies(_ taxonomies: [ItemTermsView]) {
        guard !taxonomies.isEmpty else { return }
        change { $0.taxonomies = taxonomies }
    }

    /// Links the item to its neighbours in date order (`Neighbours`).
    mutating func setNeighbours(previous: LinkView?, next: LinkView?) {
        guard previous != nil || next != nil else { return }
        change { $0.neighbours = NeighboursView(previous: previous, next: next) }
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
