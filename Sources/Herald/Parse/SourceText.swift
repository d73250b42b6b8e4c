import Foundation

/// A content file's text, split into front matter and Markdown body.
struct SourceText {
    /// The YAML between the `---` lines.
    var frontMatter: String
    /// Everything after the closing `---` line.
    var body: String
    /// The file line the YAML's first line stands on, minus one.
    var frontMatterLineOffset: Int

    /// Decodes and splits a file. A byte-order mark and CRLF line endings are accepted, control
    /// characters are dropped, and right-to-left overrides are closed at the end of their line;
    /// bytes that are not UTF-8 and front matter that never closes are diagnostics.
    static func read(_ data: Data, path: String) -> Result<SourceText, Diagnostic> {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(Diagnostic(path: path, line: 1, "file is empty: it needs front matter between '---' lines with at least a title"))
        }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            return .failure(Diagnostic(path: path, line: firstInvalidLine(bytes), "file is not UTF-8 text: save it with UTF-8 encoding"))
        }
        if text.utf8.contains(0x0D) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        text = text.removingControlCharacters()
        // Lines are found on UTF-8 bytes: every delimiter is ASCII, and splitting Character by
        // Character (grapheme breaking) was most of the cost of reading a file.
        let utf8 = text.utf8
        func end(ofLineAt start: String.Index) -> String.Index { utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex }
        func next(after lineEnd: String.Index) -> String.Index { lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd }
        /// Whether the line is `marker` alone, give or take trailing spaces and tabs.
        func line(_ start: String.Index, _ end: String.Index, is marker: String) -> Bool {
            var line = utf8[start..<end]
            while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
            return line.elementsEqual(marker.utf8)
        }
        let firstEnd = end(ofLineAt: utf8.startIndex)
        guard line(utf8.startIndex, firstEnd, is: "---") else {
            return .failure(Diagnostic(path: path, line: 1, "no front matter: the file must start with a '---' line, then at least `title: …`, then '---'"))
        }
        // Find the closing line: `---` (or YAML's `...`) alone on a line.
        let yamlStart = next(after: firstEnd)
        var lineStart = yamlStart
        while lineStart < utf8.endIndex {
            let lineEnd = end(ofLineAt: lineStart)
            if line(lineStart, lineEnd, is: "---") || line(lineStart, lineEnd, is: "...") {
                return .success(SourceText(
                    frontMatter: String(text[yamlStart..<lineStart]),
                    body: String(text[next(after: lineEnd)...]).closingBidiControlsPerLine(),
                    frontMatterLineOffset: 1))
            }
            lineStart = next(after: lineEnd)
        }
        return .failure(Diagnostic(path: path, line: 1, "front matter opened on this line never closes: add a '---' line after it"))
    }

    /// The line on which the first byte that is not UTF-8 stands.
    private static func firstInvalidLine(_ bytes: Data.SubSequence) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput, .error: return line
            }
        }
    }
}
