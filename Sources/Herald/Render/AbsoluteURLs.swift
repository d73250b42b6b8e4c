import Foundation

/// Turns every relative URL in an HTML fragment into an absolute one, resolved against the page's
/// own URL, for feeds and the JSON API, where a reader has no page to resolve from. Handles what
/// cmark writes (`href="…"`, `src="…"`) and what raw HTML may hold when `markdown.unsafe` is on:
/// single-quoted and unquoted values, and each URL of a `srcset`; text between tags is left alone.
enum AbsoluteURLs {
    static func rewrite(_ html: String, pageURL: String) -> String {
        guard let base = URL(string: pageURL) else { return html }
        var source = html
        return source.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            var copiedUpTo = 0
            HTMLURLAttributes.scan(bytes) { found in
                let value = String(decoding: bytes[found.start..<found.end], as: UTF8.self)
                let resolved = found.isSrcset ? resolveSrcset(value, base: base) : absolute(value, base: base)
                guard resolved != value else { return }
                if output.isEmpty { output.reserveCapacity(bytes.count + 256) }
                output.append(contentsOf: bytes[copiedUpTo..<found.start])
                output.append(contentsOf: resolved.utf8)
                copiedUpTo = found.end
            }
            if copiedUpTo == 0 { return html }
            output.append(contentsOf: bytes[copiedUpTo...])
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Each URL of a `srcset` (`a.png 1x, b.png 2x`) made absolute; the descriptors are kept.
    private static func resolveSrcset(_ value: String, base: URL) -> String {
        value.split(separator: ",", omittingEmptySubsequences: false).map { candidate in
            let trimmed = candidate.drop { $0 == " " }
            let url = trimmed.prefix { $0 != " " }
            return String(candidate.prefix(candidate.count - trimmed.count)) + absolute(String(url), base: base) + trimmed.dropFirst(url.count)
        }.joined(separator: ",")
    }

    /// An absolute URL for `value` (kept as it is when it already has a scheme).
    static func absolute(_ value: String, base: URL) -> String {
        if value.isEmpty || hasScheme(value) { return value }
        return URL(string: value, relativeTo: base)?.absoluteString ?? value
    }

    static func hasScheme(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":") else { return false }
        let scheme = value[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) } && scheme.first!.isLetter
    }
}
