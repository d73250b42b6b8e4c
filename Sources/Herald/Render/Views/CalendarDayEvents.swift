import HeraldTemplates

/// A day's events below a month grid.
struct CalendarDayEvents: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var label: String
    var anchor: String
    var entries: [CalendarEntry]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<CalendarDayEvents>(
        "calendar day's events", about: "a day with events, listed below the month grid",
        [
            TemplateField("label", .text, "the day in words") { .text($0.label) },
            TemplateField("anchor", .text, "its ID on the page, which the grid's day links to") { .text($0.anchor) },
            TemplateField("entries", .list(.view { CalendarEntry.fields.description }), "its events") {
                $0.entries.templateValue
            },
        ])
}
