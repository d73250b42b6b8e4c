import Foundation

/// The time zone tzdata lists first for each country, read from its `zone1970.tab`: the zone of
/// the most populous place (CN → Asia/Shanghai, TW → Asia/Taipei, GB → Europe/London,
/// US → America/New_York). It is how a site whose language names a region (zh-CN) is given,
/// or warned about, a zone when the machine's own clock says only UTC.
public struct RegionZones: Sendable {
    private var firstZone: [String: String] = [:]

    /// Parses the text of `zone1970.tab`: `codes<TAB>coordinates<TAB>zone[<TAB>comment]` lines,
    /// `#` comments; a line may list several countries (`GB,GG,IM,JE`).
    public init(table: String) {
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3 else { continue }
            for code in fields[0].split(separator: ",") where firstZone[String(code)] == nil {
                firstZone[String(code)] = String(fields[2])
            }
        }
    }

    /// The zone of `region` (an ISO 3166 code such as `CN`), if tzdata lists one.
    public func zone(forRegion region: String) -> String? { firstZone[region.uppercased()] }

    /// The region a language tag names (`zh-CN` → `CN`, `zh-Hant-TW` → `TW`), if it names one.
    public static func region(ofLanguage code: String) -> String? {
        guard let region = Locale.Language(identifier: code).region?.identifier,
              region.count == 2, region.allSatisfy(\.isLetter) else { return nil }
        return region.uppercased()
    }

    /// The likely zone of a language's region, if it names one that tzdata knows.
    public func zone(forLanguage code: String) -> String? { Self.region(ofLanguage: code).flatMap(zone(forRegion:)) }

    /// This system's table (`$TZDIR/zone1970.tab`, else Debian's `/usr/share/zoneinfo/zone1970.tab`),
    /// read once; empty when there is none, so nothing is guessed.
    public static let system: RegionZones = {
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        let text = (try? String(contentsOfFile: folder + "/zone1970.tab", encoding: .utf8)) ?? ""
        return RegionZones(table: text)
    }()
}
