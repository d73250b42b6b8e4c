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
            var index = 0
            var copiedUpTo = 0
            // Only inside a start tag: text such as "&lt;img src=x" is what a reader sees, not a URL.
            var insideTag = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x3C {  // `<` opens a tag only before a letter (not `<!--` or `</`)
                    insideTag = index + 1 < bytes.count && (bytes[index + 1] | 0x20) >= 0x61 && (bytes[index + 1] | 0x20) <= 0x7A
                } else if byte == 0x3E {
                    insideTag = false
                }
                // An attribute starts after whitespace: ` href=`, ` src=`, ` srcset=` (any case).
                guard insideTag, isSpace(byte), let (nameEnd, isSrcset) = attribute(bytes, after: index + 1) else {
                    index += 1
                    continue
                }
                var valueStart = nameEnd
                var quote: UInt8?
                if valueStart < bytes.count, bytes[valueStart] == 0x22 || bytes[valueStart] == 0x27 {
                    quote = bytes[valueStart]
                    valueStart += 1
                }
                var valueEnd = valueStart
                while valueEnd < bytes.count, quote.map({ bytes[valueEnd] != $0 }) ?? !(isSpace(bytes[valueEnd]) || bytes[valueEnd] == 0x3E) {
                    valueEnd += 1
                }
                let value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
                let resolved = isSrcset ? resolveSrcset(value, base: base) : absolute(value, base: base)
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

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    /// If a URL attribute name and `=` start at `start`, the index after the `=` and whether it is `srcset`.
    private static func attribute(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> (Int, Bool)? {
        for (name, isSrcset) in [("srcset", true), ("href", false), ("src", false)] {
            let end = start + name.utf8.count
            guard end < bytes.count, bytes[end] == 0x3D else { continue }
            if zip(bytes[start..<end], name.utf8).allSatisfy({ $0 | 0x20 == $1 }) { return (end + 1, isSrcset) }
        }
        return nil
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

    private static func hasScheme(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":") else { return false }
        let scheme = value[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) } && scheme.first!.isLetter
    }
}
