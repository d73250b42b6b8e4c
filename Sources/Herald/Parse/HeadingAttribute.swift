/// `{#id}` at the end of a heading's text (`## Join us {#join}`), as Hugo, kramdown and Zola read
/// it. Only a trailing `{#…}` is looked at; other braces are text.
struct HeadingAttribute {
    /// Where the attribute (with the spaces before it) starts in the text.
    var start: Int
    /// The attribute as written, for a message.
    var written: String
    /// The ID, or nil when the attribute is not one Herald reads (`{#}`, `{#a b}`, `{#a .class}`).
    var id: String?

    /// The attribute ending `text`, or nil when it does not end with `{#…}`.
    static func find(in text: [UInt8]) -> HeadingAttribute? {
        var end = text.count
        while end > 0, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        guard end >= 3, text[end - 1] == UInt8(ascii: "}") else { return nil }
        guard let open = text[..<end].lastIndex(of: UInt8(ascii: "{")), open + 1 < end,
            text[open + 1] == UInt8(ascii: "#")
        else { return nil }
        var start = open
        while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
        let inner = text[(open + 2)..<(end - 1)]
        let written = String(decoding: text[open..<end], as: UTF8.self)
        // An ID is one word: no space, no brace, no quote, no `#` (a class or a key after it is
        // attribute syntax Herald does not read).
        let valid =
            !inner.isEmpty
            && !inner.contains {
                $0 <= 0x20 || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "#")
                    || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == 0x7F
            }
        return HeadingAttribute(
            start: start, written: written, id: valid ? String(decoding: inner, as: UTF8.self) : nil)
    }
}
