import Foundation

/// A content file's text, split into front matter and Markdown body.
struct SourceText {
    /// The language the front matter is written in, told by its opening line.
    enum Syntax: Sendable {
        /// YAML between `---` lines (Jekyll, Hugo, and most others).
        case yaml
        /// TOML between `+++` lines (Hugo).
        case toml

        /// The syntax a front matter's opening line (`---` or `+++`, trimmed) starts.
        init?(opening line: Substring.UTF8View) {
            if line.elementsEqual("---".utf8) {
                self = .yaml
            } else if line.elementsEqual("+++".utf8) {
                self = .toml
            } else {
                return nil
            }
        }

        /// Whether the line closes the front matter: `---` (or YAML's end-of-document `...`) for
        /// YAML, `+++` for TOML, alone on the line.
        func closes(_ line: Substring.UTF8View) -> Bool {
            switch self {
            case .yaml: return line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8)
            case .toml: return line.elementsEqual("+++".utf8)
            }
        }
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
        switch decode(data, path: path) {
        case .success(let text): return split(text, path: path)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// The file's text: without a byte-order mark, with `\n` line endings and without control
    /// characters; an empty file, or one that is not UTF-8, is a diagnostic.
    private static func decode(_ data: Data, path: String) -> Result<String, Diagnostic> {
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
        return .success(text.removingControlCharacters())
    }

    /// The text split into its front matter and body, or why it cannot be.
    private static func split(_ text: String, path: String) -> Result<SourceText, Diagnostic> {
        let lines = Lines(utf8: text.utf8)
        // Editors and generators leave blank lines above the front matter; skip them, counting.
        // The file is not blank (checked before), so a line with text comes before the end.
        var (openingStart, openingLine) = (lines.utf8.startIndex, 1)
        var openingEnd = lines.end(ofLineAt: openingStart)
        while lines.trimmed(openingStart, openingEnd).isEmpty, openingEnd < lines.utf8.endIndex {
            openingStart = lines.next(after: openingEnd)
            openingEnd = lines.end(ofLineAt: openingStart)
            openingLine += 1
        }
        guard let syntax = Syntax(opening: lines.trimmed(openingStart, openingEnd)) else {
            return .failure(
                Diagnostic(
                    path: path, line: openingLine,
                    "no front matter: the file must start with a '---' line, then at least `title: …`, then '---'"))
        }
        let frontMatterStart = lines.next(after: openingEnd)
        var lineStart = frontMatterStart
        while lineStart < lines.utf8.endIndex {
            let lineEnd = lines.end(ofLineAt: lineStart)
            if syntax.closes(lines.trimmed(lineStart, lineEnd)) {
                return .success(
                    SourceText(
                        frontMatter: String(text[frontMatterStart..<lineStart]),
                        syntax: syntax,
                        body: String(text[lines.next(after: lineEnd)...]).closingBidiControlsPerLine(),
                        frontMatterLineOffset: openingLine))
            }
            lineStart = lines.next(after: lineEnd)
        }
        let closer = syntax == .yaml ? "---" : "+++"
        return .failure(
            Diagnostic(
                path: path, line: openingLine,
                "front matter opened on this line never closes: add a '\(closer)' line after it"))
    }

    /// Lines found on UTF-8 bytes: every delimiter is ASCII, and splitting Character by
    /// Character (grapheme breaking) was most of the cost of reading a file.
    private struct Lines {
        let utf8: String.UTF8View

        func end(ofLineAt start: String.Index) -> String.Index {
            // With memchr, on the bytes in place: stepping the view's indices a byte at a time
            // was a visible part of splitting every file (perf).
            let offset = utf8.distance(from: utf8.startIndex, to: start)
            let found = utf8.withContiguousStorageIfAvailable { bytes in
                ByteSearch.firstIndex(of: 0x0A, in: UnsafeBufferPointer(rebasing: bytes[offset...])) { _ in true }
            }
            guard let found else { return utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex }
            return found.map { utf8.index(start, offsetBy: $0) } ?? utf8.endIndex
        }

        func next(after lineEnd: String.Index) -> String.Index {
            lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
        }

        /// The line without its trailing spaces and tabs.
        func trimmed(_ start: String.Index, _ end: String.Index) -> Substring.UTF8View {
            var line = utf8[start..<end]
            while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
            return line
        }
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
