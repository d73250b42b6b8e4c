import CCmark
import Foundation

/// GitHub Flavored Markdown task list items on top of cmark: a list item whose paragraph starts
/// `[ ]`, `[x]` or `[X]` (then a space, a tab or the line's end) gets a disabled checkbox in their
/// place, checked for `x`, written as cmark-gfm writes it.
///
/// cmark merges the text of a paragraph into one text node, so `\[ ] foo` reads as `[ ] foo`
/// there; where the source has an escaped or encoded bracket at all, the paragraph's first byte in
/// the source is looked at too (a bracket written as text is no checkbox for cmark-gfm either).
enum TaskLists {
    /// Whether `source` has `[ `, `[x` or `[X` (a few `memchr`).
    static func mayOccur(in source: String) -> Bool {
        ByteSearch.contains(source, bracket, followedByOneOf: UInt8(ascii: " "), UInt8(ascii: "x"))
            || ByteSearch.contains(source, bracket, followedByOneOf: UInt8(ascii: "X"), UInt8(ascii: "\t"))
    }

    /// The checkbox cmark-gfm writes for an open task.
    static let open = #"<input type="checkbox" disabled="" />"#
    /// The checkbox cmark-gfm writes for a done task.
    static let done = #"<input type="checkbox" checked="" disabled="" />"#

    /// Turns the task list items of the tree cmark made of `source` into checkboxes.
    static func apply(to root: OpaquePointer, source: String) {
        // Only then can a bracket at an item's start be text rather than syntax.
        let bracketsMayBeText =
            ByteSearch.contains(source, UInt8(ascii: "\\"), followedByOneOf: bracket, bracket)
            || ByteSearch.contains(source, UInt8(ascii: "&"), followedByOneOf: UInt8(ascii: "#"), UInt8(ascii: "l"))
        let bytes = bracketsMayBeText ? Array(source.utf8) : []
        let lines = bracketsMayBeText ? SourceLines(bytes) : nil
        var paragraphs: [(OpaquePointer, checked: Bool)] = []
        guard let iterator = cmark_iter_new(root) else { return }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_ITEM,
                let paragraph = cmark_node_first_child(node), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                let checked = marker(of: paragraph)
            else { continue }
            if let lines {
                // cmark's columns count bytes from 1.
                let offset = lines.range(ofLine: Int(cmark_node_get_start_line(paragraph))).map {
                    $0.lowerBound + Int(cmark_node_get_start_column(paragraph)) - 1
                }
                guard let offset, offset < bytes.count, bytes[offset] == bracket else { continue }
            }
            paragraphs.append((paragraph, checked))
        }
        cmark_iter_free(iterator)
        for (paragraph, checked) in paragraphs { check(paragraph, checked: checked) }
    }

    /// Whether the paragraph starts with a task marker, and whether it is ticked; nil if not one.
    private static func marker(of paragraph: OpaquePointer) -> Bool? {
        guard let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT else {
            return nil
        }
        let literal = CmarkNodes.literal(text)
        guard literal.count >= 3, literal[0] == bracket, literal[2] == UInt8(ascii: "]") else { return nil }
        let mark = literal[1]
        guard mark == UInt8(ascii: " ") || mark == UInt8(ascii: "x") || mark == UInt8(ascii: "X") else { return nil }
        if literal.count > 3 {
            guard literal[3] == UInt8(ascii: " ") || literal[3] == UInt8(ascii: "\t") else { return nil }
        } else if let next = cmark_node_next(text) {
            // `[ ]` alone on the item's first line.
            let type = cmark_node_get_type(next)
            guard type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK else { return nil }
        }
        return mark != UInt8(ascii: " ")
    }

    /// Puts the checkbox in place of the marker (the space after it stays, as in cmark-gfm).
    private static func check(_ paragraph: OpaquePointer, checked: Bool) {
        guard let text = cmark_node_first_child(paragraph) else { return }
        let box = CmarkNodes.custom(CMARK_NODE_CUSTOM_INLINE, enter: checked ? done : open, exit: "")
        cmark_node_insert_before(text, box)
        let rest = CmarkNodes.literal(text).dropFirst(3)
        if rest.isEmpty { cmark_node_free(text) } else { CmarkNodes.setLiteral(text, rest) }
    }

    private static let bracket = UInt8(ascii: "[")
}
