/// How big the tables of one Markdown document may be.
///
/// Every cell becomes cmark nodes of its own (a custom inline, its parsed text, and a paragraph
/// in the document its Markdown is parsed in): some 800 bytes and 6 µs of CPU each, whatever
/// the cell holds. A 16 MB table of one-letter cells was 3.5 million cells, 3 GB and 21 s, so
/// the cells are bounded, not the bytes. A document over a limit is refused at the table's line
/// (`ItemParser` makes it a `path:line` error) before its cells are built.
enum TableLimits {
    /// Columns of one table: wider than any page shows, or a spreadsheet exports for the web.
    static let mostColumns = 1_000
    /// Cells (header and body, padding included) of all the tables of one document: 100,000
    /// cells, some 80 MB while they are built, are a 5,000-row table of 20 columns.
    static let mostCells = 100_000

    /// A table that goes past a limit: the source line of its header row, and what it has.
    struct Excess: Equatable, Sendable {
        var line: Int
        var columns: Int
        /// The cells counted when the limit was passed (all tables of the document so far).
        var cells: Int

        /// The problem, in words, for the error at `line`.
        var message: String {
            if columns > TableLimits.mostColumns {
                return
                    "this table has \(NumberText.grouped(columns)) columns; a table may have at most \(NumberText.grouped(TableLimits.mostColumns)): split it, or link to the data as a CSV file in static/"
            }
            return
                "the tables of this file have over \(NumberText.grouped(TableLimits.mostCells)) cells, the most a file's tables may have in all: split the table over several items, or link to the data as a CSV file in static/"
        }
    }
}
