import CCmark

/// Which bytes of a text node were written with a backslash (`\[`), found by reading the node's
/// literal back against the source from the node's position. cmark joins an escaped character
/// into the text around it, so `\[^1]` and `[^1]` give the same literal; only the source tells
/// them apart, and GitHub shows the escaped one as text.
enum WrittenEscapes {
    /// Whether the node's source on its line is longer than its literal, so that something in it
    /// may have been escaped (or it ends in spaces): a test that spares most nodes the reading.
    static func hasAny(_ node: OpaquePointer, literalCount: Int) -> Bool {
        let line = cmark_node_get_start_line(node)
        guard line > 0, cmark_node_get_end_line(node) == line else { return false }
        let span = Int(cmark_node_get_end_column(node)) - Int(cmark_node_get_start_column(node)) + 1
        return span > literalCount
    }

    /// The offsets in `literal` of the bytes written escaped, when the node starts at column
    /// `column` of `lineBytes` (its source line). The reading stops where the source and the
    /// literal part (an entity, or text another extension has moved), so it never marks a byte
    /// it is unsure of: only a backslash followed by the very byte of the literal counts.
    static func offsets(in literal: [UInt8], column: Int, lineBytes: ArraySlice<UInt8>) -> Set<Int> {
        var escaped: Set<Int> = []
        var source = lineBytes.startIndex + column - 1
        guard column >= 1, source <= lineBytes.endIndex else { return [] }
        for (offset, byte) in literal.enumerated() {
            guard source < lineBytes.endIndex else { break }
            if lineBytes[source] == byte, byte != UInt8(ascii: "\\") {
                source += 1
            } else if lineBytes[source] == UInt8(ascii: "\\"), source + 1 < lineBytes.endIndex,
                lineBytes[source + 1] == byte, isEscapable(byte)
            {
                escaped.insert(offset)
                source += 2
            } else if lineBytes[source] == byte {
                // A backslash before a byte that cannot be escaped is itself.
                source += 1
            } else {
                break
            }
        }
        return escaped
    }

    /// CommonMark's escapable characters: ASCII punctuation.
    private static func isEscapable(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
