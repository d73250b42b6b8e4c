import Foundation

/// Finds the URL attributes of HTML start tags (`href`, `src`, `srcset`), quoted or not, without
/// parsing the document: text between tags is skipped, so "&lt;img src=x" is never taken for one.
/// Used to make a feed's URLs absolute and by `herald check` to follow every link (and, asked
/// for `id` and `name`, to find what a link's `#fragment` can lead to).
enum HTMLURLAttributes {
    /// A URL attribute's value, as byte offsets into the scanned text.
    struct Value {
        var start: Int
        var end: Int
        /// Whether it is a `srcset` (a list of URLs with descriptors) rather than one URL.
        var isSrcset: Bool
        /// The attribute's name, lower-cased (`href`, `src`, `srcset`).
        var name: String
    }

    /// The URL attributes: `srcset` before `src`, which begins it.
    static let urlNames = ["srcset", "href", "src"]

    /// Calls `visit` with each value of the attributes `names` (URL attributes unless told) of
    /// `bytes`, in order.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, names: [String] = urlNames, _ visit: (Value) -> Void) {
        var index = 0
        // Only inside a start tag.
        var insideTag = false
        while index < bytes.count {
            // Text between tags (most of a page) holds nothing to find: `memchr` goes to the next `<`.
            if !insideTag {
                guard let base = bytes.baseAddress, let next = memchr(base + index, 0x3C, bytes.count - index) else {
                    return
                }
                index = base.distance(to: next.assumingMemoryBound(to: UInt8.self))
            }
            let byte = bytes[index]
            if byte == 0x3C {  // `<` opens a tag only before a letter (not `<!--` or `</`)
                insideTag =
                    index + 1 < bytes.count && (bytes[index + 1] | 0x20) >= 0x61 && (bytes[index + 1] | 0x20) <= 0x7A
            } else if byte == 0x3E {
                insideTag = false
            }
            // An attribute starts after whitespace: ` href=`, ` src=`, ` srcset=` (any case).
            guard insideTag, isSpace(byte), let (nameEnd, name) = attribute(bytes, after: index + 1, names: names)
            else {
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
            while valueEnd < bytes.count,
                quote.map({ bytes[valueEnd] != $0 }) ?? !(isSpace(bytes[valueEnd]) || bytes[valueEnd] == 0x3E)
            {
                valueEnd += 1
            }
            visit(Value(start: valueStart, end: valueEnd, isSrcset: name == "srcset", name: name))
            index = valueEnd
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    /// If one of `names` and `=` start at `start`, the index after the `=` and the name.
    private static func attribute(
        _ bytes: UnsafeBufferPointer<UInt8>, after start: Int, names: [String]
    ) -> (Int, String)? {
        for name in names {
            let end = start + name.utf8.count
            guard end < bytes.count, bytes[end] == 0x3D else { continue }
            if zip(bytes[start..<end], name.utf8).allSatisfy({ $0 | 0x20 == $1 }) { return (end + 1, name) }
        }
        return nil
    }

    /// The URLs of a `srcset` value (`a.png 1x, b.png 2x` → `a.png`, `b.png`).
    static func srcsetURLs(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { candidate in
            let url = candidate.drop { $0 == " " }.prefix { $0 != " " }
            return url.isEmpty ? nil : String(url)
        }
    }
}
