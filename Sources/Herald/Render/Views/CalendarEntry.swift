import HeraldTemplates

/// One event on one day of a calendar.
struct CalendarEntry: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    var time: String
    var location: String?
    var status: EventStatus
    var color: String?
    /// The language of its title and place when they are not the page's (an event shown
    /// untranslated from another language), for `lang="…"`.
    var language: String? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<CalendarEntry>(
        "calendar entry", about: "one event on one day of a calendar",
        [
            TemplateField("title", .text, "the event's title") { .text($0.title) },
            TemplateField("url", .text, "its page") { .text($0.url) },
            TemplateField("time", .text, "its time that day, in words") { .text($0.time) },
            TemplateField("location", .text, "where it is") { present($0.location) },
            TemplateField("cancelled", .flag, "whether it is cancelled") { .bool($0.status == .cancelled) },
            TemplateField("postponed", .flag, "whether it is postponed") { .bool($0.status == .postponed) },
            TemplateField("color", .text, "its category's colour") { present($0.color) },
            // nil, not absent, when it is the page's: `lang="{{language}}"` then finds the site's.
            TemplateField("language", .text, "its language, for an event shown untranslated from another language") {
                $0.language.map { .text($0) }
            },
        ])
}
