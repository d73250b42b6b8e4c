import Foundation

/// IANA time-zone names, the only ones Herald accepts: Linux Foundation also takes abbreviations
/// such as `PST` or `GMT+8`, which are not zones calendar apps know.
public enum TimeZoneNames {
    static let known = Set(TimeZone.knownTimeZoneIdentifiers)

    /// The zone, if `name` is an IANA name (or `UTC`).
    public static func zone(_ name: String) -> TimeZone? {
        guard known.contains(name) || name == "UTC" else { return nil }
        return TimeZone(identifier: name)
    }
}

extension TimeZoneNames {
    /// Whether `name` is a zone that names no place (UTC, GMT, `Etc/…`): what a container's or a
    /// CI machine's clock says, rarely where a site's readers are.
    static func isPlaceless(_ name: String) -> Bool {
        name.hasPrefix("Etc/") || ["UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Universal", "Zulu"].contains(name)
    }

    /// The name to write for `zone`: its identifier, but `UTC` for the zone Linux Foundation calls
    /// `GMT` (calendar apps show a `GMT` zone as London's, with its summer time).
    static func name(of zone: TimeZone) -> String {
        zone.identifier == "GMT" ? "UTC" : zone.identifier
    }
}
