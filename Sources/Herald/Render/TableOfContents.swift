/// A body's table of contents: its headings from `startLevel` to `endLevel` as nested lists of
/// links to their IDs, as Hugo's `.TableOfContents` gives them (`{{{item.toc}}}` in templates).
public struct TableOfContents: Sendable, Equatable {
    public var options: TableOfContentsOptions

    public init(options: TableOfContentsOptions) { self.options = options }

    /// The table's HTML for `headings`, or "" when the item has none: `wanted` is the item's
    /// `toc:` (true: always, false: never), and without it a body gets one from
    /// `options.minHeadings` headings in range.
    public func html(for headings: [HeadingAnchors.Heading], wanted: Bool?) -> String {
        let shown = headings.filter { (options.startLevel...options.endLevel).contains($0.level) }
        guard !shown.isEmpty, wanted ?? (options.minHeadings > 0 && shown.count >= options.minHeadings) else {
            return ""
        }
        let list = options.ordered ? "ol" : "ul"
        var html = ""
        // The levels of the lists open, innermost last; a jump of two levels (h2 → h4) opens one
        // list, so no empty item is made.
        var open: [Int] = []
        for heading in shown {
            if open.isEmpty {
                html += "<\(list)>\n<li>"
                open.append(heading.level)
            } else if heading.level > open.last! {
                html += "\n<\(list)>\n<li>"
                open.append(heading.level)
            } else {
                while open.count > 1, heading.level < open.last!, heading.level <= open[open.count - 2] {
                    html += "</li>\n</\(list)>"
                    open.removeLast()
                }
                html += "</li>\n<li>"
            }
            html += "<a href=\"#\(HTMLEscaping.escape(heading.id))\">\(HTMLEscaping.escape(heading.text))</a>"
        }
        html += String(repeating: "</li>\n</\(list)>", count: open.count)
        return html + "\n"
    }
}
