/// A library's linked templates flattened for rendering: every template's nodes as one array of
/// plain instructions, all their text in one byte array, names and partial calls in tables, each
/// referred to by number.
///
/// Why: rendering the node tree copied a node's payload (its text array, its name) out of the
/// tree for every node, a reference count each on objects every rendering thread shares, so two
/// cores fought over the same cache lines; the 10,000-item corpus spent 500 ms of CPU in the
/// template engine on two cores against 375 ms on one. An instruction here is four numbers,
/// copied without any reference counting.
struct TemplateProgram: Sendable {
    enum Code: UInt8, Sendable {
        /// `bytes[a ..< a + b]`.
        case text
        /// Indentation of a standalone partial's lines.
        case lineStart
        /// `names[a]`, escaped when `flag` is 1.
        case variable
        /// `names[a]`; the body is the instructions up to `b`; inverted when `flag` is 1.
        case section
        /// `calls[a]`.
        case partial
        /// `blocks[a]`; the default content is the instructions up to `blocks[a].end`.
        case block
        /// Go on at `b` (past overrides' content, which only blocks enter).
        case jump
    }

    struct Instruction: Sendable {
        var code: Code
        var flag: UInt8 = 0
        var a: Int32 = 0
        var b: Int32 = 0
    }

    /// A name's parts, as ranges of `keys` and `helpers`.
    struct Name: Sendable {
        var keyStart: Int32
        var keyCount: Int32
        var helperStart: Int32
        var helperCount: Int32
        var anchored: Bool
        var aboutIteration: Bool
    }

    struct Call: Sendable {
        /// The template's index, or -1 for a missing partial (rendered as nothing).
        var target: Int32
        var indentationStart: Int32
        var indentationCount: Int32
        /// Its overrides: `overrides[overrideStart ..< overrideStart + overrideCount]`.
        var overrideStart: Int32
        var overrideCount: Int32
    }

    struct Block: Sendable {
        var name: TemplateKey
        var indentationStart: Int32
        var indentationCount: Int32
        /// Where the default content ends.
        var end: Int32
    }

    struct Override: Sendable {
        var name: TemplateKey
        var start: Int32
        var end: Int32
    }

    var instructions: [Instruction] = []
    var bytes: [UInt8] = []
    var names: [Name] = []
    var keys: [TemplateKey] = []
    var helpers: [TemplateHelper] = []
    var calls: [Call] = []
    var blocks: [Block] = []
    var overrides: [Override] = []
    /// Each template's instructions: `instructions[entries[t].start ..< entries[t].end]`.
    var entries: [(start: Int32, end: Int32)] = []

    /// Flattens linked templates (index → nodes).
    init(_ templates: [[TemplateNode]]) {
        entries = Array(repeating: (0, 0), count: templates.count)
        for (index, nodes) in templates.enumerated() {
            let start = Int32(instructions.count)
            emit(nodes)
            entries[index] = (start, Int32(instructions.count))
        }
    }

    private mutating func bytesRange(_ text: [UInt8]) -> (Int32, Int32) {
        let start = Int32(bytes.count)
        bytes.append(contentsOf: text)
        return (start, Int32(text.count))
    }

    private mutating func name(_ name: TemplateName) -> Int32 {
        names.append(
            Name(
                keyStart: Int32(keys.count), keyCount: Int32(name.segments.count), helperStart: Int32(helpers.count),
                helperCount: Int32(name.helpers.count), anchored: name.anchored, aboutIteration: name.aboutIteration))
        keys.append(contentsOf: name.segments)
        helpers.append(contentsOf: name.helpers)
        return Int32(names.count - 1)
    }

    private mutating func emit(_ nodes: [TemplateNode]) {
        // The text instruction this level emitted last, while nothing else followed it.
        var openText: Int? = nil
        for node in nodes {
            if case .text = node {} else { openText = nil }
            switch node {
            case .text(let text):
                // Adjacent text is one copy.
                if let last = openText, Int(instructions[last].a + instructions[last].b) == bytes.count {
                    bytes.append(contentsOf: text)
                    instructions[last].b += Int32(text.count)
                } else {
                    let (start, count) = bytesRange(text)
                    instructions.append(Instruction(code: .text, a: start, b: count))
                    openText = instructions.count - 1
                }
            case .lineStart:
                instructions.append(Instruction(code: .lineStart))
            case .variable(let templateName, let escaped):
                instructions.append(Instruction(code: .variable, flag: escaped ? 1 : 0, a: name(templateName)))
            case .section(let templateName, let inner, let inverted):
                let at = instructions.count
                instructions.append(Instruction(code: .section, flag: inverted ? 1 : 0, a: name(templateName)))
                emit(inner)
                instructions[at].b = Int32(instructions.count)
            case .block(let site):
                let (indentStart, indentCount) = bytesRange(site.indentation)
                let index = blocks.count
                blocks.append(
                    Block(
                        name: TemplateKey(site.name), indentationStart: indentStart, indentationCount: indentCount,
                        end: 0))
                instructions.append(Instruction(code: .block, a: Int32(index)))
                emit(site.defaultContent)
                blocks[index].end = Int32(instructions.count)
            case .partial(let call):
                let (indentStart, indentCount) = bytesRange(call.indentation)
                let index = calls.count
                calls.append(
                    Call(
                        target: Int32(call.target), indentationStart: indentStart, indentationCount: indentCount,
                        overrideStart: 0, overrideCount: 0))
                instructions.append(Instruction(code: .partial, a: Int32(index)))
                guard let blockOverrides = call.overrides, !blockOverrides.isEmpty else { continue }
                // The overrides' content follows the call, jumped over: only blocks enter it.
                var made: [Override] = []
                let skip = instructions.count
                instructions.append(Instruction(code: .jump))
                for (blockName, override) in blockOverrides.sorted(by: { $0.key < $1.key }) {
                    let start = Int32(instructions.count)
                    emit(override.nodes)
                    made.append(Override(name: TemplateKey(blockName), start: start, end: Int32(instructions.count)))
                }
                instructions[skip].b = Int32(instructions.count)
                calls[index].overrideStart = Int32(overrides.count)
                calls[index].overrideCount = Int32(made.count)
                overrides.append(contentsOf: made)
            }
        }
    }
}
