/// A set of templates compiled together: each parsed once, with every partial and parent resolved
/// to the template it names, and checked for inclusion loops that no data could end.
public struct TemplateLibrary: Sendable {
    /// What a partial that no template answers does.
    public enum MissingPartials: Sendable {
        /// It is a load error, naming the templates there are (Herald: a typo would drop part of every page).
        case error
        /// It renders as nothing, as the Mustache specification says.
        case renderNothing
    }

    /// Template name → index into `templates`.
    private var indexes: [String: Int]
    /// Each template's nodes, linked.
    private var templates: [[TemplateNode]] {
        didSet { program = TemplateProgram(templates) }
    }
    /// The same templates flattened for rendering.
    private var program: TemplateProgram
    /// Each template's name, by index.
    private let names: [String]

    /// The names of the templates, sorted.
    public var templateNames: [String] { names.sorted() }

    /// Parses and links `sources` (name → text). Every problem is reported, each at its template,
    /// line and column; a library comes back only when there are none.
    public static func load(
        _ sources: [String: String], missingPartials: MissingPartials = .error
    ) -> Result<TemplateLibrary, TemplateErrors> {
        var errors: [TemplateError] = []
        let names = sources.keys.sorted()
        var parsed: [[TemplateNode]] = []
        for name in names {
            do {
                parsed.append(try TemplateParser.parse(sources[name]!, template: name))
            } catch {
                errors.append(error)
                parsed.append([])
            }
        }
        let indexes = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var linker = Linker(indexes: indexes, names: names, missingPartials: missingPartials)
        var linked: [[TemplateNode]] = []
        for (index, nodes) in parsed.enumerated() {
            linked.append(linker.link(nodes, in: names[index]))
        }
        errors += linker.errors
        let library = TemplateLibrary(
            indexes: indexes, templates: linked, program: TemplateProgram(linked), names: names)
        if errors.isEmpty { errors += library.endlessInclusions() }
        return errors.isEmpty
            ? .success(library)
            : .failure(
                TemplateErrors(
                    errors: errors.sorted {
                        ($0.template, $0.position.line, $0.position.column) < (
                            $1.template, $1.position.line, $1.position.column
                        )
                    }))
    }

    /// Whether there is a template of that name.
    public func contains(_ name: String) -> Bool { indexes[name] != nil }

    /// The index of template `name`.
    func templateIndex(_ name: String) -> Int? { indexes[name] }

    /// The name of the template at `index`.
    func templateName(_ index: Int) -> String { index >= 0 && index < names.count ? names[index] : "" }

    /// Every template's linked nodes, by index.
    var linkedTemplates: [[TemplateNode]] { templates }

    /// Renders template `name` with `context` as the whole context stack, appending to `output`.
    /// Returns false when partials nested deeper than `TemplateRenderer.maximumDepth` (a template
    /// that includes itself inside a section, over data that never ends), where rendering stopped.
    @discardableResult
    public func render(_ name: String, _ context: TemplateValue, into output: inout [UInt8]) -> Bool {
        guard let index = indexes[name] else { return true }
        return program.withUnsafeProgram { program in
            var renderer = TemplateRenderer(program: program, output: [], root: context)
            // The buffer moves in and out whole, never copied.
            swap(&renderer.output, &output)
            renderer.render(template: index)
            swap(&renderer.output, &output)
            return !renderer.tooDeep
        }
    }

    /// Renders template `name` into new bytes.
    public func render(_ name: String, _ context: TemplateValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16_384)
        render(name, context, into: &output)
        return output
    }

    /// A copy in which template `name` is replaced by text it renders once: what is the same on
    /// every page (a footer) then costs a copy instead of a rendering.
    public func replacing(_ name: String, withOutput bytes: [UInt8]) -> TemplateLibrary {
        guard let index = indexes[name] else { return self }
        var copy = self
        // Line starts after each newline keep an indented standalone placement of it indenting each line.
        var nodes: [TemplateNode] = [.lineStart]
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            nodes.append(.text(Array(bytes[start...offset])))
            start = offset + 1
            if start < bytes.count { nodes.append(.lineStart) }
        }
        if start < bytes.count { nodes.append(.text(Array(bytes[start...]))) }
        copy.templates[index] = nodes
        return copy
    }

    /// A copy in which every plain `{{root.key}}` whose `root` is one of `roots` is replaced by the
    /// text it renders, looked up in `constants`. Only for names that no view a section can open
    /// answers, so the look-up always reaches the root: then the result is exactly what rendering
    /// would give, once instead of on every page.
    /// Names inside a section for which `unlessInside` holds are left alone (a section whose
    /// views may answer the roots).
    public func fixing(
        roots: Set<TemplateKey>, from constants: any TemplateView,
        unlessInside: @escaping (TemplateName) -> Bool = { _ in false }
    ) -> TemplateLibrary {
        // What may render inside such a section is left whole: the templates its partials and
        // parents reach, all the way down, and the overrides of the blocks expanded there.
        var unfixable = Set<Int>()
        var blockNames = Set<String>()
        var pending: [[TemplateNode]] = []
        func collect(_ nodes: [TemplateNode], inside: Bool) {
            for node in nodes {
                switch node {
                case .text, .lineStart, .variable: continue
                case .section(let name, let inner, _):
                    if inside || unlessInside(name) { pending.append(inner) } else { collect(inner, inside: false) }
                case .block(let site):
                    if inside { blockNames.insert(site.name) }
                    collect(site.defaultContent, inside: inside)
                case .partial(let call):
                    if inside, call.target >= 0, unfixable.insert(call.target).inserted {
                        pending.append(templates[call.target])
                    }
                    for override in (call.overrides ?? [:]).values { collect(override.nodes, inside: inside) }
                }
            }
        }
        for nodes in templates { collect(nodes, inside: false) }
        while let nodes = pending.popLast() { collect(nodes, inside: true) }
        var copy = self
        let fixer = TemplateFixer(roots: roots, constants: constants, skip: unlessInside, keepOverrides: blockNames)
        copy.templates = templates.enumerated().map {
            unfixable.contains($0.offset) ? $0.element : fixer.fix($0.element)
        }
        return copy
    }

    /// For each template, every template it includes or inherits from, all the way down.
    public func includedTemplates() -> [String: [String]] {
        var direct: [Int: Set<Int>] = [:]
        for (index, nodes) in templates.enumerated() {
            var found = Set<Int>()
            TemplateWalk.partials(in: nodes, into: &found)
            direct[index] = found
        }
        var result: [String: [String]] = [:]
        for index in templates.indices {
            var seen = Set<Int>()
            var stack = Array(direct[index] ?? [])
            while let next = stack.popLast() {
                guard next >= 0, seen.insert(next).inserted else { continue }
                stack.append(contentsOf: direct[next] ?? [])
            }
            result[names[index]] = seen.map { names[$0] }.sorted()
        }
        return result
    }

    /// Every name each template looks up (variables and sections, not partials), with its position.
    public func lookedUpNames() -> [String: [TemplateName]] {
        var result: [String: [TemplateName]] = [:]
        for (index, nodes) in templates.enumerated() {
            var found: [TemplateName] = []
            TemplateWalk.names(in: nodes, into: &found)
            result[names[index]] = found
        }
        return result
    }

    // MARK: Inclusion loops

    /// Loops of partials and parents that nothing stops: each template reached again with the
    /// same overrides and no section in between would render forever. A loop through a section
    /// ends when the data does, as the specification's recursive partials do.
    private func endlessInclusions() -> [TemplateError] {
        var errors: [TemplateError] = []
        var reported = Set<Int>()
        for start in names.indices where !reported.contains(start) {
            var search = LoopSearch(templates: templates)
            if let loop = search.find(from: start) {
                let chain = loop.map { names[$0.template] } + [names[loop[0].template]]
                if loop.contains(where: { reported.contains($0.template) }) { continue }
                reported.formUnion(loop.map(\.template))
                errors.append(
                    TemplateError(
                        template: names[loop[0].template], position: loop[0].position,
                        message:
                            "template includes itself: \(chain.joined(separator: " → ")); rendering would never end"))
            }
        }
        return errors
    }
}

/// Every problem found loading a library.
public struct TemplateErrors: Error, Sendable {
    /// Sorted by template, line and column.
    public var errors: [TemplateError]
}

/// Resolves partial names to indexes and numbers overrides.
private struct Linker {
    let indexes: [String: Int]
    let names: [String]
    let missingPartials: TemplateLibrary.MissingPartials
    var errors: [TemplateError] = []
    var nextOverride = 0

    mutating func link(_ nodes: [TemplateNode], in template: String) -> [TemplateNode] {
        nodes.map { node in
            switch node {
            case .text, .lineStart, .variable:
                return node
            case .section(let name, let inner, let inverted):
                return .section(name, link(inner, in: template), inverted: inverted)
            case .block(var site):
                site.defaultContent = link(site.defaultContent, in: template)
                return .block(site)
            case .partial(var call):
                if let target = indexes[call.name] {
                    call.target = target
                } else if missingPartials == .error {
                    errors.append(
                        TemplateError(
                            template: template, position: call.position,
                            message:
                                "template names the partial '\(call.name)', which does not exist (templates: \(names.joined(separator: ", ")))"
                        ))
                }
                if let overrides = call.overrides {
                    var linked: [String: BlockOverride] = [:]
                    for (name, override) in overrides.sorted(by: { $0.key < $1.key }) {
                        linked[name] = BlockOverride(
                            nodes: link(override.nodes, in: template), id: nextOverride, origin: indexes[template] ?? -1
                        )
                        nextOverride += 1
                    }
                    call.overrides = linked
                }
                return .partial(call)
            }
        }
    }
}

/// A depth-first search through the inclusions rendering would make whatever the data, with
/// the overrides in force, for one that comes back to where it started.
private struct LoopSearch {
    struct Step: Hashable {
        var template: Int
        /// Block name → override id, outermost first-come.
        var overrides: [String: Int]
        var position: TemplatePosition
        static func == (a: Step, b: Step) -> Bool { a.template == b.template && a.overrides == b.overrides }
        func hash(into hasher: inout Hasher) {
            hasher.combine(template)
            hasher.combine(overrides)
        }
    }

    let templates: [[TemplateNode]]
    var finished = Set<Step>()
    var path: [Step] = []
    var onPath = Set<Step>()
    var overrideNodes: [Int: [TemplateNode]] = [:]

    init(templates: [[TemplateNode]]) { self.templates = templates }

    mutating func find(from start: Int) -> [Step]? {
        visit(Step(template: start, overrides: [:], position: TemplatePosition(line: 1, column: 1)), position: nil)
    }

    private mutating func visit(_ step: Step, position: TemplatePosition?) -> [Step]? {
        if onPath.contains(step) {
            guard let first = path.firstIndex(of: step) else { return nil }
            return Array(path[first...])
        }
        guard !finished.contains(step), step.template >= 0, step.template < templates.count else { return nil }
        onPath.insert(step)
        path.append(step)
        defer {
            path.removeLast()
            onPath.remove(step)
            finished.insert(step)
        }
        return walk(templates[step.template], overrides: step.overrides)
    }

    private mutating func walk(_ nodes: [TemplateNode], overrides: [String: Int]) -> [Step]? {
        for node in nodes {
            switch node {
            case .text, .lineStart, .variable, .section:
                // What a section holds renders only as often as the data says.
                continue
            case .block(let site):
                if let id = overrides[site.name], let content = overrideNodes[id] {
                    if let loop = walk(content, overrides: overrides) { return loop }
                } else if let loop = walk(site.defaultContent, overrides: overrides) {
                    return loop
                }
            case .partial(let call):
                var inner = overrides
                for (name, override) in call.overrides ?? [:] where inner[name] == nil {
                    inner[name] = override.id
                    overrideNodes[override.id] = override.nodes
                }
                // The step records the tag that leads on from the template that holds it.
                if !path.isEmpty { path[path.count - 1].position = call.position }
                if let loop = visit(
                    Step(template: call.target, overrides: inner, position: call.position), position: call.position)
                {
                    return loop
                }
            }
        }
        return nil
    }
}

/// Walks nodes for the names they look up and the templates they include.
enum TemplateWalk {
    static func partials(in nodes: [TemplateNode], into found: inout Set<Int>) {
        for node in nodes {
            switch node {
            case .text, .lineStart, .variable: continue
            case .section(_, let inner, _): partials(in: inner, into: &found)
            case .block(let site): partials(in: site.defaultContent, into: &found)
            case .partial(let call):
                found.insert(call.target)
                for override in (call.overrides ?? [:]).values { partials(in: override.nodes, into: &found) }
            }
        }
    }

    static func names(in nodes: [TemplateNode], into found: inout [TemplateName]) {
        for node in nodes {
            switch node {
            case .text, .lineStart: continue
            case .variable(let name, _): found.append(name)
            case .section(let name, let inner, _):
                found.append(name)
                names(in: inner, into: &found)
            case .block(let site): names(in: site.defaultContent, into: &found)
            case .partial(let call):
                for override in (call.overrides ?? [:]).values { names(in: override.nodes, into: &found) }
            }
        }
    }
}

/// Replaces look-ups of constant names by their text (see `TemplateLibrary.fixing`).
private struct TemplateFixer {
    let roots: Set<TemplateKey>
    let constants: any TemplateView
    let skip: (TemplateName) -> Bool
    /// Blocks that may be expanded inside a skipped section: their overrides are left whole.
    let keepOverrides: Set<String>

    func fix(_ nodes: [TemplateNode]) -> [TemplateNode] {
        nodes.map { node in
            switch node {
            case .text, .lineStart:
                return node
            case .variable(let name, let escaped):
                guard name.helpers.isEmpty, !name.anchored, let root = name.segments.first, roots.contains(root) else {
                    return node
                }
                var value: TemplateValue = .view(constants)
                for segment in name.segments {
                    guard case .view(let view) = value, let next = view.templateValue(segment) else { return node }
                    value = next
                }
                var bytes: [UInt8] = []
                switch value {
                case .text, .number, .bool, .absent: TemplateRenderer.write(value, escaped: escaped, into: &bytes)
                case .view, .list: return node
                }
                return .text(bytes)
            case .section(let name, let inner, let inverted):
                return skip(name) ? node : .section(name, fix(inner), inverted: inverted)
            case .block(var site):
                site.defaultContent = fix(site.defaultContent)
                return .block(site)
            case .partial(var call):
                if let overrides = call.overrides {
                    var fixed: [String: BlockOverride] = [:]
                    for (name, override) in overrides {
                        fixed[name] =
                            keepOverrides.contains(name)
                            ? override
                            : BlockOverride(nodes: fix(override.nodes), id: override.id, origin: override.origin)
                    }
                    call.overrides = fixed
                }
                return .partial(call)
            }
        }
    }
}
