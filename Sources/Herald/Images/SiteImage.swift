/// An image the site shows, measured from its file, with the files made of it.
public struct SiteImage: Sendable, Equatable {
    /// Where the original is published (`images/gala.jpg`, `news/gala/photo.jpg`).
    public var path: String
    /// The file it is read from (`static/images/gala.jpg`, `content/news/gala/photo.jpg`).
    public var source: String
    /// What its header says.
    public var header: ImageHeader
    /// The original's size in bytes.
    public var byteCount: Int
    /// SHA-256 of the original's bytes.
    var contentHash: String
    /// The files made of it: each width in each format, then the card crops; empty when it is
    /// published as it is.
    public var outputs: [ImageOutput]
    /// Whether the original is published too (not when it is over `images.maxOriginalBytes` and
    /// smaller files were made of it).
    public var publishOriginal: Bool
    /// The first content line that shows it, and how it names it ("cover image"), for a
    /// problem found only when it is decoded.
    var firstUse: (path: String, line: Int, what: String)

    public static func == (lhs: SiteImage, rhs: SiteImage) -> Bool {
        lhs.path == rhs.path && lhs.source == rhs.source && lhs.header == rhs.header && lhs.byteCount == rhs.byteCount
            && lhs.contentHash == rhs.contentHash && lhs.outputs == rhs.outputs
            && lhs.publishOriginal == rhs.publishOriginal
    }

    /// The whole image's files, narrowest first.
    var resized: [ImageOutput] { outputs.filter { !$0.isCrop } }
    /// The card crop's files, narrowest first.
    var crops: [ImageOutput] { outputs.filter { $0.isCrop && !$0.isThumbnail } }
    /// The square thumbnail, when one was made.
    var thumbnail: ImageOutput? { outputs.first(where: \.isThumbnail) }
}

/// Every image the site's content shows, by where its original is published and the focus its
/// crop is centred on (two items may crop one photo differently).
public struct ImageCatalog: Sendable {
    /// An image and the focus of its crop.
    struct Key: Hashable, Sendable {
        var path: String
        var focus: ImageFocus?
    }

    var images: [Key: SiteImage] = [:]
    /// The pages' social cards, by the output path of the page (`news/gala/`, `` for the home page).
    public var socialCards: [String: SocialCard] = [:]
    /// How the cards are drawn.
    var socialCardLayout = SocialCardLayout()
    /// The layout's font file on disk, when it names one.
    var fontFile: String?

    /// An empty catalog.
    public init() {}

    /// The images of every language's part of a multilingual site, each once (the same cover is
    /// shown by an item in every language it is listed in).
    static func merging(_ catalogs: [ImageCatalog]) -> ImageCatalog {
        guard var merged = catalogs.first, catalogs.count > 1 else { return catalogs.first ?? ImageCatalog() }
        for catalog in catalogs.dropFirst() {
            merged.images.merge(catalog.images) { first, _ in first }
            merged.socialCards.merge(catalog.socialCards) { first, _ in first }
        }
        return merged
    }

    /// The image published at `path` (an output path), cropped around `focus`.
    public func image(_ path: String, focus: ImageFocus? = nil) -> SiteImage? { images[Key(path: path, focus: focus)] }

    /// The originals not published (their smaller files stand in for them).
    var withheldOriginals: Set<String> { Set(images.values.filter { !$0.publishOriginal }.map(\.path)) }

    /// Every file to make, each once (the same width of one image is made for every focus), in
    /// path order.
    var outputs: [(output: ImageOutput, image: SiteImage)] {
        var byPath: [String: (ImageOutput, SiteImage)] = [:]
        for image in images.values {
            for output in image.outputs where byPath[output.path] == nil { byPath[output.path] = (output, image) }
        }
        return byPath.keys.sorted().map { byPath[$0]! }
    }

    /// The output path an editor's image URL names (`/images/a.jpg`, `images/a%20b.jpg?v=2`), or
    /// nil for an image elsewhere (`https://…`, `//…`, `data:`).
    static func localPath(_ written: String) -> String? {
        // On the UTF-8 bytes: every delimiter is ASCII, and walking Characters here was 1% of a
        // build's CPU (perf), as every card and page looks up its image.
        let utf8 = written.utf8
        if utf8.isEmpty || utf8.starts(with: "//".utf8) || hasScheme(utf8) { return nil }
        let cut = utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) ?? utf8.endIndex
        let start = utf8[..<cut].firstIndex(where: { $0 != UInt8(ascii: "/") }) ?? cut
        let path = String(Substring(utf8[start..<cut]))
        let decoded = ByteSearch.contains(path, UInt8(ascii: "%")) ? path.removingPercentEncoding ?? path : path
        return decoded.isEmpty ? nil : decoded
    }

    /// Whether a URL starts with a scheme (`https:`, `data:`, `javascript:`), before any `/`:
    /// an ASCII letter, then ASCII letters, digits, `+`, `-` or `.` up to a colon.
    private static func hasScheme(_ url: String.UTF8View) -> Bool {
        guard let colon = url.firstIndex(of: UInt8(ascii: ":")), let first = url.first, isASCIILetter(first) else {
            return false
        }
        return url[..<colon].allSatisfy { byte in
            isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
