import TOMLKit
import Yams

/// Reads Hugo's TOML front matter (between `+++` lines) into the node tree YAML front matter
/// gives, so `YAMLReader` reads both alike: the same types, the same `path:line` diagnostics.
public enum TOMLFrontMatter {
    /// Parses `toml`, whose first line is file line `lineOffset + 1`, into a mapping whose every
    /// key and value carries the line it is written on. A syntax error is a diagnostic at the
    /// line TOMLKit names, with its explanation.
    public static func parse(_ toml: String, path: String, lineOffset: Int) -> Result<Node.Mapping, Diagnostic> {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            return .failure(
                Diagnostic(
                    path: path, line: lineOffset + max(1, error.source.begin.line),
                    "front matter is not valid TOML: \(error.description)"))
        } catch {
            return .failure(Diagnostic(path: path, line: lineOffset + 1, "front matter is not valid TOML: \(error)"))
        }
        // TOMLKit's tables have no deinit, so a parsed document is never freed; emptying it when
        // done gives back its values (all but the table's own few bytes).
        defer { table.clear() }
        let positions = TOMLPositions(scanning: toml)
        let builder = NodeBuilder(marks: YAMLMarks.marks(forLines: positions.lines))
        return .success(builder.mapping(table, entry: positions.root, line: 1))
    }
}

/// Turns TOMLKit values into Yams nodes, each marked with the line `TOMLPositions` found for it.
private struct NodeBuilder {
    let marks: [Int: Mark]
    /// One tag of each type for the whole document, shared by its nodes as a YAML parser shares
    /// its own: a new `Tag` makes a new `Constructor` (`Constructor.default` is computed, three
    /// dictionaries each time), about a kilobyte per value. Yams only changes a tag's name while
    /// resolving an implicit one, and these are all explicit.
    let str = Yams.Tag(.str), bool = Yams.Tag(.bool), int = Yams.Tag(.int), float = Yams.Tag(.float)
    let timestamp = Yams.Tag(.timestamp), null = Yams.Tag(.null), seq = Yams.Tag(.seq), map = Yams.Tag(.map)

    init(marks: [Int: Mark]) { self.marks = marks }

    /// A table as a mapping, its keys in the order written (toml++ keeps them sorted by name).
    /// A missing `entry` (the scan and TOMLKit disagreeing) falls back to the table's own line.
    func mapping(_ table: TOMLTable, entry: TOMLPositions.Entry?, line: Int) -> Node.Mapping {
        var pairs: [(order: Int, name: String, key: Node, value: Node)] = []
        for (name, value) in table {
            let child = entry?.keys[name]
            let keyLine = child.map(\.keyLine) ?? line
            let key = Node.scalar(.init(name, str, .plain, marks[keyLine]))
            pairs.append((child?.order ?? Int.max, name, key, node(value, entry: child, line: child?.line ?? keyLine)))
        }
        pairs.sort { ($0.order, $0.name) < ($1.order, $1.name) }
        return Node.Mapping(pairs.map { ($0.key, $0.value) }, map, .block, marks[line])
    }

    /// Any TOML value as a node: text as quoted text (so `"true"` stays text), booleans, numbers
    /// and dates as plain values, written the way `DateParser` and YAML read them.
    func node(_ value: TOMLValueConvertible, entry: TOMLPositions.Entry?, line: Int) -> Node {
        let mark = marks[line]
        func plain(_ text: String, _ tag: Yams.Tag) -> Node { .scalar(.init(text, tag, .plain, mark)) }
        switch value.type {
        case .table:
            guard let table = value.table else { break }
            return .mapping(mapping(table, entry: entry, line: line))
        case .array:
            guard let array = value.array else { break }
            let lines = entry?.elementLines ?? []
            let entries = array.enumerated().map { index, element in
                node(element, entry: entry?.nested[index], line: index < lines.count ? lines[index] : line)
            }
            return .sequence(.init(entries, seq, .any, mark))
        case .string:
            return .scalar(.init(value.string ?? "", str, .doubleQuoted, mark))
        case .bool:
            return plain(value.bool == true ? "true" : "false", bool)
        case .int:
            return plain(value.int.map(String.init) ?? "0", int)
        case .double:
            return plain(value.double.map(Self.text(of:)) ?? "0", float)
        case .date:
            guard let date = value.date else { break }
            return plain(Self.text(of: date), timestamp)
        case .time:
            guard let time = value.time else { break }
            return plain(Self.text(of: time), str)
        case .dateTime:
            guard let dateTime = value.dateTime else { break }
            var text = Self.text(of: dateTime.date) + "T" + Self.text(of: dateTime.time)
            if let offset = dateTime.offset { text += Self.text(ofOffset: offset.offset) }
            return plain(text, timestamp)
        }
        return plain("", null)
    }

    /// A float as TOML writes it (`inf`, `nan`) or as Swift does (`3.5`).
    static func text(of double: Double) -> String {
        if double.isNaN { return "nan" }
        if double.isInfinite { return double < 0 ? "-inf" : "inf" }
        return String(double)
    }

    /// `YYYY-MM-DD`.
    static func text(of date: TOMLDate) -> String {
        padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
    }

    /// `HH:MM:SS`, with the fraction of a second when there is one.
    static func text(of time: TOMLTime) -> String {
        var text = padded(time.hour, 2) + ":" + padded(time.minute, 2) + ":" + padded(time.second, 2)
        if time.nanoSecond > 0 {
            var fraction = padded(time.nanoSecond, 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }

    /// `Z` for UTC, else `+HH:MM` / `-HH:MM`, from an offset in minutes.
    static func text(ofOffset minutes: Int) -> String {
        guard minutes != 0 else { return "Z" }
        return (minutes < 0 ? "-" : "+") + padded(abs(minutes) / 60, 2) + ":" + padded(abs(minutes) % 60, 2)
    }

    /// A number with leading zeros to `width` digits.
    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }
}
