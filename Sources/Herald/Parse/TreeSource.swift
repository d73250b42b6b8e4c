import CCmark

/// The source a cmark tree was parsed from, as the extensions after the tables see it: the body
/// (footnote definitions rewritten), while the tree may have been parsed again with lines put in
/// by the tables (`GFMTables`' closing lines). Reads a node's source line back through both.
final class TreeSource {
    private let bytes: [UInt8]
    /// Split only when a node is read back, which few bodies need.
    private lazy var lines = SourceLines(bytes)
    /// Lines put in by the table extension (numbers in the tree), sorted.
    private let insertedLines: [Int]

    init(bytes: [UInt8], insertedLines: [Int]) {
        self.bytes = bytes
        self.insertedLines = insertedLines.sorted()
    }

    /// The body line of a line of the tree.
    func bodyLine(_ line: Int) -> Int {
        if insertedLines.isEmpty { return line }
        var low = 0
        var high = insertedLines.count
        while low < high {
            let middle = (low + high) / 2
            if insertedLines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return line - low
    }

    /// The offsets in a text node's `literal` of the bytes written escaped (see `WrittenEscapes`);
    /// empty when the node has no known place (extensions' own nodes) or nothing was escaped.
    func escapedOffsets(of node: OpaquePointer, literal: [UInt8]) -> Set<Int> {
        guard WrittenEscapes.hasAny(node, literalCount: literal.count),
            let range = lines.range(ofLine: bodyLine(Int(cmark_node_get_start_line(node))))
        else { return [] }
        return WrittenEscapes.offsets(
            in: literal, column: Int(cmark_node_get_start_column(node)), lineBytes: bytes[range])
    }
}
