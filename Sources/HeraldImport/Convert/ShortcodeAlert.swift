import Foundation

/// The callout shortcodes of Hugo's themes, as GitHub's alerts (`> [!NOTE]`), which Herald
/// renders as titled asides: hextra's `callout`, LoveIt's and DoIt's `admonition`, Relearn's
/// `notice`, Book's `hint` and Docsy's `alert`. Their types are many (`info`, `danger`,
/// `question`, `bug` …); each is given the alert of the same intent. A type none of them has is
/// not guessed at: the shortcode is left, and reported.
struct ShortcodeAlert: Equatable {
    /// `NOTE`, `TIP`, `IMPORTANT`, `WARNING` or `CAUTION`.
    var marker: String
    /// The title the shortcode gave, if any, shown in bold as the aside's first line.
    var title: String?

    /// The shortcode names read as callouts.
    static let names: Set<String> = ["callout", "admonition", "notice", "hint", "alert"]

    /// Each alert and the theme types that mean it.
    private static let types: [(marker: String, types: Set<String>)] = [
        (
            "NOTE",
            [
                "note", "info", "information", "abstract", "summary", "tldr", "question", "faq", "help", "example",
                "quote", "cite", "primary", "secondary", "default",
            ]
        ),
        ("TIP", ["tip", "hint", "success", "check", "done"]),
        ("IMPORTANT", ["important"]),
        ("WARNING", ["warning", "warn", "attention"]),
        ("CAUTION", ["caution", "danger", "error", "failure", "fail", "missing", "bug"]),
    ]

    /// The alert a callout shortcode `name` with `arguments` means, or nil when its type is none
    /// known. With no type, hextra's and Docsy's default (a note).
    static func from(name: String, arguments: ShortcodeArguments) -> ShortcodeAlert? {
        let name = name.lowercased()
        guard names.contains(name) else { return nil }
        let type = (name == "alert" ? arguments.value("color") : arguments.value("type", at: 0))?.lowercased() ?? "note"
        guard let marker = types.first(where: { $0.types.contains(type) })?.marker else { return nil }
        let title = arguments.value("title", at: name == "admonition" || name == "notice" ? 1 : nil)
        return ShortcodeAlert(marker: marker, title: title?.isEmpty == false ? title : nil)
    }

    /// `text` ending in a blank line, so that a quote after it starts a block of its own.
    static func blankLineBefore(_ text: String) -> String {
        guard !text.isEmpty, !text.hasSuffix("\n\n"), !text.hasSuffix("\r\n\r\n") else { return text }
        var text = text
        while text.hasSuffix(" ") || text.hasSuffix("\t") { text.removeLast() }
        return text + (text.hasSuffix("\n") || text.hasSuffix("\r\n") ? "\n" : "\n\n")
    }

    /// What to put after a quote so that a blank line ends it before `rest` (a next line
    /// right after it would continue the quote).
    static func blankLineAfter(_ rest: Substring) -> String {
        if rest.isEmpty || rest.hasPrefix("\n\n") || rest.hasPrefix("\r\n\r\n") { return "" }
        return rest.hasPrefix("\n") || rest.hasPrefix("\r\n") ? "\n" : "\n\n"
    }

    /// The alert as Markdown: every line of `inner` (already converted) quoted after the marker.
    func markdown(_ inner: String) -> String {
        var lines = ["> [!\(marker)]"]
        if let title {
            let oneLine = title.split(whereSeparator: \.isNewline).joined(separator: " ")
            lines.append("> **\(oneLine.replacingOccurrences(of: "*", with: "\\*"))**")
        }
        let text = inner.trimmingCharacters(in: .newlines)
        if !text.isEmpty {
            if title != nil { lines.append(">") }
            lines += text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map {
                $0.isEmpty ? ">" : "> " + $0
            }
        }
        return lines.joined(separator: "\n")
    }
}
