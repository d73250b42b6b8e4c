import Yams

/// Yams `Mark`s for chosen places in a text, so that nodes built by hand (from TOML) carry
/// their lines like nodes Yams composed from YAML.
///
/// `Mark` has no public initialiser, and copying its memory layout would break silently if Yams
/// ever added a field; so the marks are made the one way Yams offers: by composing a small YAML
/// document that holds a value at each wanted place, and taking the values' marks.
enum YAMLMarks {
    /// A place in a text: line and column, both from 1, the column in Unicode scalars (as libyaml counts).
    struct Place: Hashable, Comparable {
        /// The line, from 1.
        var line: Int
        /// The column, from 1, in Unicode scalars.
        var column: Int

        /// Text order: by line, then column.
        static func < (a: Place, b: Place) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    /// A mark for each place. Places closer than two columns on one line share the nearer mark
    /// after them (a column is only ever shown, never relied on); the line is always exact.
    static func marks(at places: Set<Place>) -> [Place: Mark] {
        // The document is one flow list, `[` on line 1 column 1 (the list's own mark), then `x,`
        // at each place, reached with line breaks and spaces: flow lists may span lines.
        var yaml = "["
        var line = 1
        var column = 2
        var placed: [Place] = []
        let sorted = places.sorted()
        let wantsListMark = sorted.first == Place(line: 1, column: 1)
        for place in sorted where place != Place(line: 1, column: 1) {
            if place.line > line {
                yaml += String(repeating: "\n", count: place.line - line)
                line = place.line
                column = 1
            }
            if place.column > column {
                yaml += String(repeating: " ", count: place.column - column)
                column = place.column
            }
            yaml += "x,"
            column += 2
            placed.append(place)
        }
        yaml += "]"
        guard case .sequence(let list)? = try? Yams.compose(yaml: yaml, .basic, .default, .utf8), list.count == placed.count else { return [:] }
        var marks: [Place: Mark] = [:]
        for (place, node) in zip(placed, list) { marks[place] = node.mark }
        if wantsListMark { marks[Place(line: 1, column: 1)] = list.mark }
        return marks
    }
}
