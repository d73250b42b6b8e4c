/// The lines of a file's text read one by one from its start, on bytes, and only as far as they
/// are asked for: `SourceDocument.split` reads to the front matter's end and keeps the body whole.
struct LeadingLines {
    /// A line: its text (without its line break and trailing spaces), its number, where it
    /// starts, and where the one after it starts.
    struct Line {
        var text: Substring
        var number: Int
        var start: String.Index
        var next: String.Index
    }

    let text: String
    /// Where the next line starts.
    private var start: String.Index
    private var lineNumber = 0

    init(_ text: String) {
        self.text = text
        start = text.utf8.startIndex
    }

    /// The next line, or nil at the end of the text.
    mutating func next() -> Line? {
        let utf8 = text.utf8
        guard start < utf8.endIndex else { return nil }
        let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
        var line = text[start..<end]
        if line.utf8.last == 0x0D { line = line.dropLast() }
        lineNumber += 1
        let lineStart = start
        start = end < utf8.endIndex ? utf8.index(after: end) : end
        return Line(text: line.trimmingTrailingSpaces, number: lineNumber, start: lineStart, next: start)
    }
}
