import CVips
import Foundation

/// Herald's calls into libvips: headers, and an image's outputs made from its bytes. Bytes in,
/// bytes out; the files are read and written by the caller.
enum ImageCodec {
    /// libvips started once per process, on first use.
    private static let started: Bool = herald_vips_start() == 0

    /// Starts libvips if it is not yet.
    static func start() throws(ImageProblem) {
        guard started else { throw notStarted }
    }

    /// Why libvips is not there to use: not installed, too old, or failing to start.
    private static var notStarted: ImageProblem { ImageProblem(String(cString: herald_vips_load_error())) }

    /// Whether libvips runs liborc's run-time compiled code, which `herald_vips_start` turns off
    /// (see there why).
    static var runsCompiledVectorCode: Bool { herald_vips_vectors_enabled() != 0 }

    /// The header of an image, read without decoding its pixels.
    static func header(of data: Data) throws(ImageProblem) -> ImageHeader {
        guard started else { throw notStarted }
        var raw = HeraldImageHeader()
        let status = data.withUnsafeBytes { bytes in herald_vips_header(bytes.baseAddress, bytes.count, &raw) }
        guard status == 0 else { throw lastError() }
        let loader = withUnsafeBytes(of: raw.loader) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // Orientations 5 to 8 turn the image by a quarter: its width is the stored height.
        let turned = (5...8).contains(raw.orientation)
        return ImageHeader(
            width: Int(turned ? raw.height : raw.width), height: Int(turned ? raw.width : raw.height),
            hasAlpha: raw.hasAlpha != 0, loader: loader, pages: Int(max(1, raw.pages)), hasGPS: raw.hasGPS != 0)
    }

    /// Makes `outputs` of the image in `data` (upright, sRGB, metadata stripped), in order.
    /// The image is decoded once, at the widest size any output needs.
    static func make(_ outputs: [ImageOutput], from data: Data, header: ImageHeader) throws(ImageProblem) -> [Data] {
        guard started else { throw notStarted }
        guard !outputs.isEmpty else { return [] }
        let widest = outputs.map { $0.kind.decodeWidth(header: header) }.max() ?? header.width
        let result: Result<[Data], ImageProblem> = data.withUnsafeBytes { bytes in
            var upright: OpaquePointer?
            guard herald_vips_upright(bytes.baseAddress, bytes.count, Int32(widest), &upright) == 0, let upright else {
                return .failure(lastError())
            }
            defer { herald_vips_release(upright) }
            var made: [Data] = []
            made.reserveCapacity(outputs.count)
            // Outputs of the same size share one resized image.
            var sized: (kind: ImageOutput.Kind, image: OpaquePointer)? = nil
            defer { if let sized { herald_vips_release(sized.image) } }
            for output in outputs {
                if sized?.kind != output.kind {
                    if let sized { herald_vips_release(sized.image) }
                    sized = nil
                    switch shaped(upright, to: output.kind) {
                    case .success(let image): sized = (output.kind, image)
                    case .failure(let problem): return .failure(problem)
                    }
                }
                switch encode(sized!.image, output) {
                case .success(let bytes): made.append(bytes)
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(made)
        }
        return try result.get()
    }

    /// The upright image resized (and for a card, cropped) to an output's size.
    private static func shaped(
        _ image: OpaquePointer, to kind: ImageOutput.Kind
    ) -> Result<OpaquePointer, ImageProblem> {
        let (width, height) = (Int(herald_vips_width(image)), Int(herald_vips_height(image)))
        switch kind {
        case .width(let wanted, let tall):
            var out: OpaquePointer?
            guard herald_vips_resize(image, Int32(wanted), Int32(tall), &out) == 0, let out else {
                return .failure(lastError())
            }
            return .success(out)
        case .crop(let crop), .thumbnail(let crop):
            // Scale so the crop's shape fills the image, then cut it at the focus (or where
            // libvips' attention measure looks), then bring it to the crop's size.
            let region = crop.region(inWidth: width, height: height)
            var cut: OpaquePointer?
            if let region {
                guard
                    herald_vips_crop(
                        image, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height), &cut) == 0
                else { return .failure(lastError()) }
            } else {
                let fit = crop.fittedSize(inWidth: width, height: height)
                guard herald_vips_smartcrop(image, Int32(fit.width), Int32(fit.height), &cut) == 0 else {
                    return .failure(lastError())
                }
            }
            guard let cut else { return .failure(lastError()) }
            defer { herald_vips_release(cut) }
            var out: OpaquePointer?
            guard herald_vips_resize(cut, Int32(crop.width), Int32(crop.height), &out) == 0, let out else {
                return .failure(lastError())
            }
            return .success(out)
        }
    }

    /// The values of one pixel of an encoded image (for tests of what was drawn).
    static func pixel(of data: Data, x: Int, y: Int) throws(ImageProblem) -> [Double] {
        try start()
        var values = [Double](repeating: 0, count: 4)
        var count: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            herald_vips_pixel(bytes.baseAddress, bytes.count, Int32(x), Int32(y), &values, &count)
        }
        guard status == 0 else { throw lastError() }
        return Array(values.prefix(Int(count)))
    }

    /// `image` made into pixels in memory, which replaces (and releases) it.
    static func inMemory(
        _ image: OpaquePointer
    ) throws(ImageProblem) -> OpaquePointer {
        defer { herald_vips_release(image) }
        guard let memory = herald_vips_memory(image) else { throw lastError() }
        return memory
    }

    /// One output's bytes.
    static func encode(_ image: OpaquePointer, _ output: ImageOutput) -> Result<Data, ImageProblem> {
        let format: HeraldImageFormat =
            switch output.format {
            case .jpeg: HERALD_JPEG
            case .png: HERALD_PNG
            case .webp: HERALD_WEBP
            case .avif: HERALD_AVIF
            }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard herald_vips_save(image, format, Int32(output.quality), &buffer, &length) == 0, let buffer else {
            return .failure(lastError())
        }
        defer { herald_vips_free(buffer) }
        let bytes = Data(bytes: buffer, count: length)
        return .success(output.format == .webp ? WebPMetadata.strip(bytes) : bytes)
    }

    /// libvips' last error on this thread, as one line.
    static func lastError() -> ImageProblem {
        var message = [CChar](repeating: 0, count: 512)
        herald_vips_error(&message, message.count)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // libvips names its loader ("VipsForeignLoad: buffer is not in a known format"); an editor
        // needs to know what the file should have been.
        if text.contains("not in a known format") {
            return ImageProblem("it is not a JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF image")
        }
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return ImageProblem(lines.isEmpty ? "libvips could not read it" : lines.joined(separator: "; "))
    }
}

/// Why an image could not be read or made.
public struct ImageProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
