import Foundation

/// Turns every relative URL in an HTML fragment into an absolute one, resolved against the page's
/// own URL, for feeds and the JSON API, where a reader has no page to resolve from. Handles what
/// cmark writes (`href="…"`, `src="…"`) and what raw HTML may hold when `markdown.unsafe` is on:
/// single-quoted and unquoted values, and each URL of a `srcset`; text between tags is left alone.
enum AbsoluteURLs {
    static func rewrite(_ html: String, pageURL: String) -> String {
        var base = ReferenceBase(pageURL)
        var source = html
        return source.withUTF8 { bytes -> String in
            // Built from runs of `html` and the new URLs: a run of a string is appended as it is,
            // where a string made of the rewritten bytes had every byte checked as UTF-8 again
            // (2% of a build's instructions, callgrind). Each run starts and ends at an ASCII
            // byte of an attribute, so it never splits a character.
            var output = ""
            var copiedUpTo = 0
            // Each value's resolution, in a buffer kept across values.
            var resolved: [UInt8] = []
            HTMLURLAttributes.scan(bytes) { found in
                let written = UnsafeBufferPointer(rebasing: bytes[found.start..<found.end])
                resolved.removeAll(keepingCapacity: true)
                if found.isSrcset {
                    appendSrcset(written, base: &base, to: &resolved)
                } else {
                    appendAbsolute(written, base: &base, to: &resolved)
                }
                guard !resolved.elementsEqual(written) else { return }
                if copiedUpTo == 0 { output.reserveCapacity(bytes.count + 256) }
                output += html[utf8Index(copiedUpTo, in: html)..<utf8Index(found.start, in: html)]
                output += String(decoding: resolved, as: UTF8.self)
                copiedUpTo = found.end
            }
            if copiedUpTo == 0 { return html }
            output += html[utf8Index(copiedUpTo, in: html)...]
            return output
        }
    }

    /// The index of the `offset`th UTF-8 byte of `text` (a native string: found in constant time).
    private static func utf8Index(_ offset: Int, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// Each URL of a `srcset` (`a.png 1x, b.png 2x`) made absolute; the descriptors are kept.
    private static func appendSrcset(
        _ value: UnsafeBufferPointer<UInt8>, base: inout ReferenceBase, to output: inout [UInt8]
    ) {
        var start = 0
        while true {
            let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.count
            var url = start
            while url < end, value[url] == UInt8(ascii: " ") { url += 1 }
            var urlEnd = url
            while urlEnd < end, value[urlEnd] != UInt8(ascii: " ") { urlEnd += 1 }
            output.append(contentsOf: value[start..<url])
            appendAbsolute(UnsafeBufferPointer(rebasing: value[url..<urlEnd]), base: &base, to: &output)
            output.append(contentsOf: value[urlEnd..<end])
            guard end < value.count else { return }
            output.append(UInt8(ascii: ","))
            start = end + 1
        }
    }

    /// `value` made absolute against the page, appended to `output`: as written when it is empty
    /// or has a scheme, and as URL resolves it otherwise (see `ReferenceBase.resolve`).
    private static func appendAbsolute(
        _ value: UnsafeBufferPointer<UInt8>, base: inout ReferenceBase, to output: inout [UInt8]
    ) {
        if value.isEmpty || hasScheme(value) {
            output.append(contentsOf: value)
        } else if !base.resolve(value, to: &output) {
            let written = String(decoding: value, as: UTF8.self)
            output.append(contentsOf: (base.url.map { absolute(written, base: $0) } ?? written).utf8)
        }
    }

    /// An absolute URL for `value` (kept as it is when it already has a scheme).
    static func absolute(_ value: String, base: URL) -> String {
        if value.isEmpty || hasScheme(value) { return value }
        return URL(string: value, relativeTo: base)?.absoluteString ?? value
    }

    /// Whether the URL starts with a scheme (`https:`, `mailto:`): a letter, then letters, digits,
    /// `+`, `-` or `.`, then a colon. Read on UTF-8 bytes (all of a scheme is ASCII).
    static func hasScheme(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { hasScheme($0) }
    }

    static func hasScheme(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != 0 else { return false }
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
