import Foundation

/// Gives each image of the site a body shows (see `BodyImage`) the sizes made of it, once the
/// images are read: its marked `<img>` becomes a `<picture>` with WebP (and AVIF) sources, a
/// `srcset`, its real width and height and lazy loading; an image that is no file of the site, or
/// one published as it is, gets back the `src` it was written with, and its size when known.
enum BodyImageResolver {
    /// How wide a body's image shows: the article's column (760 px) on a wide screen, the screen on a phone.
    static let sizes = "(min-width: 800px) 760px, calc(100vw - 2rem)"

    /// Resolves the markers of every item of `site` (or of the items `only` names), on all cores.
    static func resolve(_ site: inout Site, urls: SiteURLs, only: Set<ItemID>? = nil) {
        let ids = site.items.indices.filter { !site.items[$0].bodyImages.isEmpty && only?.contains($0) != false }
        guard !ids.isEmpty else { return }
        // What each image becomes, worked out once: a few photos are shown by many bodies.
        var made: [String: Resolved] = [:]
        for id in ids {
            for body in site.items[id].bodyImages where made[body.path] == nil {
                made[body.path] = Resolved(body, images: site.images, urls: urls)
            }
        }
        let (items, resolvedOfPath) = (site.items, made)
        let resolved = ids.parallelMap { id -> (String, String, String) in
            let item = items[id]
            let images = item.bodyImages.map { resolvedOfPath[$0.path]! }
            return (
                replacingMarkers(in: item.body.html, with: images),
                replacingMarkers(in: item.body.leadHTML, with: images),
                replacingMarkers(in: item.summaryHTML, with: images)
            )
        }
        for (id, html) in zip(ids, resolved) {
            (site.items[id].body.html, site.items[id].body.leadHTML, site.items[id].summaryHTML) = html
        }
    }

    /// What one image of a body becomes, whatever its alt text and title: its `<picture>` when
    /// files were made of it, else its size when it was read (` width="…" height="…"`, or "").
    /// The command line's snapshot keeps it for each image of each body, so that an edited body
    /// is resolved as the build resolved it, without the image catalog.
    struct Resolved: Sendable, Equatable {
        var picture: Picture?
        var size: String

        init(picture: Picture?, size: String) {
            self.picture = picture
            self.size = size
        }

        /// What `body`'s image becomes, from the site's images.
        init(_ body: BodyImage, images: ImageCatalog, urls: SiteURLs) {
            let image = images.image(body.path)
            picture = image.flatMap { image in
                image.outputs.isEmpty
                    ? nil : Picture(ImageView.make(written: body.written, image: image, alt: "", urls: urls).files)
            }
            size =
                image.flatMap {
                    $0.header.width > 0 ? " width=\"\($0.header.width)\" height=\"\($0.header.height)\"" : nil
                } ?? ""
        }
    }

    /// `html` with each image marker replaced by what `images` (by the markers' numbers) become.
    static func replacingMarkers(in html: String, with images: [Resolved]) -> String {
        replacingMarkers(
            in: html,
            with: images.map { resolved in
                { src, alt, rest in markup(resolved, src: src, alt: alt, rest: rest) }
            })
    }

    /// The parts of an image's `<picture>` around its alt text and title.
    struct Picture: Sendable, Equatable {
        var opening: String
        var closing: String

        init(opening: String, closing: String) {
            self.opening = opening
            self.closing = closing
        }

        init(_ view: ImageView.Files) {
            var html = "<picture>"
            if let avif = view.avifSrcset {
                html += "<source type=\"image/avif\" srcset=\"\(HTMLEscaping.escape(avif))\" sizes=\"\(sizes)\">"
            }
            if let webp = view.webpSrcset {
                html += "<source type=\"image/webp\" srcset=\"\(HTMLEscaping.escape(webp))\" sizes=\"\(sizes)\">"
            }
            html += "<img src=\"\(HTMLEscaping.escape(view.src))\""
            if let srcset = view.srcset { html += " srcset=\"\(HTMLEscaping.escape(srcset))\" sizes=\"\(sizes)\"" }
            opening = html + " alt=\""
            closing =
                (view.width.map { w in view.height.map { " width=\"\(w)\" height=\"\($0)\"" } ?? "" } ?? "")
                + " loading=\"lazy\" decoding=\"async\" /></picture>"
        }
    }

    /// The HTML of one image: its `<picture>` when files were made of it, else the `<img>` as
    /// cmark wrote it (`src` as it escaped the link, `alt` its escaped description, `rest` what
    /// followed, a ` title="…"`), with the image's size when it was read.
    static func markup(_ resolved: Resolved, src: String, alt: String, rest: String) -> String {
        if let picture = resolved.picture { return picture.opening + alt + "\"" + rest + picture.closing }
        return "<img src=\"\(src)\" alt=\"\(alt)\"\(rest)\(resolved.size) />"
    }

    /// The HTML with each `<img src="herald-body-image:N:link" alt="…" …/>` cmark wrote replaced.
    /// Searched on bytes: every body with an image passes through here.
    static func replacingMarkers(in html: String, with replacements: [(String, String, String) -> String]) -> String {
        let opening = Array(("<img src=\"" + BodyImage.markerPrefix).utf8)
        var html = html
        return html.withUTF8 { bytes -> String in
            guard let first = find(opening, in: bytes, from: 0) else { return String(decoding: bytes, as: UTF8.self) }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 512)
            var copied = 0
            var next: Int? = first
            while let start = next {
                let afterPrefix = start + opening.count
                // `N:link"`, then ` alt="…"`, then what else cmark wrote, then ` />`.
                guard let quote = find([UInt8(ascii: "\"")], in: bytes, from: afterPrefix),
                    let colon = find([UInt8(ascii: ":")], in: bytes, from: afterPrefix), colon < quote,
                    let index = Int(String(decoding: bytes[afterPrefix..<colon], as: UTF8.self)),
                    replacements.indices.contains(index),
                    let end = find(Array(" />".utf8), in: bytes, from: quote)
                else {
                    next = find(opening, in: bytes, from: afterPrefix)
                    continue
                }
                result.append(contentsOf: bytes[copied..<start])
                let src = String(decoding: bytes[(colon + 1)..<quote], as: UTF8.self)
                var attributes = quote + 1
                var alt = ""
                let altOpening = Array(" alt=\"".utf8)
                if bytes[attributes...].starts(with: altOpening),
                    let close = find([UInt8(ascii: "\"")], in: bytes, from: attributes + altOpening.count), close < end
                {
                    alt = String(decoding: bytes[(attributes + altOpening.count)..<close], as: UTF8.self)
                    attributes = close + 1
                }
                result.append(
                    contentsOf: replacements[index](src, alt, String(decoding: bytes[attributes..<end], as: UTF8.self))
                        .utf8)
                copied = end + 3
                next = find(opening, in: bytes, from: copied)
            }
            result.append(contentsOf: bytes[copied...])
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Where `needle` first occurs in `bytes` at or after `from` (memchr for its first byte).
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress, !needle.isEmpty else { return nil }
        var at = from
        while at + needle.count <= bytes.count {
            guard let hit = memchr(base + at, Int32(needle[0]), bytes.count - at) else { return nil }
            let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if index + needle.count <= bytes.count, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) {
                return index
            }
            at = index + 1
        }
        return nil
    }
}
