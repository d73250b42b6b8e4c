import Foundation

/// Hugo's fence options, after a fence's language: ```` ```go {linenos=true hl_lines=[2,"4-5"]
/// linenostart=10} ````, given to Pygments' HtmlFormatter (`linenos`, `hl_lines`, `linenostart`,
/// `lineanchors`, `anchorlinenos`), which draws the line numbers, marks the lines and gives each
/// line an id (`lineanchors=ref` → `ref-1`, `ref-2`, … which ox-hugo's code references link to);
/// Herald only reads the braces.
///
/// As in Hugo, options are separated by spaces or commas, names are read in any case (`lineNos`),
/// `linenos` takes `true` (a table, Hugo's default), `table`, `inline` or `false`, and `hl_lines`
/// takes a list (`[2,"4-5"]`) or a quoted string (`"2 4-5"`) of lines and ranges, counted from the
/// block's first line whatever `linenostart` says (as Pygments counts them). An option Herald does
/// not know, or a value it cannot use, is left out with a problem at the fence's line: the block is
/// highlighted without it, never refused.
struct FenceOptions: Sendable, Equatable {
    /// Pygments' two ways of numbering lines.
    enum LineNumbers: String, Sendable { case table, inline }

    var lineNumbers: LineNumbers?
    /// The lines to mark, 1-based, ascending, within the block.
    var highlightedLines: [Int] = []
    var lineNumberStart: Int?
    /// The prefix of each line's id (`ref` → `ref-1`), checked to be safe in an attribute
    /// (`HeadingIDs.safePrefix`).
    var lineAnchors: String?
    /// Whether the line numbers link to their lines (with `lineanchors`).
    var anchorLineNumbers = false

    /// Whether Pygments writes the whole block (line numbers or line anchors), not spans alone:
    /// its formatter writes both only around a block of its own.
    var isWholeBlock: Bool { lineNumbers != nil || lineAnchors != nil }

    /// A fence with many bad options reports this many; the rest are left out silently.
    static let problemsPerFence = 5

    /// The options as one line of JSON for `PygmentsScript` (keys sorted, so that it also keys
    /// the cache): `{}` when there are none.
    var json: String {
        var fields: [String] = []
        if anchorLineNumbers { fields.append("\"anchorlinenos\":true") }
        if !highlightedLines.isEmpty {
            fields.append("\"hl_lines\":[" + highlightedLines.map(String.init).joined(separator: ",") + "]")
        }
        if let lineAnchors { fields.append("\"lineanchors\":\"\(lineAnchors)\"") }
        if let lineNumbers { fields.append("\"linenos\":\"\(lineNumbers.rawValue)\"") }
        if let lineNumberStart { fields.append("\"linenostart\":\(lineNumberStart)") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The options in `rest` (an info string after its first word), for a block of `lineCount`
    /// lines whose fence is on body line `line`, and the problems met. Text that does not start
    /// with `{` is not options (``` ```js app.js ```): it is ignored, as cmark and GitHub do.
    static func parse(_ rest: Substring, lineCount: Int, line: Int) -> (FenceOptions, [CodeBlockReport.Problem]) {
        let text = rest.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("{") else { return (FenceOptions(), []) }
        guard text.hasSuffix("}"), text.count >= 2 else {
            return (
                FenceOptions(),
                [
                    .init(
                        kind: .unclosedOptions, line: line,
                        message:
                            "fence options '\(Self.shortened(text))' have no closing '}'; the block is highlighted without them"
                    )
                ]
            )
        }
        var options = FenceOptions()
        var problems: [CodeBlockReport.Problem] = []
        var scanner = OptionScanner(text.dropFirst().dropLast())
        while let (name, value) = scanner.next() {
            if let problem = options.set(name, value, lineCount: lineCount), problems.count < problemsPerFence {
                problems.append(CodeBlockReport.Problem(kind: problem.kind, line: line, message: problem.message))
            }
        }
        if let unterminated = scanner.unterminated, problems.count < problemsPerFence {
            problems.append(
                .init(
                    kind: .malformedValue, line: line,
                    message:
                        "fence option '\(Self.shortened(unterminated))' has an unclosed quote or '['; the block is highlighted without it"
                ))
        }
        return (options, problems)
    }

    /// Sets one option; the problem when it cannot be used.
    private mutating func set(
        _ name: String, _ value: String?, lineCount: Int
    ) -> (kind: CodeBlockReport.Problem.Kind, message: String)? {
        let written = value.map { "\(name)=\($0)" } ?? name
        let skipped = "; the block is highlighted without it"
        switch name.lowercased() {
        case "linenos":
            switch value.map(Self.unquoted)?.lowercased() {
            case "true", "table": lineNumbers = .table
            case "inline": lineNumbers = .inline
            case "false": lineNumbers = nil
            default:
                return (
                    .malformedValue,
                    "fence option \(Self.shortened(written)) is not true, false, table or inline" + skipped
                )
            }
        case "hl_lines":
            guard let value, let lines = Self.lines(value, lineCount: lineCount) else {
                return (
                    .malformedValue,
                    "fence option \(Self.shortened(written)) is not a list of lines and ranges such as [2,\"4-5\"] or \"2 4-5\""
                        + skipped
                )
            }
            highlightedLines = lines
        case "linenostart":
            guard let value, let start = Self.number(Self.unquoted(value)), start <= 999_999_999 else {
                return (
                    .malformedValue,
                    "fence option \(Self.shortened(written)) is not a whole number such as 10" + skipped
                )
            }
            lineNumberStart = start
        case "lineanchors":
            guard let value, let prefix = HeadingIDs.safePrefix(Self.unquoted(value)) else {
                return (
                    .malformedValue,
                    "fence option \(Self.shortened(written)) is not a prefix for line ids of letters, digits, '-', '_', '.' or ':' (at most \(HeadingIDs.prefixLimit))"
                        + skipped
                )
            }
            lineAnchors = prefix
        case "anchorlinenos":
            switch value.map(Self.unquoted)?.lowercased() {
            case nil, "true": anchorLineNumbers = true
            case "false": anchorLineNumbers = false
            default: return (.malformedValue, "fence option \(Self.shortened(written)) is not true or false" + skipped)
            }
        default:
            return (
                .unknownOption,
                "unknown fence option '\(Self.shortened(written))': Herald knows linenos, hl_lines, linenostart, lineanchors and anchorlinenos"
                    + skipped
            )
        }
        return nil
    }

    /// The lines of `[2,"4-5"]`, `"2 4-5"`, `2` or `4-5`, within the block's `lineCount` lines
    /// (so that `1-999999999` costs the block's lines, not a billion); nil if any entry is not a
    /// line or an ascending range.
    static func lines(_ value: String, lineCount: Int) -> [Int]? {
        let entries: [Substring]
        if value.hasPrefix("[") {
            let inside = value.dropFirst().dropLast()
            guard !inside.allSatisfy({ $0 == " " }) else { return [] }
            entries = inside.split(separator: ",", omittingEmptySubsequences: false)
                .map { Substring(unquoted(String($0).trimmingCharacters(in: .whitespaces))) }
        } else {
            entries = unquoted(value).split(whereSeparator: { $0 == " " || $0 == "," })
        }
        var marked = Set<Int>()
        for entry in entries {
            let bounds = entry.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count <= 2, let first = number(String(bounds[0])), first >= 1,
                let last = bounds.count == 2 ? number(String(bounds[1])) : first, last >= first
            else { return nil }
            if first <= lineCount { marked.formUnion(first...min(last, lineCount)) }
        }
        return marked.sorted()
    }

    /// A whole number of at most nine ASCII digits.
    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    private static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }

    /// At most 40 characters of what was written, for a message.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "…" : text
    }
}

/// Splits the inside of a fence's braces into `name=value` options: separated by spaces, tabs
/// or commas, a value running to the next separator unless it is quoted (`"2 4-5"`) or a list
/// (`[2,"4-5"]`), which run to their closing quote or bracket.
private struct OptionScanner {
    private let characters: [Character]
    private var index = 0
    /// An option whose quote or bracket never closes (the scan stops there).
    private(set) var unterminated: String?

    init(_ text: Substring) { characters = Array(text) }

    mutating func next() -> (name: String, value: String?)? {
        while index < characters.count, Self.isSeparator(characters[index]) { index += 1 }
        guard index < characters.count, unterminated == nil else { return nil }
        let start = index
        while index < characters.count, characters[index] != "=", !Self.isSeparator(characters[index]) { index += 1 }
        let name = String(characters[start..<index])
        guard index < characters.count, characters[index] == "=" else { return (name, nil) }
        index += 1
        let valueStart = index
        let closer: Character? = index < characters.count ? ["[": "]", "\"": "\""][characters[index]] : nil
        if let closer {
            index += 1
            while index < characters.count, characters[index] != closer { index += 1 }
            guard index < characters.count else {
                unterminated = String(characters[start...])
                return nil
            }
            index += 1
        } else {
            while index < characters.count, !Self.isSeparator(characters[index]) { index += 1 }
        }
        return (name, String(characters[valueStart..<index]))
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == ","
    }
}
