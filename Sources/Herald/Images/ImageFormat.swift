import Foundation

/// A format Herald writes images in.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case avif, webp, jpeg, png

    /// The file name extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The media type, for `<source type>`, feeds' enclosures and the API.
    public var mediaType: String { "image/" + rawValue }
}

extension ImageFormat {
    /// The extensions of the images a site shows (those Herald writes, and GIF, SVG, TIFF, HEIC),
    /// for suggesting the file a mistyped image path meant.
    static let readExtensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "avif", "gif", "svg", "svgz", "tif", "tiff", "heic", "heif",
    ]

    /// Whether a file name ends as an image's does.
    static func isImageName(_ name: String) -> Bool {
        readExtensions.contains((name as NSString).pathExtension.lowercased())
    }
}
