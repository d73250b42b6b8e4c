import Foundation

/// How an event repeats (`repeat:` in front matter): weekly or monthly, every `interval` weeks or
/// months, until a date or for a number of times, leaving out `except` dates. The same rule is
/// written into iCalendar as one RRULE, so the occurrences here are exactly what calendar apps show.
public struct Recurrence: Sendable, Equatable {
    /// Weekly or monthly.
    public enum Frequency: String, Sendable, CaseIterable {
        case weekly, monthly
    }

    public var frequency: Frequency
    /// Every `interval` weeks or months (1 = every one).
    public var interval: Int
    /// The last day an occurrence may start on (inclusive), in the event's zone.
    public var until: CivilDateTime?
    /// How many occurrences the rule makes (before `except` dates are taken out).
    public var count: Int?
    /// Days on which the occurrence is left out.
    public var except: [CivilDateTime]

    /// At most this many occurrences are expanded, so a mistaken `until: 2099-…` stays bounded.
    public static let maximumOccurrences = 500

    public init(
        frequency: Frequency, interval: Int = 1, until: CivilDateTime? = nil, count: Int? = nil,
        except: [CivilDateTime] = []
    ) {
        self.frequency = frequency
        self.interval = interval
        self.until = until
        self.count = count
        self.except = except
    }

    /// The start days (and wall-clock times) of the occurrences, first one included, without the
    /// `except` days. Monthly occurrences keep the day of the month and skip months without it
    /// (the 31st), as RFC 5545 does.
    public func starts(from first: CivilDateTime) -> [CivilDateTime] {
        let excluded = Set(except.map(\.isoDate))
        return candidates(from: first).filter { !excluded.contains($0.isoDate) }
    }

    /// Every start the rule makes before `except` days are taken out (what COUNT counts), at most
    /// `maximumOccurrences`.
    public func candidates(from first: CivilDateTime) -> [CivilDateTime] {
        var result: [CivilDateTime] = []
        var step = 0
        while result.count < (count ?? Self.maximumOccurrences), result.count < Self.maximumOccurrences,
            step < Self.maximumOccurrences * 12
        {
            var candidate = first
            switch frequency {
            case .weekly:
                let (y, m, d) = CivilDateTime.civil(fromDays: first.daysSinceEpoch + step * 7 * interval)
                (candidate.year, candidate.month, candidate.day) = (y, m, d)
            case .monthly:
                let months = first.month - 1 + step * interval
                candidate.year = first.year + months.floorDivided(by: 12)
                candidate.month = months.floorModulo(12) + 1
            }
            step += 1
            if let until, candidate.isoDate > until.isoDate { break }
            guard candidate.isValid else { continue }  // 31 February: no occurrence that month
            result.append(candidate)
        }
        return result
    }
}

/// One time an event takes place.
public struct Occurrence: Sendable, Equatable {
    /// When it starts.
    public var start: Date
    /// When it ends, if the event has an end.
    public var end: Date?

    public init(start: Date, end: Date?) {
        self.start = start
        self.end = end
    }

    /// The moment after which it is over.
    public var finish: Date { end ?? start }
}
