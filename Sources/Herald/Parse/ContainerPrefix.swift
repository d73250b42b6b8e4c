import CCmark

/// The block quotes and list items around a cmark block, outermost first, with what each asks of
/// a line to go on: enough to find, on any line of the block, where cmark took its text from.
///
/// cmark keeps no record of a container's prefix on each line, and its column positions after
/// the first line of a paragraph are counted from the paragraph's text, not from the source; so
/// the prefixes are matched again here with cmark 0.30's own rules (`parse_block_quote_prefix`,
/// `parse_node_item_prefix`).
struct ContainerPrefix {
    /// One container around the block.
    enum Container {
        /// `>` after at most three columns of indentation, and one optional space.
        case blockQuote
        /// A list item's content column, relative to its parent's (cmark's `marker_offset + padding`).
        case item(width: Int)
    }

    /// The containers, outermost first.
    let containers: [Container]

    /// The containers around `node`; nil if it sits in anything but block quotes and list items,
    /// or if a list item's marker is not where cmark said it was (then nothing is guessed).
    init?(around node: OpaquePointer, bytes: [UInt8], lines: SourceLines, widths: inout [OpaquePointer: Int]) {
        var found: [Container] = []
        var parent = cmark_node_parent(node)
        while let current = parent, cmark_node_get_type(current) != CMARK_NODE_DOCUMENT {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_BLOCK_QUOTE:
                found.append(.blockQuote)
            case CMARK_NODE_ITEM:
                guard let width = Self.width(of: current, bytes: bytes, lines: lines, widths: &widths) else {
                    return nil
                }
                found.append(.item(width: width))
            case CMARK_NODE_LIST:
                break
            default:
                return nil
            }
            parent = cmark_node_parent(current)
        }
        containers = found.reversed()
    }

    /// A prefix that continues the first `depth` containers and no more: `> ` for a block quote,
    /// the item's width in spaces for a list item.
    func text(depth: Int) -> [UInt8] {
        containers.prefix(depth).flatMap { container -> [UInt8] in
            switch container {
            case .blockQuote: [UInt8(ascii: ">"), 0x20]
            case .item(let width): [UInt8](repeating: 0x20, count: width)
            }
        }
    }

    /// Applies the prefixes to a line: the cursor after them, and how many containers the line
    /// carried the prefix of (fewer than all for a lazy continuation line, where matching stopped).
    func skip(line range: Range<Int>, in bytes: [UInt8]) -> (cursor: LineCursor, depth: Int) {
        var cursor = LineCursor(line: range)
        for (depth, container) in containers.enumerated() {
            switch container {
            case .blockQuote:
                guard Self.passQuote(&cursor, in: bytes) else { return (cursor, depth) }
            case .item(let width):
                guard cursor.firstNonspace(in: bytes).indent >= width else { return (cursor, depth) }
                cursor.advance(width, columns: true, in: bytes)
            }
        }
        return (cursor, containers.count)
    }

    /// Passes a block quote's `>` (after at most three columns) and the one space or tab that may
    /// follow it; false if the line has no `>` there.
    private static func passQuote(_ cursor: inout LineCursor, in bytes: [UInt8]) -> Bool {
        let (first, indent) = cursor.firstNonspace(in: bytes)
        guard indent <= 3, first < cursor.end, bytes[first] == UInt8(ascii: ">") else { return false }
        cursor.advance(indent + 1, columns: true, in: bytes)
        if cursor.offset < cursor.end, bytes[cursor.offset] == 0x20 || bytes[cursor.offset] == 0x09 {
            cursor.advance(1, columns: true, in: bytes)
        }
        return true
    }

    /// A list item's width (`marker_offset + padding`), worked out from its marker line as cmark's
    /// `open_new_blocks` did; remembered per item, since every paragraph in it asks again.
    private static func width(
        of item: OpaquePointer, bytes: [UInt8], lines: SourceLines, widths: inout [OpaquePointer: Int]
    ) -> Int? {
        if let known = widths[item] { return known }
        guard let outer = ContainerPrefix(around: item, bytes: bytes, lines: lines, widths: &widths),
            let line = lines.range(ofLine: Int(cmark_node_get_start_line(item)))
        else { return nil }
        // On the marker line every outer item is passed by its width, whether it opened on this
        // line or earlier; the two come to the same columns.
        var cursor = LineCursor(line: line)
        for container in outer.containers {
            switch container {
            case .blockQuote:
                guard passQuote(&cursor, in: bytes) else { return nil }
            case .item(let width):
                cursor.advance(width, columns: true, in: bytes)
            }
        }
        let (marker, markerOffset) = cursor.firstNonspace(in: bytes)
        guard marker == line.lowerBound + Int(cmark_node_get_start_column(item)) - 1, marker < cursor.end else {
            return nil
        }
        var markerEnd = marker
        if bytes[marker] == UInt8(ascii: "-") || bytes[marker] == UInt8(ascii: "+")
            || bytes[marker] == UInt8(ascii: "*")
        {
            markerEnd += 1
        } else {
            while markerEnd < cursor.end, markerEnd - marker < 9, (0x30...0x39).contains(bytes[markerEnd]) {
                markerEnd += 1
            }
            guard markerEnd > marker, markerEnd < cursor.end,
                bytes[markerEnd] == UInt8(ascii: ".") || bytes[markerEnd] == UInt8(ascii: ")")
            else { return nil }
            markerEnd += 1
        }
        let markerWidth = markerEnd - marker
        // The spaces after the marker: one to four make the padding; five or more (indented code)
        // or none before the line's end count as one.
        cursor.advance(markerEnd - cursor.offset, columns: false, in: bytes)
        let markerColumn = cursor.column
        while cursor.column - markerColumn <= 5, cursor.offset < cursor.end,
            bytes[cursor.offset] == 0x20 || bytes[cursor.offset] == 0x09
        {
            cursor.advance(1, columns: true, in: bytes)
        }
        let spaces = cursor.column - markerColumn
        let padding =
            (spaces >= 5 || spaces < 1 || cursor.offset == cursor.end) ? markerWidth + 1 : markerWidth + spaces
        widths[item] = markerOffset + padding
        return markerOffset + padding
    }
}
