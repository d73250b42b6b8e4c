import Foundation

/// What the import report says of the old site's code highlighting. Herald highlights fenced code
/// with Pygments and colours it with the default theme's own light and dark palettes (docs/content.md,
/// "Code"); an old site's colour scheme (Hugo's Chroma style, a Rouge theme) is a stylesheet, not a
/// setting of site.yml, so the report names it and says how to keep it: Chroma's and Rouge's styles
/// are Pygments' styles by name, with the same classes, and `pygmentize` writes their CSS.
enum CodeHighlightNote {
    /// At most one note on colours, and one when the old site left code plain; none when the old
    /// configuration says nothing of highlighting.
    static func notes(_ config: OldSiteConfig) -> [String] {
        var notes: [String] = []
        if let off = config.highlightOff {
            notes.append(
                "Code highlighting: the old site left fenced code plain (\(off.origin)); Herald highlights it, unless site.yml sets markdown: {highlight: false}"
            )
        }
        guard let style = config.highlightStyle else { return notes }
        let generator = config.kind == .hugo ? "Hugo's markup.highlight.style" : "Jekyll's highlighter"
        let named = style.value.lowercased()
        if config.kind == .jekyll {
            // Jekyll names the engine (rouge), not a theme: the theme is a stylesheet of the site's.
            notes.append(
                "Code highlighting: the old site used \(style.value) (\(style.origin)); Herald highlights code with Pygments, whose CSS classes Rouge's themes (rougify style) use too: the default theme's light and dark colours apply, or link the old site's theme stylesheet (docs/content.md, Code)"
            )
        } else if isStyleName(named) {
            notes.append(
                "Code highlighting: \(generator) \(style.value) (\(style.origin)) is not carried over, as Herald has one built-in code theme: its light and dark colours apply. For \(style.value)'s own colours, `pygmentize -S \(named) -f html -a .highlight > static/assets/code.css` and link it (docs/content.md, Code)"
            )
        } else {
            notes.append(
                "Code highlighting: \(generator) (\(style.origin)) is not carried over: the default theme's light and dark colours apply (docs/content.md, Code)"
            )
        }
        return notes
    }

    /// A name safe to print in a shell command: Pygments' style names are letters, digits, `-` and `_`.
    static func isStyleName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 40
            && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}
