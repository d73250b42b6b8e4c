import CCmark
import Foundation

/// Emoji shortcodes: `:tada:` becomes 🎉 when `markdown: {emoji: true}` is set, as Hugo's
/// `enableEmoji` and GitHub do. The names are `EmojiTable`'s (GitHub's aliases and Unicode's CLDR
/// names, from the Python package emoji; see scripts/generate-emoji-table.py).
///
/// Only text is read: cmark has already parsed the inlines, so code spans, code blocks, raw HTML
/// and link addresses are never text nodes, and an autolinked address (whose text is its URL)
/// is left alone. A name needs a colon on each side and no letter or digit just before the first
/// (`10:100:` is a time, not 💯), and an unknown name stays as written.
enum Emoji {
    /// Whether `source` has a colon: a body without one has no shortcode (one `memchr`).
    static func mayOccur(in source: String) -> Bool {
        MarkdownRenderer.contains(source, byte: colon)
    }

    /// Replaces the shortcodes in the text under `root`; headings are left for `HeadingAnchors`
    /// when `skippingHeadings` (their IDs are made from the names, as GitHub's and Hugo's are).
    static func apply(to root: OpaquePointer, skippingHeadings: Bool = false) {
        for run in textRuns(under: root, skippingHeadings: skippingHeadings) {
            let text = run.count == 1 ? CmarkNodes.literal(run[0]) : run.flatMap(CmarkNodes.literal)
            guard let replaced = replacing(in: text) else { continue }
            CmarkNodes.setLiteral(run[0], replaced)
            for node in run.dropFirst() {
                cmark_node_unlink(node)
                cmark_node_free(node)
            }
        }
    }

    /// `text` with its shortcodes replaced, or nil when it has none.
    static func replacing(in text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while let open = text[index...].firstIndex(of: colon) {
            index = open + 1
            guard open == 0 || !isWordByte(text[open - 1]) else { continue }
            guard let close = nameEnd(in: text, from: open + 1) else { continue }
            guard let emoji = table[String(decoding: text[(open + 1)..<close], as: UTF8.self)] else {
                // Its closing colon is read again, as the next name's opening one may be it.
                index = close
                continue
            }
            output += text[copied..<open]
            output += emoji.utf8
            copied = close + 1
            index = close + 1
        }
        guard copied > 0 else { return nil }
        output += text[copied...]
        return output
    }

    /// The index of the colon closing a name that starts at `start`, if one does within the
    /// longest name's length.
    private static func nameEnd(in text: [UInt8], from start: Int) -> Int? {
        let limit = min(text.count, start + EmojiTable.longestName + 1)
        var index = start
        while index < limit {
            let byte = text[index]
            if byte == colon { return index > start ? index : nil }
            guard
                isWordByte(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            else { return nil }
            index += 1
        }
        return nil
    }

    /// The runs of adjacent text nodes (cmark splits a text at `_`, `!`, `[` and the like), in
    /// document order, outside autolinks and, when asked, outside headings; collected first, as
    /// the tree is changed afterwards.
    private static func textRuns(under root: OpaquePointer, skippingHeadings: Bool) -> [[OpaquePointer]] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var runs: [[OpaquePointer]] = []
        var skipDepth = 0
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if (skippingHeadings && type == CMARK_NODE_HEADING) || (type == CMARK_NODE_LINK && isAutolink(node)) {
                skipDepth += event == CMARK_EVENT_ENTER ? 1 : -1
                continue
            }
            guard skipDepth == 0, event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT else { continue }
            if let previous = cmark_node_previous(node), cmark_node_get_type(previous) == CMARK_NODE_TEXT,
                runs.last?.last == previous
            {
                runs[runs.count - 1].append(node)
            } else {
                runs.append([node])
            }
        }
        return runs.filter { run in
            run.contains { node in cmark_node_get_literal(node).map { strchr($0, Int32(colon)) != nil } ?? false }
        }
    }

    /// A link whose text is its address (`<https://…>`, or a bare one `Autolinks` linked).
    private static func isAutolink(_ link: OpaquePointer) -> Bool {
        guard let child = cmark_node_first_child(link), cmark_node_next(child) == nil,
            cmark_node_get_type(child) == CMARK_NODE_TEXT,
            let url = cmark_node_get_url(link)
        else { return false }
        let address = String(cString: url)
        let text = String(decoding: CmarkNodes.literal(child), as: UTF8.self)
        return address == text || address == "mailto:" + text || address == "http://" + text
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static let colon = UInt8(ascii: ":")

    /// The table, read on first use (a build with emoji off never reads it). Split by bytes, not
    /// by characters: a space before a skin tone (`light_skin_tone 🏻`) is one character with it.
    static let table: [String: String] = {
        var table: [String: String] = [:]
        table.reserveCapacity(5_000)
        for line in EmojiTable.lines.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { continue }
            table[String(decoding: line[..<space], as: UTF8.self)] = String(
                decoding: line[line.index(after: space)...], as: UTF8.self)
        }
        return table
    }()
}
