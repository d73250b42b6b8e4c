import Foundation
import HeraldTemplates

/// An image as templates see it (`{{#image}}`): its URL, its real width and height, the `srcset`
/// of each format made of it, its alt text, and the crop cards show (`image.card`). Printed as a
/// variable (`{{image}}`) it is its URL.
struct ImageView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    /// One set of files: the whole image, or its card crop.
    struct Files: Sendable, Equatable {
        /// The fallback's widest file (JPEG or PNG), or the original when nothing was made.
        var src: String
        /// `url 480w, url 960w` of the fallback format; nil when nothing was made.
        var srcset: String?
        var webpSrcset: String?
        var avifSrcset: String?
        /// The size of `src` in pixels; nil for an image elsewhere, whose size is not known.
        var width: Int?
        var height: Int?
        /// The fallback's media type (`image/jpeg`).
        var type: String?

        func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

        static let fields = TemplateFields<Files>(
            "image files", about: "one set of an image's files: the whole image, its card crop or its thumbnail",
            [
                TemplateField("src", .text, "the widest JPEG or PNG made, or the original when nothing was made") {
                    .text($0.src)
                },
                TemplateField("srcset", .text, "`url 480w, url 960w` of that format") { present($0.srcset) },
                TemplateField("webpSrcset", .text, "the same of the WebP files") { present($0.webpSrcset) },
                TemplateField("avifSrcset", .text, "the same of the AVIF files") { present($0.avifSrcset) },
                TemplateField("width", .number, "the width of `src` in pixels (absent for an image elsewhere)") {
                    $0.width.map(TemplateValue.number) ?? .absent
                },
                TemplateField("height", .number, "its height") { $0.height.map(TemplateValue.number) ?? .absent },
                TemplateField("type", .text, "its media type (`image/jpeg`)") { present($0.type) },
            ])
    }

    var files: Files
    /// The card crop (the whole image again when it already has the card's shape).
    var card: Files
    /// The square thumbnail, when one was made.
    var thumbnail: Files? = nil
    /// What it shows, for readers who cannot see it; empty for a decorative image.
    var alt: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        Self.fields.value(key, of: self) ?? files.templateValue(key)
    }

    /// What templates see of an image besides its files' values, which it also answers.
    static let fields = TemplateFields<ImageView>(
        "image",
        about:
            "an image (`{{image}}` alone prints its URL), answering every name of its *image files* too (`image.src`, `image.srcset`…; see [images.md](images.md#in-templates))",
        includes: [{ Files.fields.description }],
        [
            TemplateField("alt", .text, "what it shows, for readers who cannot see it; empty for a decorative image") {
                .text($0.alt)
            },
            TemplateField(
                "card", .view { Files.fields.description },
                "the crop cards show (the whole image again when it already has the card's shape)"
            ) { .view(CardView(files: $0.card)) },
            TemplateField("thumbnail", .view { Files.fields.description }, "the square thumbnail, when one was made") {
                $0.thumbnail.map { .view(CardView(files: $0)) } ?? .absent
            },
        ])

    var templateText: String? { files.src }

    /// The crop as its own view, so `{{#image.card}}{{src}}{{/image.card}}` reads the crop's
    /// files and `{{alt}}` still finds the image's.
    private struct CardView: TemplateView {
        var files: Files
        func templateValue(_ key: TemplateKey) -> TemplateValue? { files.templateValue(key) }
        var templateText: String? { files.src }
    }

    /// The view of the image an editor wrote as `written`, measured as `image` when it is the
    /// site's own; `link` makes a link of an output path (relative to the site, or absolute).
    static func make(
        written: String, image: SiteImage?, alt: String, urls: SiteURLs, absolute: Bool = false
    ) -> ImageView {
        let link: (String) -> String = { absolute ? urls.absolute($0) : urls.path($0) }
        guard let image else {
            let src = absolute ? urls.absoluteAsset(written) : urls.asset(written)
            let files = Files(src: src)
            return ImageView(files: files, card: files, alt: alt)
        }
        guard !image.outputs.isEmpty else {
            let known = image.header.width > 0
            let files = Files(
                src: link(image.path), width: known ? image.header.width : nil,
                height: known ? image.header.height : nil)
            return ImageView(files: files, card: files, alt: alt)
        }
        let whole = files(image.resized, link: link)
        let crops = image.crops
        return ImageView(
            files: whole, card: crops.isEmpty ? whole : files(crops, link: link),
            thumbnail: image.thumbnail.map { files([$0], link: link) }, alt: alt)
    }

    /// The files of one set of outputs (each width in each format).
    private static func files(_ outputs: [ImageOutput], link: (String) -> String) -> Files {
        func srcset(_ format: ImageFormat) -> String? {
            let chosen = outputs.filter { $0.format == format }
            return chosen.isEmpty ? nil : chosen.map { "\(link($0.path)) \($0.width)w" }.joined(separator: ", ")
        }
        let fallbacks = outputs.filter { $0.format == .jpeg || $0.format == .png }
        let widest = fallbacks.max { $0.width < $1.width }!
        return Files(
            src: link(widest.path), srcset: srcset(widest.format), webpSrcset: srcset(.webp), avifSrcset: srcset(.avif),
            width: widest.width, height: widest.height, type: widest.format.mediaType)
    }
}
