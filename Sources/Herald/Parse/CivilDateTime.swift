import Foundation

/// A calendar date and wall-clock time without a zone, as an editor writes or a reader sees it.
///
/// Conversions between instants and wall-clock times use the proleptic Gregorian calendar and
/// `TimeZone.secondsFromGMT(for:)`; no `Calendar` or `DateFormatter` is involved, which keeps
/// them fast, thread-safe and independent of the machine's locale.
public struct CivilDateTime: Hashable, Sendable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// Creates a wall-clock time; the fields are not checked (see `isValid`).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
            year, month, day, hour, minute, second
        )
    }

    /// The wall-clock time of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        self.init(instant, offset: timeZone.secondsFromGMT(for: instant))
    }

    /// The wall-clock time of `instant` at `offset` seconds from UTC.
    init(_ instant: Date, offset: Int) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + offset
        let days = seconds.floorDivided(by: 86_400)
        let timeOfDay = seconds - days * 86_400
        let (y, m, d) = Self.civil(fromDays: days)
        self.init(
            year: y, month: m, day: d, hour: timeOfDay / 3600, minute: timeOfDay % 3600 / 60, second: timeOfDay % 60)
    }

    /// The number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether every field is in range (February 30th and 24:61 are not).
    public var isValid: Bool {
        (1...12).contains(month) && (1...Self.daysIn(month: month, year: year)).contains(day)
            && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
    }

    /// Days since 1970-01-01 of this date.
    public var daysSinceEpoch: Int { Self.days(year: year, month: month, day: day) }

    /// Day of the week, 0 = Sunday … 6 = Saturday.
    public var weekday: Int { (daysSinceEpoch + 4).floorModulo(7) }

    /// The instant this wall-clock time names in `timeZone`. A time that happens twice (when
    /// clocks go back) is its first occurrence; a time that does not exist (when clocks go forward)
    /// is read with the offset from before the change, so 02:30 on the spring-forward night in
    /// New York is 03:30 EDT, as calendar apps do.
    public func instant(in timeZone: TimeZone) -> Date {
        let local = daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        func offset(at utc: Int) -> Int { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))) }
        // The offsets in force a day either side cover both sides of any transition.
        let candidates = Set([offset(at: local - 86_400), offset(at: local), offset(at: local + 86_400)])
        let consistent = candidates.filter { offset(at: local - $0) == $0 }
        let chosen = consistent.max() ?? candidates.min()!
        return Date(timeIntervalSince1970: TimeInterval(local - chosen))
    }

    /// The instant this wall-clock time names at a fixed offset from UTC.
    public func instant(offsetSeconds: Int) -> Date {
        let local = daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(local - offsetSeconds))
    }

    /// `YYYY-MM-DD`.
    public var isoDate: String { "\(year.padded(4))-\(month.padded(2))-\(day.padded(2))" }

    /// `HH:MM`.
    public var hourMinute: String { "\(hour.padded(2)):\(minute.padded(2))" }

    public static func < (a: CivilDateTime, b: CivilDateTime) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// Formats instants as the standards that feeds, sitemaps and `<time>` elements ask for.
public enum TimestampFormat {
    /// RFC 3339 with the zone's offset at that instant, e.g. `2026-11-21T14:30:00+08:00` (UTC as `Z`).
    ///
    /// Every page, card, feed entry and sitemap entry has one or two (about 60,000 on the
    /// 10,000-item corpus), so the usual case is written as bytes, not by interpolating padded
    /// numbers (60 ms of CPU, perf); years outside 0-9999 take the general way.
    public static func rfc3339(_ instant: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: instant)
        let civil = CivilDateTime(instant, offset: offset)
        guard (0...9999).contains(civil.year), abs(offset) < 100 * 3600 else {
            return "\(civil.isoDate)T\(civil.hourMinute):\(civil.second.padded(2))\(offsetSuffix(offset))"
        }
        return String(unsafeUninitializedCapacity: 25) { buffer in
            var end = 0
            func put(_ value: Int, width: Int) {
                var rest = value
                for position in stride(from: end + width - 1, through: end, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                end += width
            }
            func put(_ byte: Unicode.Scalar) {
                buffer[end] = UInt8(ascii: byte)
                end += 1
            }
            put(civil.year, width: 4)
            put("-")
            put(civil.month, width: 2)
            put("-")
            put(civil.day, width: 2)
            put("T")
            put(civil.hour, width: 2)
            put(":")
            put(civil.minute, width: 2)
            put(":")
            put(civil.second, width: 2)
            if offset == 0 {
                put("Z")
            } else {
                put(offset < 0 ? "-" : "+")
                put(abs(offset) / 3600, width: 2)
                put(":")
                put(abs(offset) % 3600 / 60, width: 2)
            }
            return end
        }
    }

    /// An event's start or end as standards write it: RFC 3339 in the event's zone, or only the day
    /// for an all-day event (whose end then names its last day, not the midnight after it).
    public static func eventTime(_ instant: Date, allDay: Bool, zone: TimeZone, isEnd: Bool = false) -> String {
        guard allDay else { return rfc3339(instant, in: zone) }
        return CivilDateTime(isEnd ? instant.addingTimeInterval(-1) : instant, in: zone).isoDate
    }

    /// `Z` for UTC, else `±HH:MM`.
    static func offsetSuffix(_ offset: Int) -> String {
        guard offset != 0 else { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return "\(sign)\((magnitude / 3600).padded(2)):\((magnitude % 3600 / 60).padded(2))"
    }
}

extension Int {
    /// Division rounding towards negative infinity, for dates before 1970.
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// Remainder that is never negative for a positive divisor.
    func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }

    /// Decimal digits with leading zeros up to `width`.
    public func padded(_ width: Int) -> String {
        let digits = String(Swift.abs(self))
        let padding = String(repeating: "0", count: Swift.max(0, width - digits.count))
        return (self < 0 ? "-" : "") + padding + digits
    }
}
