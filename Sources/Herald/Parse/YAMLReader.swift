import Foundation
import Yams

/// Reads typed values out of a YAML mapping (front matter or `site.yml`), reporting every
/// wrong type as `path:line: message` at the line of the offending value.
struct YAMLReader {
    /// The mapping being read.
    let mapping: Node.Mapping
    /// The file the YAML came from, relative to the site folder.
    let path: String
    /// Line of the file on which the YAML's first line stands, minus one.
    let lineOffset: Int
    /// Problems found while reading.
    var problems = DiagnosticList()
    /// Where each text key's pair is in `mapping`, for `node(_:)`: a list searched from its end,
    /// since the last of a repeated key wins, as in Hugo and Jekyll (`parse` warns about repeats).
    ///
    /// Yams' own `mapping[key]` resolves tags on every look-up, and walking the pairs copied every
    /// node it passed; a dictionary of keys hashed each one (2% of a build's CPU on the
    /// 10,000-item corpus, perf). A front matter has a few dozen keys, mostly shorter than 16
    /// bytes, which Swift keeps inline and compares as two words, so searching is cheaper than
    /// hashing. A larger mapping (a `site.yml`, a hostile front matter) gets `index` as well.
    private let textKeys: [(key: String, pair: Int)]
    /// Key → its last pair, for mappings of more than `mostKeysSearched` keys; else nil.
    private let index: [String: Int]?
    /// The most keys `node(_:)` searches one by one.
    private static let mostKeysSearched = 48
    /// Every key of the mapping, in order, with the file line it stands on (a key that is not
    /// text, `[a]: b`, as ""): for the typo checks.
    let keys: [(key: String, line: Int)]

    init(mapping: Node.Mapping, path: String, lineOffset: Int) {
        self.mapping = mapping
        self.path = path
        self.lineOffset = lineOffset
        var textKeys: [(key: String, pair: Int)] = []
        var keys: [(key: String, line: Int)] = []
        keys.reserveCapacity(mapping.count)
        textKeys.reserveCapacity(mapping.count)
        for (number, pair) in mapping.enumerated() {
            let line = pair.key.mark?.line ?? 1
            guard case .scalar(let key) = pair.key else {
                keys.append(("", lineOffset + line))
                continue
            }
            textKeys.append((key.string, number))
            keys.append((key.string, lineOffset + line))
        }
        self.textKeys = textKeys
        self.keys = keys
        self.index =
            textKeys.count > Self.mostKeysSearched
            ? Dictionary(textKeys.lazy.map { ($0.key, $0.pair) }, uniquingKeysWith: { $1 }) : nil
    }

    /// Parses YAML text into a reader. A document that is not a mapping (or does not parse)
    /// is reported as a diagnostic, with the YAML parser's own line and explanation.
    static func parse(
        _ yaml: String, path: String, lineOffset: Int, what: String, resolver: Resolver = .default
    ) -> Result<YAMLReader, Diagnostic> {
        do {
            var repeatsKeys = false
            let composed: Node?
            do {
                switch YAMLComposer.compose(yaml, resolver: resolver, constructor: sharedConstructor) {
                case .composed(let root): composed = root
                case .leftToYams:
                    // UTF-8 named outright: Yams' default looks the encoding up in the process
                    // environment on every call, which cost more than parsing a typical front
                    // matter (callgrind).
                    composed = try Yams.compose(yaml: yaml, resolver, sharedConstructor, .utf8)
                }
            } catch let refusal as YamlError {
                // A repeated key is a warning, not an error; only a document Yams refused for
                // one is composed again (see YAMLDuplicateKeys), so others cost nothing more.
                guard case .duplicatedKeysInMapping = refusal,
                    let tolerant = YAMLDuplicateKeys.compose(yaml, resolver: resolver, refusal: refusal)
                else { throw refusal }
                composed = tolerant
                repeatsKeys = true
            }
            guard let root = composed else {
                return .success(YAMLReader(mapping: Node.Mapping([]), path: path, lineOffset: lineOffset))
            }
            guard case .mapping(let mapping) = root else {
                // Every key typed with a Chinese input method's colon reads as one text, not keys.
                let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
                return .failure(
                    fullWidthColon(upTo: lines.count, lines: lines, path: path, lineOffset: lineOffset, what: what)
                        ?? Diagnostic(
                            path: path, line: lineOffset + (root.mark?.line ?? 1),
                            "\(what) must be a set of `key: value` lines"))
            }
            let budget = expansionBudget(forBytes: yaml.utf8.count)
            // Without a `*` the text has no alias, so nothing to expand: walking every file's
            // values to count them was 30 ms of CPU on the 10,000-item corpus.
            if ByteSearch.contains(yaml, UInt8(ascii: "*")), let line = lineWhereAliasesExplode(mapping, budget: budget)
            {
                return .failure(
                    Diagnostic(
                        path: path, line: lineOffset + line,
                        "\(what) uses YAML aliases (*name) that expand to over \(budget) values, far more than it spells out; write the values out instead"
                    ))
            }
            var reader = YAMLReader(mapping: mapping, path: path, lineOffset: lineOffset)
            if repeatsKeys {
                reader.problems.append(
                    contentsOf: YAMLDuplicateKeys.warnings(in: root, path: path, lineOffset: lineOffset))
            }
            return .success(reader)
        } catch let error as YamlError {
            return .failure(describe(error, yaml: yaml, path: path, lineOffset: lineOffset, what: what))
        } catch {
            return .failure(Diagnostic(path: path, line: lineOffset + 1, "\(what) could not be read: \(error)"))
        }
    }

    /// Yams' default constructor, made once: `Constructor.default` builds a new one, with its
    /// tables of closures, on every call (17 ms of CPU over 10,000 files). It is immutable (its
    /// tables are `let`s), so every thread may read the same one.
    nonisolated(unsafe) static let sharedConstructor = Constructor.default

    /// How many values a document of this size may hold once its aliases are expanded.
    ///
    /// Without aliases a document holds fewer values than bytes; aliases (`*name`) repeat a value
    /// without repeating its text, so nested ones ("billion laughs") can stand for billions of
    /// values in a kilobyte. Yams keeps the repeats shared, but anything that walks the values
    /// would not finish, so a document that expands far beyond its text is refused up front.
    static func expansionBudget(forBytes bytes: Int) -> Int { 10 * bytes + 10_000 }

    /// The line of the key whose value makes the document exceed `budget` values, or nil.
    /// Stops counting as soon as the budget is spent, so the check itself is quick.
    static func lineWhereAliasesExplode(_ mapping: Node.Mapping, budget: Int) -> Int? {
        var remaining = budget
        func spend(_ node: Node) -> Bool {
            remaining -= 1
            if remaining < 0 { return false }
            switch node {
            case .scalar, .alias: return true
            case .sequence(let sequence): return sequence.allSatisfy(spend)
            case .mapping(let mapping): return mapping.allSatisfy { spend($0.key) && spend($0.value) }
            }
        }
        for pair in mapping where !(spend(pair.key) && spend(pair.value)) {
            return pair.key.mark?.line ?? 1
        }
        return nil
    }

    /// Turns a Yams error into a diagnostic at the line libyaml pointed at.
    private static func describe(
        _ error: YamlError, yaml: String, path: String, lineOffset: Int, what: String
    ) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // A tab before the text of the line libyaml stopped at is the usual cause, and the
            // one an editor cannot see: say so first.
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            if mark.line >= 1, mark.line <= lines.count,
                lines[mark.line - 1].prefix(while: { $0 == " " || $0 == "\t" }).contains("\t")
            {
                return Diagnostic(
                    path: path, line: lineOffset + mark.line,
                    "\(what) is indented with a tab on this line; YAML indents with spaces only: replace the tab with spaces"
                )
            }
            if let slip = fullWidthColon(upTo: mark.line, lines: lines, path: path, lineOffset: lineOffset, what: what)
            {
                return slip
            }
            if problem == "mapping values are not allowed in this context",
                let cut = valueContinued(onLine: mark.line, lines: lines)
            {
                let indented = lineOffset + mark.line
                let like = " like \(cut.sibling.key): on line \(lineOffset + cut.sibling.line)"
                return Diagnostic(
                    path: path, line: lineOffset + cut.line,
                    "\(what): line \(indented) is indented under \(cut.key): on this line, which has a value already; if \(cut.key): belongs with the keys below it, indent it\(like); if not, take the indent off line \(indented)"
                )
            }
            var detail = context.map { "\(problem) \($0.text)" } ?? problem
            // libyaml notices an unclosed list or quote where the text ends; say where it began.
            if let context, context.mark.line != mark.line {
                detail += " that begins on line \(lineOffset + context.mark.line)"
            }
            return Diagnostic(
                path: path, line: lineOffset + mark.line,
                "\(what) is not valid YAML: \(detail) (column \(mark.column))\(hint(for: problem))")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Only when the keys could not be told apart (see YAMLDuplicateKeys). Yams points at the
            // key's first appearance; the line worth showing is its second.
            let line =
                duplicates.first.flatMap { secondLine(ofKey: $0, in: context.mark.line, yaml: yaml) }
                ?? context.mark.line
            return Diagnostic(
                path: path, line: lineOffset + line,
                "\(what) has the key \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) more than once")
        default:
            return Diagnostic(path: path, line: lineOffset + 1, "\(what) is not valid YAML: \(error)")
        }
    }

    /// libyaml's "mapping values are not allowed" on an indented `key: value` line (1-based) whose
    /// line above is a `key: value` less indented: it read the indented line as more of that
    /// value, and a key above it is as indented as this line: then the line above most likely lost
    /// its indent (`until:` under `repeat:`, beside `every:`), so that is the line to point at.
    private static func valueContinued(
        onLine number: Int, lines: [Substring]
    ) -> (line: Int, key: String, sibling: (line: Int, key: String))? {
        func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        func keyed(_ line: Substring) -> (key: String, value: Substring)? {
            let text = line.drop { $0 == " " }
            guard !text.hasPrefix("#"), !text.hasPrefix("-"), let colon = text.firstIndex(of: ":") else { return nil }
            let value = text[text.index(after: colon)...].drop { $0 == " " }
            guard text[text.index(after: colon)...].first == " " || value.isEmpty else { return nil }
            return (String(text[..<colon]), value)
        }
        guard number >= 2, number <= lines.count else { return nil }
        let here = lines[number - 1]
        // The indented line must read as a key (a wrapped value holding ': ' does not: it needs quotes).
        guard let (hereKey, _) = keyed(here), !hereKey.contains(" "),
            let above = (0..<(number - 1)).reversed().first(where: { !lines[$0].allSatisfy { $0 == " " } }),
            indent(here) > indent(lines[above]), let (key, value) = keyed(lines[above]),
            let first = value.first, !"|>&*\"'[{#".contains(first)
        else { return nil }
        // Upwards from the line above, within the group: a line less indented than this one ends it.
        let group = (0..<above).reversed().prefix {
            lines[$0].allSatisfy { $0 == " " } || indent(lines[$0]) >= indent(here)
        }
        // Without such a key above, the indented line is the likelier slip: libyaml's own line stands.
        guard
            let sibling = group.first(where: { indent(lines[$0]) == indent(here) && keyed(lines[$0]) != nil })
                .flatMap({ index in keyed(lines[index]).map { (line: index + 1, key: $0.key) } })
        else { return nil }
        return (above + 1, key, sibling)
    }

    /// The first line, up to the one libyaml stopped at (1-based), that starts with a key and a
    /// full-width colon (`title：迎新晚会`): a Chinese input method's colon, the usual cause when
    /// libyaml then complains of a later, correct line.
    private static func fullWidthColon(
        upTo number: Int, lines: [Substring], path: String, lineOffset: Int, what: String
    ) -> Diagnostic? {
        for index in 0..<min(number, lines.count) {
            let text = lines[index].drop { $0 == " " }
            guard let colon = text.firstIndex(of: "："), !text[..<colon].contains(":") else { continue }
            let key = text[..<colon].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty,
                key.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
                })
            else { continue }
            return Diagnostic(
                path: path, line: lineOffset + index + 1,
                "\(what) writes \(key)： with a full-width colon (：), which YAML does not read as one, so the lines after it do not parse: write \(key): with the colon of a Latin keyboard"
            )
        }
        return nil
    }

    /// What usually causes libyaml's most common complaints, in an editor's terms.
    private static func hint(for problem: String) -> String {
        switch problem {
        case "mapping values are not allowed in this context":
            return ": is this line indented by mistake, or does a value hold ': ' and need quotes?"
        case "did not find expected key", "did not find expected '-' indicator":
            return ": are the lines of this list or group indented alike?"
        case "found character that cannot start any token":
            return ": a value starting with @ or ` needs quotes, and tabs cannot indent"
        default:
            return ""
        }
    }

    /// The line (1-based, at or after `start`) where `key:` begins a line for the second time.
    private static func secondLine(ofKey key: String, in start: Int, yaml: String) -> Int? {
        var seen = 0
        for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where index + 1 >= start {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix(key), trimmed.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":") {
                seen += 1
                if seen == 2 { return index + 1 }
            }
        }
        return nil
    }

    /// The resolver for item front matter: none of Yams' rules.
    ///
    /// Yams resolves a tag lazily, with a regular expression per rule, and the only tags it ever
    /// resolves while composing are the keys', which it hashes to find repeats: two expressions
    /// (booleans, whole numbers) on every key of every file were a third of composing, 100 ms of
    /// CPU on the 10,000-item corpus (perf). Values are never resolved, so `node.bool` and
    /// `node.int` read `true` or `12` from a plain value as before, and YAMLReader tells null from
    /// text itself. Keys are all text now, which is what YAMLReader looks them up by anyway: `1:`
    /// and `"1":` were one key to it already, and are now reported as a repeat as well.
    static let frontMatterResolver = Resolver.basic

    /// The value node of a key.
    func node(_ key: String) -> Node? { pair(key).map { mapping[$0].value } }

    /// Where the last pair of a text key is in `mapping`.
    private func pair(_ key: String) -> Int? {
        if let index { return index[key] }
        for entry in textKeys.reversed() where entry.key == key { return entry.pair }
        return nil
    }

    /// For a "key" of a `{ … }` mapping that is really the rest of the value before it, cut off by
    /// a comma (`{name: Campus Life, description: Parties, clubs and campus life.}` reads
    /// `clubs and campus life.` as a key with no value): nil when `key` is a key; else the warning
    /// to give, which names the whole value quoted, or nil for the second and later pieces of one
    /// value (`Parties, clubs, and more.`), which the first piece's warning covers.
    func commaSplit(_ key: String, place: String) -> String?? {
        // Cheap first: only a key without a value can be a piece of a value.
        guard let node = node(key), isNull(node) else { return nil }
        let pairs = Array(mapping)
        guard
            let index = pairs.firstIndex(where: {
                if case .scalar(let name) = $0.key { name.string == key } else { false }
            }), index > 0
        else { return nil }
        // Back to the value the comma cut: pieces are on its line (only `{ … }` puts two keys on one).
        var start = index - 1
        while start > 0, isNull(pairs[start].value), pairs[start].key.mark?.line == pairs[index].key.mark?.line {
            start -= 1
        }
        guard case .scalar(let cutKey) = pairs[start].key, case .scalar(let kept) = pairs[start].value,
            kept.style == .plain,
            !isNull(pairs[start].value), pairs[start].value.mark?.line == pairs[index].key.mark?.line
        else { return nil }
        guard start == index - 1 else { return .some(nil) }
        var pieces = [kept.string]
        for pair in pairs[index...] {
            guard isNull(pair.value), pair.key.mark?.line == pairs[index].key.mark?.line,
                case .scalar(let piece) = pair.key
            else { break }
            pieces.append(piece.string)
        }
        let whole = pieces.joined(separator: ", ").replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return .some(
            "'\(key)'\(place) is not a key: inside { } a comma ends a value, so \(cutKey.string) is only '\(kept.string)'; put the whole value in quotes: \(cutKey.string): \"\(whole)\""
        )
    }

    /// Whether the key is present with a value (`key:` alone, or `~`, is no value).
    func hasValue(_ key: String) -> Bool {
        guard let node = node(key) else { return false }
        return !isNull(node)
    }

    /// The file line a node stands on.
    func line(of node: Node?) -> Int { lineOffset + (node?.mark?.line ?? 1) }

    /// The file line of a key (for "missing value" style messages); of its last occurrence, whose value is used.
    func line(ofKey key: String) -> Int { lineOffset + (pair(key).flatMap { mapping[$0].key.mark?.line } ?? 1) }

    /// Whether the node is YAML null (`key:` with nothing after it, or `~`).
    private func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A string value; numbers and dates are taken as written. Lists and mappings are errors.
    mutating func string(_ key: String) -> String? {
        guard let node = node(key), !isNull(node) else { return nil }
        guard case .scalar(let scalar) = node else {
            problems.error(path, line(of: node), "\(key) must be a single text value, not a \(kindName(node))")
            return nil
        }
        return scalar.string.removingControlCharacters().closingBidiControls()
    }

    /// A non-empty string after trimming, or nil.
    mutating func text(_ key: String) -> String? {
        guard let value = string(key)?.trimmed(), !value.isEmpty else { return nil }
        return value
    }

    /// A `true`/`false` value. Quoted text such as `"yes"` is an error, not a guess.
    mutating func bool(_ key: String) -> Bool? {
        guard let node = node(key), !isNull(node) else { return nil }
        if case .scalar(let scalar) = node, scalar.style == .plain, let value = node.bool { return value }
        problems.error(path, line(of: node), "\(key) must be true or false, not \(describe(node))")
        return nil
    }

    /// A whole number.
    mutating func int(_ key: String) -> Int? {
        guard let node = node(key), !isNull(node) else { return nil }
        if case .scalar(let scalar) = node, scalar.style == .plain, let value = node.int { return value }
        problems.error(path, line(of: node), "\(key) must be a whole number, not \(describe(node))")
        return nil
    }

    /// A whole number of at least 0.
    mutating func count(_ key: String) -> Int? {
        guard let value = int(key) else { return nil }
        guard value >= 0 else {
            problems.error(path, line(of: node(key)), "\(key) must be a whole number of at least 0, not \(value)")
            return nil
        }
        return value
    }

    /// A list of terms (categories, tags): a list, or one unquoted text, which is split at commas
    /// (`,` `，` and `、`), as `tags: 招新, 社团` means two tags, not one named "招新, 社团". A term
    /// that holds a comma is quoted, or written in a list: `tags: "R&D, Europe"`.
    mutating func termList(_ key: String) -> [(value: String, line: Int)]? {
        guard let list = stringList(key) else { return nil }
        guard case .scalar(let scalar) = node(key), scalar.style == .plain else { return list }
        return list.flatMap { entry in
            entry.value.split(whereSeparator: { [",", "，", "、"].contains($0) })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { ($0, entry.line) }
        }
    }

    /// A list of strings; a single string is taken as a list of one.
    mutating func stringList(_ key: String) -> [(value: String, line: Int)]? {
        guard let node = node(key), !isNull(node) else { return nil }
        switch node {
        case .scalar(let scalar):
            return [(scalar.string.removingControlCharacters().closingBidiControls(), line(of: node))]
        case .sequence(let sequence):
            var values: [(String, Int)] = []
            for element in sequence {
                guard case .scalar(let scalar) = element, !isNull(element) else {
                    problems.error(
                        path, line(of: element),
                        "\(key) must be a list of text values; this entry is a \(kindName(element))")
                    continue
                }
                values.append((scalar.string.removingControlCharacters().closingBidiControls(), line(of: element)))
            }
            return values
        default:
            problems.error(path, line(of: node), "\(key) must be a list, not a \(kindName(node))")
            return nil
        }
    }

    /// A date, read in `timeZone` when it carries no offset.
    mutating func date(_ key: String, timeZone: TimeZone) -> ParsedDate? {
        guard let text = string(key) else { return nil }
        switch DateParser.parse(text, timeZone: timeZone) {
        case .success(let date): return date
        case .failure(let problem):
            problems.error(path, line(of: node(key)), "\(key): \(problem.message)")
            return nil
        }
    }

    /// A nested mapping, as its own reader.
    mutating func mapping(_ key: String) -> YAMLReader? {
        guard let node = node(key), !isNull(node) else { return nil }
        guard case .mapping(let nested) = node else {
            problems.error(path, line(of: node), "\(key) must be a set of `key: value` lines, not \(describe(node))")
            return nil
        }
        return YAMLReader(mapping: nested, path: path, lineOffset: lineOffset)
    }

    /// A sequence of nested mappings, each as its own reader.
    mutating func mappingList(_ key: String) -> [YAMLReader]? {
        guard let node = node(key), !isNull(node) else { return nil }
        guard case .sequence(let sequence) = node else {
            problems.error(path, line(of: node), "\(key) must be a list, not \(describe(node))")
            return nil
        }
        var readers: [YAMLReader] = []
        for element in sequence {
            if case .mapping(let nested) = element {
                readers.append(YAMLReader(mapping: nested, path: path, lineOffset: lineOffset))
            } else {
                problems.error(path, line(of: element), "each entry of \(key) must be a set of `key: value` lines")
            }
        }
        return readers
    }

    /// Takes over the problems a nested reader found.
    mutating func absorb(_ nested: YAMLReader) { problems.append(contentsOf: nested.problems.all) }

    private func kindName(_ node: Node) -> String {
        switch node {
        case .scalar: return "single value"
        case .sequence: return "list"
        case .mapping: return "set of key: value lines"
        case .alias: return "alias"
        }
    }

    private func describe(_ node: Node) -> String {
        if case .scalar(let scalar) = node {
            return scalar.style == .plain ? "'\(scalar.string)'" : "the quoted text \"\(scalar.string)\""
        }
        return "a \(kindName(node))"
    }
}
