import CCmark
import Foundation

/// GitHub Flavored Markdown tables (spec 0.29, "Tables (extension)") on top of cmark, with
/// cmark-gfm's HTML.
///
/// cmark has no tables: it reads a table as a paragraph of pipes. So after cmark's parse, each
/// paragraph (or setext heading) whose source lines hold a header row and a delimiter row is
/// read as cmark-gfm would read it (`ParagraphLines`, `TableRows`) and replaced in the tree by
/// custom nodes, which cmark writes whatever its safe mode; raw HTML inside cells follows the
/// safe mode like any other. Code blocks and code spans are never paragraphs, so never tables.
enum GFMTables {
    /// Whether `source` could hold a table at all. A delimiter row needs a `|`, or else a `:`
    /// beside a `-` (without either it is a setext underline or a list item), so a body with
    /// neither is skipped after a `memchr` or two.
    static func mayOccur(in source: String) -> Bool {
        if let answer = source.utf8.withContiguousStorageIfAvailable({ mayOccur(in: $0) }) { return answer }
        return Array(source.utf8).withUnsafeBufferPointer { mayOccur(in: $0) }
    }

    /// `mayOccur` on the bytes.
    private static func mayOccur(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        if memchr(base, Int32(UInt8(ascii: "|")), bytes.count) != nil { return true }
        var from = 0
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: ":")), bytes.count - from) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if (index > 0 && bytes[index - 1] == UInt8(ascii: "-"))
                || (index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"))
            {
                return true
            }
            from = index + 1
        }
        return false
    }

    /// The most times the source is parsed again to end tables where cmark-gfm ends them; past
    /// that, a table that would end inside its paragraph is left as cmark made it.
    static let maxRounds = 16

    /// A table to put in: the block holding its header row, and how far it goes.
    private struct Found {
        /// The paragraph or setext heading with the header row.
        var block: OpaquePointer
        /// That block's lines.
        var lines: ParagraphLines
        /// The index (in `lines`) of the header row's line; the lines before it stay a paragraph.
        var headerLine: Int
        /// The table.
        var table: GFMTable
        /// Paragraphs after a setext heading whose underline was a row: their lines are rows too.
        var absorbed: [OpaquePointer] = []
        /// Where the table ends before its block does: the source line, and the prefix of the
        /// containers that line keeps.
        var end: (line: Int, prefix: [UInt8])?
    }

    /// What a piece of the second document stands for: the text before a table (a fragment), or
    /// a table whose cells are fragments (nil for an empty cell).
    private enum Piece {
        case fragment(Int)
        case table(GFMTable, header: [Int?], rows: [[Int?]])
    }

    /// Puts the tables into the tree cmark made of `source` (parsed with `flags`), with
    /// strikethrough when `strikethrough`; returns the tree, which is a new one (the old one
    /// freed) if the source had to be parsed again.
    ///
    /// Where a table ends inside cmark's paragraph (at a line that opens a block, has no cell, or
    /// leaves out a container's prefix), what follows is what cmark-gfm's block parser makes of
    /// it after a table, not inside a paragraph. cmark's block parser is the same, so a line is
    /// put in before that line to end the paragraph there (an HTML comment, with the prefixes of
    /// the containers the line keeps), the source is parsed again, and the comment taken out.
    ///
    /// Tables over `TableLimits` are not built: the tree is left as cmark made it and `excess`
    /// says where (the caller refuses the document).
    ///
    /// `closingLines` gets the numbers (in the returned tree) of the lines put in, so that a later
    /// step can count its lines back to the source's.
    static func apply(
        to root: OpaquePointer, source: String, flags: Int32, strikethrough: Bool, excess: inout TableLimits.Excess?,
        closingLines: inout [Int]
    ) -> OpaquePointer {
        var root = root
        var bytes = Array(source.utf8)
        closingLines = []
        var found: [Found] = []
        for round in 0...maxRounds {
            (found, excess) = findTables(in: root, bytes: bytes)
            if excess != nil { return root }
            let ends = found.compactMap(\.end)
            if ends.isEmpty || round == maxRounds { break }
            (bytes, closingLines) = closingTables(at: ends, in: bytes, closingLines: closingLines)
            cmark_node_free(root)
            root = CmarkNodes.parse(bytes, flags: flags)
        }
        // Strikethrough compares the tree with another parse of `bytes`, so it comes first.
        if strikethrough { Strikethrough.apply(to: root, source: bytes, flags: flags) }
        if !closingLines.isEmpty { removeClosingLines(closingLines, from: root) }
        found.removeAll { $0.end != nil }
        if !found.isEmpty { build(found, bytes: bytes, flags: flags, strikethrough: strikethrough) }
        return root
    }

    /// Replaces each found block with its table, and the text before it with a paragraph.
    ///
    /// Cells are Markdown of their own: they, and the text before each table, are parsed by cmark
    /// in a second document that ends with the whole source (when it may define links), so that
    /// links find their reference definitions, and their nodes are moved into this tree.
    private static func build(_ found: [Found], bytes: [UInt8], flags: Int32, strikethrough: Bool) {
        // One fragment per piece of Markdown, each a paragraph closed by a blank line.
        var document: [UInt8] = []
        var fragmentLines: [ClosedRange<Int>] = []
        var nextLine = 1
        func add(_ text: [UInt8]) -> Int {
            let lineCount = 1 + text.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            fragmentLines.append(nextLine...(nextLine + lineCount - 1))
            document += text
            document += [0x0A, 0x0A]
            nextLine += lineCount + 1
            return fragmentLines.count - 1
        }
        /// A cell's Markdown, led by a no-break space so that cmark reads it as a paragraph's
        /// text whatever it starts with (`#`, `1.`, `[a]: b`); the space is taken off again, and
        /// counts as white space, like the start of a line, for emphasis and strikethrough.
        func cell(_ range: Range<Int>) -> Int? {
            let text = TableLineSyntax.cellText(bytes, range)
            return text.isEmpty ? nil : add([0xC2, 0xA0] + text)
        }
        let plans: [[Piece]] = found.map { item in
            var pieces: [Piece] = []
            if item.headerLine > 0 {
                pieces.append(.fragment(add(paragraphText(item.lines.lines[0..<item.headerLine], bytes: bytes))))
            }
            pieces.append(
                .table(item.table, header: item.table.header.map(cell), rows: item.table.rows.map { $0.map(cell) }))
            return pieces
        }
        let lastFragmentLine = nextLine - 1
        // The source is only there for its link reference definitions, and every one has `]:`.
        if ByteSearch.contains(bytes, UInt8(ascii: "]"), followedBy: UInt8(ascii: ":")) { document += bytes }

        let second = CmarkNodes.parse(document, flags: flags)
        defer { cmark_node_free(second) }
        if strikethrough {
            Strikethrough.apply(to: second, source: document, flags: flags, throughLine: lastFragmentLine)
        }
        let nodes = fragmentNodes(of: second, lines: fragmentLines)
        for (item, pieces) in zip(found, plans) {
            for piece in pieces {
                switch piece {
                case .fragment(let index):
                    for node in nodes[index] { cmark_node_insert_before(item.block, node) }
                case .table(let table, let header, let rows):
                    cmark_node_insert_before(item.block, tableNode(table, header: header, rows: rows, nodes: nodes))
                }
            }
            cmark_node_free(item.block)
            for node in item.absorbed { cmark_node_free(node) }
        }
    }

    /// The paragraphs and setext headings of the tree whose lines hold a table, in order; or, as
    /// soon as they pass `TableLimits`, where.
    private static func findTables(in root: OpaquePointer, bytes: [UInt8]) -> ([Found], TableLimits.Excess?) {
        let lines = SourceLines(bytes)
        var found: [Found] = []
        var widths: [OpaquePointer: Int] = [:]
        var absorbed: Set<OpaquePointer> = []
        var cells = 0
        guard let iterator = cmark_iter_new(root) else { return ([], nil) }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), isMultiLineText(node),
                !absorbed.contains(node), mayHoldDelimiterRow(node, bytes: bytes, lines: lines),
                let blockLines = ParagraphLines(of: node, bytes: bytes, lines: lines, widths: &widths),
                let (headerLine, table) = TableRows.start(
                    in: blockLines.lines, textLines: blockLines.lines.count - (blockLines.hasUnderline ? 1 : 0),
                    bytes: bytes)
            else { continue }
            var item = Found(block: node, lines: blockLines, headerLine: headerLine, table: table)
            let columns = table.header.count
            let headerNumber = blockLines.lines[headerLine].number
            cells += columns
            if columns > TableLimits.mostColumns || cells > TableLimits.mostCells {
                return (found, TableLimits.Excess(line: headerNumber, columns: columns, cells: cells))
            }
            /// The rows the limit leaves room for, in this block.
            func room() -> Int { (TableLimits.mostCells - cells) / columns + 1 }
            var current = blockLines
            var stop = TableRows.addRows(
                to: &item.table, from: current.lines, at: headerLine + 2, bytes: bytes, mostRows: room())
            // When a setext underline was a row, cmark-gfm's table goes on into the paragraph or
            // setext heading cmark started on the next line.
            while stop == nil, current.hasUnderline, let next = cmark_node_next(item.absorbed.last ?? node),
                isMultiLineText(next) || cmark_node_get_type(next) == CMARK_NODE_PARAGRAPH,
                Int(cmark_node_get_start_line(next)) == current.lines[current.lines.count - 1].number + 1,
                let nextLines = ParagraphLines(of: next, bytes: bytes, lines: lines, widths: &widths)
            {
                item.absorbed.append(next)
                absorbed.insert(next)
                current = nextLines
                stop = TableRows.addRows(to: &item.table, from: current.lines, at: 0, bytes: bytes, mostRows: room())
            }
            cells += item.table.rows.count * columns
            if item.table.overLimit || cells > TableLimits.mostCells {
                return (found, TableLimits.Excess(line: headerNumber, columns: columns, cells: cells))
            }
            if let stop {
                let line = current.lines[stop]
                item.end = (line.number, current.containers.text(depth: line.depth))
            }
            found.append(item)
        }
        return (found, nil)
    }

    /// Whether `node` is a paragraph or setext heading over more than one line (a table needs two;
    /// an ATX heading has one).
    private static func isMultiLineText(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING)
            && cmark_node_get_end_line(node) > cmark_node_get_start_line(node)
    }

    /// `bytes` with an HTML comment line (after `prefix`) before each line in `ends`, and the
    /// numbers of all such lines, the earlier ones moved down by the lines put in above them.
    private static func closingTables(
        at ends: [(line: Int, prefix: [UInt8])], in bytes: [UInt8], closingLines: [Int]
    ) -> ([UInt8], [Int]) {
        let lines = SourceLines(bytes)
        var seen: Set<Int> = []
        let sorted = ends.sorted { $0.line < $1.line }.filter { seen.insert($0.line).inserted }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + sorted.count * 16)
        var copied = 0
        for end in sorted {
            guard let start = lines.range(ofLine: end.line)?.lowerBound else { continue }
            output += bytes[copied..<start]
            output += end.prefix
            output += Array("<!---->\n".utf8)
            copied = start
        }
        output += bytes[copied...]
        let moved = closingLines.map { line in line + sorted.filter { $0.line <= line }.count }
        let added = sorted.enumerated().map { $0.element.line + $0.offset }
        return (output, moved + added)
    }

    /// Takes out the HTML comments `closingTables` put in, found by their lines.
    private static func removeClosingLines(_ numbers: [Int], from root: OpaquePointer) {
        let wanted = Set(numbers)
        var doomed: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK,
                wanted.contains(Int(cmark_node_get_start_line(node)))
            {
                doomed.append(node)
            }
        }
        cmark_iter_free(iterator)
        for node in doomed { cmark_node_free(node) }
    }

    /// Whether a line after the block's first has a `-` and a `|` or `:`, as a delimiter row must:
    /// a look at the raw bytes before the block's lines are worked out.
    private static func mayHoldDelimiterRow(_ node: OpaquePointer, bytes: [UInt8], lines: SourceLines) -> Bool {
        let first = Int(cmark_node_get_start_line(node))
        let last = min(Int(cmark_node_get_end_line(node)), lines.count)
        guard first < last else { return false }
        for number in (first + 1)...last {
            guard let range = lines.range(ofLine: number) else { return false }
            let line = bytes[range]
            if line.contains(UInt8(ascii: "-")), line.contains(UInt8(ascii: "|")) || line.contains(UInt8(ascii: ":")) {
                return true
            }
        }
        return false
    }

    /// The lines before a table's header row as a fragment: the first line's text, then the others
    /// indented by four spaces so that none can start a block (cmark-gfm reads them all as the
    /// paragraph's text), with `\|` turned into `|` as cmark-gfm does there.
    private static func paragraphText(_ lines: ArraySlice<ParagraphLine>, bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        for index in lines.indices {
            let line = lines[index]
            if index > lines.startIndex { text += [0x0A, 0x20, 0x20, 0x20, 0x20] }
            text += TableLineSyntax.unescapingPipes(bytes[line.textStart..<line.end])
        }
        return text
    }

    /// The top-level nodes the second document made of each fragment, by their first line.
    private static func fragmentNodes(of document: OpaquePointer, lines: [ClosedRange<Int>]) -> [[OpaquePointer]] {
        var nodes = [[OpaquePointer]](repeating: [], count: lines.count)
        var fragment = 0
        var child = cmark_node_first_child(document)
        while let node = child, fragment < lines.count {
            let line = Int(cmark_node_get_start_line(node))
            while fragment < lines.count, line > lines[fragment].upperBound { fragment += 1 }
            if fragment < lines.count, lines[fragment].contains(line) { nodes[fragment].append(node) }
            child = cmark_node_next(node)
        }
        return nodes
    }

    /// The table's nodes: custom blocks for `<table>`, `<thead>`, `<tbody>` and `<tr>`, and a
    /// custom inline per cell holding the inlines cmark parsed from it, laid out line by line as
    /// cmark-gfm writes them.
    private static func tableNode(
        _ table: GFMTable, header: [Int?], rows: [[Int?]], nodes: [[OpaquePointer]]
    ) -> OpaquePointer {
        /// One row, padded with empty cells to the number of columns.
        func row(_ cells: [Int?], tag: String) -> OpaquePointer {
            let row = CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<tr>", exit: "</tr>")
            for (column, alignment) in table.alignments.enumerated() {
                let cell = CmarkNodes.custom(
                    CMARK_NODE_CUSTOM_INLINE, enter: "<\(tag)\(alignment.attribute)>", exit: "</\(tag)>\n")
                if column < cells.count, let fragment = cells[column] { fill(cell, from: nodes[fragment]) }
                cmark_node_append_child(row, cell)
            }
            return row
        }
        let node = CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<table>", exit: "</table>")
        let head = CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<thead>", exit: "</thead>")
        cmark_node_append_child(head, row(header, tag: "th"))
        cmark_node_append_child(node, head)
        if !rows.isEmpty {
            let body = CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<tbody>", exit: "</tbody>")
            for cells in rows { cmark_node_append_child(body, row(cells, tag: "td")) }
            cmark_node_append_child(node, body)
        }
        return node
    }

    /// Moves a cell fragment's inlines (its one paragraph's children) into `cell`, without the
    /// no-break space that led them.
    private static func fill(_ cell: OpaquePointer, from nodes: [OpaquePointer]) {
        guard let paragraph = nodes.first, cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return }
        if let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT {
            let text = CmarkNodes.literal(first)
            if text.starts(with: [0xC2, 0xA0]) {
                if text.count == 2 { cmark_node_free(first) } else { CmarkNodes.setLiteral(first, text.dropFirst(2)) }
            }
        }
        while let child = cmark_node_first_child(paragraph) { cmark_node_append_child(cell, child) }
    }
}
