import HeraldTemplates

/// A day cell of a month grid.
struct CalendarDayView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var day: Int
    var inMonth: Bool
    var count: Int
    var anchor: String
    var today: Bool
    var label: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<CalendarDayView>(
        "calendar day", about: "a day cell of a month grid",
        [
            TemplateField("day", .number, "the day of the month") { .number($0.day) },
            TemplateField("inMonth", .flag, "whether it is in the month shown (not a day of the weeks around it)") {
                .bool($0.inMonth)
            },
            TemplateField("count", .number, "how many events it has") { .number($0.count) },
            TemplateField("hasEvents", .flag, "whether it has any") { .bool($0.count > 0) },
            TemplateField("anchor", .text, "the ID of its events below the grid") { .text($0.anchor) },
            TemplateField("today", .flag, "whether it is today") { .bool($0.today) },
            TemplateField("label", .text, "the day in words") { .text($0.label) },
        ])
}
