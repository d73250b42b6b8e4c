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

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .sections: return sections.templateValue
        case .calendarURL: return present(calendarURL)
        case .kind: return .text(kind.rawValue)
        case .title: return title.templateValue
        case .description: return present(description)
        case .color: return present(color)
        case .icon: return present(icon)
        case .items: return items.templateValue
        case .empty: return items.isEmpty.templateValue
        case .pager: return pager.templateValue
        case .isCategory: return .bool(kind == .category)
        case .isTag: return .bool(kind == .tag)
        case .ranked: return .bool(kind == .trending)
        case .isEvents: return .bool(kind == .events)
        case .isPastEvents: return .bool(kind == .pastEvents)
        default: return nil
        }
    }
}
