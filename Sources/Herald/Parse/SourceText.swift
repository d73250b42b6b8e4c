import Foundation

/// A content file's text, split into front matter and Markdown body.
struct SourceText {
    /// The YAML between the `---` lines.
    var frontMatter: String
    /// Everything after the closing `---` line.
    var body: String
    /// The file line the YAML's first line stands on, minus one.
    var frontMatterLineOffset: Int

    /// Decodes and splits a file. A byte-order mark and CRLF line endings are accepted;
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
        var lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard lines.first.map({ $0.trimmingTrailingSpaces() == "---" }) == true else {
            return .failure(Diagnostic(path: path, line: 1, "no front matter: the file must start with a '---' line, then at least `title: …`, then '---'"))
        }
        let rest = lines.count > 1 ? lines.removeLast() : ""
        // Find the closing line: `---` (or YAML's `...`) alone on a line.
        var lineNumber = 1
        var searchStart = rest.startIndex
        while searchStart < rest.endIndex {
            lineNumber += 1
            let lineEnd = rest[searchStart...].firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[searchStart..<lineEnd].trimmingTrailingSpaces()
            if line == "---" || line == "..." {
                let bodyStart = lineEnd < rest.endIndex ? rest.index(after: lineEnd) : lineEnd
                return .success(SourceText(
                    frontMatter: String(rest[rest.startIndex..<searchStart]),
                    body: String(rest[bodyStart...]),
                    frontMatterLineOffset: 1))
            }
            searchStart = lineEnd < rest.endIndex ? rest.index(after: lineEnd) : lineEnd
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

extension Substring {
    /// The text without trailing spaces and tabs.
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, [" ", "\t"].contains(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
