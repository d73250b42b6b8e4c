import Foundation

/// Markdown escaping for link texts and destinations an import writes.
enum MarkdownText {
    /// Text with `\`, `[` and `]` escaped, for a link's or image's text.
    static func escapeLinkText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }

    /// A link destination, in `<…>` when it has spaces or parentheses.
    static func destination(_ url: String) -> String {
        url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" })
            ? "<" + url.replacingOccurrences(of: ">", with: "%3E") + ">" : url
    }
}
