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

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<CalendarMonthView>(
        "calendar", about: "a month calendar (`/events/calendar/<yyyy>/<mm>/`)",
        [
            TemplateField("title", .text, "the month") { .text($0.title) },
            TemplateField("weekdays", .list(.text), "the weekdays' names, Monday first") { $0.weekdays.templateValue },
            TemplateField("weeks", .list(.view { CalendarWeek.fields.description }), "the grid's rows") {
                $0.weeks.map { CalendarWeek(days: $0) }.templateValue
            },
            TemplateField("days", .list(.view { CalendarDayEvents.fields.description }), "the days with events") {
                $0.days.templateValue
            },
            TemplateField("empty", .flag, "whether no day has events") { .bool($0.days.isEmpty) },
            TemplateField("previous", .view { LinkView.fields.description }, "the nearest earlier month with events") {
                present($0.previous)
            },
            TemplateField("next", .view { LinkView.fields.description }, "the nearest later month with events") {
                present($0.next)
            },
            TemplateField("current", .flag, "whether it is this month") { .bool($0.current) },
        ])
}
