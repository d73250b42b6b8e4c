import Foundation

/// Two days in one `date:`, as editors of Jekyll event pages write an event of several days:
/// `2018-09-27 及 2018-09-28`, `2026-12-05 to 2026-12-07`. Both must be whole dates, with only the
/// words and marks that join two dates between them, and the second after the first.
enum DayRange {
    /// What may stand between the two dates, once spaces are gone.
    private static let joiners: Set<String> = [
        "及", "和", "与", "至", "到", "-", "–", "—", "~", "～", "to", "and", "&", ",", "，", "、", "/",
    ]

    /// The first and the last day, or nil when the text is not two dates joined so.
    static func parse(_ text: String, timeZone: TimeZone) -> (first: ParsedDate, last: ParsedDate)? {
        let bytes = Array(text.utf8)
        // Two `YYYY-MM-DD` runs: the first at the start, the second at the end.
        guard bytes.count >= 21, let first = date(bytes[0..<10], timeZone),
            let last = date(bytes[(bytes.count - 10)...], timeZone)
        else { return nil }
        let between = String(decoding: bytes[10..<(bytes.count - 10)], as: UTF8.self).trimmingCharacters(
            in: .whitespaces
        ).lowercased()
        guard joiners.contains(between), last.civil.daysSinceEpoch > first.civil.daysSinceEpoch else { return nil }
        return (first, last)
    }

    private static func date(_ bytes: ArraySlice<UInt8>, _ zone: TimeZone) -> ParsedDate? {
        guard bytes.count == 10, bytes[bytes.startIndex + 4] == UInt8(ascii: "-"),
            case .success(let parsed) = DateParser.parse(String(decoding: bytes, as: UTF8.self), timeZone: zone)
        else { return nil }
        return parsed
    }
}
