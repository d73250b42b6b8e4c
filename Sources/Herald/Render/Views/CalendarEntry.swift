import HeraldTemplates

/// One event on one day of a calendar.
struct CalendarEntry: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    var time: String
    var location: String?
    var status: EventStatus
    var color: String?

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .time: return .text(time)
        case .location: return present(location)
        case .cancelled: return .bool(status == .cancelled)
        case .postponed: return .bool(status == .postponed)
        case .color: return present(color)
        default: return nil
        }
    }
}
