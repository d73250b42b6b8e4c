import Foundation

/// The clock times at which a build of unchanged input writes exactly what it wrote at `now`.
///
/// What a build publishes depends on the clock only through instants: an item goes live or
/// expires, an event's date finishes (it moves from upcoming to past), a day begins in the site's
/// time zone (today / next seven days, the calendar's current month, the footer's year), and an
/// hour begins (trending ages and the date of an event that names none are read on the hour; see
/// `PublishingRules.hour`). Between two consecutive instants nothing changes, so a rebuild whose
/// input is unchanged and whose clock is still in that span has nothing to do.
public struct OutputValidity: Sendable, Codable, Equatable {
    /// The build's own now: always valid.
    public var at: Date
    /// The last instant before `at` at which the output could change (exclusive).
    public var from: Date
    /// The first instant after `at` at which the output could change (exclusive).
    public var until: Date

    /// Whether a build at `now` gives the same output.
    public func holds(at now: Date) -> Bool {
        now == at || (from < now && now < until)
    }

    /// The span in which both this and `other` (of the same build's now) hold: a multilingual
    /// site's output is the same only while every language's is, each with its own days (a day
    /// begins in each language's time zone). An exact validity stays exact.
    public func meeting(_ other: OutputValidity) -> OutputValidity {
        OutputValidity(at: at, from: max(from, other.from), until: min(until, other.until))
    }

    /// The span around `rules.now` in which none of `items`' instants (and no hour or midnight in
    /// `zone`) falls. Every item counts, including those this build leaves out, since one may go
    /// live. When `now` is itself such an instant, only that exact `now` is valid: the output on
    /// either side of it may differ.
    public static func around(rules: PublishingRules, items: [ContentItem], zone: TimeZone) -> OutputValidity {
        let now = rules.now
        var from = rules.hour
        var until = rules.hour.addingTimeInterval(3600)
        var exact = now == from
        func consider(_ instant: Date) {
            if instant == now {
                exact = true
            } else if instant < now {
                from = max(from, instant)
            } else {
                until = min(until, instant)
            }
        }
        let today = CivilDateTime(now, in: zone)
        let (year, month, day) = CivilDateTime.civil(fromDays: today.daysSinceEpoch + 1)
        consider(CivilDateTime(year: today.year, month: today.month, day: today.day).instant(in: zone))
        consider(CivilDateTime(year: year, month: month, day: day).instant(in: zone))
        for item in items {
            if !rules.includeFuture, let live = item.goesLiveAt { consider(live) }
            if let expiry = item.expiryDate { consider(expiry) }
            if let event = item.event {
                for occurrence in event.occurrences { consider(occurrence.finish) }
            }
        }
        return exact
            ? OutputValidity(at: now, from: now, until: now) : OutputValidity(at: now, from: from, until: until)
    }
}
