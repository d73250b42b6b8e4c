/// Finds the names a template looks up that no view answers (`{{titel}}`), without rendering:
/// the template is walked with a sample context in which every optional value is present and every
/// list has an element, entering each section once, so every name is tried against the views that
/// would be on the stack when it is looked up.
struct TemplateNameCheck {
    /// The blocks a chain of `{{<parent}}` tags overrides; the outermost parent's win.
    final class Overrides {
        let blocks: [String: BlockOverride]
        let outer: Overrides?
        init(blocks: [String: BlockOverride], outer: Overrides?) {
            self.blocks = blocks
            self.outer = outer
        }

        /// The override of block `name` that wins.
        func override(of name: String) -> BlockOverride? {
            var found = blocks[name]
            var next = outer
            while let frame = next {
                if let outer = frame.blocks[name] { found = outer }
                next = frame.outer
            }
            return found
        }
    }

    let templates: [[TemplateNode]]
    private var stack: [TemplateValue]
    private var overrides: Overrides? = nil
    /// Templates being walked, so a recursive partial is walked once per path.
    private var walking: Set<Int> = []
    private(set) var unknown: [(template: Int, name: TemplateName)] = []
    /// The template whose nodes are being walked.
    private var current = 0
    private var seen: Set<String> = []

    init(templates: [[TemplateNode]], root: TemplateValue, start: Int) {
        self.templates = templates
        stack = [root]
        current = start
        walking = [start]
    }

    mutating func walk(_ nodes: [TemplateNode]) {
        for node in nodes {
            switch node {
            case .text, .lineStart:
                continue
            case .variable(let name, _):
                _ = lookUp(name)
            case .section(let name, let inner, let inverted):
                let value = lookUp(name)
                guard !inverted, let value else {
                    walk(inner)
                    continue
                }
                switch value {
                case .list(let list) where list.count > 0:
                    stack.append(list.element(0))
                    walk(inner)
                    stack.removeLast()
                case .view, .text, .number:
                    stack.append(value)
                    walk(inner)
                    stack.removeLast()
                case .list, .bool, .absent:
                    walk(inner)
                }
            case .partial(let call):
                guard call.target >= 0, walking.insert(call.target).inserted else { continue }
                let saved = overrides
                if let blocks = call.overrides { overrides = Overrides(blocks: blocks, outer: overrides) }
                let savedCurrent = current
                current = call.target
                walk(templates[call.target])
                current = savedCurrent
                overrides = saved
                walking.remove(call.target)
            case .block(let site):
                if let override = overrides?.override(of: site.name) {
                    let savedCurrent = current
                    current = override.origin
                    walk(override.nodes)
                    current = savedCurrent
                } else {
                    walk(site.defaultContent)
                }
            }
        }
    }

    /// The name's value, recording it when nothing on the stack answers it.
    private mutating func lookUp(_ name: TemplateName) -> TemplateValue? {
        if name.segments.isEmpty { return name.aboutIteration ? .bool(true) : stack.last }
        var value: TemplateValue? = nil
        // An anchored name (`.title`) is looked up in the innermost value only.
        let deepest = name.anchored ? stack.count - 1 : 0
        for index in stride(from: stack.count - 1, through: deepest, by: -1) {
            if case .view(let view) = stack[index], let found = view.templateValue(name.segments[0]) {
                value = found
                break
            }
        }
        var segment = 1
        while let current = value, segment < name.segments.count {
            if case .view(let view) = current {
                value = view.templateValue(name.segments[segment])
            } else if case .absent = current {
                // A sample value the view did not fill in: nothing further can be said.
                return nil
            } else {
                value = nil
            }
            segment += 1
        }
        if value == nil, seen.insert("\(current):\(name.position.line):\(name.position.column)").inserted {
            unknown.append((current, name))
        }
        // What a section opens on is what the helpers make of the value (`empty(tags)` is a flag).
        guard let value, !name.helpers.isEmpty else { return value }
        if case .absent = value { return nil }
        return TemplateHelpers.apply(name.helpers, to: value)
    }
}

extension TemplateLibrary {
    /// The names template `name` (and what it includes) looks up that nothing in `sample` answers,
    /// each once. `sample` should hold every optional value and a non-empty list of every kind.
    /// Each comes with the template it is written in (a partial's, or the one overriding a block).
    public func unknownNames(in name: String, sample: TemplateValue) -> [(template: String, name: TemplateName)] {
        guard let index = templateIndex(name) else { return [] }
        var check = TemplateNameCheck(templates: linkedTemplates, root: sample, start: index)
        check.walk(linkedTemplates[index])
        return check.unknown.map { (templateName($0.template), $0.name) }
    }
}
