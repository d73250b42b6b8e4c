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
        let utf8 = text.utf8
        let newline = utf8.contains(0x0D) && text.contains("\r\n") ? "\r\n" : "\n"
        // Lines are found on bytes, and only as far as the front matter's end: the body is kept whole.
        var lineNumber = 0
        var start = utf8.startIndex
        /// The next line (without its line break and trailing spaces), its number, and where the one after starts.
        func nextLine() -> (text: Substring, number: Int, start: String.Index, next: String.Index)? {
            guard start < utf8.endIndex else { return nil }
            let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
            var line = text[start..<end]
            if line.utf8.last == 0x0D { line = line.dropLast() }
            lineNumber += 1
            let lineStart = start
            start = end < utf8.endIndex ? utf8.index(after: end) : end
            return (line.trimmingTrailingSpaces, lineNumber, lineStart, start)
        }
        func whole() -> SourceDocument {
            SourceDocument(
                syntax: .none, frontMatter: "", frontMatterLine: 1, body: text, bodyLine: 1, newline: newline)
        }
        var opening = nextLine()
        while let line = opening, line.text.allSatisfy(\.isWhitespace) { opening = nextLine() }
        guard let opening else { return .success(whole()) }
        let syntax: Syntax
        let closings: [Substring]
        switch opening.text {
        case "---": (syntax, closings) = (.yaml, ["---", "..."])
        case "+++": (syntax, closings) = (.toml, ["+++"])
        case "{": (syntax, closings) = (.json, ["}"])
        default: return .success(whole())
        }
        while let line = nextLine() {
            guard closings.contains(line.text) else { continue }
            let body = String(text[line.next...])
            if syntax == .json {
                return .success(
                    SourceDocument(
                        syntax: .json, frontMatter: String(text[opening.start..<line.next]),
                        frontMatterLine: opening.number,
                        body: body, bodyLine: line.number + 1, newline: newline))
            }
            return .success(
                SourceDocument(
                    syntax: syntax, frontMatter: String(text[opening.next..<line.start]),
                    frontMatterLine: opening.number + 1,
                    body: body, bodyLine: line.number + 1, newline: newline))
        }
        return .failure(
            Problem(line: opening.number, message: "front matter opened with '\(opening.text)' never closes"))
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

extension SourceDocument {
    /// A document not read yet.
    static let placeholder = SourceDocument(
        syntax: .none, frontMatter: "", frontMatterLine: 1, body: "", bodyLine: 1, newline: "\n")

    /// Whether a file starts with `---` on its own line: Jekyll processes it, and Hugo reads it as a page.
    static func startsWithFrontMatter(_ data: Data) -> Bool {
        var bytes = data.prefix(8)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard bytes.starts(with: Array("---".utf8)) else { return false }
        let after = bytes.dropFirst(3).first
        return after == nil || after == 0x0A || after == 0x0D || after == 0x20
    }
}
