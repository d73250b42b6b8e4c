/// A table found in a paragraph's lines; every cell is the byte range of its raw text.
struct GFMTable: Equatable {
    /// Each column's alignment, from the delimiter row.
    var alignments: [TableLineSyntax.Alignment]
    /// The header row's cells (as many as there are columns).
    var header: [Range<Int>]
    /// The body rows, each cut to the number of columns (short rows are padded when built).
    var rows: [[Range<Int>]] = []
    /// Empty cells added so far to pad short rows.
    var padding = 0
    /// Whether rows were left out because the document's tables reached `TableLimits.mostCells`.
    var overLimit = false
}
