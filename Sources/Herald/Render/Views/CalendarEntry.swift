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

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .time: return .text(time)
        case .location: return present(location)
        case .cancelled: return .bool(status == .cancelled)
        case .postponed: return .bool(status == .postponed)
        case .color: return present(color)
        case .language: return language.map { .text($0) }
        default: return nil
        }
    }
}
