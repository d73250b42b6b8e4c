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

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .when: return .text(when)
        case .zone: return .text(zone)
        case .startISO: return .text(startISO)
        case .endISO: return present(endISO)
        case .allDay: return .bool(allDay)
        case .location: return present(location)
        case .address: return present(address)
        case .mapURL: return present(mapURL)
        case .onlineURL: return present(onlineURL)
        case .onlineHost: return present(onlineHost)
        case .registration: return present(registration)
        case .organizer: return present(organizer)
        case .status: return .text(status.rawValue)
        case .cancelled: return .bool(status == .cancelled)
        case .postponed: return .bool(status == .postponed)
        case .upcoming: return upcoming.templateValue
        case .past: return .bool(!upcoming)
        case .today: return .bool(today)
        case .thisWeek: return thisWeek.templateValue
        case .repeats: return present(repeats)
        case .dates: return dates.templateValue
        case .calendarFile: return .text(calendarFile)
        case .subscribe: return .text(subscribe)
        default: return nil
        }
    }
}
