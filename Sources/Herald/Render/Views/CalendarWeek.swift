import HeraldTemplates

/// A row of a month grid.
struct CalendarWeek: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var days: [CalendarDayView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<CalendarWeek>(
        "calendar week", about: "a row of a month grid",
        [
            TemplateField("days", .list(.view { CalendarDayView.fields.description }), "its seven days") {
                .list($0.days)
            }
        ])
}
