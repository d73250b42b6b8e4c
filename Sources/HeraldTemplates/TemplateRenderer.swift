/// How deep partials may nest while rendering.
public enum TemplateRendererDepth {
    /// Partials nested deeper than this stop rendering (far beyond any theme's real nesting).
    public static let maximum = 100
}

/// Renders linked nodes into one byte buffer. A look-up is a walk down the context stack asking
/// each view for one pre-split segment; nothing is cast, reflected or split while rendering.
struct TemplateRenderer {
    /// Partials nested deeper than this stop rendering: only a template that includes itself
    /// inside a section, over data that never ends, gets there.
    static let maximumDepth = TemplateRendererDepth.maximum

    /// The blocks a chain of `{{<parent}}` tags overrides; the outermost parent's win.
    final class Overrides {
        let blocks: [String: BlockOverride]
        let outer: Overrides?
        init(blocks: [String: BlockOverride], outer: Overrides?) {
            self.blocks = blocks
            self.outer = outer
        }

        func content(of name: String) -> [TemplateNode]? { override(of: name)?.nodes }

        /// The override of block `name` that wins: the outermost parent's.
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
    var output: [UInt8]
    private var stack: [TemplateValue]
    private var overrides: Overrides? = nil
    private var indentation: [UInt8] = []
    private var depth = 0
    /// The position in the list a section is iterating, for `index()`, `first()`, `last()`.
    private var iteration: (index: Int, count: Int)? = nil
    /// Set when rendering stopped at `maximumDepth`.
    private(set) var tooDeep = false

    init(templates: [[TemplateNode]], output: [UInt8], root: TemplateValue) {
        self.templates = templates
        self.output = output
        stack = [root]
        stack.reserveCapacity(16)
    }

    mutating func render(_ nodes: [TemplateNode]) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .lineStart:
                if !indentation.isEmpty, output.last == 0x0A || output.isEmpty { output.append(contentsOf: indentation) }
            case .variable(let name, let escaped):
                if let value = resolve(name) { Self.write(value, escaped: escaped, into: &output) }
            case .section(let name, let inner, let inverted):
                let value = resolve(name)
                if inverted {
                    if !(value?.isTruthy ?? false) { render(inner) }
                } else if let value {
                    section(value, inner)
                }
            case .partial(let call):
                guard call.target >= 0 else { continue }
                guard depth < Self.maximumDepth else {
                    tooDeep = true
                    continue
                }
                let savedIndentation = indentation
                let savedOverrides = overrides
                indentation += call.indentation
                if let blocks = call.overrides { overrides = Overrides(blocks: blocks, outer: overrides) }
                depth += 1
                render(templates[call.target])
                depth -= 1
                indentation = savedIndentation
                overrides = savedOverrides
            case .block(let site):
                let content = overrides?.content(of: site.name) ?? site.defaultContent
                if site.indentation.isEmpty {
                    render(content)
                } else {
                    let savedIndentation = indentation
                    indentation += site.indentation
                    render(content)
                    indentation = savedIndentation
                }
            }
        }
    }

    private mutating func section(_ value: TemplateValue, _ inner: [TemplateNode]) {
        switch value {
        case .bool(let flag):
            if flag { render(inner) }
        case .absent:
            return
        case .list(let list):
            let count = list.count
            guard count > 0 else { return }
            let savedIteration = iteration
            for index in 0..<count {
                iteration = (index, count)
                stack.append(list.element(index))
                render(inner)
                stack.removeLast()
            }
            iteration = savedIteration
        case .text, .number, .view:
            let savedIteration = iteration
            iteration = nil
            stack.append(value)
            render(inner)
            stack.removeLast()
            iteration = savedIteration
        }
    }

    /// The value a name stands for here, or nil when nothing answers it.
    private func resolve(_ name: TemplateName) -> TemplateValue? {
        var value: TemplateValue
        if name.aboutIteration {
            guard let iteration else { return nil }
            return TemplateHelpers.apply(name.helpers, toIteration: iteration)
        }
        if name.segments.isEmpty {
            value = stack[stack.count - 1]
        } else {
            let first = name.segments[0]
            var found: TemplateValue? = nil
            if name.anchored {
                if case .view(let view) = stack[stack.count - 1] { found = view.templateValue(first) }
            } else {
                var level = stack.count - 1
                while level >= 0 {
                    if case .view(let view) = stack[level], let answer = view.templateValue(first) {
                        found = answer
                        break
                    }
                    level -= 1
                }
            }
            guard let found else { return nil }
            value = found
            var segment = 1
            while segment < name.segments.count {
                guard case .view(let view) = value, let next = view.templateValue(name.segments[segment]) else { return nil }
                value = next
                segment += 1
            }
        }
        if name.helpers.isEmpty { return value }
        // A value known to be missing gets no helper, as with swift-mustache: `{{^empty(x)}}` shows.
        if case .absent = value { return nil }
        return TemplateHelpers.apply(name.helpers, to: value)
    }

    /// Appends a value as a variable renders it: text (escaped or not), a number, `true`/`false`;
    /// nothing for a missing value, a view or a list.
    static func write(_ value: TemplateValue, escaped: Bool, into output: inout [UInt8]) {
        switch value {
        case .text(let text):
            if escaped { HTMLBytes.appendEscaped(text, to: &output) } else { HTMLBytes.append(text, to: &output) }
        case .number(let number):
            HTMLBytes.append(number, to: &output)
        case .bool(let flag):
            HTMLBytes.append(flag ? "true" : "false", to: &output)
        case .absent, .view, .list:
            return
        }
    }
}
