/// Reads a table out of the lines cmark took for a paragraph, the way cmark-gfm's table extension
/// reads them as they come, line by line (GFM spec 0.29, "Tables (extension)").
enum TableRows {
    /// More empty cells than this, added to pad short rows, end a table (cmark-gfm's own limit,
    /// against a few lines of input making a huge page).
    static let maxPaddingCells = 0x80000

    /// The first table in `lines`: the index of its header row's line, and the table with its
    /// header and alignments. The delimiter row is the first line among the first `textLines`
    /// (so never a heading's underline) that is not the first, not lazy, not indented code, not
    /// dashes alone (cmark-gfm reads those as a setext underline first, even where that makes no
    /// heading, after reference definitions), and whose line before has as many cells;
    /// cmark-gfm asks this at each line of a paragraph, so a candidate that fails does not stop
    /// a later one.
    static func start(in lines: [ParagraphLine], textLines: Int, bytes: [UInt8]) -> (headerLine: Int, table: GFMTable)?
    {
        var index = 1
        while index < textLines {
            let line = lines[index]
            if !line.isLazy, line.indent < 4, !isDashes(bytes[line.textStart..<line.end]),
                TableLineSyntax.isDelimiterRow(bytes, line.textStart..<line.end),
                let delimiters = TableLineSyntax.cells(bytes, line.textStart..<line.end),
                let header = headerCells(lines[index - 1], bytes: bytes), header.count == delimiters.count
            {
                let alignments = delimiters.map { TableLineSyntax.alignment(of: $0, in: bytes) }
                return (index - 1, GFMTable(alignments: alignments, header: header))
            }
            index += 1
        }
        return nil
    }

    /// Adds `lines[from...]` to the table as body rows until one ends it; returns the index of
    /// that line, or nil if every line became a row. A line ends the table if it opens a block
    /// (cmark-gfm tries those before a row), is lazy (after a table, cmark-gfm closes the
    /// containers the line leaves out), has no cell, or would pad past `maxPaddingCells`.
    /// At most `mostRows` rows are added: past them `table.overLimit` is set and nil returned, so
    /// that a table over `TableLimits` costs no more than the limit.
    static func addRows(
        to table: inout GFMTable, from lines: [ParagraphLine], at from: Int, bytes: [UInt8], mostRows: Int = .max
    ) -> Int? {
        let columns = table.header.count
        for index in from..<lines.count {
            if table.rows.count >= mostRows {
                table.overLimit = true
                return nil
            }
            let line = lines[index]
            guard !TableLineSyntax.startsBlock(bytes, line), !line.isLazy,
                let cells = TableLineSyntax.cells(bytes, line.textStart..<line.end),
                table.padding + max(0, columns - cells.count) <= maxPaddingCells
            else { return index }
            table.padding += max(0, columns - cells.count)
            table.rows.append(Array(cells.prefix(columns)))
        }
        return nil
    }

    /// Whether a line's text is `-`s and then nothing but spaces and tabs.
    private static func isDashes(_ text: ArraySlice<UInt8>) -> Bool {
        text.first == UInt8(ascii: "-")
            && text.drop(while: { $0 == UInt8(ascii: "-") }).allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The cells of a header row. cmark-gfm parses it from the paragraph's text, where a lazy
    /// line keeps the white space before it: before a leading pipe that makes an empty cell.
    private static func headerCells(_ line: ParagraphLine, bytes: [UInt8]) -> [Range<Int>]? {
        let cells = TableLineSyntax.cells(bytes, line.textStart..<line.end)
        guard line.keepsLeadingSpace, line.textStart < line.end, bytes[line.textStart] == UInt8(ascii: "|") else {
            return cells
        }
        return [line.textStart..<line.textStart] + (cells ?? [])
    }
}
