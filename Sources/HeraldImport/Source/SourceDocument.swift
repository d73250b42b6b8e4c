import Foundation

/// A Markdown file of the old site, split into its front matter and its body, with the body's
/// bytes exactly as they were: an import changes only what it converts.
struct SourceDocument: Sendable {
    /// The language of the front matter, told by its opening line.
    enum Syntax: Sendable, Equatable {
        /// `---` … `---` (Jekyll, Hugo).
        case yaml
        /// `+++` … `+++` (Hugo).
        case toml
        /// `{` … `}` (Hugo).
        case json
        /// No front matter at all.
        case none
    }

    var syntax: Syntax
    /// The front matter's text: between the delimiter lines (for JSON, the braces included).
    var frontMatter: String
    /// The file line of the front matter's first line.
    var frontMatterLine: Int
    /// Everything after the closing line, byte for byte.
    var body: String
    /// The file line the body starts on.
    var bodyLine: Int
    /// The line ending the file uses (`\r\n` or `\n`), kept in the rewritten front matter.
    var newline: String

    /// Why a file could not be split, at a file line.
    struct Problem: Error, Equatable, Sendable {
        var line: Int
        var message: String
    }

    /// Splits a file. Bytes that are not UTF-8 and front matter that never closes are problems.
    static func split(_ data: Data) -> Result<SourceDocument, Problem> {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            var line = 1
            var valid = bytes.startIndex
            // The line of the first byte that does not decode: decode line by line.
            for (index, byte) in zip(bytes.indices, bytes) where byte == 0x0A {
                if String(validating: bytes[valid..<index], as: UTF8.self) == nil { break }
                line += 1
                valid = bytes.index(after: index)
            }
            return .failure(Problem(line: line, message: "is not UTF-8 text"))
        }
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines: [Substring] = []
        var lineStarts: [String.Index] = []
        var start = text.startIndex
        // The first few hundred lines suffice to find the front matter's end.
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            lineStarts.append(start)
            var line = text[start..<end]
            if line.hasSuffix("\r") { line = line.dropLast() }
            lines.append(line)
            start = end < text.endIndex ? text.index(after: end) : end
        }
        lineStarts.append(text.endIndex)
        func rest(after lineIndex: Int) -> String { String(text[lineStarts[lineIndex + 1]...]) }
        guard let first = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return .success(SourceDocument(syntax: .none, frontMatter: "", frontMatterLine: 1, body: text, bodyLine: 1, newline: newline))
        }
        let opening = lines[first].trimmingTrailingSpaces
        let closing: (Substring) -> Bool
        let syntax: Syntax
        switch opening {
        case "---": (syntax, closing) = (.yaml, { $0.trimmingTrailingSpaces == "---" || $0.trimmingTrailingSpaces == "..." })
        case "+++": (syntax, closing) = (.toml, { $0.trimmingTrailingSpaces == "+++" })
        case "{": (syntax, closing) = (.json, { $0.trimmingTrailingSpaces == "}" })
        default:
            return .success(SourceDocument(syntax: .none, frontMatter: "", frontMatterLine: 1, body: text, bodyLine: 1, newline: newline))
        }
        guard let end = lines[(first + 1)...].firstIndex(where: closing) else {
            return .failure(Problem(line: first + 1, message: "front matter opened with '\(opening)' never closes"))
        }
        if syntax == .json {
            let json = text[lineStarts[first]..<lineStarts[end + 1]]
            return .success(SourceDocument(syntax: .json, frontMatter: String(json), frontMatterLine: first + 1, body: rest(after: end), bodyLine: end + 2, newline: newline))
        }
        let inner = String(text[lineStarts[first + 1]..<lineStarts[end]])
        return .success(SourceDocument(syntax: syntax, frontMatter: inner, frontMatterLine: first + 2, body: rest(after: end), bodyLine: end + 2, newline: newline))
    }
}

extension Substring {
    /// The line without spaces and tabs at its end.
    var trimmingTrailingSpaces: Substring {
        var line = self
        while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
        return line
    }
}
