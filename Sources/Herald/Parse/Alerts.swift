import CCmark
import Foundation

/// GitHub's alerts on top of cmark: a blockquote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (in any case, as GitHub and Hugo read it) and
/// that has something after that line becomes an aside as GitHub writes it:
/// `<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">` with the
/// kind's Octicon and its English title. The title is put in the page's language later, by
/// `AlertTitles`, since the theme's strings are not the parser's to know (and a parse is kept
/// across builds while the strings may change).
///
/// Anything else stays a blockquote with its text as written: another word (`[!FOO]`), an
/// unclosed marker (`[!NOTE`), text after the marker on its line (`[!NOTE] text`) or a marker
/// with nothing after it, as on GitHub.
enum Alerts {
    /// The five kinds, by the word between `[!` and `]`.
    enum Kind: String, CaseIterable, Sendable {
        case note, tip, important, warning, caution

        /// The title GitHub writes, which the site's strings replace.
        var englishTitle: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        /// The key of the title in the theme's strings (`templates/i18n/*.yml`).
        var stringKey: String { "alert" + englishTitle }

        /// The title paragraph with `title` (HTML-escaped here), as the alert's opening writes it.
        func titleParagraph(_ title: String) -> String {
            #"<p class="markdown-alert-title">"# + icon + HTMLEscaping.escape(title) + "</p>\n"
        }

        /// GitHub's Octicon for the kind (from @primer/octicons 19, MIT licence, as GitHub
        /// shows it; taken from the `octicons-pack` redistribution on PyPI), hidden from
        /// screen readers: the title says it.
        var icon: String {
            let (name, path): (String, String) =
                switch self {
                case .note:
                    (
                        "info",
                        "M0 8a8 8 0 1 1 16 0A8 8 0 0 1 0 8Zm8-6.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM6.5 7.75A.75.75 0 0 1 7.25 7h1a.75.75 0 0 1 .75.75v2.75h.25a.75.75 0 0 1 0 1.5h-2a.75.75 0 0 1 0-1.5h.25v-2h-.25a.75.75 0 0 1-.75-.75ZM8 6a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z"
                    )
                case .tip:
                    (
                        "light-bulb",
                        "M8 1.5c-2.363 0-4 1.69-4 3.75 0 .984.424 1.625.984 2.304l.214.253c.223.264.47.556.673.848.284.411.537.896.621 1.49a.75.75 0 0 1-1.484.211c-.04-.282-.163-.547-.37-.847a8.456 8.456 0 0 0-.542-.68c-.084-.1-.173-.205-.268-.32C3.201 7.75 2.5 6.766 2.5 5.25 2.5 2.31 4.863 0 8 0s5.5 2.31 5.5 5.25c0 1.516-.701 2.5-1.328 3.259-.095.115-.184.22-.268.319-.207.245-.383.453-.541.681-.208.3-.33.565-.37.847a.751.751 0 0 1-1.485-.212c.084-.593.337-1.078.621-1.489.203-.292.45-.584.673-.848.075-.088.147-.173.213-.253.561-.679.985-1.32.985-2.304 0-2.06-1.637-3.75-4-3.75ZM5.75 12h4.5a.75.75 0 0 1 0 1.5h-4.5a.75.75 0 0 1 0-1.5ZM6 15.25a.75.75 0 0 1 .75-.75h2.5a.75.75 0 0 1 0 1.5h-2.5a.75.75 0 0 1-.75-.75Z"
                    )
                case .important:
                    (
                        "report",
                        "M0 1.75C0 .784.784 0 1.75 0h12.5C15.216 0 16 .784 16 1.75v9.5A1.75 1.75 0 0 1 14.25 13H8.06l-2.573 2.573A1.458 1.458 0 0 1 3 14.543V13H1.75A1.75 1.75 0 0 1 0 11.25Zm1.75-.25a.25.25 0 0 0-.25.25v9.5c0 .138.112.25.25.25h2a.75.75 0 0 1 .75.75v2.19l2.72-2.72a.749.749 0 0 1 .53-.22h6.5a.25.25 0 0 0 .25-.25v-9.5a.25.25 0 0 0-.25-.25Zm7 2.25v2.5a.75.75 0 0 1-1.5 0v-2.5a.75.75 0 0 1 1.5 0ZM9 9a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z"
                    )
                case .warning:
                    (
                        "alert",
                        "M6.457 1.047c.659-1.234 2.427-1.234 3.086 0l6.082 11.378A1.75 1.75 0 0 1 14.082 15H1.918a1.75 1.75 0 0 1-1.543-2.575Zm1.763.707a.25.25 0 0 0-.44 0L1.698 13.132a.25.25 0 0 0 .22.368h12.164a.25.25 0 0 0 .22-.368Zm.53 3.996v2.5a.75.75 0 0 1-1.5 0v-2.5a.75.75 0 0 1 1.5 0ZM9 11a1 1 0 1 1-2 0 1 1 0 0 1 2 0Z"
                    )
                case .caution:
                    (
                        "stop",
                        "M4.47.22A.749.749 0 0 1 5 0h6c.199 0 .389.079.53.22l4.25 4.25c.141.14.22.331.22.53v6a.749.749 0 0 1-.22.53l-4.25 4.25A.749.749 0 0 1 11 16H5a.749.749 0 0 1-.53-.22L.22 11.53A.749.749 0 0 1 0 11V5c0-.199.079-.389.22-.53Zm.84 1.28L1.5 5.31v5.38l3.81 3.81h5.38l3.81-3.81V5.31L10.69 1.5ZM8 4a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 8 4Zm0 8a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z"
                    )
                }
            return
                #"<svg class="octicon octicon-\#(name)" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="\#(path)"></path></svg>"#
        }
    }

    /// Whether `source` has `[!` (a `memchr` or a few).
    static func mayOccur(in source: String) -> Bool {
        ByteSearch.contains(source, UInt8(ascii: "["), followedByOneOf: UInt8(ascii: "!"), UInt8(ascii: "!"))
    }

    /// Turns the tree's alert blockquotes (at any depth) into asides; `source` tells a marker
    /// from one written escaped (`\[!NOTE]`), which GitHub shows as text. Returns whether it made any.
    @discardableResult
    static func apply(to root: OpaquePointer, source: TreeSource) -> Bool {
        var found: [(OpaquePointer, Kind)] = []
        guard let iterator = cmark_iter_new(root) else { return false }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_BLOCK_QUOTE, let kind = kind(of: node, source: source)
            else { continue }
            found.append((node, kind))
        }
        cmark_iter_free(iterator)
        // A blockquote's children move to its aside, so one found inside another stays valid.
        for (quote, kind) in found { replace(quote, kind: kind) }
        return !found.isEmpty
    }

    /// The kind of alert a blockquote is, or nil when it is an ordinary one.
    private static func kind(of quote: OpaquePointer, source: TreeSource) -> Kind? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let text = cmark_node_first_child(paragraph), cmark_node_get_type(text) == CMARK_NODE_TEXT
        else { return nil }
        let literal = CmarkNodes.literal(text)
        // The longest marker is `[!IMPORTANT]`: anything longer is no marker.
        guard literal.count >= 6, literal.count <= 12, literal[0] == UInt8(ascii: "["), literal[1] == UInt8(ascii: "!"),
            literal[literal.count - 1] == UInt8(ascii: "]"),
            let kind = Kind(rawValue: String(decoding: literal[2..<(literal.count - 1)], as: UTF8.self).lowercased()),
            source.escapedOffsets(of: text, literal: literal).isEmpty
        else { return nil }
        // The marker has its line to itself, and something follows it.
        if let next = cmark_node_next(text) {
            let type = cmark_node_get_type(next)
            guard type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK, cmark_node_next(next) != nil else {
                return nil
            }
        } else if cmark_node_next(paragraph) == nil {
            return nil
        }
        return kind
    }

    /// Puts an aside in the blockquote's place, with its blocks less the marker's line.
    private static func replace(_ quote: OpaquePointer, kind: Kind) {
        let opening =
            #"<div class="markdown-alert markdown-alert-\#(kind.rawValue)">"# + "\n"
            + kind.titleParagraph(kind.englishTitle)
        let aside = CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK, enter: opening, exit: "</div>")
        cmark_node_insert_before(quote, aside)
        let paragraph = cmark_node_first_child(quote)!
        let marker = cmark_node_first_child(paragraph)!
        if let lineEnd = cmark_node_next(marker) { cmark_node_free(lineEnd) }
        cmark_node_free(marker)
        if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }
        while let block = cmark_node_first_child(quote) { cmark_node_append_child(aside, block) }
        cmark_node_free(quote)
    }
}
