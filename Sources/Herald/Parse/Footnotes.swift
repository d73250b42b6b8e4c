import CCmark
import Foundation

/// GitHub Flavored Markdown footnotes (`text[^1]` … `[^1]: note`) on top of cmark, with
/// cmark-gfm's HTML: each reference a `<sup class="footnote-ref">` link, the notes in order of
/// first reference in a `<section class="footnotes">` at the end, each with a link back to every
/// reference to it.
///
/// `FootnoteDefinitions` rewrites the definitions as list items before the other extensions
/// run (tables and strikethrough then work inside notes too). Afterwards those items are taken
/// out of the tree, and `[^label]` in text nodes becomes a reference where the label is defined
/// (labels compare as GFM compares them, case folded). Code spans and blocks are never text
/// nodes, and text inside a link's or image's brackets is left alone (a link holds no link).
struct Footnotes {
    /// The references put in, each with its HTML as a link and as plain text (for the lead,
    /// which is shown away from the notes).
    private(set) var references: [(node: OpaquePointer, linked: String, plain: String)] = []
    /// What could not be shown, in the order found (the first `mostProblems`).
    private(set) var problems: [FootnoteProblem] = []
    /// Problems past `mostProblems`, only counted.
    private(set) var problemsLeftOut = 0

    /// References one document may have; past them `[^label]` stays text. Each reference writes
    /// some 170 bytes (its link, and the link back in its note) for five or more of Markdown, and
    /// feeds and the API resolve both links again: a megabyte of references was a 29 MB page and
    /// 27 s of build. Ten thousand is far more than any article has, and costs under a second.
    static let mostReferences = 10_000
    /// Problems kept per document, so that a body of a million stray definitions keeps a count,
    /// not a million problems (only `DiagnosticCap.perFile` are shown anyway).
    static let mostProblems = 1_000
    /// References put in so far, and whether going past `mostReferences` has been told.
    private var referenceTotal = 0
    private var toldTooMany = false

    /// Whether `source` may hold footnotes: a `[^` (one `memchr` over the body, and most bodies
    /// have no `[` at all).
    static func mayOccur(in source: String) -> Bool {
        ByteSearch.contains(source, UInt8(ascii: "["), followedByOneOf: UInt8(ascii: "^"), UInt8(ascii: "^"))
    }

    /// Rewrites the definitions of `source` as list items and parses it again into `root` (the old
    /// tree freed); nil, with nothing changed, when the source defines no footnote.
    static func prepare(_ root: inout OpaquePointer, source: inout String, flags: Int32) -> FootnoteDefinitions? {
        guard let definitions = FootnoteDefinitions(source: Array(source.utf8), flags: flags) else { return nil }
        cmark_node_free(root)
        root = CmarkNodes.parse(definitions.bytes, flags: flags)
        source = String(decoding: definitions.bytes, as: UTF8.self)
        return definitions
    }

    /// One definition taken out of the tree.
    private struct Note {
        var definition: FootnoteDefinitions.Definition
        var item: OpaquePointer
        /// Its number once referred to (from 1), and how many references it has.
        var number = 0
        var referenceCount = 0
    }

    private var notes: [Note] = []
    /// Label (case folded) → index in `notes` of its first definition.
    private var labels: [String: Int] = [:]
    /// The indices in `notes` of the notes shown, in number order.
    private var shown: [Int] = []
    private let idPrefix: String?
    /// The source the tree was parsed from, to count back to the body's lines and to tell
    /// `\[^label]`, which is text, from `[^label]`.
    private let source: TreeSource

    /// Takes the definitions out of `root` (the tree of `source`), turns references into links and
    /// appends the notes.
    /// IDs are `fn1`/`fnref1`, or `fn-<prefix>-1`/`fnref-<prefix>-1` with `idPrefix`.
    init(root: OpaquePointer, definitions: FootnoteDefinitions?, source: TreeSource, idPrefix: String?) {
        self.idPrefix = idPrefix.map { HTMLEscaping.escape($0) }
        self.source = source
        if let definitions { collect(definitions, from: root) }
        cmark_consolidate_text_nodes(root)
        link(in: root)
        // A note's references may number other notes, which are then read in turn; each note is
        // read once, whatever refers to what.
        var next = 0
        while next < shown.count {
            link(in: notes[shown[next]].item)
            next += 1
        }
        for (index, note) in notes.enumerated() where note.number == 0 {
            if labels[Self.key(note.definition.label)] == index {
                report(
                    FootnoteProblem(
                        kind: .unreferencedDefinition, label: note.definition.label, line: note.definition.line))
            }
            cmark_node_free(note.item)
        }
        if !shown.isEmpty { cmark_node_append_child(root, section()) }
    }

    /// The IDs the notes and their references take on the page: no heading may take one.
    var ids: Set<String> {
        var ids = Set<String>()
        for index in shown {
            let note = notes[index]
            ids.insert(noteID(note.number))
            for count in 1...max(note.referenceCount, 1) { ids.insert(referenceID(note.number, count)) }
        }
        return ids
    }

    private mutating func report(_ problem: FootnoteProblem) {
        if problems.count < Self.mostProblems { problems.append(problem) } else { problemsLeftOut += 1 }
    }

    /// A label as GFM compares labels: case folded.
    private static func key(_ label: String) -> String {
        label.folding(options: .caseInsensitive, locale: nil)
    }

    /// Finds the definitions' list items, unlinks them, and drops the lists left empty.
    private mutating func collect(_ definitions: FootnoteDefinitions, from root: OpaquePointer) {
        var byPlace: [Int: [Int: FootnoteDefinitions.Definition]] = [:]
        for definition in definitions.definitions {
            byPlace[definition.line, default: [:]][definition.column] = definition
        }
        var found: [(FootnoteDefinitions.Definition, OpaquePointer)] = []
        if let iterator = cmark_iter_new(root) {
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                    cmark_node_get_type(node) == CMARK_NODE_ITEM,
                    let definition = byPlace[source.bodyLine(Int(cmark_node_get_start_line(node)))]?[
                        Int(cmark_node_get_start_column(node))]
                else { continue }
                found.append((definition, node))
            }
            cmark_iter_free(iterator)
        }
        var lists: [OpaquePointer] = []
        for (definition, item) in found {
            if let list = cmark_node_parent(item) { lists.append(list) }
            cmark_node_unlink(item)
            if definition.placeholder, let first = cmark_node_first_child(item),
                cmark_node_get_type(first) == CMARK_NODE_HTML_BLOCK
            {
                cmark_node_free(first)
            }
            cmark_consolidate_text_nodes(item)
            let key = Self.key(definition.label)
            if let first = labels[key] {
                report(
                    FootnoteProblem(
                        kind: .repeatedDefinition, label: definition.label, line: definition.line,
                        firstLine: notes[first].definition.line))
            } else {
                labels[key] = notes.count
            }
            notes.append(Note(definition: definition, item: item))
        }
        // A list is freed once, after all its items have gone (several definitions share one).
        var freed: Set<OpaquePointer> = []
        for list in lists where cmark_node_first_child(list) == nil && freed.insert(list).inserted {
            cmark_node_free(list)
        }
    }

    /// Turns `[^label]` in the text nodes under `top` into references, outside links and images.
    private mutating func link(in top: OpaquePointer) {
        var texts: [(node: OpaquePointer, line: Int)] = []
        guard let iterator = cmark_iter_new(top) else { return }
        var linkDepth = 0
        var line = 1
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let isLink = type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE
            if event == CMARK_EVENT_EXIT {
                if isLink { linkDepth -= 1 }
                continue
            }
            if isLink { linkDepth += 1 }
            // Blocks know their line; inlines go on from it, one line a line break.
            if type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue, cmark_node_get_start_line(node) > 0 {
                line = Int(cmark_node_get_start_line(node))
            }
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { line += 1 }
            if type == CMARK_NODE_TEXT, linkDepth == 0, let literal = cmark_node_get_literal(node),
                strstr(literal, "[^") != nil
            {
                texts.append((node, source.bodyLine(line)))
            }
        }
        cmark_iter_free(iterator)
        for (node, line) in texts { split(node, line: line) }
    }

    /// Replaces a text node by text and references, in place; undefined labels stay text, and so
    /// does a reference with an escaped bracket or caret (`\[^1]`, `[\^1]`, `[^1\]`), as on GitHub.
    private mutating func split(_ node: OpaquePointer, line: Int) {
        let text = CmarkNodes.literal(node)
        let escaped = source.escapedOffsets(of: node, literal: text)
        var copied = 0
        var index = 0
        while index + 1 < text.count {
            guard text[index] == UInt8(ascii: "["), text[index + 1] == UInt8(ascii: "^"),
                !escaped.contains(index), !escaped.contains(index + 1)
            else {
                index += 1
                continue
            }
            var end = index + 2
            while end < text.count, !FootnoteDefinitions.isLabelStop(text[end]) { end += 1 }
            guard end > index + 2, end < text.count, text[end] == UInt8(ascii: "]"), !escaped.contains(end) else {
                index = end
                continue
            }
            let label = String(decoding: text[(index + 2)..<end], as: UTF8.self)
            guard let noteIndex = labels[Self.key(label)] else {
                report(FootnoteProblem(kind: .undefinedReference, label: label, line: line))
                index = end + 1
                continue
            }
            guard referenceTotal < Self.mostReferences else {
                if !toldTooMany { report(FootnoteProblem(kind: .tooManyReferences, label: label, line: line)) }
                toldTooMany = true
                index = end + 1
                continue
            }
            referenceTotal += 1
            if index > copied { cmark_node_insert_before(node, CmarkNodes.text(text[copied..<index])) }
            cmark_node_insert_before(node, reference(to: noteIndex))
            index = end + 1
            copied = index
        }
        guard copied > 0 else { return }
        if copied < text.count { cmark_node_insert_before(node, CmarkNodes.text(text[copied...])) }
        cmark_node_free(node)
    }

    /// A new reference to the note at `noteIndex`, numbering the note if it is its first.
    private mutating func reference(to noteIndex: Int) -> OpaquePointer {
        if notes[noteIndex].number == 0 {
            shown.append(noteIndex)
            notes[noteIndex].number = shown.count
        }
        notes[noteIndex].referenceCount += 1
        let number = notes[noteIndex].number
        let linked =
            "<sup class=\"footnote-ref\"><a href=\"#\(noteID(number))\" id=\"\(referenceID(number, notes[noteIndex].referenceCount))\">\(number)</a></sup>"
        let node = CmarkNodes.custom(CMARK_NODE_CUSTOM_INLINE, enter: linked, exit: "")
        references.append((node, linked, "<sup class=\"footnote-ref\">\(number)</sup>"))
        return node
    }

    private func noteID(_ number: Int) -> String {
        idPrefix.map { "fn-\($0)-\(number)" } ?? "fn\(number)"
    }

    /// The ID of a note's `count`th reference: cmark-gfm's `fnref1`, then `fnref1-2`, ….
    private func referenceID(_ number: Int, _ count: Int) -> String {
        let first = idPrefix.map { "fnref-\($0)-\(number)" } ?? "fnref\(number)"
        return count == 1 ? first : "\(first)-\(count)"
    }

    /// The notes shown, as cmark-gfm writes them; each note's blocks are moved into its item.
    private func section() -> OpaquePointer {
        let section = CmarkNodes.custom(
            CMARK_NODE_CUSTOM_BLOCK, enter: "<section class=\"footnotes\">\n<ol>", exit: "</ol>\n</section>")
        for index in shown {
            let note = notes[index]
            let item = CmarkNodes.custom(
                CMARK_NODE_CUSTOM_BLOCK, enter: "<li id=\"\(noteID(note.number))\">", exit: "</li>")
            while let child = cmark_node_first_child(note.item) { cmark_node_append_child(item, child) }
            cmark_node_free(note.item)
            let backLinks = (1...note.referenceCount).map { count in
                "<a href=\"#\(referenceID(note.number, count))\" class=\"footnote-backref\">↩\(count == 1 ? "" : "<sup class=\"footnote-ref\">\(count)</sup>")</a>"
            }.joined(separator: " ")
            // The links back end the last paragraph, or stand after the last block.
            if let last = cmark_node_last_child(item), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH {
                cmark_node_append_child(last, CmarkNodes.text(Array(" ".utf8)))
                cmark_node_append_child(last, CmarkNodes.custom(CMARK_NODE_CUSTOM_INLINE, enter: backLinks, exit: ""))
            } else {
                cmark_node_append_child(item, CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK, enter: backLinks, exit: ""))
            }
            cmark_node_append_child(section, item)
        }
        return section
    }
}
