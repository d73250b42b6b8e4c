import Foundation

/// How images are processed (`images:` in `site.yml`): the widths made of each, the formats and
/// their quality, the crop cards get, and what is published of the originals.
public struct ImageOptions: Sendable, Equatable, Hashable {
    /// Whether local raster images are processed at all (`images.process: false` copies them as
    /// they are, as Herald did before it had images).
    public var process = true
    /// The widths each image is made in, smallest first; an image is never enlarged, so one
    /// narrower than a width gets its own width instead.
    public var widths = [480, 720, 960, 1600]
    /// JPEG quality (1–100) of the fallback of photos.
    public var jpegQuality = 80
    /// WebP quality (1–100).
    public var webpQuality = 78
    /// Whether AVIF is made too (smaller than WebP, slower to make).
    public var avif = false
    /// AVIF quality (1–100).
    public var avifQuality = 55
    /// The shape of the crop cards show, as width and height (the default theme's is 1200:630).
    public var cardRatio = (width: 1200, height: 630)
    /// The widths the card crop is made in.
    public var cardWidths = [480, 720, 960]
    /// The side of the square thumbnail made of each cover, for list cells in apps (the API's
    /// `image.thumbnail`).
    public var thumbnailSize = 240
    /// An original larger than this (in bytes) is not published, unless `keepOriginal`.
    public var maxOriginalBytes = 1_048_576
    /// Whether originals over `maxOriginalBytes` are published all the same.
    public var keepOriginal = false
    /// The most pixels an image may have, read from its header before any is decoded: a few KB
    /// of PNG can claim 50,000 × 50,000 pixels and take gigabytes to decode.
    public var maxPixels = 100_000_000

    /// The default settings.
    public init() {}

    public static func == (lhs: ImageOptions, rhs: ImageOptions) -> Bool { lhs.fingerprint == rhs.fingerprint }
    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    /// Every setting in one line of text, for cache keys and comparisons.
    var fingerprint: String {
        "process=\(process) widths=\(widths) jpeg=\(jpegQuality) webp=\(webpQuality) avif=\(avif):\(avifQuality) card=\(cardRatio.width)x\(cardRatio.height)@\(cardWidths) thumbnail=\(thumbnailSize) original=\(maxOriginalBytes):\(keepOriginal) pixels=\(maxPixels)"
    }
}
