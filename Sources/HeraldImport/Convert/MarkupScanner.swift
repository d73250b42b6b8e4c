import Foundation

/// Finds the shortcodes (Hugo) or Liquid tags and outputs (Jekyll) of a Markdown body, in order,
/// without overlaps. Text that only looks like one (an unclosed `{{<`) is left as text. Inside
/// Liquid's `raw` and `comment` blocks nothing is a construct, as in Jekyll.
///
/// Linear in the body's length: each delimiter search starts where the last one ended.
enum MarkupScanner {
    /// The constructs of a body whose first line is file line `firstLine`, in the dialect of its generator.
    static func scan(_ text: String, dialect: OldSiteKind, firstLine: Int = 1) -> [MarkupConstruct] {
        dialect == .hugo ? scanHugo(text, firstLine: firstLine) : scanLiquid(text, firstLine: firstLine)
    }

    /// Counts lines as the scan moves forward.
    private struct LineCounter {
        let text: String
        var index: String.Index
        var line: Int
        mutating func line(at target: String.Index) -> Int {
            line += text.utf8[index..<target].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            index = target
            return line
        }
    }

    /// The first index of `needle` in `text` at or after `from`, on bytes.
    static func find(_ needle: String, in text: String, from: String.Index) -> Range<String.Index>? {
        let bytes = Array(needle.utf8)
        let utf8 = text.utf8
        guard let first = bytes.first else { return nil }
        var index = from
        while let found = utf8[index...].firstIndex(of: first) {
            if utf8[found...].starts(with: bytes) {
                return found..<utf8.index(found, offsetBy: bytes.count)
            }
            index = utf8.index(after: found)
        }
        return nil
    }

    // MARK: Hugo

    private static func scanHugo(_ text: String, firstLine: Int) -> [MarkupConstruct] {
        var found: [MarkupConstruct] = []
        var lines = LineCounter(text: text, index: text.startIndex, line: firstLine)
        var position = text.startIndex
        let utf8 = text.utf8
        while let open = find("{{", in: text, from: position) {
            position = open.upperBound
            guard position < utf8.endIndex else { break }
            let marker = utf8[position]
            guard marker == UInt8(ascii: "<") || marker == UInt8(ascii: "%") else { continue }
            let percent = marker == UInt8(ascii: "%")
            let close = percent ? "%}}" : ">}}"
            var inner = utf8.index(after: position)
            while inner < utf8.endIndex,
                utf8[inner] == 0x20 || utf8[inner] == 0x09 || utf8[inner] == 0x0A || utf8[inner] == 0x0D
            { inner = utf8.index(after: inner) }
            // `{{</* … */>}}`: shown as text, without the comment marks.
            if utf8[inner...].starts(with: "/*".utf8) {
                // After the `/*`: in `{{</*/>}}` the comment's `*/` is not the one that opens it.
                guard let end = find("*/", in: text, from: utf8.index(inner, offsetBy: 2)) else { continue }
                var after = end.upperBound
                while after < utf8.endIndex, utf8[after] == 0x20 || utf8[after] == 0x09 {
                    after = utf8.index(after: after)
                }
                guard utf8[after...].starts(with: close.utf8) else { continue }
                let closeEnd = utf8.index(after, offsetBy: 3)
                let body = text[utf8.index(inner, offsetBy: 2)..<end.lowerBound]
                let shown = "{{" + (percent ? "%" : "<") + body + (percent ? "%" : ">") + "}}"
                found.append(
                    MarkupConstruct(
                        form: .escapedShortcode(shown: shown), range: open.lowerBound..<closeEnd,
                        line: lines.line(at: open.lowerBound),
                        name: String(
                            body.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first ?? ""),
                        arguments: ""))
                position = closeEnd
                continue
            }
            guard let end = findShortcodeEnd(close, in: text, from: inner) else { continue }
            var content = text[inner..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            let closing = content.hasPrefix("/")
            if closing { content = String(content.dropFirst()).trimmingCharacters(in: .whitespaces) }
            let selfClosing = !closing && content.hasSuffix("/")
            if selfClosing { content = String(content.dropLast()).trimmingCharacters(in: .whitespaces) }
            let name = String(content.prefix { !$0.isWhitespace })
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_./".contains($0) }) else {
                continue
            }
            let arguments = content.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines)
            found.append(
                MarkupConstruct(
                    form: .shortcode(percent: percent, closing: closing, selfClosing: selfClosing),
                    range: open.lowerBound..<end.upperBound, line: lines.line(at: open.lowerBound),
                    name: name, arguments: arguments))
            position = end.upperBound
        }
        return found
    }

    /// The shortcode's closing delimiter, skipping quoted arguments (which may hold `>}}`).
    private static func findShortcodeEnd(_ close: String, in text: String, from: String.Index) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = from
        var quote: UInt8? = nil
        let closeBytes = Array(close.utf8)
        while index < utf8.endIndex {
            let byte = utf8[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\""), utf8.index(after: index) < utf8.endIndex {
                    index = utf8.index(index, offsetBy: 2)
                    continue
                }
                if byte == open { quote = nil }
                // A quote never closed by the end of its paragraph is not a quote.
                if byte == 0x0A, utf8.index(after: index) < utf8.endIndex, utf8[utf8.index(after: index)] == 0x0A {
                    return nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                quote = byte
            } else if byte == closeBytes[0], utf8[index...].starts(with: closeBytes) {
                return index..<utf8.index(index, offsetBy: closeBytes.count)
            } else if byte == UInt8(ascii: "{"), utf8[index...].starts(with: "{{".utf8) {
                return nil  // another one opens first: this one never closed
            }
            index = utf8.index(after: index)
        }
        return nil
    }

    // MARK: Liquid

    private static func scanLiquid(_ text: String, firstLine: Int) -> [MarkupConstruct] {
        var found: [MarkupConstruct] = []
        var lines = LineCounter(text: text, index: text.startIndex, line: firstLine)
        var position = text.startIndex
        let utf8 = text.utf8
        while let open = find("{", in: text, from: position) {
            position = open.upperBound
            guard position < utf8.endIndex else { break }
            let marker = utf8[position]
            if marker == UInt8(ascii: "%") {
                guard let end = find("%}", in: text, from: utf8.index(after: position)) else { continue }
                var content = Substring(text[utf8.index(after: position)..<end.lowerBound])
                if content.hasPrefix("-") { content = content.dropFirst() }
                if content.hasSuffix("-") { content = content.dropLast() }
                let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
                let name = String(trimmed.prefix { !$0.isWhitespace })
                guard !name.isEmpty else {
                    position = end.upperBound
                    continue
                }
                let construct = MarkupConstruct(
                    form: .liquidTag, range: open.lowerBound..<end.upperBound, line: lines.line(at: open.lowerBound),
                    name: name, arguments: trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines)
                )
                found.append(construct)
                position = end.upperBound
                // Nothing inside raw and comment blocks is Liquid: jump to the block's end tag.
                if name == "raw" || name == "comment", let endTag = findEndTag("end" + name, in: text, from: position) {
                    found.append(
                        MarkupConstruct(
                            form: .liquidTag, range: endTag, line: lines.line(at: endTag.lowerBound),
                            name: "end" + name, arguments: ""))
                    position = endTag.upperBound
                }
            } else if marker == UInt8(ascii: "{") {
                guard let end = find("}}", in: text, from: utf8.index(after: position)) else { continue }
                var content = Substring(text[utf8.index(after: position)..<end.lowerBound])
                if content.hasPrefix("-") { content = content.dropFirst() }
                if content.hasSuffix("-") { content = content.dropLast() }
                let expression = content.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !expression.isEmpty, !expression.contains("\n\n") else { continue }
                found.append(
                    MarkupConstruct(
                        form: .liquidOutput, range: open.lowerBound..<end.upperBound,
                        line: lines.line(at: open.lowerBound),
                        name: expression, arguments: ""))
                position = end.upperBound
            }
        }
        return found
    }

    /// The `{% endraw %}` (or `{%- endraw -%}`) after `from`.
    private static func findEndTag(_ name: String, in text: String, from: String.Index) -> Range<String.Index>? {
        var position = from
        while let open = find("{%", in: text, from: position) {
            guard let end = find("%}", in: text, from: open.upperBound) else { return nil }
            let content = text[open.upperBound..<end.lowerBound].trimmingCharacters(
                in: CharacterSet(charactersIn: "- \t\r\n"))
            if content == name { return open.lowerBound..<end.upperBound }
            position = end.upperBound
        }
        return nil
    }
}
