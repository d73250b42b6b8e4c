import Foundation

/// IANA time-zone names, the only ones Herald accepts: Linux Foundation also takes abbreviations
/// such as `PST` or `GMT+8`, which are not zones calendar apps know.
enum TimeZoneNames {
    static let known = Set(TimeZone.knownTimeZoneIdentifiers)

    /// The zone, if `name` is an IANA name (or `UTC`).
    static func zone(_ name: String) -> TimeZone? {
        guard known.contains(name) || name == "UTC" else { return nil }
        return TimeZone(identifier: name)
    }
}
