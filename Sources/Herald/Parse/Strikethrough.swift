import CCmark
import Foundation

/// GitHub Flavored Markdown strikethrough (`~~text~~`, and `~text~`) on top of cmark, as
/// cmark-gfm's extension reads it.
///
/// cmark leaves tildes in its text nodes. Afterwards, within each run of inline siblings (a
/// paragraph's, a heading's, an emphasis's, a link's), every run of one or two tildes that is
/// left- or right-flanking becomes a delimiter, and the delimiters are matched by cmark-gfm's
/// `process_emphasis` rules: a closer takes the nearest opener, a pair of unequal lengths stays
/// text, and a matched pair wraps what lies between in `<del>`. Code spans and blocks are never
/// text nodes, and escaped tildes are found by `EscapedTildes`, so neither is touched.
/// One difference is left: where strikethrough and emphasis overlap without nesting
/// (`~a *b~ c*`), cmark has already made the emphasis, and that stands.
enum Strikethrough {
    /// Whether `source` has a tilde at all (one `memchr`).
    static func mayOccur(in source: String) -> Bool {
        ByteSearch.contains(source, UInt8(ascii: "~"))
    }

    /// Turns matched tildes in the tree cmark made of `source` (with `flags`) into `<del>`, in the
    /// top-level blocks that start on or before `throughLine`.
    static func apply(to root: OpaquePointer, source: [UInt8], flags: Int32, throughLine: Int = .max) {
        let escaped = EscapedTildes.find(in: root, source: source, flags: flags)
        // The nodes whose children include a text node with a tilde, in document order.
        var containers: [OpaquePointer] = []
        var seen: Set<OpaquePointer> = []
        var block = cmark_node_first_child(root)
        while let top = block, Int(cmark_node_get_start_line(top)) <= throughLine {
            if let iterator = cmark_iter_new(top) {
                while true {
                    let event = cmark_iter_next(iterator)
                    if event == CMARK_EVENT_DONE { break }
                    guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                        cmark_node_get_type(node) == CMARK_NODE_TEXT,
                        let literal = cmark_node_get_literal(node), strchr(literal, Int32(UInt8(ascii: "~"))) != nil,
                        let parent = cmark_node_parent(node)
                    else { continue }
                    if seen.insert(parent).inserted { containers.append(parent) }
                }
                cmark_iter_free(iterator)
            }
            block = cmark_node_next(top)
        }
        for container in containers { strike(in: container, escaped: escaped) }
    }

    /// A run of tildes that can open or close.
    private struct Delimiter {
        var node: OpaquePointer
        var length: Int
        var canOpen: Bool
        var canClose: Bool
    }

    /// A run of tildes found in a text node's literal.
    private struct Run {
        var start: Int
        var length: Int
        var canOpen: Bool
        var canClose: Bool
    }

    /// A container's children, as the search for delimiters reads them.
    private struct Children {
        let nodes: [OpaquePointer]
        /// Each text child's literal, empty for other children.
        let literals: [[UInt8]]
        let isBlock: Bool

        init(of container: OpaquePointer) {
            var nodes: [OpaquePointer] = []
            var child = cmark_node_first_child(container)
            while let node = child {
                nodes.append(node)
                child = cmark_node_next(node)
            }
            self.nodes = nodes
            let type = cmark_node_get_type(container)
            isBlock = type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
            literals = nodes.map { cmark_node_get_type($0) == CMARK_NODE_TEXT ? CmarkNodes.literal($0) : [] }
        }

        /// The character beside the children at `index` (before them when `last`, its last
        /// character; after them, its first): a line end at a block's edge, the delimiter of an
        /// emphasis or bracket of a link at theirs, a line end for a line break, and punctuation
        /// for any other inline (its syntax: `` ` ``, `<`, `*`, `[`).
        func neighbour(_ index: Int, last: Bool) -> UInt32 {
            guard nodes.indices.contains(index) else { return isBlock ? 0x0A : 0x2A }
            switch cmark_node_get_type(nodes[index]) {
            case CMARK_NODE_TEXT:
                let text = literals[index]
                if text.isEmpty { return 0x0A }
                return last ? scalar(before: text.count, in: text) : scalar(at: 0, in: text)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                return 0x0A
            default:
                return 0x2A
            }
        }
    }

    /// Finds the delimiters among `container`'s children, splits them into text nodes of their
    /// own, and matches them.
    private static func strike(in container: OpaquePointer, escaped: [OpaquePointer: Set<Int>]) {
        let children = Children(of: container)
        var delimiters: [Delimiter] = []
        for (index, node) in children.nodes.enumerated() where children.literals[index].contains(tilde) {
            let text = children.literals[index]
            let runs = runs(in: text, escapes: escaped[node] ?? [], child: index, of: children)
            if runs.isEmpty { continue }
            // The text node becomes text, delimiter, text, … nodes in its place.
            var from = 0
            for run in runs {
                if run.start > from { cmark_node_insert_before(node, CmarkNodes.text(text[from..<run.start])) }
                let delimiter = CmarkNodes.text(text[run.start..<(run.start + run.length)])
                cmark_node_insert_before(node, delimiter)
                delimiters.append(
                    Delimiter(node: delimiter, length: run.length, canOpen: run.canOpen, canClose: run.canClose))
                from = run.start + run.length
            }
            if from < text.count { cmark_node_insert_before(node, CmarkNodes.text(text[from...])) }
            cmark_node_free(node)
        }
        if !delimiters.isEmpty { match(delimiters) }
    }

    /// The runs of one or two tildes in a text child that may open or close (flanking as
    /// CommonMark's emphasis), skipping escaped ones.
    private static func runs(in text: [UInt8], escapes: Set<Int>, child index: Int, of children: Children) -> [Run] {
        var runs: [Run] = []
        var position = 0
        while position < text.count {
            guard text[position] == tilde, !escapes.contains(position) else {
                position += 1
                continue
            }
            let start = position
            while position < text.count, text[position] == tilde, !escapes.contains(position) { position += 1 }
            let length = position - start
            // Runs of three or more are text (cmark-gfm's default, single tildes allowed).
            guard length <= 2 else { continue }
            let before = start > 0 ? scalar(before: start, in: text) : children.neighbour(index - 1, last: true)
            let after =
                position < text.count ? scalar(at: position, in: text) : children.neighbour(index + 1, last: false)
            let leftFlanking = !isSpace(after) && !(isPunctuation(after) && !isSpace(before) && !isPunctuation(before))
            let rightFlanking = !isSpace(before) && !(isPunctuation(before) && !isSpace(after) && !isPunctuation(after))
            if leftFlanking || rightFlanking {
                runs.append(Run(start: start, length: length, canOpen: leftFlanking, canClose: rightFlanking))
            }
        }
        return runs
    }

    /// cmark-gfm's `process_emphasis` for tildes alone: closers from left to right, each looking
    /// back for an opener (above the bottom set when a closer of its length found none); a pair of
    /// equal length becomes `<del>` and takes the delimiters between it out of play.
    private static func match(_ delimiters: [Delimiter]) {
        let count = delimiters.count
        // A doubly linked list over the indices, so that taking delimiters out costs nothing.
        var previous = Array(-1..<(count - 1))
        var next = Array(1...count)
        func remove(_ index: Int) {
            if previous[index] >= 0 { next[previous[index]] = next[index] }
            if next[index] < count { previous[next[index]] = previous[index] }
        }
        var bottoms: [Int: Int] = [:]
        var closer = 0
        while closer < count {
            let closing = delimiters[closer]
            let following = next[closer]
            guard closing.canClose else {
                closer = following
                continue
            }
            let bottom = bottoms[closing.length % 3] ?? -1
            var opener = previous[closer]
            var found = false
            while opener >= 0, opener != bottom {
                let opening = delimiters[opener]
                if opening.canOpen,
                    !(closing.canOpen || opening.canClose) || closing.length % 3 == 0
                        || (opening.length + closing.length) % 3 != 0
                {
                    found = true
                    break
                }
                opener = previous[opener]
            }
            if found {
                if delimiters[opener].length == closing.length {
                    wrap(from: delimiters[opener].node, to: closing.node)
                    var index = closer
                    while index != opener {
                        let before = previous[index]
                        remove(index)
                        index = before
                    }
                    remove(opener)
                }
            } else {
                bottoms[closing.length % 3] = previous[closer]
                if !closing.canOpen { remove(closer) }
            }
            closer = following
        }
    }

    /// Puts the siblings between two delimiter nodes into a `<del>` node, and drops the delimiters.
    private static func wrap(from opener: OpaquePointer, to closer: OpaquePointer) {
        let deleted = CmarkNodes.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<del>", exit: "</del>")
        cmark_node_insert_before(opener, deleted)
        var node = cmark_node_next(opener)
        while let current = node, current != closer {
            node = cmark_node_next(current)
            cmark_node_append_child(deleted, current)
        }
        cmark_node_free(opener)
        cmark_node_free(closer)
    }

    /// The strikethrough delimiter.
    private static let tilde = UInt8(ascii: "~")

    /// The Unicode scalar whose UTF-8 starts at `index`.
    private static func scalar(at index: Int, in text: [UInt8]) -> UInt32 {
        let lead = text[index]
        let (length, bits): (Int, UInt32) =
            lead < 0x80
            ? (1, UInt32(lead))
            : lead < 0xE0
                ? (2, UInt32(lead & 0x1F))
                : lead < 0xF0 ? (3, UInt32(lead & 0x0F)) : (4, UInt32(lead & 0x07))
        var value = bits
        for offset in 1..<max(1, length) where index + offset < text.count {
            value = value << 6 | UInt32(text[index + offset] & 0x3F)
        }
        return value
    }

    /// The Unicode scalar whose UTF-8 ends just before `index`.
    private static func scalar(before index: Int, in text: [UInt8]) -> UInt32 {
        var start = index - 1
        while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start, in: text)
    }

    /// cmark's `cmark_utf8proc_is_space`.
    private static func isSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 9, 10, 12, 13, 32, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// cmark's `cmark_utf8proc_is_punctuation`: ASCII punctuation, or a Unicode P* character.
    private static func isPunctuation(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (0x21...0x2F).contains(scalar) || (0x3A...0x40).contains(scalar) || (0x5B...0x60).contains(scalar)
                || (0x7B...0x7E).contains(scalar)
        }
        guard let character = Unicode.Scalar(scalar) else { return false }
        switch character.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
