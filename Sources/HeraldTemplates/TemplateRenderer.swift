/// How deep partials may nest while rendering.
public enum TemplateRendererDepth {
    /// Partials nested deeper than this stop rendering (far beyond any theme's real nesting).
    public static let maximum = 100
}

/// Runs a `TemplateProgram` into one byte buffer. A look-up is a walk down the context stack
/// asking each view for one pre-split segment; nothing is cast, reflected or split while
/// rendering, and reading an instruction, a name or text costs no reference counting.
struct TemplateRenderer {
    /// Partials nested deeper than this stop rendering: only a template that includes itself
    /// inside a section, over data that never ends, gets there.
    static let maximumDepth = TemplateRendererDepth.maximum

    private let program: UnsafeTemplateProgram
    var output: [UInt8]
    /// The context stack: every value a section pushed, innermost last, for `{{.}}`.
    private var stack: [TemplateValue]
    /// The views of `stack`, innermost last, which names are looked up in. Kept apart because a
    /// view is asked for a name where it lies in this array, while taking it out of a
    /// `TemplateValue` copied it first (a reference count and a value-witness call each, at every
    /// level every look-up walks): 15 of the templates' 300 CPU-ms for 10,000 items (perf).
    private var views: [any TemplateView] = []
    /// Whether the innermost value of `stack` is a view (the last of `views`), for `{{.x}}`.
    private var topIsView = false
    /// The overrides of the `{{<parent}}` calls being rendered, outermost first.
    private var overrideFrames: [(start: Int32, count: Int32)] = []
    private var indentation: [UInt8] = []
    private var depth = 0
    /// The position in the list a section is iterating, for `index()`, `first()`, `last()`.
    private var iteration: (index: Int, count: Int)? = nil
    /// Set when rendering stopped at `maximumDepth`.
    private(set) var tooDeep = false

    init(program: UnsafeTemplateProgram, output: [UInt8], root: TemplateValue) {
        self.program = program
        self.output = output
        stack = [root]
        stack.reserveCapacity(16)
        views.reserveCapacity(16)
        if case .view(let view) = root {
            views.append(view)
            topIsView = true
        }
    }

    /// Renders template `index`.
    mutating func render(template index: Int) {
        let entry = program.entries[index]
        run(Int(entry.start), Int(entry.end))
    }

    private mutating func run(_ start: Int, _ end: Int) {
        var at = start
        while at < end {
            let instruction = program.instructions[at]
            switch instruction.code {
            case .text:
                output.append(contentsOf: program.bytes(Int(instruction.a), Int(instruction.b)))
                at += 1
            case .lineStart:
                if !indentation.isEmpty, output.last == 0x0A || output.isEmpty {
                    output.append(contentsOf: indentation)
                }
                at += 1
            case .variable:
                if let value = resolve(program.names[Int(instruction.a)]) {
                    Self.write(value, escaped: instruction.flag == 1, into: &output)
                }
                at += 1
            case .section:
                let value = resolve(program.names[Int(instruction.a)])
                if instruction.flag == 1 {
                    if !(value?.isTruthy ?? false) { run(at + 1, Int(instruction.b)) }
                } else if let value {
                    section(value, at + 1, Int(instruction.b))
                }
                at = Int(instruction.b)
            case .partial:
                partial(program.calls[Int(instruction.a)])
                at += 1
            case .block:
                let block = program.blocks[Int(instruction.a)]
                let saved = indentation.count
                if block.indentationCount > 0 {
                    indentation.append(
                        contentsOf: program.bytes(Int(block.indentationStart), Int(block.indentationCount)))
                }
                if let override = override(of: block.name) {
                    run(Int(override.start), Int(override.end))
                } else {
                    run(at + 1, Int(block.end))
                }
                indentation.removeLast(indentation.count - saved)
                at = Int(block.end)
            case .jump:
                at = Int(instruction.b)
            }
        }
    }

    private mutating func partial(_ call: TemplateProgram.Call) {
        guard call.target >= 0 else { return }
        guard depth < Self.maximumDepth else {
            tooDeep = true
            return
        }
        let saved = indentation.count
        if call.indentationCount > 0 {
            indentation.append(contentsOf: program.bytes(Int(call.indentationStart), Int(call.indentationCount)))
        }
        if call.overrideCount > 0 { overrideFrames.append((call.overrideStart, call.overrideCount)) }
        depth += 1
        render(template: Int(call.target))
        depth -= 1
        if call.overrideCount > 0 { overrideFrames.removeLast() }
        indentation.removeLast(indentation.count - saved)
    }

    /// The override of block `name` that wins: the outermost parent's.
    private func override(of name: TemplateKey) -> TemplateProgram.Override? {
        for frame in overrideFrames {
            for index in Int(frame.start)..<Int(frame.start + frame.count) where program.overrides[index].name == name {
                return program.overrides[index]
            }
        }
        return nil
    }

    private mutating func section(_ value: TemplateValue, _ start: Int, _ end: Int) {
        switch value {
        case .bool(let flag):
            if flag { run(start, end) }
        case .absent:
            return
        case .list(let list):
            let count = list.count
            guard count > 0 else { return }
            let savedIteration = iteration
            for index in 0..<count {
                iteration = (index, count)
                let outer = push(list.element(index))
                run(start, end)
                pop(restoring: outer)
            }
            iteration = savedIteration
        case .text, .number, .view:
            let savedIteration = iteration
            iteration = nil
            let outer = push(value)
            run(start, end)
            pop(restoring: outer)
            iteration = savedIteration
        }
    }

    /// Pushes a section's value; returns what `pop(restoring:)` needs to undo it.
    private mutating func push(_ value: TemplateValue) -> Bool {
        let outer = topIsView
        if case .view(let view) = value {
            views.append(view)
            topIsView = true
        } else {
            topIsView = false
        }
        stack.append(value)
        return outer
    }

    private mutating func pop(restoring outer: Bool) {
        if topIsView { views.removeLast() }
        stack.removeLast()
        topIsView = outer
    }

    /// The value a name stands for here, or nil when nothing answers it.
    private func resolve(_ name: TemplateProgram.Name) -> TemplateValue? {
        let helpers = program.helpers(name)
        if name.aboutIteration {
            guard let iteration else { return nil }
            return TemplateHelpers.apply(helpers, toIteration: iteration)
        }
        var value: TemplateValue
        let keys = program.keys(name)
        if keys.isEmpty {
            value = stack[stack.count - 1]
        } else {
            let first = keys[keys.startIndex]
            var found: TemplateValue? = nil
            if name.anchored {
                if topIsView { found = views[views.count - 1].templateValue(first) }
            } else {
                var level = views.count - 1
                while level >= 0 {
                    if let answer = views[level].templateValue(first) {
                        found = answer
                        break
                    }
                    level -= 1
                }
            }
            guard let found else { return nil }
            value = found
            for key in keys.dropFirst() {
                guard case .view(let view) = value, let next = view.templateValue(key) else { return nil }
                value = next
            }
        }
        if helpers.isEmpty { return value }
        // A value known to be missing gets no helper, as with swift-mustache: `{{^empty(x)}}` shows.
        if case .absent = value { return nil }
        return TemplateHelpers.apply(helpers, to: value)
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
        case .view(let view):
            guard let text = view.templateText else { return }
            if escaped { HTMLBytes.appendEscaped(text, to: &output) } else { HTMLBytes.append(text, to: &output) }
        case .absent, .list:
            return
        }
    }
}

/// A program's tables as buffer pointers, valid while `TemplateLibrary.render` holds the program:
/// reading through them takes no reference counts.
struct UnsafeTemplateProgram {
    let instructions: UnsafeBufferPointer<TemplateProgram.Instruction>
    let allBytes: UnsafeBufferPointer<UInt8>
    let names: UnsafeBufferPointer<TemplateProgram.Name>
    let allKeys: UnsafeBufferPointer<TemplateKey>
    let allHelpers: UnsafeBufferPointer<TemplateHelper>
    let calls: UnsafeBufferPointer<TemplateProgram.Call>
    let blocks: UnsafeBufferPointer<TemplateProgram.Block>
    let overrides: UnsafeBufferPointer<TemplateProgram.Override>
    let entries: UnsafeBufferPointer<(start: Int32, end: Int32)>

    @inline(__always) func bytes(_ start: Int, _ count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: allBytes[start..<(start + count)])
    }

    @inline(__always) func keys(_ name: TemplateProgram.Name) -> Slice<UnsafeBufferPointer<TemplateKey>> {
        allKeys[Int(name.keyStart)..<Int(name.keyStart + name.keyCount)]
    }

    @inline(__always) func helpers(_ name: TemplateProgram.Name) -> Slice<UnsafeBufferPointer<TemplateHelper>> {
        allHelpers[Int(name.helperStart)..<Int(name.helperStart + name.helperCount)]
    }
}

extension TemplateProgram {
    /// Calls `body` with the program's tables as buffer pointers.
    func withUnsafeProgram<Result>(_ body: (UnsafeTemplateProgram) -> Result) -> Result {
        instructions.withUnsafeBufferPointer { instructions in
            bytes.withUnsafeBufferPointer { bytes in
                names.withUnsafeBufferPointer { names in
                    keys.withUnsafeBufferPointer { keys in
                        helpers.withUnsafeBufferPointer { helpers in
                            calls.withUnsafeBufferPointer { calls in
                                blocks.withUnsafeBufferPointer { blocks in
                                    overrides.withUnsafeBufferPointer { overrides in
                                        entries.withUnsafeBufferPointer { entries in
                                            body(
                                                UnsafeTemplateProgram(
                                                    instructions: instructions, allBytes: bytes, names: names,
                                                    allKeys: keys,
                                                    allHelpers: helpers, calls: calls, blocks: blocks,
                                                    overrides: overrides, entries: entries))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
