import Foundation

/// IANA time-zone names, the only ones Herald accepts: Linux Foundation also takes abbreviations
/// such as `PST` or `GMT+8`, which are not zones calendar apps know.
public enum TimeZoneNames {
    /// Foundation's list, which is ICU's: it lacks names tzdata has and Foundation's zones read
    /// (`Asia/Kolkata`, the old names kept as links, `US/Pacific`).
    static let known = Set(TimeZone.knownTimeZoneIdentifiers)
    /// The names of places of the system's tzdata, read (114 KB) only for a name `known` lacks.
    static let tzdataPlaces = Set(placeNames(tzdata: systemTzdata))

    /// The names of places in tzdata's compact text (`tzdata.zi`): the zones (`Z Asia/Kolkata …`)
    /// and links (`L Asia/Kolkata Asia/Calcutta`) that hold a `/`, but not `Etc/…`. Names such as
    /// `EST` or `PST8PDT` are left out: they are no place, and calendar apps do not know them.
    static func placeNames(tzdata text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            let name =
                fields.first == "Z" && fields.count > 1
                ? fields[1] : fields.first == "L" && fields.count > 2 ? fields[2] : nil
            guard let name, name.contains("/"), !name.hasPrefix("Etc/") else { return nil }
            return String(name)
        }
    }

    /// The system's `tzdata.zi` (`$TZDIR`, else Debian's `/usr/share/zoneinfo`); empty when there is none.
    private static var systemTzdata: String {
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        return (try? String(contentsOfFile: folder + "/tzdata.zi", encoding: .utf8)) ?? ""
    }

    /// The zone, if `name` is an IANA name (or `UTC`). IANA's other names of UTC (`Etc/UTC`,
    /// what many containers' clocks say, `Etc/GMT`, `Zulu` …) are taken too, though Foundation's
    /// list leaves them out; the offsets `Etc/GMT+5` are not, as their sign is the reverse of what
    /// they seem to say.
    public static func zone(_ name: String) -> TimeZone? {
        guard known.contains(name) || name == "UTC" || isPlaceless(name) && isUTC(name) || tzdataPlaces.contains(name)
        else { return nil }
        return TimeZone(identifier: name)
    }

    /// Whether `name` is a name of UTC itself: no offset, ever.
    private static func isUTC(_ name: String) -> Bool {
        guard let zone = TimeZone(identifier: name) else { return false }
        return zone.secondsFromGMT() == 0 && zone.nextDaylightSavingTimeTransition == nil
    }
}

extension TimeZoneNames {
    /// Whether `name` is a zone that names no place (UTC, GMT, `Etc/…`): what a container's or a
    /// CI machine's clock says, rarely where a site's readers are.
    static func isPlaceless(_ name: String) -> Bool {
        name.hasPrefix("Etc/")
            || ["UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Greenwich", "Universal", "Zulu"].contains(name)
    }

    /// The name to write for `zone` in pages, calendars and the API: its identifier, but `UTC` for
    /// every name of UTC, among them the `GMT` Linux Foundation makes of `UTC` (calendar apps show
    /// a `GMT` zone as London's, with its summer time).
    public static func name(of zone: TimeZone) -> String {
        isPlaceless(zone.identifier) && isUTC(zone.identifier) ? "UTC" : zone.identifier
    }
}
