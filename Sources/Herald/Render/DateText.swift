import Foundation

/// Dates and times in words, the way readers of the site's language write them
/// (`2026年11月21日 周六` in Chinese, `Sat 21 Nov 2026` in English, `sáb, 21 nov 2026` in Spanish).
///
/// Chinese and English are written by hand, as they always were; any other language from its
/// CLDR patterns (`LocaleDatePatterns`). The words around dates (`5 min read`, `Every 2 weeks`)
/// are interface strings, so a site's `i18n/<code>.yml` says them in its language.
public struct DateText: Sendable {
    /// How dates are written.
    private enum Style: Sendable {
        case chinese
        case english
        case patterns(LocaleDatePatterns)

        var isChinese: Bool { if case .chinese = self { true } else { false } }
    }
    private let style: Style
    /// The interface strings the phrases around dates come from.
    private let strings: [String: String]
    /// `readingTime` cut at its `{count}`, once: filling it in with `replacingOccurrences` for
    /// each of 20,000 item views was 100 ms of planning a two-language 10,000-item site (perf).
    private let readingTimeParts: (before: String, after: String)

    /// Whether the site is in Chinese (`zh`, `zh-CN`, `zh-Hans` …).
    var chinese: Bool { style.isChinese }

    /// Date formatting for a site language, with the interface's phrases (`readingTime`,
    /// `everyWeek` …) from `strings`; a phrase missing there is said in the language's built-in
    /// words (English for a language Herald has none for).
    public init(language: String, strings: [String: String] = [:]) {
        let code = language.lowercased()
        if code.hasPrefix("zh") {
            style = .chinese
        } else if code == "en" || code.hasPrefix("en-") {
            style = .english
        } else {
            style = .patterns(LocaleDatePatterns(language: language))
        }
        self.strings = strings
        let readingTime =
            strings["readingTime"] ?? (style.isChinese ? Self.chinesePhrases : Self.englishPhrases)["readingTime"]!
        if let placeholder = readingTime.range(of: "{count}") {
            readingTimeParts = (
                String(readingTime[..<placeholder.lowerBound]), String(readingTime[placeholder.upperBound...])
            )
        } else {
            readingTimeParts = (readingTime, "")
        }
    }

    private static let englishMonths = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    private static let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let chineseWeekdays = ["周日", "周一", "周二", "周三", "周四", "周五", "周六"]

    /// `2026年11月21日` / `21 Nov 2026` / `21 nov 2026`.
    public func date(_ civil: CivilDateTime) -> String {
        switch style {
        case .chinese: "\(civil.year)年\(civil.month)月\(civil.day)日"
        case .english: "\(civil.day) \(Self.englishMonths[civil.month - 1]) \(civil.year)"
        case .patterns(let patterns):
            patterns.write(patterns.date, year: civil.year, month: civil.month, day: civil.day, weekday: civil.weekday)
        }
    }

    /// `2026年11月21日 周六` / `Sat 21 Nov 2026` / `sáb, 21 nov 2026`.
    public func dateWithWeekday(_ civil: CivilDateTime) -> String {
        switch style {
        case .chinese: "\(date(civil)) \(Self.chineseWeekdays[civil.weekday])"
        case .english: "\(Self.englishWeekdays[civil.weekday]) \(date(civil))"
        case .patterns(let patterns):
            patterns.write(
                patterns.dateWithWeekday, year: civil.year, month: civil.month, day: civil.day, weekday: civil.weekday)
        }
    }

    /// When an event takes place, in its own zone: its next occurrence after `now` (its first
    /// when none is left), as one day with its hours, a range of days, or two moments.
    public func eventRange(_ event: EventDetails, now: Date? = nil) -> String {
        let occurrence =
            now.flatMap(event.nextOccurrence(after:)) ?? event.occurrences.first
            ?? Occurrence(start: event.start, end: event.end)
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
        switch (rule.frequency, rule.interval) {
        case (.weekly, 1): text = phrase("everyWeek")
        case (.weekly, let n): text = phrase("everyWeeks", count: n)
        case (.monthly, 1): text = phrase("everyMonth")
        case (.monthly, let n): text = phrase("everyMonths", count: n)
        }
        if let until = rule.until {
            text += phrase("repeatsUntil").replacingOccurrences(of: "{date}", with: date(until))
        }
        if let count = rule.count { text += phrase("repeatsTimes", count: count) }
        if !rule.except.isEmpty {
            let days = rule.except.map(date).joined(separator: phrase("listSeparator"))
            text += phrase("repeatsExcept").replacingOccurrences(of: "{dates}", with: days)
        }
        return text
    }

    /// An interface phrase, with `{count}` filled in.
    private func phrase(_ key: String, count: Int? = nil) -> String {
        let text = strings[key] ?? (chinese ? Self.chinesePhrases : Self.englishPhrases)[key] ?? key
        return count.map { text.replacingOccurrences(of: "{count}", with: String($0)) } ?? text
    }

    // The built-in theme's words (templates/i18n/en.yml and zh.yml say the same, for sites to
    // change): for a caller with no interface strings, and a theme of a site's own without them.
    private static let englishPhrases = [
        "readingTime": "{count} min read", "everyWeek": "Every week", "everyWeeks": "Every {count} weeks",
        "everyMonth": "Every month", "everyMonths": "Every {count} months", "repeatsUntil": " until {date}",
        "repeatsTimes": ", {count} times", "repeatsExcept": " (not on {dates})", "listSeparator": ", ",
    ]
    private static let chinesePhrases = [
        "readingTime": "约 {count} 分钟读完", "everyWeek": "每周", "everyWeeks": "每 {count} 周",
        "everyMonth": "每月", "everyMonths": "每 {count} 个月", "repeatsUntil": "，至 {date}",
        "repeatsTimes": "，共 {count} 次", "repeatsExcept": "（{dates}除外）", "listSeparator": "、",
    ]

    /// `2026年11月` / `November 2026` / `noviembre de 2026`.
    public func month(year: Int, month: Int) -> String {
        switch style {
        case .chinese: "\(year)年\(month)月"
        case .english: "\(Self.englishMonthNames[month - 1]) \(year)"
        case .patterns(let patterns): patterns.write(patterns.month, year: year, month: month, day: 1, weekday: 0)
        }
    }

    /// Weekday names for a calendar's header, Monday first.
    public var weekdayHeaders: [String] {
        switch style {
        case .chinese: ["一", "二", "三", "四", "五", "六", "日"]
        case .english: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        case .patterns(let patterns): patterns.weekdayHeaders
        }
    }

    private static let englishMonthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// The zone an event's times are in, e.g. `Asia/Shanghai (UTC+08:00)`, or `UTC`.
    public func zoneLabel(_ zone: TimeZone, at instant: Date) -> String {
        let (name, offset) = (
            TimeZoneNames.name(of: zone), TimestampFormat.offsetSuffix(zone.secondsFromGMT(for: instant))
        )
        return name == "UTC" ? name : "\(name) (UTC\(offset == "Z" ? "" : offset))"
    }

    /// `约 5 分钟读完` / `5 min read` (the interface string `readingTime`).
    public func readingTime(_ minutes: Int) -> String {
        readingTimeParts.before + String(minutes) + readingTimeParts.after
    }
}
