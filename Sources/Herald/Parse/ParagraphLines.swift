import CCmark

/// One line of a cmark paragraph (or setext heading) read back from the source.
struct ParagraphLine {
    /// The line's number in the source (from 1, as cmark counts).
    var number: Int
    /// How many of the block's containers the line carried the prefix of.
    var depth: Int
    /// The first byte after the container prefixes (a tab they used in part is skipped).
    var rawStart: Int
    /// Columns of a tab that the prefixes used only in part; cmark reads them as spaces.
    var leftoverTabColumns: Int
    /// The first byte of the text, after the prefixes and any indentation.
    var textStart: Int
    /// The end of the line, before its line ending.
    var end: Int
    /// Columns of indentation between the prefixes and the text.
    var indent: Int
    /// Whether the line left out a container's prefix (a lazy continuation line).
    var isLazy: Bool
    /// Whether cmark kept white space before the text: on a lazy line it keeps what follows the
    /// prefixes it matched (on other lines it starts at the text).
    var keepsLeadingSpace: Bool { isLazy && (textStart > rawStart || leftoverTabColumns > 0) }
}

/// The source lines of a cmark paragraph or setext heading, each with where its text starts as
/// cmark saw it, so that the table extension can read the rows cmark took for plain text.
struct ParagraphLines {
    /// The block quotes and list items around the block.
    let containers: ContainerPrefix
    /// The lines, in order; a setext heading's underline is the last.
    let lines: [ParagraphLine]
    /// Whether the last line is a setext underline.
    let hasUnderline: Bool

    /// The lines of `node`, a paragraph or a setext heading; nil if they cannot be told for
    /// certain, in which case the block is left as cmark made it.
    init?(of node: OpaquePointer, bytes: [UInt8], lines sourceLines: SourceLines, widths: inout [OpaquePointer: Int]) {
        let first = Int(cmark_node_get_start_line(node))
        let isHeading = cmark_node_get_type(node) == CMARK_NODE_HEADING
        // A setext heading's end line may be the line after its underline (cmark closes it there),
        // so its last line is the first underline found after its first line.
        let last = min(Int(cmark_node_get_end_line(node)), sourceLines.count)
        guard let firstRange = sourceLines.range(ofLine: first),
            let containers = ContainerPrefix(around: node, bytes: bytes, lines: sourceLines, widths: &widths)
        else { return nil }
        // The first line's text starts where cmark says the block does.
        let textStart = firstRange.lowerBound + Int(cmark_node_get_start_column(node)) - 1
        guard textStart >= firstRange.lowerBound, textStart < firstRange.upperBound else { return nil }
        var lines = [
            ParagraphLine(
                number: first, depth: containers.containers.count, rawStart: textStart, leftoverTabColumns: 0,
                textStart: textStart, end: firstRange.upperBound, indent: 0, isLazy: false)
        ]
        var underlined = false
        var number = first + 1
        while number <= last, !underlined {
            guard let range = sourceLines.range(ofLine: number) else { return nil }
            let (cursor, depth) = containers.skip(line: range, in: bytes)
            let (text, indent) = cursor.firstNonspace(in: bytes)
            let isLazy = depth < containers.containers.count
            lines.append(
                ParagraphLine(
                    number: number, depth: depth, rawStart: cursor.partialTab ? cursor.offset + 1 : cursor.offset,
                    leftoverTabColumns: cursor.leftoverTabColumns, textStart: text, end: range.upperBound,
                    indent: indent, isLazy: isLazy))
            underlined = isHeading && !isLazy && indent < 4 && Self.isSetextUnderline(bytes[text..<range.upperBound])
            number += 1
        }
        guard underlined == isHeading else { return nil }
        self.containers = containers
        self.lines = lines
        self.hasUnderline = isHeading
    }

    /// Whether a line's text is a setext underline: `=`s or `-`s, then nothing but spaces and tabs.
    private static func isSetextUnderline(_ text: ArraySlice<UInt8>) -> Bool {
        guard let mark = text.first, mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else { return false }
        return text.drop(while: { $0 == mark }).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
