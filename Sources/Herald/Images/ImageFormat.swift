/// A format Herald writes images in.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case avif, webp, jpeg, png

    /// The file name extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The media type, for `<source type>`, feeds' enclosures and the API.
    public var mediaType: String { "image/" + rawValue }
}
