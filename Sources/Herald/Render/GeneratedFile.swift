import Foundation

/// A file Herald writes that is not a template page: a feed, a JSON document, the sitemap.
/// Its bytes are made when the file is written, in parallel with the pages.
public struct GeneratedFile: Sendable {
    /// The output path (`feed.xml`, `api/home.json`).
    public var path: String
    /// What makes the file, named in collision messages.
    public var owner: String
    /// Whether a file of the same path in `static/` may replace it (only `robots.txt`).
    public var replaceableByStatic = false
    /// Makes the bytes.
    public var make: @Sendable () -> Data
}

/// Turns every relative `href` and `src` in HTML made by cmark into an absolute URL, resolved
/// against the page's own URL, for feeds and the JSON API where a reader has no page to resolve from.
enum AbsoluteURLs {
    static func rewrite(_ html: String, pageURL: String) -> String {
        guard let base = URL(string: pageURL) else { return html }
        var source = html
        return source.withUTF8 { bytes -> String in
            // Scan for ` href="` and ` src="` on bytes; copy everything else through untouched.
            var output: [UInt8] = []
            var index = 0
            var copiedUpTo = 0
            func matches(_ pattern: StaticString, at position: Int) -> Bool {
                let length = pattern.utf8CodeUnitCount
                guard position + length <= bytes.count else { return false }
                return pattern.withUTF8Buffer { pattern in (0..<length).allSatisfy { bytes[position + $0] == pattern[$0] } }
            }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: " ") else { index += 1; continue }
                let valueStart: Int
                if matches(" href=\"", at: index) { valueStart = index + 7 } else if matches(" src=\"", at: index) { valueStart = index + 6 } else {
                    index += 1
                    continue
                }
                guard let valueEnd = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
                let resolved = absolute(value, base: base)
                if resolved != value {
                    if output.isEmpty { output.reserveCapacity(bytes.count + 256) }
                    output.append(contentsOf: bytes[copiedUpTo..<valueStart])
                    output.append(contentsOf: resolved.utf8)
                    copiedUpTo = valueEnd
                }
                index = valueEnd
            }
            if copiedUpTo == 0 { return html }
            output.append(contentsOf: bytes[copiedUpTo...])
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// An absolute URL for `value` (kept as it is when it already has a scheme).
    static func absolute(_ value: String, base: URL) -> String {
        if value.isEmpty || hasScheme(value) { return value }
        return URL(string: value, relativeTo: base)?.absoluteString ?? value
    }

    private static func hasScheme(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":") else { return false }
        let scheme = value[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) } && scheme.first!.isLetter
    }
}
