import HeraldTemplates

/// A day's events below a month grid.
struct CalendarDayEvents: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var label: String
    var anchor: String
    var entries: [CalendarEntry]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .label: return .text(label)
        case .anchor: return .text(anchor)
        case .entries: return entries.templateValue
        default: return nil
        }
    }
}
