/// Where a crop is centred, as fractions of the image's width and height (`imageFocus: 0.5,0.3`).
public struct ImageFocus: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = min(1, max(0, x))
        self.y = min(1, max(0, y))
    }

    /// `0.5,0.3` (or `0.5 0.3`), each from 0 to 1; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ (0...1).contains($0) }) else { return nil }
        self.init(x: parts[0], y: parts[1])
    }
}

/// A crop of an image to a fixed size: centred on a focus, or, without one, where libvips'
/// attention measure (skin, saturation, edges) finds the image most interesting.
struct ImageCrop: Sendable, Hashable, Codable {
    var width: Int
    var height: Int
    var focus: ImageFocus?

    /// The largest rectangle of the crop's shape that fits in an image of the given size.
    func fittedSize(inWidth imageWidth: Int, height imageHeight: Int) -> (width: Int, height: Int) {
        if imageWidth * height > imageHeight * width {
            return (max(1, min(imageWidth, (imageHeight * width + height / 2) / height)), imageHeight)
        }
        return (imageWidth, max(1, min(imageHeight, (imageWidth * height + width / 2) / width)))
    }

    /// The rectangle to cut, centred on the focus and kept inside the image; nil without a focus.
    func region(inWidth imageWidth: Int, height imageHeight: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let focus else { return nil }
        let fit = fittedSize(inWidth: imageWidth, height: imageHeight)
        let x = Int((focus.x * Double(imageWidth) - Double(fit.width) / 2).rounded())
        let y = Int((focus.y * Double(imageHeight) - Double(fit.height) / 2).rounded())
        return (min(max(0, x), imageWidth - fit.width), min(max(0, y), imageHeight - fit.height), fit.width, fit.height)
    }
}
