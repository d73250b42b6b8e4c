import HeraldTemplates

/// A month calendar page.
struct CalendarMonthView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var weekdays: [String]
    var weeks: [[CalendarDayView]]
    var days: [CalendarDayEvents]
    var previous: LinkView?
    var next: LinkView?
    var current: Bool

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .weekdays: return weekdays.templateValue
        case .weeks: return weeks.map { CalendarWeek(days: $0) }.templateValue
        case .days: return days.templateValue
        case .empty: return days.isEmpty.templateValue
        case .previous: return present(previous)
        case .next: return present(next)
        case .current: return .bool(current)
        default: return nil
        }
    }
}
