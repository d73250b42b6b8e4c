import Foundation
import Herald

/// Settings the old configuration left out but the content tells: the language its titles are
/// written in, and the time zone its dates' offsets point to. Each guess says so in site.yml.
extension ImportPlan {
    /// Zones for an offset, by language; the first is taken when the language is not listed.
    static let zonesByOffset: [Int: [(language: String, zone: String)]] = [
        8 * 3600: [
            ("zh-TW", "Asia/Taipei"), ("zh-HK", "Asia/Hong_Kong"), ("zh", "Asia/Shanghai"), ("en", "Asia/Singapore"),
            ("ms", "Asia/Kuala_Lumpur"),
        ],
        9 * 3600: [("ja", "Asia/Tokyo"), ("ko", "Asia/Seoul")],
        0: [("en", "Europe/London"), ("pt", "Europe/Lisbon")],
        3600: [
            ("de", "Europe/Berlin"), ("fr", "Europe/Paris"), ("es", "Europe/Madrid"), ("it", "Europe/Rome"),
            ("nl", "Europe/Amsterdam"), ("en", "Europe/London"),
        ],
        2 * 3600: [
            ("de", "Europe/Berlin"), ("fr", "Europe/Paris"), ("es", "Europe/Madrid"), ("it", "Europe/Rome"),
            ("nl", "Europe/Amsterdam"), ("fi", "Europe/Helsinki"),
        ],
        -5 * 3600: [("en", "America/New_York")], -4 * 3600: [("en", "America/New_York")],
        -8 * 3600: [("en", "America/Los_Angeles")], -7 * 3600: [("en", "America/Los_Angeles")],
        -3 * 3600: [("pt", "America/Sao_Paulo"), ("es", "America/Argentina/Buenos_Aires")],
        5 * 3600 + 1800: [("en", "Asia/Kolkata"), ("hi", "Asia/Kolkata")],
        10 * 3600: [("en", "Australia/Sydney")], 11 * 3600: [("en", "Australia/Sydney")],
    ]
    /// A zone for a language alone.
    static let zoneOfLanguage: [String: String] = [
        "zh-cn": "Asia/Shanghai", "zh": "Asia/Shanghai", "zh-hans": "Asia/Shanghai", "zh-tw": "Asia/Taipei",
        "zh-hk": "Asia/Hong_Kong",
        "ja": "Asia/Tokyo", "ko": "Asia/Seoul", "en-gb": "Europe/London", "de": "Europe/Berlin", "fr": "Europe/Paris",
    ]

    /// Fills in the language and the time zone when the old configuration gave none.
    mutating func guessSettings() {
        if config.language == nil {
            let titles = inventory.items.compactMap { $0.fields.text("title") }
            let han = titles.filter { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }.count
            if !titles.isEmpty, han * 2 > titles.count {
                let kana = titles.filter { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }.count
                let code = kana * 4 > titles.count ? "ja" : "zh-CN"
                config.language = Setting(
                    value: code,
                    origin:
                        "guessed: \(han) of \(titles.count) titles are written in Chinese characters (the old configuration names no language); check it"
                )
            }
        }
        guard config.timeZone == nil else { return }
        var offsets: [Int: Int] = [:]
        var dated = 0
        for item in inventory.items {
            for key in ["date", "publishDate", "start", "startDate", "dateStart", "eventDate"] {
                guard let text = item.fields.text(key),
                    case .success(let parsed) = DateParser.parse(text, timeZone: TimeZone(identifier: "UTC")!)
                else { continue }
                dated += 1
                if parsed.hasOffset {
                    let offset = Int(
                        parsed.civil.instant(in: TimeZone(identifier: "UTC")!).timeIntervalSince(parsed.instant))
                    offsets[offset, default: 0] += 1
                }
                break
            }
        }
        let language = config.language?.value.lowercased() ?? ""
        if let (offset, count) = offsets.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count * 2 >= dated,
            let zones = Self.zonesByOffset[offset], !(offset == 0 && language.isEmpty)
        {
            let zone = zones.first { language.hasPrefix($0.language.lowercased()) }?.zone ?? zones[0].zone
            let hours = String(format: "%+03d:%02d", offset / 3600, abs(offset % 3600) / 60)
            guessedZone = Setting(
                value: zone,
                origin:
                    "guessed: \(count) of \(dated) dates are written at \(hours)\(language.isEmpty ? "" : " in a site in \(language)") (the old configuration names no zone); check it"
            )
        } else if let zone = Self.zoneOfLanguage[language] ?? Self.zoneOfLanguage[String(language.prefix(2))] {
            guessedZone = Setting(
                value: zone,
                origin:
                    "guessed from the language, \(config.language!.value) (the old configuration names no zone, and the dates no offset); check it"
            )
        }
        // Jekyll read dates in the zone of the machine that built the site: the guess is the best there is.
        if config.kind == .jekyll, let guess = guessedZone, let zone = TimeZone(identifier: guess.value) {
            self.zone = zone
        }
    }
}
