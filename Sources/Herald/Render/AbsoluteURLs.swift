import Foundation

/// Turns every relative URL in an HTML fragment into an absolute one, resolved against the page's
/// own URL, for feeds and the JSON API, where a reader has no page to resolve from. Handles what
/// cmark writes (`href="…"`, `src="…"`) and what raw HTML may hold when `markdown.unsafe` is on:
/// single-quoted and unquoted values, and each URL of a `srcset`; text between tags is left alone.
enum AbsoluteURLs {
    static func rewrite(_ html: String, pageURL: String) -> String {
        // The page's URL is parsed only once a link needs it: most links in an article are
        // absolute already, and parsing it for each of 10,000 API documents and every feed entry
        // was a third of this function's time (perf).
        var parsedBase: URL??
        // The page's URL without its fragment, for links to a fragment of the page.
        var page: [UInt8]? = nil
        var source = html
        return source.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            var copiedUpTo = 0
            // Copies what comes before a value that is replaced; the caller appends what replaces it.
            func copy(upTo found: HTMLURLAttributes.Value) {
                if output.isEmpty { output.reserveCapacity(bytes.count + 256) }
                output.append(contentsOf: bytes[copiedUpTo..<found.start])
                copiedUpTo = found.end
            }
            HTMLURLAttributes.scan(bytes) { found in
                let written = bytes[found.start..<found.end]
                if !found.isSrcset, written.first == UInt8(ascii: "#"),
                    written.dropFirst().allSatisfy(isPlainFragmentByte)
                {
                    // A fragment of the page itself (every heading's anchor, every footnote):
                    // the page's URL and the fragment, as bytes, without parsing either (as URL
                    // would give it; one needing percent-encoding, `#报名`, is left to URL).
                    if page == nil { page = Array(pageURL.utf8.prefix { $0 != UInt8(ascii: "#") }) }
                    copy(upTo: found)
                    output.append(contentsOf: page!)
                    output.append(contentsOf: written)
                    return
                }
                let value = String(decoding: written, as: UTF8.self)
                if !found.isSrcset, value.isEmpty || hasScheme(value) { return }
                if parsedBase == nil { parsedBase = .some(URL(string: pageURL)) }
                guard let base = parsedBase ?? nil else { return }
                let resolved = found.isSrcset ? resolveSrcset(value, base: base) : absolute(value, base: base)
                guard resolved != value else { return }
                copy(upTo: found)
                output.append(contentsOf: resolved.utf8)
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
            return String(candidate.prefix(candidate.count - trimmed.count)) + absolute(String(url), base: base)
                + trimmed.dropFirst(url.count)
        }.joined(separator: ",")
    }

    /// An absolute URL for `value` (kept as it is when it already has a scheme).
    static func absolute(_ value: String, base: URL) -> String {
        if value.isEmpty || hasScheme(value) { return value }
        return URL(string: value, relativeTo: base)?.absoluteString ?? value
    }

    /// Whether a fragment's byte stands in a URL as it is: ASCII letters, digits, `-._~`.
    private static func isPlainFragmentByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    /// Whether the URL starts with a scheme (`https:`, `mailto:`): a letter, then letters, digits,
    /// `+`, `-` or `.`, then a colon. Read on UTF-8 bytes (all of a scheme is ASCII).
    static func hasScheme(_ value: String) -> Bool {
        let utf8 = value.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != utf8.startIndex else { return false }
        let scheme = utf8[..<colon]
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        return isLetter(scheme.first!)
            && scheme.allSatisfy { byte in
                isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
    }
}
