/// One file made of an image: a size (a width, or a crop) in one format.
public struct ImageOutput: Sendable, Hashable, Codable {
    /// What is made.
    enum Kind: Sendable, Hashable, Codable {
        /// The whole image resized to this width and height.
        case width(Int, height: Int)
        /// The card crop, resized to the crop's size.
        case crop(ImageCrop)
        /// The square thumbnail, a crop too.
        case thumbnail(ImageCrop)

        /// The crop, for either kind of crop.
        var crop: ImageCrop? {
            switch self {
            case .width: return nil
            case .crop(let crop), .thumbnail(let crop): return crop
            }
        }

        /// The width the image must be decoded at for this output.
        func decodeWidth(header: ImageHeader) -> Int {
            switch self {
            case .width(let width, _): return width
            case .crop(let crop), .thumbnail(let crop):
                // Big enough that the crop's region, cut from it, is at least the crop's size.
                let fit = crop.fittedSize(inWidth: header.width, height: header.height)
                let scale = max(Double(crop.width) / Double(fit.width), Double(crop.height) / Double(fit.height))
                return min(header.width, Int((Double(header.width) * scale).rounded(.up)))
            }
        }
    }

    var kind: Kind
    /// The format written.
    public var format: ImageFormat
    /// Its quality (1–100).
    var quality: Int
    /// The file's size in pixels.
    public var width: Int
    public var height: Int
    /// The cache key: a hash of the source's bytes and everything above, in hexadecimal.
    var key: String
    /// Where it is published (an output path, such as `images/gala.480.3f2a9c1b07.webp`).
    public var path: String

    /// Whether this is the square thumbnail.
    public var isThumbnail: Bool {
        if case .thumbnail = kind { return true }
        return false
    }

    /// Whether this is a crop (the card's or the thumbnail) rather than the whole image.
    public var isCrop: Bool { kind.crop != nil }
}
