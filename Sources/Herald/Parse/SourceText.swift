import Foundation

/// A content file's text, split into front matter and Markdown body.
struct SourceText {
    /// The language the front matter is written in, told by its opening line.
    enum Syntax: Sendable {
        /// YAML between `---` lines (Jekyll, Hugo, and most others).
        case yaml
        /// TOML between `+++` lines (Hugo).
        case toml
    }

    /// The front matter's text, between its opening and closing lines.
    var frontMatter: String
    /// Whether `frontMatter` is YAML or TOML.
    var syntax: Syntax
    /// Everything after the closing line.
    var body: String
    /// The file line the front matter's first line stands on, minus one (the opening line's number).
    var frontMatterLineOffset: Int

    /// Decodes and splits a file. A byte-order mark, blank lines before the opening line, and CRLF
    /// or CR line endings are accepted, control characters are dropped, and right-to-left overrides
    /// are closed at the end of their line; bytes that are not UTF-8 and front matter that never
    /// closes are diagnostics.
    static func read(_ data: Data, path: String) -> Result<SourceText, Diagnostic> {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(
                Diagnostic(
                    path: path, line: 1,
                    "file is empty: it needs front matter between '---' lines with at least a title"))
        }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            return .failure(
                Diagnostic(
                    path: path, line: firstInvalidLine(bytes), "file is not UTF-8 text: save it with UTF-8 encoding"))
        }
        if ByteSearch.contains(text, 0x0D) {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        text = text.removingControlCharacters()
        // Lines are found on UTF-8 bytes: every delimiter is ASCII, and splitting Character by
        // Character (grapheme breaking) was most of the cost of reading a file.
        let utf8 = text.utf8
        func end(ofLineAt start: String.Index) -> String.Index { utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex }
        func next(after lineEnd: String.Index) -> String.Index {
            lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
        }
        /// The line without its trailing spaces and tabs.
        func trimmed(_ start: String.Index, _ end: String.Index) -> Substring.UTF8View {
            var line = utf8[start..<end]
            while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
            return line
        }
        // Editors and generators leave blank lines above the front matter; skip them, counting.
        // The file is not blank (checked above), so a line with text comes before the end.
        var openingStart = utf8.startIndex
        var openingLine = 1
        var openingEnd = end(ofLineAt: openingStart)
        while trimmed(openingStart, openingEnd).isEmpty, openingEnd < utf8.endIndex {
            openingStart = next(after: openingEnd)
            openingEnd = end(ofLineAt: openingStart)
            openingLine += 1
        }
        let opening = trimmed(openingStart, openingEnd)
        let syntax: Syntax
        if opening.elementsEqual("---".utf8) {
            syntax = .yaml
        } else if opening.elementsEqual("+++".utf8) {
            syntax = .toml
        } else {
            return .failure(
                Diagnostic(
                    path: path, line: openingLine,
                    "no front matter: the file must start with a '---' line, then at least `title: …`, then '---'"))
        }
        /// Whether the line closes the front matter: `---` (or YAML's end-of-document `...`) for
        /// YAML, `+++` for TOML, alone on the line.
        func closes(_ line: Substring.UTF8View) -> Bool {
            switch syntax {
            case .yaml: return line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8)
            case .toml: return line.elementsEqual("+++".utf8)
            }
        }
        let frontMatterStart = next(after: openingEnd)
        var lineStart = frontMatterStart
        while lineStart < utf8.endIndex {
            let lineEnd = end(ofLineAt: lineStart)
            if closes(trimmed(lineStart, lineEnd)) {
                return .success(
                    SourceText(
                        frontMatter: String(text[frontMatterStart..<lineStart]),
                        syntax: syntax,
                        body: String(text[next(after: lineEnd)...]).closingBidiControlsPerLine(),
                        frontMatterLineOffset: openingLine))
            }
            lineStart = next(after: lineEnd)
        }
        let closer = syntax == .yaml ? "---" : "+++"
        return .failure(
            Diagnostic(
                path: path, line: openingLine,
                "front matter opened on this line never closes: add a '\(closer)' line after it"))
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
