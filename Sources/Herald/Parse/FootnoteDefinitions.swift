import CCmark
import Foundation

/// Where a Markdown source defines footnotes (`[^label]: text`), found with cmark's own block
/// parser, and the source rewritten so that cmark parses each definition as cmark-gfm does.
///
/// cmark 0.30 has no footnotes: it reads `[^1]: https://x` as a link reference definition (and
/// `[^1]` then as a link to it) and `[^1]: text` as a paragraph. A cmark-gfm definition is a
/// container block like a list item whose content is indented by four columns: it may interrupt
/// a paragraph, holds any blocks, and takes lazy continuation lines. So each definition's
/// `[^label]:` (and the white space after it) is replaced by a bullet list marker of width four
/// (`+   `), in a bullet no list of the source uses (so it joins none); cmark then gives every
/// definition's extent and content exactly, inside block quotes and list items too. Lines keep
/// their numbers, so diagnostics stay right.
///
/// Which `[^label]:` are definitions is what cmark's block parser says: the source is parsed
/// with each candidate's colon replaced by a control byte (so that none is a link reference
/// definition), and a candidate is a definition where that parse starts a paragraph line's text
/// (never in code, HTML, or indented four columns). A definition inside a definition's
/// continuation lines is found in another round, on the rewritten source.
struct FootnoteDefinitions {
    /// One definition, where its list item starts in `bytes`.
    struct Definition {
        /// The label as written (without `[^` and `]`).
        var label: String
        /// The line (from 1) of `[^label]:`.
        var line: Int
        /// The 1-based byte column of the list marker that replaced it (cmark's item column).
        var column: Int
        /// Whether the first line had no text (the marker is then followed by an empty HTML
        /// comment, so that the item keeps its width of four; the comment is taken out again).
        var placeholder: Bool
    }

    /// The source, definitions rewritten as list items.
    private(set) var bytes: [UInt8]
    /// The definitions, in no particular order.
    private(set) var definitions: [Definition] = []

    /// The most parses looking for definitions nested in definitions' continuation lines.
    static let maxRounds = 4

    /// A `[^label]:` in the source: where it starts, its label, and where the text after it starts.
    private struct Candidate {
        var start: Int
        var label: Range<Int>
        var colon: Int
        var contentStart: Int
    }

    /// Finds the definitions of `source` (parsed with `flags`); nil when it has none.
    init?(source: [UInt8], flags: Int32) {
        bytes = source
        var usedBullets: Set<UInt8>?
        for _ in 0..<Self.maxRounds {
            let candidates = Self.candidates(in: bytes)
            if candidates.isEmpty { break }
            var probe = bytes
            for candidate in candidates { probe[candidate.colon] = 0x01 }
            let tree = CmarkNodes.parse(probe, flags: flags)
            let lines = SourceLines(probe)
            let starts = Self.textStarts(
                in: tree, bytes: probe, lines: lines,
                near: Set(candidates.map { Self.line(of: $0.start, lines: lines) }))
            if usedBullets == nil { usedBullets = Self.bullets(in: tree, bytes: probe, lines: lines) }
            cmark_node_free(tree)
            let confirmed = candidates.filter { starts.contains($0.start) }
            if confirmed.isEmpty { break }
            rewrite(confirmed, lines: lines, usedBullets: usedBullets ?? [])
        }
        if definitions.isEmpty { return nil }
    }

    /// Replaces each confirmed `[^label]:` with a list marker, recording the definition.
    private mutating func rewrite(_ confirmed: [Candidate], lines: SourceLines, usedBullets: Set<UInt8>) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + confirmed.count * 8)
        var copied = 0
        for candidate in confirmed {
            let line = Self.line(of: candidate.start, lines: lines)
            let lineEnd = lines.range(ofLine: line)?.upperBound ?? bytes.count
            let content = bytes[candidate.contentStart..<lineEnd]
            output += bytes[copied..<candidate.start]
            // A line holds at most one text start, so nothing before the marker on its line
            // changes in this round; later rounds only rewrite to the right of it.
            let column = candidate.start - (lines.range(ofLine: line)?.lowerBound ?? 0) + 1
            let bullet = Self.bullet(for: content, avoiding: usedBullets)
            output += [bullet, 0x20, 0x20, 0x20]
            if content.isEmpty { output += Array("<!---->".utf8) }
            definitions.append(
                Definition(
                    label: String(decoding: bytes[candidate.label], as: UTF8.self), line: line,
                    column: column, placeholder: content.isEmpty))
            copied = candidate.contentStart
        }
        output += bytes[copied...]
        bytes = output
    }

    /// The bullet for a definition: one no list of the source starts with, and that does not turn
    /// the line into a thematic break (`-   - -`).
    private static func bullet(for content: ArraySlice<UInt8>, avoiding used: Set<UInt8>) -> UInt8 {
        let choices: [UInt8] = [UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*")]
        for bullet in choices where !used.contains(bullet) {
            if bullet == UInt8(ascii: "+") || !content.allSatisfy({ $0 == bullet || $0 == 0x20 || $0 == 0x09 }) {
                return bullet
            }
        }
        // Every bullet is in use: `+` never makes a thematic break, and joins a list only where
        // one of `+` items comes right before or after the definition.
        return UInt8(ascii: "+")
    }

    /// Every `[^label]:` in `bytes`: a label of one or more bytes other than `]`, `[`, spaces,
    /// tabs and line endings (cmark-gfm's `scan_footnote_definition`, which also refuses `[`
    /// since a bracket inside would open another label). Each `[` is looked at once, and a label
    /// ends at the next `[` at the latest, so this is linear.
    private static func candidates(in bytes: [UInt8]) -> [Candidate] {
        var found: [Candidate] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var from = 0
            while from < buffer.count, let hit = memchr(base + from, Int32(UInt8(ascii: "[")), buffer.count - from) {
                let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = start + 1
                guard start + 1 < buffer.count, buffer[start + 1] == UInt8(ascii: "^") else { continue }
                var end = start + 2
                while end < buffer.count, !isLabelStop(buffer[end]) { end += 1 }
                guard end > start + 2, end + 1 < buffer.count, buffer[end] == UInt8(ascii: "]"),
                    buffer[end + 1] == UInt8(ascii: ":")
                else { continue }
                var content = end + 2
                while content < buffer.count, buffer[content] == 0x20 || buffer[content] == 0x09 { content += 1 }
                found.append(Candidate(start: start, label: (start + 2)..<end, colon: end + 1, contentStart: content))
                from = end + 2
            }
        }
        return found
    }

    /// Whether a byte ends a footnote label.
    static func isLabelStop(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "]") || byte == UInt8(ascii: "[") || byte == 0x20 || byte == 0x09 || byte == 0x0A
            || byte == 0x0D || byte == 0
    }

    /// The line (from 1) holding byte `offset`, by binary search.
    private static func line(of offset: Int, lines: SourceLines) -> Int {
        var low = 1
        var high = lines.count
        while low < high {
            let middle = (low + high + 1) / 2
            if let range = lines.range(ofLine: middle), range.lowerBound <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// The bytes where cmark starts a line's text in a paragraph or setext heading, on the lines
    /// in `near` only: the block's first byte, and on its other lines the text after the
    /// containers' prefixes when indented less than four columns (deeper, cmark-gfm opens no
    /// block there).
    private static func textStarts(
        in tree: OpaquePointer, bytes: [UInt8], lines: SourceLines, near: Set<Int>
    ) -> Set<Int> {
        var starts: Set<Int> = []
        var widths: [OpaquePointer: Int] = [:]
        guard let iterator = cmark_iter_new(tree) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING else { continue }
            let first = Int(cmark_node_get_start_line(node))
            let last = min(Int(cmark_node_get_end_line(node)), lines.count)
            guard first <= last, (first...last).contains(where: near.contains), let range = lines.range(ofLine: first)
            else { continue }
            starts.insert(range.lowerBound + Int(cmark_node_get_start_column(node)) - 1)
            guard last > first, let blockLines = ParagraphLines(of: node, bytes: bytes, lines: lines, widths: &widths)
            else { continue }
            for line in blockLines.lines.dropFirst() where line.indent < 4 && near.contains(line.number) {
                starts.insert(line.textStart)
            }
        }
        return starts
    }

    /// The bullets (`-`, `+`, `*`) the source's bullet lists start with.
    private static func bullets(in tree: OpaquePointer, bytes: [UInt8], lines: SourceLines) -> Set<UInt8> {
        var used: Set<UInt8> = []
        guard let iterator = cmark_iter_new(tree) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_LIST,
                cmark_node_get_list_type(node) == CMARK_BULLET_LIST,
                let range = lines.range(ofLine: Int(cmark_node_get_start_line(node)))
            else { continue }
            let marker = range.lowerBound + Int(cmark_node_get_start_column(node)) - 1
            if marker < range.upperBound { used.insert(bytes[marker]) }
        }
        return used
    }
}
