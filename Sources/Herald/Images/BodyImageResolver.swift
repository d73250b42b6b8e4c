import Foundation

/// Gives each image of the site a body shows (see `BodyImage`) the sizes made of it, once the
/// images are read: its marked `<img>` becomes a `<picture>` with WebP (and AVIF) sources, a
/// `srcset`, its real width and height and lazy loading; an image that is no file of the site, or
/// one published as it is, gets back the `src` it was written with, and its size when known.
enum BodyImageResolver {
    /// How wide a body's image shows: the article's column (760 px) on a wide screen, the screen on a phone.
    static let sizes = "(min-width: 800px) 760px, 100vw"

    /// Resolves the markers of every item of `site` (or of the items `only` names).
    static func resolve(_ site: inout Site, urls: SiteURLs, only: Set<ItemID>? = nil) {
        for id in site.items.indices where !site.items[id].bodyImages.isEmpty && only?.contains(id) != false {
            let images = site.items[id].bodyImages.map { image in site.images.image(image.path) }
            let replacements = zip(site.items[id].bodyImages, images).map { body, image in
                { (src: String, alt: String, rest: String) in markup(body, image: image, src: src, alt: alt, rest: rest, urls: urls) }
            }
            site.items[id].body.html = replacingMarkers(in: site.items[id].body.html, with: replacements)
            site.items[id].body.leadHTML = replacingMarkers(in: site.items[id].body.leadHTML, with: replacements)
            site.items[id].summaryHTML = replacingMarkers(in: site.items[id].summaryHTML, with: replacements)
        }
    }

    /// The HTML of one image: `src` is the link cmark escaped, `alt` its escaped description,
    /// `rest` what followed them in the tag (a ` title="…"`).
    static func markup(_ body: BodyImage, image: SiteImage?, src: String, alt: String, rest: String, urls: SiteURLs) -> String {
        guard let image, !image.outputs.isEmpty else {
            // As cmark wrote it, with the size when the image was read.
            let size = image.flatMap { $0.header.width > 0 ? " width=\"\($0.header.width)\" height=\"\($0.header.height)\"" : nil } ?? ""
            return "<img src=\"\(src)\" alt=\"\(alt)\"\(rest)\(size) />"
        }
        let view = ImageView.make(written: body.written, image: image, alt: "", urls: urls).files
        var html = "<picture>"
        if let avif = view.avifSrcset { html += "<source type=\"image/avif\" srcset=\"\(HTMLEscaping.escape(avif))\" sizes=\"\(sizes)\">" }
        if let webp = view.webpSrcset { html += "<source type=\"image/webp\" srcset=\"\(HTMLEscaping.escape(webp))\" sizes=\"\(sizes)\">" }
        html += "<img src=\"\(HTMLEscaping.escape(view.src))\""
        if let srcset = view.srcset { html += " srcset=\"\(HTMLEscaping.escape(srcset))\" sizes=\"\(sizes)\"" }
        html += " alt=\"\(alt)\"\(rest)"
        if let width = view.width, let height = view.height { html += " width=\"\(width)\" height=\"\(height)\"" }
        return html + " loading=\"lazy\" decoding=\"async\" /></picture>"
    }

    /// The HTML with each `<img src="herald-body-image:N" alt="…" …/>` cmark wrote replaced.
    static func replacingMarkers(in html: String, with replacements: [(String, String, String) -> String]) -> String {
        let opening = "<img src=\"" + BodyImage.markerPrefix
        guard html.contains(opening) else { return html }
        var result = ""
        var rest = html[...]
        while let start = rest.range(of: opening) {
            result += rest[..<start.lowerBound]
            let afterPrefix = rest[start.upperBound...]
            guard let quote = afterPrefix.firstIndex(of: "\""), let colon = afterPrefix[..<quote].firstIndex(of: ":"),
                  let index = Int(afterPrefix[..<colon]), replacements.indices.contains(index),
                  let end = afterPrefix.range(of: " />") else {
                result += rest[start]
                rest = afterPrefix
                continue
            }
            let src = String(afterPrefix[afterPrefix.index(after: colon)..<quote])
            // cmark writes `<img src="…" alt="…" />` or `<img src="…" alt="…" title="…" />`.
            var attributes = afterPrefix[afterPrefix.index(after: quote)..<end.lowerBound]
            var alt = ""
            if attributes.hasPrefix(" alt=\""), let close = attributes.dropFirst(6).firstIndex(of: "\"") {
                alt = String(attributes[attributes.index(attributes.startIndex, offsetBy: 6)..<close])
                attributes = attributes[attributes.index(after: close)...]
            }
            result += replacements[index](src, alt, String(attributes))
            rest = afterPrefix[end.upperBound...]
        }
        return result + rest
    }
}
