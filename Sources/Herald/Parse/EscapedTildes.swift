import CCmark

/// Which tildes in cmark's text nodes were written `\~` or as a character reference (`&#126;`):
/// for cmark-gfm those are text, never strikethrough. cmark merges them into the text around
/// them, and its columns after a paragraph's first line do not lead back to the source, so the
/// source is parsed a second time with each of them written as `!` instead (to cmark the same
/// kind of character: ASCII punctuation, escapable, no syntax of its own when escaped), and the
/// two trees are read side by side: where the first has a `~` and the second a `!`, the tilde
/// was escaped.
enum EscapedTildes {
    /// The byte offsets of escaped tildes in each text node of `root` (parsed from `source` with
    /// `flags`) that has any; empty when the source escapes none, or if the two parses ever
    /// differ in shape (then every tilde counts as written).
    static func find(in root: OpaquePointer, source: [UInt8], flags: Int32) -> [OpaquePointer: Set<Int>] {
        guard let variant = variant(of: source) else { return [:] }
        let other = CmarkNodes.parse(variant, flags: flags)
        defer { cmark_node_free(other) }
        guard let first = cmark_iter_new(root), let second = cmark_iter_new(other) else { return [:] }
        defer {
            cmark_iter_free(first)
            cmark_iter_free(second)
        }
        var escaped: [OpaquePointer: Set<Int>] = [:]
        while true {
            let event = cmark_iter_next(first)
            guard cmark_iter_next(second) == event else { return [:] }
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(first), let twin = cmark_iter_get_node(second),
                cmark_node_get_type(node) == cmark_node_get_type(twin)
            else { return [:] }
            guard event == CMARK_EVENT_ENTER, cmark_node_get_type(node) == CMARK_NODE_TEXT else { continue }
            let text = CmarkNodes.literal(node)
            guard text.contains(tilde) else { continue }
            let twinText = CmarkNodes.literal(twin)
            guard twinText.count == text.count else { return [:] }
            let offsets = Set(text.indices.filter { text[$0] == tilde && twinText[$0] == bang })
            if !offsets.isEmpty { escaped[node] = offsets }
        }
        return escaped
    }

    /// A tilde, and the `!` written in place of an escaped one.
    private static let tilde = UInt8(ascii: "~"), bang = UInt8(ascii: "!")

    /// `source` with every `\~` written `\!` and every character reference to `~` written `&#33;`;
    /// nil if it has neither. Escaped pairs (`\\`) are passed whole, so `\\~` keeps its tilde.
    static func variant(of source: [UInt8]) -> [UInt8]? {
        // Most text has neither `\~` nor `&#`: then there is nothing to copy.
        guard
            ByteSearch.contains(source, UInt8(ascii: "\\"), followedBy: tilde)
                || ByteSearch.contains(source, UInt8(ascii: "&"), followedBy: UInt8(ascii: "#"))
        else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(source.count)
        var changed = false
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "\\"), index + 1 < source.count, isASCIIPunctuation(source[index + 1]) {
                if source[index + 1] == tilde {
                    output += [byte, bang]
                    changed = true
                } else {
                    output += [byte, source[index + 1]]
                }
                index += 2
            } else if byte == UInt8(ascii: "&"), let length = tildeReferenceLength(source, at: index) {
                output += Array("&#33;".utf8)
                changed = true
                index += length
            } else {
                output.append(byte)
                index += 1
            }
        }
        return changed ? output : nil
    }

    /// The length of a numeric character reference to `~` (`&#126;`, `&#x7E;`, with leading
    /// zeros) at `index`, or nil if there is none.
    private static func tildeReferenceLength(_ source: [UInt8], at index: Int) -> Int? {
        var cursor = index + 1
        guard cursor < source.count, source[cursor] == UInt8(ascii: "#") else { return nil }
        cursor += 1
        let hex = cursor < source.count && (source[cursor] == UInt8(ascii: "x") || source[cursor] == UInt8(ascii: "X"))
        if hex { cursor += 1 }
        let digitsStart = cursor
        var value = 0
        while cursor < source.count, cursor - digitsStart < (hex ? 6 : 7) {
            let byte = source[cursor]
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = Int(byte - UInt8(ascii: "A")) + 10
            default: digit = -1
            }
            if digit < 0 { break }
            value = value * (hex ? 16 : 10) + digit
            cursor += 1
        }
        guard cursor > digitsStart, cursor < source.count, source[cursor] == UInt8(ascii: ";"), value == 0x7E else {
            return nil
        }
        return cursor + 1 - index
    }

    /// ASCII punctuation, the characters a backslash escapes.
    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
