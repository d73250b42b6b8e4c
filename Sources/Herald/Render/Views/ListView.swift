import Foundation
import HeraldTemplates

/// A page of a list: a category, a tag, all news, upcoming or past events.
struct ListView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var kind: ListKind
    var title: String
    var description: String?
    var color: String?
    var icon: String?
    var items: [ItemView]
    var pager: PagerView
    /// The items in groups (one untitled group, except on the upcoming-events list).
    var sections: [ListSection] = []
    /// The current month's calendar, on event lists.
    var calendarURL: String? = nil
    /// On a term's list, its taxonomy: its title and list of terms.
    var taxonomy: LinkView? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<ListView>(
        "list", about: "a page of a paged list",
        [
            TemplateField(
                "sections", .list(.view { ListSection.fields.description }),
                "the items in groups: on `/events/` today, the next 7 days and later; elsewhere one untitled group"
            ) { $0.sections.templateValue },
            TemplateField("calendarURL", .text, "the current month's calendar, on event lists") {
                present($0.calendarURL)
            },
            TemplateField("kind", .text, TemplateReference.choices(ListKind.self)) { .text($0.kind.rawValue) },
            TemplateField("title", .text, "its title") { .text($0.title) },
            TemplateField("description", .text, "a category's or tag's description") { present($0.description) },
            TemplateField("color", .text, "a category's colour") { present($0.color) },
            TemplateField("icon", .text, "a category's icon") { present($0.icon) },
            TemplateField("items", .list(.view { ItemView.fields.description }), "the page's items") {
                $0.items.templateValue
            },
            TemplateField("empty", .flag, "whether it has none") { .bool($0.items.isEmpty) },
            TemplateField(
                "pager", .view { PagerView.fields.description }, "where the page stands among the list's pages"
            ) { $0.pager.templateValue },
            TemplateField("isCategory", .flag, "whether it is a category's") { .bool($0.kind == .category) },
            TemplateField("isTag", .flag, "whether it is a tag's") { .bool($0.kind == .tag) },
            TemplateField("ranked", .flag, "whether it is ranked (the trending list)") { .bool($0.kind == .trending) },
            TemplateField("isEvents", .flag, "whether it lists upcoming events") { .bool($0.kind == .events) },
            TemplateField("isPastEvents", .flag, "whether it lists past events") { .bool($0.kind == .pastEvents) },
            TemplateField(
                "taxonomy", .view { LinkView.fields.description },
                "on a term's list, its taxonomy (`title`: `Topics`, `url`: its list of terms)"
            ) { present($0.taxonomy) },
        ])
}
