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
        let text: String
        switch decode(data) {
        case .success(let decoded): text = decoded
        case .failure(let problem): return .failure(problem)
        }
        let newline = text.utf8.contains(0x0D) && text.contains("\r\n") ? "\r\n" : "\n"
        // Lines are found on bytes, and only as far as the front matter's end: the body is kept whole.
        var lines = LeadingLines(text)
        var opening = lines.next()
        while let line = opening, line.text.allSatisfy(\.isWhitespace) { opening = lines.next() }
        guard let opening, let (syntax, closings) = frontMatterSyntax(opening: opening.text) else {
            return .success(
                SourceDocument(
                    syntax: .none, frontMatter: "", frontMatterLine: 1, body: text, bodyLine: 1, newline: newline))
        }
        while let line = lines.next() {
            guard closings.contains(line.text) else { continue }
            return .success(
                split(text, syntax: syntax, opening: opening, closing: line, newline: newline))
        }
        return .failure(
            Problem(line: opening.number, message: "front matter opened with '\(opening.text)' never closes"))
    }

    /// The file's text without a byte order mark, or, for bytes that are not UTF-8, the line of
    /// the first byte that does not decode.
    static func decode(_ data: Data) -> Result<String, Problem> {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
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

    /// The front matter's language by its first line, and the lines that may close it; nil for
    /// a file without front matter.
    static func frontMatterSyntax(opening: Substring) -> (syntax: Syntax, closings: [Substring])? {
        switch opening {
        case "---": return (.yaml, ["---", "..."])
        case "+++": return (.toml, ["+++"])
        case "{": return (.json, ["}"])
        default: return nil
        }
    }

    /// The file split at its front matter's opening and closing lines: JSON's braces are part of
    /// its front matter, the other delimiter lines are not.
    static func split(
        _ text: String, syntax: Syntax, opening: LeadingLines.Line, closing: LeadingLines.Line, newline: String
    ) -> SourceDocument {
        let body = String(text[closing.next...])
        if syntax == .json {
            return SourceDocument(
                syntax: .json, frontMatter: String(text[opening.start..<closing.next]),
                frontMatterLine: opening.number,
                body: body, bodyLine: closing.number + 1, newline: newline)
        }
        return SourceDocument(
            syntax: syntax, frontMatter: String(text[opening.next..<closing.start]),
            frontMatterLine: opening.number + 1,
            body: body, bodyLine: closing.number + 1, newline: newline)
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
