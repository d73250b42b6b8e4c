import Foundation

/// Dates and times in words, the way readers of the site's language write them
/// (`2026年11月21日 周六` in Chinese, `Sat 21 Nov 2026` in English).
public struct DateText: Sendable {
    /// Whether the site is in Chinese (`zh`, `zh-CN`, `zh-Hans` …).
    let chinese: Bool

    /// Date formatting for a site language.
    public init(language: String) {
        chinese = language.lowercased().hasPrefix("zh")
    }

    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let chineseWeekdays = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"]

    /// `2026年11月21日` / `21 Nov 2026`.
    public func date(_ civil: CivilDateTime) -> String {
        chinese ? "\(civil.year)年\(civil.month)月\(civil.day)日" : "\(civil.day) \(Self.englishMonths[civil.month - 1]) \(civil.year)"
    }

    /// `2026年11月21日 周六` / `Sat 21 Nov 2026`.
    public func dateWithWeekday(_ civil: CivilDateTime) -> String {
        chinese ? "\(date(civil)) \(Self.chineseWeekdays[civil.weekday])" : "\(Self.englishWeekdays[civil.weekday]) \(date(civil))"
    }

    /// `2026年11月21日 14:30` / `21 Nov 2026, 14:30`.
    public func dateTime(_ civil: CivilDateTime) -> String {
        chinese ? "\(date(civil)) \(civil.hourMinute)" : "\(date(civil)), \(civil.hourMinute)"
    }

    /// When an event takes place, in its own zone: one day with its hours, a range of days,
    /// or two moments on different days.
    public func eventRange(_ event: EventDetails) -> String {
        let start = CivilDateTime(event.start, in: event.timeZone)
        if event.allDay {
            let lastDay = event.end.map { CivilDateTime($0.addingTimeInterval(-1), in: event.timeZone) } ?? start
            if lastDay.isoDate == start.isoDate { return dateWithWeekday(start) }
            return "\(dateWithWeekday(start)) – \(dateWithWeekday(lastDay))"
        }
        guard let endInstant = event.end else { return "\(dateWithWeekday(start)) \(start.hourMinute)" }
        let end = CivilDateTime(endInstant, in: event.timeZone)
        if end.isoDate == start.isoDate {
            return "\(dateWithWeekday(start)) \(start.hourMinute)–\(end.hourMinute)"
        }
        return "\(dateWithWeekday(start)) \(start.hourMinute) – \(dateWithWeekday(end)) \(end.hourMinute)"
    }

    /// The zone an event's times are in, e.g. `Asia/Shanghai (UTC+08:00)`.
    public func zoneLabel(_ zone: TimeZone, at instant: Date) -> String {
        let offset = TimestampFormat.offsetSuffix(zone.secondsFromGMT(for: instant))
        return "\(zone.identifier) (UTC\(offset == "Z" ? "" : offset))"
    }

    /// `5 分钟阅读` / `5 min read`.
    public func readingTime(_ minutes: Int) -> String {
        chinese ? "约 \(minutes) 分钟读完" : "\(minutes) min read"
    }
}
