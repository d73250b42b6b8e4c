/// What an image file's header says, read before any pixel is decoded.
public struct ImageHeader: Sendable, Equatable, Codable {
    /// Width and height as the image is seen: turned by its EXIF orientation.
    public var width: Int
    public var height: Int
    /// Whether it has an alpha channel (then its fallback is PNG, not JPEG).
    public var hasAlpha: Bool
    /// libvips' loader, e.g. `jpegload_buffer`, `svgload_buffer`.
    public var loader: String
    /// Frames: more than one for an animation, which is published as it is.
    public var pages: Int
    /// Whether its EXIF data says where it was taken: such an original is not published (its
    /// processed files carry no metadata) unless `images.keepOriginal` says so.
    public var hasGPS = false

    /// Pixels to decode.
    public var pixels: Int { width * height }

    /// Whether the file is a vector image (SVG, PDF), published as it is at any size.
    public var isVector: Bool { loader.hasPrefix("svgload") || loader.hasPrefix("pdfload") }

    /// The format of the original, as libvips read it.
    public var formatName: String {
        let name = loader.split(separator: "_").first.map(String.init) ?? loader
        return name.hasSuffix("load") ? String(name.dropLast(4)) : name
    }
}
