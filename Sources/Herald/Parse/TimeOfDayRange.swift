import Foundation

/// Jekyll's `time:` key: the hours of an event whose day is its `date`. `19:00-21:00` is a timed
/// event from seven to nine; `14:00` is a start time alone. Also read: `7pm`, `7:30 PM – 9 PM`,
/// `19:00~21:00`, `19:00 to 21:00`, `19:00至21:00` and full-width digits and colons, as
/// Chinese editors type them.
public struct TimeOfDayRange: Sendable, Equatable {
    /// Hours and minutes of the start.
    public var start: (hour: Int, minute: Int)
    /// Hours and minutes of the end, when given.
    public var end: (hour: Int, minute: Int)?

    public static func == (a: TimeOfDayRange, b: TimeOfDayRange) -> Bool {
        a.start == b.start && a.end?.hour == b.end?.hour && a.end?.minute == b.end?.minute
    }

    /// The separators between the two times, longest first.
    private static let separators = [" to ", "--", "-", "–", "—", "~", "～", "至", "到"]

    /// Reads a time or a range of times.
    public static func parse(_ written: String) -> Result<TimeOfDayRange, DateParser.Problem> {
        let text = normalize(written)
        let shape = DateParser.Problem(
            message: "'\(written)' is not a time: expected HH:MM or HH:MM-HH:MM, such as 19:00-21:00")
        var parts = [text]
        for separator in separators where text.contains(separator) {
            parts = text.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }
            break
        }
        guard (1...2).contains(parts.count) else { return .failure(shape) }
        guard let start = time(parts[0]) else { return .failure(shape) }
        var end: (Int, Int)?
        if parts.count == 2 {
            // `7-9pm`: the end's am/pm holds for a start that gives none.
            let startText =
                parts[0].hasSuffix("am") || parts[0].hasSuffix("pm")
                ? parts[0] : parts[0] + (parts[1].hasSuffix("pm") ? "pm" : parts[1].hasSuffix("am") ? "am" : "")
            // `14:00-24:00`: an evening that ends at midnight.
            let endText = parts[1] == "24:00" || parts[1] == "24" ? "00:00" : parts[1]
            guard let adjusted = time(startText), let parsedEnd = time(endText) else { return .failure(shape) }
            end = parsedEnd
            return .success(TimeOfDayRange(start: adjusted, end: end))
        }
        return .success(TimeOfDayRange(start: start, end: end))
    }

    /// Whether a `time:` that is no time is words rather than a mistyped time: it holds a letter
    /// that no time has (anything but `am`, `pm` and `h`), such as `中午及傍晚` or `after dinner`.
    public static func isProse(_ written: String) -> Bool {
        var letters = normalize(written).filter(\.isLetter)
        for word in ["am", "pm", "to", "h", "至", "到"] { letters = letters.replacingOccurrences(of: word, with: "") }
        return !letters.isEmpty
    }

    /// The start on a day, in a zone.
    func start(on day: CivilDateTime, zone: TimeZone) -> ParsedDate {
        at(start, on: day, zone: zone)
    }

    /// The end on a day (the next day when it is not after the start: `22:00-01:00`).
    func end(on day: CivilDateTime, zone: TimeZone) -> ParsedDate? {
        guard let end else { return nil }
        let crossesMidnight = end.hour * 60 + end.minute <= start.hour * 60 + start.minute
        guard crossesMidnight else { return at(end, on: day, zone: zone) }
        let next = CivilDateTime.civil(fromDays: day.daysSinceEpoch + 1)
        return at(end, on: CivilDateTime(year: next.year, month: next.month, day: next.day), zone: zone)
    }

    private func at(_ time: (hour: Int, minute: Int), on day: CivilDateTime, zone: TimeZone) -> ParsedDate {
        var civil = CivilDateTime(year: day.year, month: day.month, day: day.day)
        civil.hour = time.hour
        civil.minute = time.minute
        return ParsedDate(instant: civil.instant(in: zone), civil: civil, hasTime: true, hasOffset: false)
    }

    /// Lower-cased, with full-width digits, letters, colons and spaces made ASCII (Unicode's
    /// compatibility mapping) and `a.m.` made `am`.
    private static func normalize(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.trimmed().lowercased()
            .replacingOccurrences(of: "a.m.", with: "am").replacingOccurrences(of: "p.m.", with: "pm")
    }

    /// One time of day: `19:00`, `9:30`, `7pm`, `7:30 pm`, `19h`, `19.30`.
    private static func time(_ text: String) -> (hour: Int, minute: Int)? {
        var text = text.trimmingCharacters(in: .whitespaces)
        var meridiem: String?
        for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
            meridiem = suffix
            text = String(text.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        if text.hasSuffix("h") { text = String(text.dropLast()) }
        let pieces = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." || $0 == "h" })
        guard (1...3).contains(pieces.count),
            pieces.allSatisfy({ piece in
                !piece.isEmpty && piece.count <= 2 && piece.allSatisfy { $0.isASCII && $0.isNumber }
            }),
            var hour = Int(pieces[0])
        else { return nil }
        let minute = pieces.count > 1 ? Int(pieces[1]) ?? -1 : 0
        if pieces.count > 1, pieces[1].count != 2 { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return (hour, minute)
    }
}
