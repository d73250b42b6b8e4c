/// Parses one template's text into nodes, on UTF-8 bytes, following the Mustache specification:
/// standalone lines (a line holding only a section, comment, partial, block or delimiter tag and
/// whitespace) vanish whole; a standalone partial's leading whitespace indents every line of the
/// partial; a block's lines lose the indentation of its first line and take that of the place it
/// is expanded at.
struct TemplateParser {
    /// What is open while the parser reads the text inside it.
    private enum FrameKind {
        case root
        case section(TemplateName, inverted: Bool)
        /// `{{<name}}`: text inside is ignored; only blocks (and comments) count.
        case parent(name: String, indentation: [UInt8], overrides: [String: BlockOverride])
        /// `{{$name}}`: an override when inside a parent, else a place to expand a block.
        case block(name: String, standalone: Bool, tagIndentation: [UInt8], inParent: Bool)
    }

    private struct Frame {
        var kind: FrameKind
        var nodes: [TemplateNode] = []
        /// Where the opening tag is, for "never closed".
        var position: TemplatePosition
        /// The written name the closing tag must repeat.
        var name: String
        /// For blocks: the leading whitespace of the first line inside, removed from every line.
        var dedent: [UInt8]? = nil
    }

    private let bytes: [UInt8]
    private let template: String
    private var index = 0
    private var openDelimiter: [UInt8] = [0x7B, 0x7B]
    private var closeDelimiter: [UInt8] = [0x7D, 0x7D]
    private var frames: [Frame]
    /// The line being read, kept across `run`'s steps. Whether the read position is at a line's start.
    private var atLineBeginning = true
    /// Whether only whitespace (and nothing rendered) stands before the read position on its line.
    private var onlyWhitespace = true
    /// Whether the line's start (and its leading whitespace) is still to be appended.
    private var pendingLine = false
    /// Whether the line has rendered something outside a parent (what a parent holds is ignored).
    private var contentOnLine = false
    /// The line's leading whitespace, without what enclosing blocks remove.
    private var whitespace: [UInt8] = []

    /// Parses `text`; `template` names it in errors.
    static func parse(_ text: String, template: String) throws(TemplateError) -> [TemplateNode] {
        var parser = TemplateParser(bytes: Array(text.utf8), template: template)
        return try parser.run()
    }

    private init(bytes: [UInt8], template: String) {
        self.bytes = bytes
        self.template = template
        frames = [Frame(kind: .root, position: TemplatePosition(line: 1, column: 1), name: "")]
    }

    private var inParentZone: Bool {
        if case .parent = frames[frames.count - 1].kind { return true }
        return false
    }

    private mutating func append(_ node: TemplateNode) {
        // Text between a parent's blocks is ignored, as the specification says.
        guard !inParentZone else { return }
        frames[frames.count - 1].nodes.append(node)
    }

    private mutating func run() throws(TemplateError) -> [TemplateNode] {
        while index < bytes.count {
            if atLineBeginning {
                beginLine()
                if index >= bytes.count { break }
            }
            if matches(openDelimiter, at: index) {
                try parseTag()
            } else {
                parseText()
            }
        }
        if frames.count > 1 {
            let frame = frames[frames.count - 1]
            throw error(
                at: frame.position,
                "{{\(sigil(of: frame.kind))\(frame.name)}} is opened but never closed: add {{/\(frame.name)}}")
        }
        return frames[0].nodes
    }

    /// A new line: its leading whitespace read and kept until the line shows whether it stands
    /// alone; whitespace that ends the text is appended, as there is no tag left to stand alone.
    private mutating func beginLine() {
        atLineBeginning = false
        onlyWhitespace = true
        contentOnLine = false
        pendingLine = true
        let start = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        whitespace = removingDedent(Array(bytes[start..<index]))
        if index >= bytes.count, !whitespace.isEmpty { flushLine(whitespace) }
    }

    /// The tag at the read position: a standalone one takes its whole line with it; another
    /// appends the line's start first.
    private mutating func parseTag() throws(TemplateError) {
        let tag = try readTag()
        let standalone = tag.canStandAlone && onlyWhitespace && restOfLineIsBlank(after: tag.end)
        if standalone {
            // A tag standing alone on the last line of the text ends it without a newline.
            index = endOfLine(after: tag.end)
            atLineBeginning = true
            pendingLine = false
            try apply(tag, standalone: true, whitespaceBefore: whitespace)
            return
        }
        let wasOnlyWhitespace = onlyWhitespace
        if pendingLine { flushLine(whitespace) }
        pendingLine = false
        onlyWhitespace = false
        index = tag.end
        if !inParentZone, tag.renders { contentOnLine = true }
        try apply(tag, standalone: false, whitespaceBefore: wasOnlyWhitespace ? whitespace : [])
        // Inside a parent only blocks count, so a block or the parent's end that follows on
        // the line may still stand alone, unless the line showed something before the parent.
        if inParentZone { onlyWhitespace = !contentOnLine }
    }

    /// The text from the read position to the next tag or the end of the line (its newline included).
    private mutating func parseText() {
        if pendingLine { flushLine(whitespace) }
        pendingLine = false
        onlyWhitespace = false
        if !inParentZone { contentOnLine = true }
        let start = index
        while index < bytes.count, bytes[index] != 0x0A, !matches(openDelimiter, at: index) { index += 1 }
        if index < bytes.count, bytes[index] == 0x0A {
            index += 1
            atLineBeginning = true
        }
        append(.text(Array(bytes[start..<index])))
    }

    private mutating func flushLine(_ whitespace: [UInt8]) {
        append(.lineStart)
        if !whitespace.isEmpty { append(.text(whitespace)) }
    }

    /// The line's leading whitespace without the indentation the enclosing blocks remove, and
    /// the first line of a block sets how much that block removes.
    private mutating func removingDedent(_ whitespace: [UInt8]) -> [UInt8] {
        var rest = whitespace[...]
        for position in frames.indices {
            guard case .block = frames[position].kind else { continue }
            if let dedent = frames[position].dedent {
                var matched = 0
                while matched < dedent.count, matched < rest.count, rest[rest.startIndex + matched] == dedent[matched] {
                    matched += 1
                }
                rest = rest.dropFirst(matched)
            } else {
                frames[position].dedent = Array(rest)
                rest = rest.dropFirst(rest.count)
            }
        }
        return Array(rest)
    }

    // MARK: Tags

    private enum TagKind {
        case variable(escaped: Bool)
        case section, inverted, close, comment, partial, parent, block, delimiters
    }

    private struct Tag {
        var kind: TagKind
        var content: String
        var position: TemplatePosition
        var end: Int
        var newOpen: [UInt8] = []
        var newClose: [UInt8] = []

        /// Whether the tag puts something in the output by itself (not a section, block or parent's
        /// own tags, a comment or a change of delimiters).
        var renders: Bool {
            switch kind {
            case .variable, .partial: return true
            default: return false
            }
        }

        var canStandAlone: Bool {
            if case .variable = kind { return false }
            return true
        }
    }

    private mutating func readTag() throws(TemplateError) -> Tag {
        let start = index
        let position = self.position(of: start)
        var cursor = start + openDelimiter.count
        while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
        let closeText = String(decoding: closeDelimiter, as: UTF8.self)
        guard cursor < bytes.count else { throw error(at: position, "the tag is not closed with \(closeText)") }
        let sigil = bytes[cursor]
        if sigil == 0x7B {
            // `{{{name}}}`: the tag ends at `}` followed by the closing delimiter.
            guard let close = find([0x7D] + closeDelimiter, from: cursor + 1) else {
                throw error(at: position, "the tag is not closed with }\(closeText)")
            }
            return Tag(
                kind: .variable(escaped: false), content: text(cursor + 1, close), position: position,
                end: close + 1 + closeDelimiter.count)
        }
        if sigil == 0x3D {
            // `{{=<% %>=}}`
            guard let close = find([0x3D] + closeDelimiter, from: cursor + 1) else {
                throw error(at: position, "the delimiter-changing tag is not closed with =\(closeText)")
            }
            let parts = bytes[(cursor + 1)..<close].split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
            guard parts.count == 2, !parts[0].contains(0x3D), !parts[1].contains(0x3D) else {
                throw error(
                    at: position,
                    "the delimiter-changing tag must be {{=open close=}}: two delimiters, without spaces or = in them")
            }
            return Tag(
                kind: .delimiters, content: "", position: position, end: close + 1 + closeDelimiter.count,
                newOpen: Array(parts[0]), newClose: Array(parts[1]))
        }
        guard let close = find(closeDelimiter, from: cursor) else {
            throw error(at: position, "the tag is not closed with \(closeText)")
        }
        let kind: TagKind
        switch sigil {
        case 0x23: kind = .section
        case 0x5E: kind = .inverted
        case 0x2F: kind = .close
        case 0x21: kind = .comment
        case 0x3E: kind = .partial
        case 0x3C: kind = .parent
        case 0x24: kind = .block
        case 0x26: kind = .variable(escaped: false)
        case 0x25: throw error(at: position, "pragmas ({{% … }}) are not supported")
        default: kind = .variable(escaped: true)
        }
        let contentStart: Int
        if case .variable(escaped: true) = kind { contentStart = cursor } else { contentStart = cursor + 1 }
        return Tag(
            kind: kind, content: text(contentStart, close), position: position, end: close + closeDelimiter.count)
    }

    private mutating func apply(_ tag: Tag, standalone: Bool, whitespaceBefore: [UInt8]) throws(TemplateError) {
        switch tag.kind {
        case .comment:
            return
        case .delimiters:
            openDelimiter = tag.newOpen
            closeDelimiter = tag.newClose
        case .variable(let escaped):
            guard !inParentZone else { throw misplacedInParent(tag) }
            append(.variable(try name(tag), escaped: escaped))
        case .section, .inverted:
            guard !inParentZone else { throw misplacedInParent(tag) }
            let name = try name(tag)
            if case .inverted = tag.kind {
                frames.append(Frame(kind: .section(name, inverted: true), position: tag.position, name: name.written))
            } else {
                frames.append(Frame(kind: .section(name, inverted: false), position: tag.position, name: name.written))
            }
        case .partial:
            guard !inParentZone else { throw misplacedInParent(tag) }
            let name = try partialName(tag)
            append(
                .partial(
                    PartialCall(
                        name: name, indentation: standalone ? whitespaceBefore : [], overrides: nil,
                        position: tag.position)))
        case .parent:
            guard !inParentZone else { throw misplacedInParent(tag) }
            let name = try partialName(tag)
            frames.append(
                Frame(
                    kind: .parent(name: name, indentation: whitespaceBefore, overrides: [:]), position: tag.position,
                    name: name))
        case .block:
            let name = tag.content.trimmed
            guard !name.isEmpty, !name.contains(" ") else {
                throw error(at: tag.position, "a block needs a name without spaces: {{$name}}")
            }
            frames.append(
                Frame(
                    kind: .block(
                        name: name, standalone: standalone, tagIndentation: whitespaceBefore, inParent: inParentZone),
                    position: tag.position, name: name))
        case .close:
            try close(tag)
        }
    }

    private mutating func close(_ tag: Tag) throws(TemplateError) {
        let written = tag.content.trimmed
        guard frames.count > 1 else {
            throw error(
                at: tag.position,
                "{{/\(written)}} closes nothing: no section, parent or block named '\(written)' is open")
        }
        var frame = frames.removeLast()
        // A line start with nothing after it in the frame indents nothing.
        while case .lineStart? = frame.nodes.last { frame.nodes.removeLast() }
        guard frame.name == written else {
            frames.append(frame)
            throw error(
                at: tag.position,
                "{{/\(written)}} closes {{\(sigil(of: frame.kind))\(frame.name)}} (line \(frame.position.line)): close it with {{/\(frame.name)}} first"
            )
        }
        switch frame.kind {
        case .root:
            break
        case .section(let name, let inverted):
            append(.section(name, frame.nodes, inverted: inverted))
        case .parent(let name, let indentation, let overrides):
            append(
                .partial(
                    PartialCall(name: name, indentation: indentation, overrides: overrides, position: frame.position)))
        case .block(let name, let standalone, let tagIndentation, let inParent):
            if inParent {
                // An override: the enclosing frame is the parent that receives it.
                guard case .parent(let parentName, let indentation, var overrides) = frames[frames.count - 1].kind
                else { return }
                overrides[name] = BlockOverride(nodes: frame.nodes)
                frames[frames.count - 1].kind = .parent(
                    name: parentName, indentation: indentation, overrides: overrides)
            } else {
                // A standalone block's lines are indented as its own content is, or as its tag when
                // it has none; one placed after text on a line continues that line's indentation.
                let indentation =
                    standalone
                    ? (frame.nodes.isEmpty ? tagIndentation : (frame.dedent ?? tagIndentation)) : tagIndentation
                append(.block(BlockSite(name: name, defaultContent: frame.nodes, indentation: indentation)))
            }
        }
    }

    private func misplacedInParent(_ tag: Tag) -> TemplateError {
        error(at: tag.position, "only {{$block}} overrides (and comments) may stand inside {{<parent}}…{{/parent}}")
    }

    private func sigil(of kind: FrameKind) -> String {
        switch kind {
        case .root: return ""
        case .section(_, let inverted): return inverted ? "^" : "#"
        case .parent: return "<"
        case .block: return "$"
        }
    }

    // MARK: Names

    private func partialName(_ tag: Tag) throws(TemplateError) -> String {
        let name = tag.content.trimmed
        if name.hasPrefix("*") {
            throw error(at: tag.position, "partials named at render time ({{>*name}}) are not supported")
        }
        guard !name.isEmpty, !name.contains(" ") else {
            throw error(at: tag.position, "a partial needs a name without spaces: {{>name}}")
        }
        return name
    }

    private func name(_ tag: Tag) throws(TemplateError) -> TemplateName {
        let written = tag.content.trimmed
        guard !written.isEmpty else { throw error(at: tag.position, "the tag has no name") }
        guard !written.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            throw error(at: tag.position, "'\(written)' is not a name: names have no spaces")
        }
        // `f(g(x))`: helpers outermost first, then the argument.
        var helpers: [TemplateHelper] = []
        var rest = Substring(written)
        while let open = rest.firstIndex(of: "(") {
            guard rest.hasSuffix(")") else {
                throw error(at: tag.position, "'\(written)' is not a name: a helper is written helper(name)")
            }
            let helperName = rest[..<open]
            guard let helper = TemplateHelper(rawValue: String(helperName)) else {
                throw error(
                    at: tag.position,
                    "unknown helper '\(helperName)' in {{\(written)}}; the helpers are \(TemplateHelper.names)")
            }
            helpers.append(helper)
            rest = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        }
        guard !rest.contains(")") else {
            throw error(at: tag.position, "'\(written)' is not a name: its parentheses do not match")
        }
        helpers.reverse()
        if rest == "." || (rest.isEmpty && !helpers.isEmpty) {
            return TemplateName(
                segments: [], anchored: false, aboutIteration: rest.isEmpty, helpers: helpers, written: written,
                position: tag.position)
        }
        let anchored = rest.hasPrefix(".")
        if anchored { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        let segments = parts.map { TemplateKey(String($0)) }
        guard !parts.contains(where: \.isEmpty) else {
            throw error(at: tag.position, "'\(written)' is not a name: a dot stands between two parts")
        }
        return TemplateName(
            segments: segments, anchored: anchored, aboutIteration: false, helpers: helpers, written: written,
            position: tag.position)
    }

    // MARK: Bytes

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        for position in 0..<pattern.count where bytes[offset + position] != pattern[position] { return false }
        return true
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var offset = start
        while offset + pattern.count <= bytes.count {
            if matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    private func restOfLineIsBlank(after offset: Int) -> Bool {
        var cursor = offset
        while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
        if cursor == bytes.count || bytes[cursor] == 0x0A { return true }
        return bytes[cursor] == 0x0D && cursor + 1 < bytes.count && bytes[cursor + 1] == 0x0A
    }

    /// The offset after the newline that ends the line (or the end of the text).
    private func endOfLine(after offset: Int) -> Int {
        var cursor = offset
        while cursor < bytes.count, bytes[cursor] != 0x0A { cursor += 1 }
        return min(cursor + 1, bytes.count)
    }

    /// Positions are asked for in increasing order, so counting goes on from the last one asked.
    private var counted = (offset: 0, position: TemplatePosition(line: 1, column: 1))

    private mutating func position(of offset: Int) -> TemplatePosition {
        if offset < counted.offset { counted = (0, TemplatePosition(line: 1, column: 1)) }
        var line = counted.position.line
        var column = counted.position.column
        defer { counted = (offset, TemplatePosition(line: line, column: column)) }
        for byte in bytes[counted.offset..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TemplatePosition(line: line, column: column)
    }

    private func error(at position: TemplatePosition, _ message: String) -> TemplateError {
        TemplateError(template: template, position: position, message: message)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmed: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
