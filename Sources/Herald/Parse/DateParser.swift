import Foundation

/// A date read from front matter: the instant it names, and how it was written.
public struct ParsedDate: Hashable, Sendable {
    /// The instant (for a date without a time: midnight in the zone it was read in).
    public var instant: Date
    /// The wall-clock date and time as written (before any offset was applied).
    public var civil: CivilDateTime
    /// Whether a time of day was written; `2026-12-05` alone is a whole day.
    public var hasTime: Bool
    /// Whether an explicit offset (`Z`, `+08:00`) was written.
    public var hasOffset: Bool
}

/// Reads the date forms Herald accepts: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` and RFC 3339 /
/// YAML timestamps with an offset (`2026-11-21T09:30:00+08:00`, `2026-11-21 09:30:00 Z`).
///
/// Yams would turn timestamps into `Date` itself, but it reads a time without an offset as UTC;
/// Herald reads it in the event's or the site's time zone, so it needs the text as written.
public enum DateParser {
    /// Why a text is not a date.
    public struct Problem: Error, Equatable, Sendable {
        /// A sentence for the editor.
        public var message: String
    }

    /// Parses `text`; a date or time without an offset is read in `timeZone`.
    public static func parse(_ text: String, timeZone: TimeZone) -> Result<ParsedDate, Problem> {
        var scanner = ByteScanner(Array(text.trimmed().utf8))
        let shape = "expected YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS] or an RFC 3339 date such as 2026-11-21T09:30:00+08:00"
        guard let year = scanner.digits(exactly: 4), scanner.take(UInt8(ascii: "-")),
            let month = scanner.digits(from: 1, to: 2), scanner.take(UInt8(ascii: "-")),
            let day = scanner.digits(from: 1, to: 2)
        else { return .failure(Problem(message: "'\(text)' is not a date: \(shape)")) }

        var civil = CivilDateTime(year: year, month: month, day: day)
        var hasTime = false
        var offset: Int?
        if !scanner.atEnd {
            guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.skipSpaces(),
                let hour = scanner.digits(from: 1, to: 2), scanner.take(UInt8(ascii: ":")),
                let minute = scanner.digits(exactly: 2)
            else { return .failure(Problem(message: "'\(text)' is not a date: \(shape)")) }
            civil.hour = hour
            civil.minute = minute
            hasTime = true
            if scanner.take(UInt8(ascii: ":")) {
                guard let second = scanner.digits(exactly: 2) else {
                    return .failure(Problem(message: "'\(text)' is not a date: \(shape)"))
                }
                civil.second = second
                // Fractions of a second are accepted and dropped: pages show minutes at most.
                if scanner.take(UInt8(ascii: ".")) { _ = scanner.digits(from: 1, to: 9) }
            }
            _ = scanner.skipSpaces()
            switch readOffset(&scanner, text: text) {
            case .success(let found): offset = found
            case .failure(let problem): return .failure(problem)
            }
            guard scanner.atEnd else { return .failure(Problem(message: "'\(text)' is not a date: \(shape)")) }
        }

        if let problem = impossibility(of: civil, text: text) { return .failure(problem) }
        let instant = offset.map { civil.instant(offsetSeconds: $0) } ?? civil.instant(in: timeZone)
        return .success(ParsedDate(instant: instant, civil: civil, hasTime: hasTime, hasOffset: offset != nil))
    }

    /// A UTC offset after the time (`Z`, `+08:00`, `+0800`, `-5`), nil when none is written.
    private static func readOffset(_ scanner: inout ByteScanner, text: String) -> Result<Int?, Problem> {
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) { return .success(0) }
        guard let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return .success(nil)
        }
        scanner.advance()
        // Made only on failure: most dates carry an offset, and the message is a string to build.
        func unreadable() -> Result<Int?, Problem> {
            .failure(Problem(message: "'\(text)' has an unreadable UTC offset: expected +HH:MM"))
        }
        guard let hours = scanner.digits(from: 1, to: 2) else { return unreadable() }
        var minutes = 0
        if scanner.take(UInt8(ascii: ":")) {
            guard let m = scanner.digits(exactly: 2) else { return unreadable() }
            minutes = m
        } else if let m = scanner.digits(exactly: 2) {
            minutes = m
        }
        guard hours <= 18, minutes <= 59 else {
            return .failure(Problem(message: "'\(text)' has an impossible UTC offset"))
        }
        return .success((hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1))
    }

    /// Why a date read in the right shape is not one Herald can publish, if it is not.
    private static func impossibility(of civil: CivilDateTime, text: String) -> Problem? {
        guard (1000...9999).contains(civil.year) else {
            return Problem(
                message: "'\(text)' is not a date Herald can publish: the year must be between 1000 and 9999")
        }
        guard (1...12).contains(civil.month) else {
            return Problem(message: "'\(text)' is not a real date: there is no month \(civil.month)")
        }
        let days = CivilDateTime.daysIn(month: civil.month, year: civil.year)
        guard (1...days).contains(civil.day) else {
            return Problem(
                message: "'\(text)' is not a real date: \(monthNames[civil.month - 1]) \(civil.year) has \(days) days")
        }
        guard civil.isValid else {
            return Problem(message: "'\(text)' is not a real time of day: hours run 00–23, minutes and seconds 00–59")
        }
        return nil
    }

    /// Parses `--now` and other command-line instants: RFC 3339 with an offset (or a date, read in UTC).
    public static func parseInstant(_ text: String) -> Date? {
        guard case .success(let parsed) = parse(text, timeZone: TimeZone(identifier: "UTC")!) else { return nil }
        return parsed.instant
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}

/// A cursor over ASCII bytes for the small grammars Herald reads by hand.
struct ByteScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }
    mutating func advance() { index += 1 }

    /// Consumes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Consumes one or more spaces; false if none.
    mutating func skipSpaces() -> Bool {
        let start = index
        while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") { index += 1 }
        return index > start
    }

    /// Reads exactly `count` decimal digits.
    mutating func digits(exactly count: Int) -> Int? { digits(from: count, to: count) }

    /// Reads between `minimum` and `maximum` decimal digits.
    mutating func digits(from minimum: Int, to maximum: Int) -> Int? {
        var value = 0
        var read = 0
        while read < maximum, let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            read += 1
            index += 1
        }
        if read < minimum {
            index -= read
            return nil
        }
        return value
    }
}
