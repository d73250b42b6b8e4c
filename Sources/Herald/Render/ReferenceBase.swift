import Foundation

/// A page's URL as the base that relative references in its HTML are resolved against
/// (RFC 3986 §5.2), for `AbsoluteURLs`.
///
/// Foundation's URL resolves any reference, but parsing the page's URL and each link through it
/// was most of the time spent making 10,000 API documents' and the feeds' links absolute (perf).
/// The links Herald writes are nearly all of two plain forms: a path from the root
/// (`/news/2026/a/`, `/images/x-640.webp`) and a fragment of the page (`#报名方式`'s
/// percent-encoded form, footnotes). Those are resolved here, on bytes, exactly as URL resolves
/// them; anything else (dot segments, characters URL would encode, `//host`, a query alone) is
/// left to URL. `ReferenceBaseTests` holds the two to the same answers.
struct ReferenceBase {
    /// The page's URL as written.
    private let page: String
    /// `scheme://authority` and the path up to its last `/`, when the page's URL is plain enough
    /// to resolve against on bytes (found on first use).
    private var parts: (origin: [UInt8], folder: [UInt8], withoutFragment: [UInt8])??
    /// The page's URL parsed, for what is not resolved on bytes (parsed on first use).
    private var parsed: URL??

    init(_ page: String) { self.page = page }

    /// The page's URL as Foundation has it; nil when it does not parse.
    var url: URL? {
        mutating get {
            if parsed == nil { parsed = .some(URL(string: page)) }
            return parsed!
        }
    }

    /// Appends `reference` resolved against the page and returns true, when it is of a form
    /// resolved on bytes; false (appending nothing) otherwise.
    mutating func resolve(_ reference: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        guard let parts = plainParts(), let first = reference.first, Self.isPlain(reference) else { return false }
        if first == UInt8(ascii: "#") {
            output.append(contentsOf: parts.withoutFragment)
        } else if first == UInt8(ascii: "/") {
            // `//host/…` names another authority.
            guard reference.count < 2 || reference[1] != UInt8(ascii: "/"), !Self.hasDotSegment(reference) else {
                return false
            }
            output.append(contentsOf: parts.origin)
        } else {
            // A query alone keeps the page's path and query rules; a colon in the first segment
            // would be read as a scheme's.
            guard first != UInt8(ascii: "?"), !Self.hasDotSegment(reference), !Self.colonInFirstSegment(reference)
            else { return false }
            output.append(contentsOf: parts.folder)
        }
        output.append(contentsOf: reference)
        return true
    }

    /// The page URL's origin, folder and fragment-less form, when it is `scheme://authority/path`
    /// of plain bytes with neither query nor dot segments.
    private mutating func plainParts() -> (origin: [UInt8], folder: [UInt8], withoutFragment: [UInt8])? {
        if let parts { return parts }
        let found = Self.split(Array(page.utf8))
        parts = .some(found)
        return found
    }

    private static func split(_ url: [UInt8]) -> (origin: [UInt8], folder: [UInt8], withoutFragment: [UInt8])? {
        let withoutFragment = Array(url.prefix { $0 != UInt8(ascii: "#") })
        let separator = Array("://".utf8)
        guard let colon = withoutFragment.firstIndex(of: UInt8(ascii: ":")),
            withoutFragment[colon...].starts(with: separator), colon > 0,
            url.withUnsafeBufferPointer({ AbsoluteURLs.hasScheme($0) }),
            let pathStart = withoutFragment[(colon + 3)...].firstIndex(of: UInt8(ascii: "/")),
            pathStart > colon + 3,
            !withoutFragment.contains(UInt8(ascii: "?")),
            withoutFragment.withUnsafeBufferPointer({ isPlain($0) && !hasDotSegment($0) }),
            url.count == withoutFragment.count || url.withUnsafeBufferPointer({ isPlain($0) })
        else { return nil }
        let lastSlash = withoutFragment.lastIndex(of: UInt8(ascii: "/"))!
        return (Array(withoutFragment[..<pathStart]), Array(withoutFragment[...lastSlash]), withoutFragment)
    }

    /// Whether every byte stands in a URL as it is: letters, digits, `-._~`, the delimiters
    /// `!$&'()*+,;=:@/?#`, and `%` before two hex digits. URL percent-encodes anything else.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        var fragments = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") { fragments += 1 }
            guard plainBytes[Int(byte)], fragments <= 1 else { return false }
            index += 1
        }
        return true
    }

    /// Whether the path (before any `?` or `#`) has a segment `.` or `..`, which resolving removes.
    static func hasDotSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let pathEnd = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        var segmentStart = 0
        for index in 0...pathEnd where index == pathEnd || bytes[index] == UInt8(ascii: "/") {
            let length = index - segmentStart
            if length == 1 || length == 2, bytes[segmentStart..<index].allSatisfy({ $0 == UInt8(ascii: ".") }) {
                return true
            }
            segmentStart = index + 1
        }
        return false
    }

    private static func colonInFirstSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            if byte == UInt8(ascii: ":") { return true }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return false }
        }
        return false
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || ((byte | 0x20) >= UInt8(ascii: "a")
                && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    private static let plainBytes: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        return (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || "-._~!$&'()*+,;=:@/?#".utf8.contains(byte)
    }
}
