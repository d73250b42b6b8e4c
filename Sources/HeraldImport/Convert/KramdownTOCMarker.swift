import Foundation

/// Kramdown's table-of-contents marker (a one-item list followed by `{:toc}`), which Jekyll sites
/// put where the table goes:
///
///     * TOC
///     {:toc}
///
/// Herald shows a table of contents itself when an item says `toc: true`, so the marker is taken
/// out and the item gets the key. Kramdown's `{:.no_toc}`, which keeps a heading out of the
/// table, would show as text under Herald: those lines go too. Code blocks are left as they are.
enum KramdownTOCMarker {
    /// The body without its marker, or nil when it has none.
    static func remove(from body: String) -> String? {
        // Swift reads CRLF as one Character, so a file saved on Windows is split on both, and
        // joined again with the line break it had.
        let newline = body.contains("\r\n") ? "\r\n" : "\n"
        var lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var fence: Substring? = nil
        var found = false
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
            } else if isAttribute(trimmed, "toc"), index > 0, isListItem(lines[index - 1]) {
                lines.removeSubrange((index - 1)...index)
                found = true
                index -= 1
                continue
            } else if isAttribute(trimmed, ".no_toc") {
                lines.remove(at: index)
                continue
            }
            index += 1
        }
        return found ? lines.joined(separator: newline) : nil
    }

    /// Whether a line is kramdown's `{:name}` (also `{: name}`), and nothing else.
    private static func isAttribute(_ line: Substring, _ name: String) -> Bool {
        var text = line
        while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
        guard text.hasPrefix("{:"), text.hasSuffix("}") else { return false }
        return text.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces) == name
    }

    /// Whether a line is a one-line list item (`* TOC`, `- Contents`, `1. TOC`).
    private static func isListItem(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        if let first = text.first, "*-+".contains(first), text.dropFirst().first == " " { return true }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && text.dropFirst(digits.count).hasPrefix(". ")
    }
}
