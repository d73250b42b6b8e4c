import Foundation

/// What feeds, the JSON API and structured data say of an item's cover, with absolute URLs: the
/// widest file every reader decodes, its size, each size made, the card crop and the square
/// thumbnail. A cover elsewhere (`https://…`) has its URL alone.
struct ImageFacts: Sendable, Hashable, Encodable {
    /// One file: its absolute URL, size in pixels and media type.
    struct File: Sendable, Hashable, Encodable {
        var url: String
        var width: Int
        var height: Int
        var type: String
    }

    /// The widest fallback (JPEG or PNG), or the image as published when nothing was made of it.
    var url: String
    var width: Int?
    var height: Int?
    var type: String?
    /// Every size made, in every format, narrowest first.
    var srcset: [File]
    /// The card crop's widest fallback.
    var card: File?
    /// The square thumbnail, for list cells.
    var thumbnail: File?

    init(url: String, width: Int?, height: Int?, type: String?, srcset: [File], card: File?, thumbnail: File?) {
        (self.url, self.width, self.height, self.type) = (url, width, height, type)
        (self.srcset, self.card, self.thumbnail) = (srcset, card, thumbnail)
    }

    /// The facts of the cover written as `written`, measured as `image` when it is the site's own.
    init(written: String, image: SiteImage?, urls: SiteURLs) {
        func file(_ output: ImageOutput) -> File {
            File(
                url: urls.absolute(output.path), width: output.width, height: output.height,
                type: output.format.mediaType)
        }
        guard let image else {
            url = urls.absoluteAsset(written)
            srcset = []
            return
        }
        let fallbacks = image.resized.filter { $0.format == .jpeg || $0.format == .png }
        if let widest = fallbacks.max(by: { $0.width < $1.width }) {
            (url, width, height, type) = (
                urls.absolute(widest.path), widest.width, widest.height, widest.format.mediaType
            )
        } else {
            url = urls.absolute(image.path)
            if image.header.width > 0 { (width, height) = (image.header.width, image.header.height) }
        }
        srcset = image.resized.sorted { ($0.width, $0.format.rawValue) < ($1.width, $1.format.rawValue) }.map(file)
        card = image.crops.filter { $0.format == .jpeg || $0.format == .png }.max { $0.width < $1.width }.map(file)
        thumbnail = image.thumbnail.map(file)
    }

    /// Every distinct file structured data may offer search engines: the whole image, the card
    /// crop and the square thumbnail (Google asks for several shapes).
    var shapes: [String] {
        var urls = [url]
        for file in [card, thumbnail].compactMap({ $0 }) where !urls.contains(file.url) { urls.append(file.url) }
        return urls
    }
}
