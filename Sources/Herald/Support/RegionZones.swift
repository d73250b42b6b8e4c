import Foundation

/// The time zone tzdata lists first for each country, read from its `zone.tab`, which gives each
/// country its own rows, its principal zone first (CN → Asia/Shanghai, DE → Europe/Berlin,
/// US → America/New_York). `zone1970.tab` is not used: a row there serves several countries, so
/// the first row naming DE is Europe/Zurich's and the first naming IS is Africa/Abidjan's. It is
/// how a site whose language names a region (zh-CN) is given, or warned about, a zone when the
/// machine's own clock says only UTC.
public struct RegionZones: Sendable {
    private var firstZone: [String: String] = [:]

    /// Parses the text of `zone.tab`: `code<TAB>coordinates<TAB>zone[<TAB>comment]` lines and `#`
    /// comments (a line listing several codes, `GB,GG`, gives each of them the zone).
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
            region.count == 2, region.allSatisfy(\.isLetter)
        else { return nil }
        return region.uppercased()
    }

    /// This system's table (`$TZDIR/zone.tab`, else Debian's `/usr/share/zoneinfo/zone.tab`), read
    /// once; empty when there is none, so nothing is guessed.
    public static let system: RegionZones = {
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        let text = (try? String(contentsOfFile: folder + "/zone.tab", encoding: .utf8)) ?? ""
        return RegionZones(table: text)
    }()
}
