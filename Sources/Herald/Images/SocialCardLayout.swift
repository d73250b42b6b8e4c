import Foundation

/// Where and how a social card draws its parts: the default theme's, or a site's
/// `templates/social-card.yml`, which names only what it changes (see docs/images.md).
public struct SocialCardLayout: Sendable, Equatable {
    /// One line of text, or a block of lines.
    public struct Text: Sendable, Equatable {
        /// The top of its first line, in pixels from the card's top.
        public var y: Int
        /// The font size in pixels.
        public var size: Int
        /// `Bold`, `Regular`, … (the font's own style names).
        public var weight: String
        /// A colour Pango knows: `#rrggbb` or a name.
        public var color: String
        /// The most pixels it may take down the card: a longer title is set smaller, then cut.
        public var maxHeight: Int
    }

    public var width = 1200
    public var height = 630
    /// The font family; Debian's Noto Sans CJK covers Chinese, Japanese, Korean and Latin.
    public var font = "Noto Sans CJK SC"
    /// A font file of the site (`static/fonts/Brand.ttf`), used instead of an installed font.
    public var fontFile: String? = nil
    /// The background without a cover.
    public var background = "#1e293b"
    /// How bright a cover stays behind the text (0 black, 1 as it is).
    public var coverBrightness = 0.42
    /// The width of the category colour's bar along the left edge (0 for none).
    public var accentWidth = 18
    /// The left and right margin of the text.
    public var padding = 80
    public var kicker = Text(y: 64, size: 30, weight: "Bold", color: "#ffffff", maxHeight: 50)
    public var title = Text(y: 130, size: 64, weight: "Bold", color: "#ffffff", maxHeight: 290)
    public var meta = Text(y: 450, size: 30, weight: "Regular", color: "#e2e8f0", maxHeight: 50)
    public var site = Text(y: 530, size: 30, weight: "Bold", color: "#ffffff", maxHeight: 50)

    /// The default theme's layout.
    public init() {}

    /// The file a site changes the layout with.
    public static let path = "templates/social-card.yml"

    /// The default layout with what `text` (the YAML of `path`) changes; problems name their line.
    static func parse(_ text: String) -> (layout: SocialCardLayout, diagnostics: [Diagnostic]) {
        var layout = SocialCardLayout()
        var reader: YAMLReader
        switch YAMLReader.parse(text, path: path, lineOffset: 0, what: path) {
        case .success(let parsed): reader = parsed
        case .failure(let diagnostic): return (layout, [diagnostic])
        }
        SiteConfigParser.warnAboutUnknownKeys(
            &reader,
            known: [
                "width", "height", "font", "fontFile", "background", "coverBrightness", "accentWidth",
                "padding", "kicker", "title", "meta", "site",
            ], section: nil)
        func pixels(_ key: String, _ value: inout Int, in reader: inout YAMLReader, range: ClosedRange<Int> = 0...4000)
        {
            guard let number = reader.int(key) else { return }
            if range.contains(number) {
                value = number
            } else {
                reader.problems.error(
                    path, reader.line(of: reader.node(key)),
                    "\(key) must be from \(range.lowerBound) to \(range.upperBound), not \(number)")
            }
        }
        pixels("width", &layout.width, in: &reader, range: 200...4000)
        pixels("height", &layout.height, in: &reader, range: 100...4000)
        pixels("accentWidth", &layout.accentWidth, in: &reader)
        pixels("padding", &layout.padding, in: &reader)
        if let font = reader.text("font") { layout.font = font }
        layout.fontFile = reader.text("fontFile")
        if let background = reader.text("background") { layout.background = background }
        if let node = reader.node("coverBrightness") {
            if let value = node.float ?? node.int.map(Double.init), (0...1).contains(value) {
                layout.coverBrightness = value
            } else {
                reader.problems.error(path, reader.line(of: node), "coverBrightness must be a number from 0 to 1")
            }
        }
        for (key, keyPath) in [
            ("kicker", \SocialCardLayout.kicker), ("title", \.title), ("meta", \.meta), ("site", \.site),
        ] {
            guard var section = reader.mapping(key) else { continue }
            SiteConfigParser.warnAboutUnknownKeys(
                &section, known: ["y", "size", "weight", "color", "maxHeight"], section: key)
            var text = layout[keyPath: keyPath]
            pixels("y", &text.y, in: &section)
            pixels("size", &text.size, in: &section, range: 6...400)
            pixels("maxHeight", &text.maxHeight, in: &section)
            if let weight = section.text("weight") { text.weight = weight }
            if let color = section.text("color") { text.color = color }
            layout[keyPath: keyPath] = text
            reader.absorb(section)
        }
        return (layout, reader.problems.all)
    }

    /// Every setting in one line, for the cards' cache keys.
    var fingerprint: String { "\(self)" }
}
