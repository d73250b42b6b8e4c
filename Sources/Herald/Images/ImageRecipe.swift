import Crypto
import Foundation

/// Which files are made of one image, from its header and the site's `images:` settings (pure):
/// each width no wider than the image (an image is never enlarged), in WebP and a fallback (JPEG
/// for photos, PNG for images with transparency), AVIF when asked, and the card crops.
enum ImageRecipe {
    /// Changes whenever the same recipe would make other bytes (a new encoder setting), so that
    /// cached files of the old ones are not used.
    static let version = "3"

    /// Why an image is published as it is, or nil when it is processed.
    static func reasonToKeepAsIs(_ header: ImageHeader, options: ImageOptions) -> String? {
        if !options.process { return "images.process is false" }
        if header.isVector { return "a vector image" }
        if header.pages > 1 { return "an animation" }
        // An icon or a logo: small, drawn, and best as the PNG or GIF it is.
        if ["png", "gif"].contains(header.formatName), header.width <= (options.widths.first ?? 480) {
            return "a small \(header.formatName.uppercased())"
        }
        return nil
    }

    /// The formats each size is written in, the fallback last.
    static func formats(_ header: ImageHeader, options: ImageOptions) -> [ImageFormat] {
        (options.avif ? [.avif] : []) + [.webp, header.hasAlpha ? .png : .jpeg]
    }

    /// The widths made of an image `width` pixels wide: each configured width it exceeds, and its
    /// own width when a configured one exceeds it.
    static func widths(forImageWidth width: Int, options: ImageOptions) -> [Int] {
        var widths = options.widths.filter { $0 < width }
        if options.widths.contains(where: { $0 >= width }) || widths.isEmpty {
            widths.append(min(width, options.widths.last ?? width))
        }
        return widths
    }

    /// Every file made of the image at `path` (an output path) whose bytes hash to `contentHash`;
    /// `crop` asks for the card crops, centred on its focus when it has one.
    static func outputs(
        path: String, header: ImageHeader, contentHash: String, options: ImageOptions, crop: Bool, focus: ImageFocus?
    ) -> [ImageOutput] {
        guard reasonToKeepAsIs(header, options: options) == nil else { return [] }
        let formats = formats(header, options: options)
        var kinds: [ImageOutput.Kind] = widths(forImageWidth: header.width, options: options).map { width in
            .width(width, height: max(1, Int((Double(width) * Double(header.height) / Double(header.width)).rounded())))
        }
        let ratio = options.cardRatio
        let fit = ImageCrop(width: ratio.width, height: ratio.height).fittedSize(
            inWidth: header.width, height: header.height)
        // An image of the card's shape already (within a pixel) is its own card.
        if crop, abs(fit.width - header.width) > 1 || abs(fit.height - header.height) > 1 {
            var seen = Set<Int>()
            for cardWidth in options.cardWidths {
                let width = min(cardWidth, fit.width)
                guard seen.insert(width).inserted else { continue }
                let height = max(1, Int((Double(width) * Double(ratio.height) / Double(ratio.width)).rounded()))
                kinds.append(.crop(ImageCrop(width: width, height: height, focus: focus)))
            }
        }
        // The square thumbnail, in the fallback format alone: an app's list cell needs one file
        // every platform decodes.
        var thumbnail: ImageOutput.Kind?
        if crop {
            let side = min(options.thumbnailSize, header.width, header.height)
            thumbnail = .thumbnail(ImageCrop(width: side, height: side, focus: focus))
        }
        var outputs: [ImageOutput] = []
        for kind in kinds + (thumbnail.map { [$0] } ?? []) {
            for format in kind == thumbnail ? [formats.last!] : formats {
                let quality =
                    switch format {
                    case .jpeg: options.jpegQuality
                    case .webp: options.webpQuality
                    case .avif: options.avifQuality
                    case .png: 100
                    }
                let (width, height, size): (Int, Int, String) =
                    switch kind {
                    case .width(let width, let height): (width, height, String(width))
                    case .crop(let crop): (crop.width, crop.height, "card\(crop.width)")
                    case .thumbnail(let crop): (crop.width, crop.height, "thumb\(crop.width)")
                    }
                let key = hash("\(version)|\(contentHash)|\(describe(kind))|\(format.rawValue)|\(quality)")
                outputs.append(
                    ImageOutput(
                        kind: kind, format: format, quality: quality, width: width, height: height, key: key,
                        path: URLLayout.processedImagePath(
                            original: path, size: size, hash: String(key.prefix(10)), format: format)))
            }
        }
        return outputs
    }

    /// A kind in words, for its key.
    private static func describe(_ kind: ImageOutput.Kind) -> String {
        switch kind {
        case .width(let width, let height): return "w\(width)x\(height)"
        case .crop(let crop), .thumbnail(let crop):
            return "c\(crop.width)x\(crop.height)" + (crop.focus.map { "@\($0.x),\($0.y)" } ?? "@attention")
        }
    }

    /// SHA-256 of text, in hexadecimal.
    static func hash(_ text: String) -> String { hexadecimal(SHA256.hash(data: Data(text.utf8))) }

    /// SHA-256 of bytes, in hexadecimal.
    static func hash(_ data: Data) -> String { hexadecimal(SHA256.hash(data: data)) }

    private static func hexadecimal(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
