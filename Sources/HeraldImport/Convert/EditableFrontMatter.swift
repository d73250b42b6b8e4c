import Foundation
import Yams

/// A front matter being rewritten as YAML: its top-level keys in the order written, each with its
/// own lines of text. A key that is only renamed keeps its lines (comments, quoting, layout);
/// a key given a new value, and every key of TOML or JSON front matter, is written by Yams.
struct EditableFrontMatter: Sendable {
    /// One top-level key and its text.
    struct Entry: @unchecked Sendable {
        var key: String
        var value: Node
        /// The entry's lines as written, or nil when it is to be written anew.
        var lines: [Substring]?
    }

    /// Lines before the first key (comments).
    var preamble: [Substring] = []
    var entries: [Entry] = []

    /// The YAML front matter `text`, whose keys `fields` found (file lines, the text's first line
    /// being `firstLine`).
    init(yaml text: String, fields: FrontMatterFields, firstLine: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        // The text ends in a newline: its last, empty piece is no line.
        let count = lines.last == "" ? lines.count - 1 : lines.count
        let starts = fields.fields.map { $0.line - firstLine }
        // Keys out of order or on one line (a flow mapping `{a: 1}`) are written anew.
        let usable =
            !starts.isEmpty && zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }
            && starts.allSatisfy { $0 >= 0 && $0 < count }
        preamble = usable ? Array(lines[0..<starts[0]]) : []
        for (index, field) in fields.fields.enumerated() {
            var own: [Substring]? = nil
            if usable {
                let end = index + 1 < starts.count ? starts[index + 1] : count
                own = Array(lines[starts[index]..<end])
            }
            entries.append(Entry(key: field.key, value: field.value, lines: own))
        }
    }

    /// Front matter written anew from its fields (TOML, JSON).
    init(fields: FrontMatterFields) {
        entries = fields.fields.map { Entry(key: $0.key, value: $0.value, lines: nil) }
    }

    /// The index of a key, as written.
    func index(of key: String) -> Int? { entries.firstIndex { $0.key == key } }

    /// Renames a key, keeping its value and, where the key is written plainly, its text.
    mutating func rename(_ key: String, to newName: String) {
        for index in entries.indices where entries[index].key == key {
            entries[index].key = newName
            guard var lines = entries[index].lines, let first = lines.first else { continue }
            if let written = [key, "\"\(key)\"", "'\(key)'"].first(where: { first.hasPrefix($0 + ":") }) {
                lines[0] = Substring(newName + first.dropFirst(written.count))
                entries[index].lines = lines
            } else {
                entries[index].lines = nil
            }
        }
    }

    /// Gives a key a new value, where it stands, or at the end when it is new.
    mutating func set(_ key: String, _ value: Node) {
        if let index = index(of: key) {
            entries[index].value = value
            entries[index].lines = nil
        } else {
            entries.append(Entry(key: key, value: value, lines: nil))
        }
    }

    /// Adds a new key just after another (at the end when that one is missing), so that a value
    /// made from another stands beside it.
    mutating func insert(_ key: String, _ value: Node, after other: String) {
        let entry = Entry(key: key, value: value, lines: nil)
        guard let index = index(of: other) else { return entries.append(entry) }
        entries.insert(entry, at: index + 1)
    }

    /// Adds old addresses to the item's `aliases` (or its `redirect_from`, when it has that), after
    /// the ones it has.
    mutating func appendAliases(_ paths: [String]) {
        let key = index(of: "aliases") == nil && index(of: "redirect_from") != nil ? "redirect_from" : "aliases"
        let current = index(of: key).map { entries[$0].value.texts } ?? []
        set(key, Node((current + paths).map { Node($0) }))
    }

    /// Removes a key.
    mutating func remove(_ key: String) { entries.removeAll { $0.key == key } }

    /// The front matter as YAML text, each line ending in `newline`.
    func text(newline: String) -> String {
        var lines = preamble.map(String.init)
        for entry in entries {
            if let own = entry.lines {
                lines += own.map(String.init)
            } else {
                lines += Self.serialize(entry.key, entry.value)
            }
        }
        return lines.map { $0 + newline }.joined()
    }

    /// One key and its value as YAML lines.
    static func serialize(_ key: String, _ value: Node) -> [String] {
        let node = Node.mapping(Node.Mapping([(Node(key), plainStyled(value))]))
        let text = (try? Yams.serialize(node: node, width: -1, allowUnicode: true)) ?? "\(key): \"\"\n"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A value with its scalars in the plainest style YAML reads back the same (Yams quotes where needed).
    static func plainStyled(_ node: Node) -> Node {
        switch node {
        case .scalar(var scalar):
            // Text that YAML would read as another type (`"true"`, `"2019"`) keeps its quotes.
            if scalar.style == .doubleQuoted || scalar.style == .singleQuoted {
                let plain = Node.Scalar(scalar.string)
                let resolved = Resolver.default.resolveTag(of: .scalar(plain))
                if resolved == .str { scalar.style = .any }
            }
            return .scalar(scalar)
        case .sequence(let sequence):
            // A short list of short texts reads best on one line, as most front matter writes tags.
            let items = sequence.map(plainStyled)
            let short =
                items.count <= 8
                && items.allSatisfy { item in
                    guard case .scalar(let scalar) = item else { return false }
                    return scalar.string.count <= 40 && !scalar.string.contains("\n")
                } && items.reduce(0) { $0 + ($1.string?.count ?? 0) } <= 60
            return .sequence(Node.Sequence(items, sequence.tag, short ? .flow : .block))
        case .mapping(let mapping):
            return .mapping(Node.Mapping(mapping.map { ($0.key, plainStyled($0.value)) }, mapping.tag, .block))
        case .alias:
            return node
        }
    }
}
