import HeraldTemplates

/// A row of a month grid.
struct CalendarWeek: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var days: [CalendarDayView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { key == .days ? .list(days) : nil }
}
