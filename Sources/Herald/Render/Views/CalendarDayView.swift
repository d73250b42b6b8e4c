import HeraldTemplates

/// A day cell of a month grid.
struct CalendarDayView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var day: Int
    var inMonth: Bool
    var count: Int
    var anchor: String
    var today: Bool
    var label: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .day: return .number(day)
        case .inMonth: return .bool(inMonth)
        case .count: return .number(count)
        case .hasEvents: return .bool(count > 0)
        case .anchor: return .text(anchor)
        case .today: return .bool(today)
        case .label: return .text(label)
        default: return nil
        }
    }
}
