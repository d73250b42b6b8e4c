import CCmark
import Foundation

/// Every heading of a body gets an `id`, unique in the body, and a link to itself, as GitHub,
/// Hugo (`autoHeadingIDType: github`), kramdown (`auto_ids`) and Zola give them: in-page links
/// (`#how-to-join`) and tables of contents then work, and imported sites keep the anchors their
/// old generator made.
///
/// The ID is GitHub's: the heading's text in lower case, every character that is not a letter,
/// a mark, a number, `_`, `-` or a space left out, and each space made `-`; letters of every
/// script are kept (`## 报名方式` → `报名方式`). A repeat gets `-1`, `-2`, … `## Title {#my-id}`
/// sets the ID, as in Hugo, kramdown and Zola.
///
/// cmark's HTML renderer writes no attributes on headings, so each heading is replaced by a custom
/// block holding its inlines between two custom inlines that write the tags (see `replace`).
public enum HeadingAnchors {
    /// A heading as a table of contents lists it.
    public struct Heading: Sendable, Equatable {
        public var level: Int
        public var id: String
        /// The heading's text, as plain text.
        public var text: String
    }

    /// A problem with a heading's `{#id}`, at its body line.
    public struct Problem: Sendable, Equatable {
        public enum Kind: Sendable { case malformedID, repeatedID }
        public var kind: Kind
        public var line: Int
        public var message: String
    }

    /// Gives each heading of `found` (in document order; `TreeWalk` collects them on its one
    /// pass over the tree) an ID and an anchor link; returns the headings as a table of contents
    /// lists them, and the problems with `{#id}`s. With `emoji`, a heading's shortcodes are
    /// replaced after its ID is made from their names (`## :rocket: Launch` → `rocket-launch`, as
    /// on GitHub and in Hugo, so links to the old anchors keep working). `prefix` goes before
    /// each automatic ID, not a `{#id}` (kramdown's `auto_id_prefix`).
    static func apply(
        to found: [OpaquePointer], emoji: Bool = false, prefix: String = "", reserved: Set<String> = []
    ) -> Applied {
        var applied = Applied()
        guard !found.isEmpty else { return applied }
        var ids = HeadingIDs(reserved: reserved)
        for node in found {
            let line = Int(cmark_node_get_start_line(node))
            let custom = customID(of: node, line: line, problems: &applied.problems)
            var text = plainText(of: node)
            let id = ids.claim(custom ?? prefix + HeadingIDs.slug(text))
            if emoji, text.utf8.contains(UInt8(ascii: ":")) {
                Emoji.apply(to: node)
                text = plainText(of: node)
            }
            if let custom, id != custom {
                applied.problems.append(
                    Problem(
                        kind: .repeatedID, line: line,
                        message: "heading ID '\(custom)' is already used on the page; this one gets '\(id)'"))
            }
            let level = Int(cmark_node_get_heading_level(node))
            replace(node, level: level, id: id)
            applied.headings.append(Heading(level: level, id: id, text: text.collapsingWhitespace()))
        }
        return applied
    }

    /// What `apply` did to a body's headings.
    struct Applied {
        var headings: [Heading] = []
        var problems: [Problem] = []
    }

    /// Puts in a heading's place a block writing `<hN id="…">…</hN>`, with an anchor link after
    /// the heading's text. The heading's inlines are moved, not rendered: cmark renders them with
    /// the body (safe mode holds, and a footnote reference inside is written as the rest are,
    /// linked in the body and plain in the lead). The block writes nothing itself (cmark would put
    /// a line break after its own text); two custom inlines around the inlines write the tags.
    /// The link is named by the heading itself (`aria-labelledby`), so it needs no words of its
    /// own in any language; its `#` is the theme's (CSS), shown on hover and focus.
    private static func replace(_ heading: OpaquePointer, level: Int, id: String) {
        let escaped = HTMLEscaping.escape(id)
        let block = CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "", exit: "")
        _ = cmark_node_append_child(
            block, CmarkNodes.custom(CMARK_NODE_CUSTOM_INLINE, enter: "<h\(level) id=\"\(escaped)\">", exit: ""))
        while let child = cmark_node_first_child(heading) {
            cmark_node_unlink(child)
            _ = cmark_node_append_child(block, child)
        }
        let close = " <a class=\"heading-anchor\" href=\"#\(escaped)\" aria-labelledby=\"\(escaped)\"></a></h\(level)>"
        _ = cmark_node_append_child(block, CmarkNodes.custom(CMARK_NODE_CUSTOM_INLINE, enter: close, exit: ""))
        _ = cmark_node_insert_before(heading, block)
        cmark_node_free(heading)
    }

    /// The `{#id}` ending a heading's text, removed from it; nil when there is none or it is
    /// malformed (then the text stays as written, and a problem says why).
    private static func customID(of heading: OpaquePointer, line: Int, problems: inout [Problem]) -> String? {
        guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT else {
            return nil
        }
        let literal = CmarkNodes.literal(last)
        guard let attribute = HeadingAttribute.find(in: literal) else { return nil }
        guard let id = attribute.id else {
            problems.append(
                Problem(
                    kind: .malformedID, line: line,
                    message:
                        "heading attribute '\(attribute.written)' is not an ID Herald reads, so it is shown as text; write {#an-id}, with no spaces"
                ))
            return nil
        }
        CmarkNodes.setLiteral(last, literal[..<attribute.start])
        return id
    }

    /// The text of a heading as a reader sees it: its text and code, not image descriptions.
    private static func plainText(of heading: OpaquePointer) -> String {
        var text: [UInt8] = []
        guard let iterator = cmark_iter_new(heading) else { return "" }
        defer { cmark_iter_free(iterator) }
        var imageDepth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE { imageDepth += event == CMARK_EVENT_ENTER ? 1 : -1 }
            guard event == CMARK_EVENT_ENTER, imageDepth == 0 else { continue }
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE { text += CmarkNodes.literal(node) }
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { text.append(0x20) }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
