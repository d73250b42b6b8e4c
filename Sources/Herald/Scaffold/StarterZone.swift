/// The time zone `herald new site` writes when it is not given one, and why, so that it can say so.
public struct StarterZone: Equatable, Sendable {
    /// Where the zone came from.
    public enum Source: Equatable, Sendable {
        /// This machine's clock, which names a place.
        case machine
        /// The region of the site's language (the machine's clock says only UTC).
        case language(region: String)
        /// Nothing better was known: UTC.
        case fallback
    }

    /// The IANA name written to site.yml.
    public var identifier: String
    public var source: Source

    /// The machine's zone when it names a place; else the likely zone of the language's region
    /// (zh-CN in a container whose clock says UTC gets Asia/Shanghai); else UTC. Written as
    /// `UTC`: Linux Foundation names UTC `GMT`, which calendar apps show as London's zone.
    public static func choose(machine: String, language: String, regions: RegionZones) -> StarterZone {
        if !TimeZoneNames.isPlaceless(machine), TimeZoneNames.zone(machine) != nil {
            return StarterZone(identifier: machine, source: .machine)
        }
        if let region = RegionZones.region(ofLanguage: language), let zone = regions.zone(forRegion: region),
            TimeZoneNames.zone(zone) != nil
        {
            return StarterZone(identifier: zone, source: .language(region: region))
        }
        return StarterZone(identifier: "UTC", source: .fallback)
    }

    /// One line for the editor: the zone, and why it was chosen when it was a guess.
    public func explanation(machine: String, language: String) -> String? {
        switch source {
        case .machine: return nil
        case .language(let region):
            return
                "Time zone: \(identifier), the zone of \(region) (the language \(language)'s region), as this machine's clock says only \(machine). If the site is elsewhere, change timezone: in site.yml."
        case .fallback:
            return
                "Time zone: UTC, as this machine's clock says only \(machine) and the language \(language) names no region. Set timezone: in site.yml to where the site's readers are (e.g. Europe/London), or pass --timezone."
        }
    }
}
