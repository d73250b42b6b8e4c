import CVips
import Foundation

/// Draws a social card with libvips: the cover darkened (or the layout's background), the
/// category's colour along the left edge, then each line of text, set by Pango, which breaks
/// Chinese between characters and other scripts between words. Returns a JPEG.
enum SocialCardRenderer {
    typealias Image = OpaquePointer

    /// The card's JPEG; `cover` is the cover file's bytes, `fontFile` a font file on disk.
    static func render(
        _ card: SocialCard, layout: SocialCardLayout, cover: Data?, fontFile: String?
    ) throws(ImageProblem) -> Data {
        try ImageCodec.start()
        var image = try background(layout: layout, cover: cover)
        defer { herald_vips_release(image) }
        if let accent = card.accent.flatMap(rgb), layout.accentWidth > 0 {
            var bar: Image?
            guard
                herald_vips_canvas(Int32(layout.accentWidth), Int32(layout.height), accent.0, accent.1, accent.2, &bar)
                    == 0, let bar
            else { throw ImageCodec.lastError() }
            defer { herald_vips_release(bar) }
            image = try over(image, bar, x: 0, y: 0)
        }
        let left = layout.accentWidth + layout.padding
        let width = max(100, layout.width - left - layout.padding)
        for (text, style, shrink) in [
            (card.kicker, layout.kicker, false), (card.title, layout.title, true), (card.meta, layout.meta, false),
            (card.siteName, layout.site, false),
        ] {
            guard let text, !text.isEmpty else { continue }
            let drawn = try lines(
                text, style: style, font: layout.font, fontFile: fontFile, width: width, shrink: shrink)
            defer { herald_vips_release(drawn) }
            image = try over(image, drawn, x: left, y: style.y)
        }
        var opaque: Image?
        guard herald_vips_opaque(image, &opaque) == 0, let opaque else { throw ImageCodec.lastError() }
        defer { herald_vips_release(opaque) }
        let output = ImageOutput(
            kind: .width(layout.width, height: layout.height), format: SocialCard.format, quality: 86,
            width: layout.width, height: layout.height, key: card.key, path: card.path)
        return try ImageCodec.encode(opaque, output).get()
    }

    /// The cover, cropped to the card around its most interesting part and darkened, or the
    /// layout's background colour.
    private static func background(layout: SocialCardLayout, cover: Data?) throws(ImageProblem) -> Image {
        var image: Image?
        if let cover {
            // The backdrop reads the cover lazily: it is made into pixels inside the closure, while
            // the pointer to the cover's bytes is valid.
            let made: Result<Image, ImageProblem> = cover.withUnsafeBytes { bytes in
                guard
                    herald_vips_backdrop(
                        bytes.baseAddress, bytes.count, Int32(layout.width), Int32(layout.height),
                        layout.coverBrightness, &image) == 0,
                    let image
                else { return .failure(ImageCodec.lastError()) }
                return Result { () throws(ImageProblem) in try ImageCodec.inMemory(image) }
            }
            return try made.get()
        }
        let colour = rgb(layout.background) ?? (30, 41, 59)
        guard herald_vips_canvas(Int32(layout.width), Int32(layout.height), colour.0, colour.1, colour.2, &image) == 0,
            let image
        else { throw ImageCodec.lastError() }
        return image
    }

    /// One text part as RGBA, set at the style's size, or for the title smaller until it fits
    /// its height, and cut to that height as a last resort.
    private static func lines(
        _ text: String, style: SocialCardLayout.Text, font: String, fontFile: String?, width: Int, shrink: Bool
    ) throws(ImageProblem) -> Image {
        let markup = "<span foreground=\"\(HTMLEscaping.escape(style.color))\">\(HTMLEscaping.escape(text))</span>"
        var size = style.size
        while true {
            var drawn: Image?
            let description = "\(font) \(style.weight) \(size)"
            let status = markup.withCString { text in
                description.withCString { font in
                    if let fontFile {
                        return fontFile.withCString { herald_vips_text(text, font, $0, Int32(width), &drawn) }
                    }
                    return herald_vips_text(text, font, nil, Int32(width), &drawn)
                }
            }
            guard status == 0, let drawn else { throw ImageCodec.lastError() }
            let height = Int(herald_vips_height(drawn))
            if height <= style.maxHeight { return drawn }
            if shrink, size > style.size * 6 / 10 {
                herald_vips_release(drawn)
                size = size * 85 / 100
                continue
            }
            defer { herald_vips_release(drawn) }
            var cut: Image?
            guard herald_vips_top(drawn, Int32(style.maxHeight), &cut) == 0, let cut else {
                throw ImageCodec.lastError()
            }
            return cut
        }
    }

    /// `overlay` drawn on `base`, which it replaces (and releases).
    private static func over(_ base: Image, _ overlay: Image, x: Int, y: Int) throws(ImageProblem) -> Image {
        var out: Image?
        guard herald_vips_over(base, overlay, Int32(x), Int32(y), &out) == 0, let out else {
            throw ImageCodec.lastError()
        }
        herald_vips_release(base)
        return out
    }

    /// `#rrggbb` (or `#rgb`) as red, green and blue; nil for other CSS colours.
    static func rgb(_ colour: String) -> (Double, Double, Double)? {
        var hex = colour.trimmingCharacters(in: .whitespaces)
        guard hex.hasPrefix("#") else { return nil }
        hex.removeFirst()
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return (Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
    }
}
