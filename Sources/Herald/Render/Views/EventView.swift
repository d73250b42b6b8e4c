import Foundation
import HeraldTemplates

/// When and where an event is, in words and machine-readable form.
struct EventView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var when: String
    var zone: String
    var startISO: String
    var endISO: String?
    var allDay: Bool
    var location: String?
    var address: String?
    var mapURL: String?
    /// Where an event held online is joined: its location, when that is a link (a Zoom or Teams
    /// meeting), shown as a link, with `onlineHost` (`zoom.us`) as its words.
    var onlineURL: String? = nil
    var onlineHost: String? = nil
    var registration: String?
    var organizer: String?
    var status: EventStatus
    var upcoming: Bool
    /// The next occurrence is today, or is going on now (in the site's time zone).
    var today = false
    /// The next occurrence starts within the seven days after today.
    var thisWeek = false
    /// How it repeats, in words.
    var repeats: String?
    /// Its dates still to come, in words (for repeating events).
    var dates: [String] = []
    /// The event's own `.ics` file, and the site's calendar as a `webcal://` subscription.
    var calendarFile: String = ""
    var subscribe: String = ""

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    /// What templates see of an event, each value declared once (see `TemplateField`).
    static let fields = TemplateFields<EventView>(
        "event",
        about:
            "when and where an event is; for a repeating event, its next date (on the event lists, each date's card describes that date)",
        [
            TemplateField("when", .text, "the date range in words, in the event's zone") { .text($0.when) },
            TemplateField("zone", .text, "the zone, e.g. `Asia/Shanghai (UTC+08:00)`") { .text($0.zone) },
            TemplateField("startISO", .text, "the start, RFC 3339 (a date alone for an all-day event)") {
                .text($0.startISO)
            },
            TemplateField("endISO", .text, "the end, likewise, when it has one") { present($0.endISO) },
            TemplateField("allDay", .flag, "whether it has dates but no times") { .bool($0.allDay) },
            TemplateField("location", .text, "where it is") { present($0.location) },
            TemplateField("address", .text, "the street address") { present($0.address) },
            TemplateField("mapURL", .text, "a map of the place") { present($0.mapURL) },
            TemplateField("onlineURL", .text, "of an event whose location is a link (a Zoom meeting), the link") {
                present($0.onlineURL)
            },
            TemplateField("onlineHost", .text, "that link's host, to show (`zoom.us`)") { present($0.onlineHost) },
            TemplateField("registration", .text, "where to sign up") { present($0.registration) },
            TemplateField("organizer", .text, "who holds it") { present($0.organizer) },
            TemplateField("status", .text, TemplateReference.choices(EventStatus.self)) { .text($0.status.rawValue) },
            TemplateField("cancelled", .flag, "whether it is cancelled") { .bool($0.status == .cancelled) },
            TemplateField("postponed", .flag, "whether it is postponed") { .bool($0.status == .postponed) },
            TemplateField("upcoming", .flag, "whether it has not ended") { .bool($0.upcoming) },
            TemplateField("past", .flag, "whether it has ended") { .bool(!$0.upcoming) },
            TemplateField("today", .flag, "the next date is today, or it is going on now") { .bool($0.today) },
            TemplateField("thisWeek", .flag, "it starts within the next seven days") { .bool($0.thisWeek) },
            TemplateField("repeats", .text, "how it repeats, in words") { present($0.repeats) },
            TemplateField("dates", .list(.text), "its dates still to come, in words") { $0.dates.templateValue },
            TemplateField("calendarFile", .text, "the event's own `.ics` file") { .text($0.calendarFile) },
            TemplateField("subscribe", .text, "the site's calendar as a `webcal://` link") { .text($0.subscribe) },
        ])
}
