import HeraldTemplates

/// The reference of every value templates see, made from the views' declarations
/// (`TemplateFields`): docs/templates.md holds it between `<!-- template-values -->` markers, and
/// a test fails when that copy is stale, so the documentation cannot drift from the code.
enum TemplateReference {
    /// What each kind of template is given, and from there every view it reaches, each once.
    static var markdown: String {
        var written: Set<String> = []
        var queue = [
            PageContext.fields.description, CardContext.fields.description, ConstantContext.fields.description,
        ]
        var sections: [String] = []
        while !queue.isEmpty {
            let view = queue.removeFirst()
            guard written.insert(view.name).inserted else { continue }
            sections.append(table(view))
            queue.append(contentsOf: view.fields.flatMap { views(in: $0.shape) })
        }
        return sections.joined(separator: "\n\n")
    }

    /// The values of an enumeration as the reference lists them: "`a`, `b` or `c`".
    static func choices<Choice: CaseIterable & RawRepresentable<String>>(_: Choice.Type) -> String {
        let written = Choice.allCases.map { "`\($0.rawValue)`" }
        return written.count < 2
            ? written.joined() : written.dropLast().joined(separator: ", ") + " or " + written.last!
    }

    /// One view's table: its name, what it is, then a row per value.
    private static func table(_ view: TemplateViewDescription) -> String {
        var lines = ["**\(view.name)**: \(view.about).", "", "| name | value | |", "|---|---|---|"]
        for field in view.fields {
            lines.append(
                "| `\(field.key.written)` | \(field.shape.written) | \(field.about.replacingOccurrences(of: "|", with: "\\|")) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The views a value's shape leads to (a list's elements, a view itself).
    private static func views(in shape: TemplateShape) -> [TemplateViewDescription] {
        switch shape {
        case .view(let view): return [view()]
        case .list(let element), .anyName(let element): return views(in: element)
        case .text, .html, .number, .flag, .anything: return []
        }
    }
}
