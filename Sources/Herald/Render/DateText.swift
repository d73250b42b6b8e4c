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

    /// When an event takes place, in its own zone: its next occurrence after `now` (its first
    /// when none is left), as one day with its hours, a range of days, or two moments.
    public func eventRange(_ event: EventDetails, now: Date? = nil) -> String {
        let occurrence = now.flatMap(event.nextOccurrence(after:)) ?? event.occurrences.first ?? Occurrence(start: event.start, end: event.end)
        return range(occurrence, allDay: event.allDay, zone: event.timeZone)
    }

    /// One occurrence in words, in `zone`.
    public func range(_ occurrence: Occurrence, allDay: Bool, zone: TimeZone) -> String {
        let start = CivilDateTime(occurrence.start, in: zone)
        if allDay {
            let lastDay = occurrence.end.map { CivilDateTime($0.addingTimeInterval(-1), in: zone) } ?? start
            if lastDay.isoDate == start.isoDate { return dateWithWeekday(start) }
            return "\(dateWithWeekday(start)) – \(dateWithWeekday(lastDay))"
        }
        guard let endInstant = occurrence.end else { return "\(dateWithWeekday(start)) \(start.hourMinute)" }
        let end = CivilDateTime(endInstant, in: zone)
        if end.isoDate == start.isoDate {
            return "\(dateWithWeekday(start)) \(start.hourMinute)–\(end.hourMinute)"
        }
        return "\(dateWithWeekday(start)) \(start.hourMinute) – \(dateWithWeekday(end)) \(end.hourMinute)"
    }

    /// How an event repeats, e.g. `每 2 周，至 2026年12月20日（12月1日除外）` / `Every 2 weeks until 20 Dec 2026 (not on 1 Dec 2026)`.
    public func recurrence(_ rule: Recurrence) -> String {
        var text: String
        switch (rule.frequency, rule.interval, chinese) {
        case (.weekly, 1, true): text = "每周"
        case (.weekly, let n, true): text = "每 \(n) 周"
        case (.monthly, 1, true): text = "每月"
        case (.monthly, let n, true): text = "每 \(n) 个月"
        case (.weekly, 1, false): text = "Every week"
        case (.weekly, let n, false): text = "Every \(n) weeks"
        case (.monthly, 1, false): text = "Every month"
        case (.monthly, let n, false): text = "Every \(n) months"
        }
        if let until = rule.until { text += chinese ? "，至 \(date(until))" : " until \(date(until))" }
        if let count = rule.count { text += chinese ? "，共 \(count) 次" : ", \(count) times" }
        if !rule.except.isEmpty {
            let days = rule.except.map(date).joined(separator: chinese ? "、" : ", ")
            text += chinese ? "（\(days)除外）" : " (not on \(days))"
        }
        return text
    }

    /// `2026年11月` / `November 2026`.
    public func month(year: Int, month: Int) -> String {
        chinese ? "\(year)年\(month)月" : "\(Self.englishMonthNames[month - 1]) \(year)"
    }

    /// Weekday names for a calendar's header, Monday first.
    public var weekdayHeaders: [String] {
        chinese ? ["一", "二", "三", "四", "五", "六", "日"] : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    }

    private static let englishMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

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
