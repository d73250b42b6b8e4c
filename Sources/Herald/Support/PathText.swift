/// Path text read as the file system reads it: by bytes and scalars, never by Swift's
/// Characters. A `/` or `.` after a prepended mark (U+070F SYRIAC ABBREVIATION MARK, found by
/// FuzzPaths) or before a combining mark is part of one Character with it, so `hasSuffix("/")`
/// and `lastIndex(of: ".")` do not see it, while the file system does.
enum PathText {
    /// Whether `text` ends with `/`.
    static func endsWithSlash(_ text: some StringProtocol) -> Bool { Substring(text).utf8.last == UInt8(ascii: "/") }

    /// Whether `text` ends with `suffix`, byte for byte.
    static func hasSuffix(_ text: some StringProtocol, _ suffix: String) -> Bool {
        text.utf8.count >= suffix.utf8.count && text.utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }

    /// Whether `text` starts with `prefix`, byte for byte.
    static func hasPrefix(_ text: some StringProtocol, _ prefix: String) -> Bool { text.utf8.starts(with: prefix.utf8) }

    /// `text` without its first `count` bytes, which must end on a scalar (a matched ASCII prefix).
    static func dropFirst(_ text: String, bytes count: Int) -> String {
        String(decoding: text.utf8.dropFirst(count), as: UTF8.self)
    }

    /// `text` without one `/` at its end.
    static func droppingTrailingSlash(_ text: String) -> String {
        endsWithSlash(text) ? String(decoding: text.utf8.dropLast(), as: UTF8.self) : text
    }

    /// The text after the last `/` (all of it when it has none).
    /// By bytes: `/` is one byte that no other scalar's UTF-8 holds, and rebuilding the text
    /// scalar by scalar was 0.8% of a build's CPU (perf).
    static func lastSegment(_ text: some StringProtocol) -> String {
        let utf8 = Substring(text).utf8
        let start = utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
        return String(Substring(utf8[start...]))
    }

    /// `text` before the `.` of its last segment's extension (`a/b.html` → `a/b`), or nil when
    /// that segment has no `.`.
    static func withoutExtension(_ text: some StringProtocol) -> String? {
        let utf8 = Substring(text).utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), !utf8[dot...].contains(UInt8(ascii: "/")) else {
            return nil
        }
        return String(Substring(utf8[..<dot]))
    }
}
