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
        guard let base = URL(string: pageURL), html.contains("href=\"") || html.contains("src=\"") else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        while let match = rest.range(of: "=\"") {
            let attribute = rest[..<match.lowerBound].suffix(4)
            result += rest[..<match.upperBound]
            rest = rest[match.upperBound...]
            guard attribute.hasSuffix("href") || attribute.hasSuffix(" src"), let end = rest.firstIndex(of: "\"") else { continue }
            let value = String(rest[..<end])
            result += absolute(value, base: base)
            rest = rest[end...]
        }
        result += rest
        return result
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
