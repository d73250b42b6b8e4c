import Yams

/// Yams `Mark`s for chosen lines, so that nodes built by hand (from TOML) carry their lines like
/// nodes Yams composed from YAML.
///
/// `Mark` has no public initialiser, and copying its memory layout would break silently if Yams
/// ever added a field; so the marks are made the one way Yams offers: by composing a small YAML
/// document that holds a value on each wanted line, and taking the values' marks. Only lines are
/// kept (every mark is at column 1): no message about a value Herald reads shows a column.
enum YAMLMarks {
    /// A mark on each of `lines` (from 1, in increasing order, each once), by line.
    static func marks(forLines lines: [Int]) -> [Int: Mark] {
        // One flow list: `[` on line 1 (the list's own mark serves line 1), then `x,` at the start
        // of every other wanted line, reached with line breaks (flow lists may span lines).
        var yaml = "["
        var current = 1
        var placed: [Int] = []
        for line in lines where line > current {
            yaml += String(repeating: "\n", count: line - current) + "x,"
            current = line
            placed.append(line)
        }
        yaml += "]"
        guard case .sequence(let list)? = try? Yams.compose(yaml: yaml, .basic, .default, .utf8),
            list.count == placed.count
        else { return [:] }
        var marks: [Int: Mark] = [:]
        marks.reserveCapacity(placed.count + 1)
        marks[1] = list.mark
        for (line, node) in zip(placed, list) { marks[line] = node.mark }
        return marks
    }
}
