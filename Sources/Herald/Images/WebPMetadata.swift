import Foundation

/// Takes the EXIF and XMP chunks out of a WebP file. libvips 8.14 (Debian 12's) writes an EXIF
/// chunk into every WebP even when told to strip metadata; its other writers honour the request.
/// A WebP file is a RIFF container: `RIFF`, the size of the rest, `WEBP`, then chunks (a four-letter
/// name, a little-endian size, the data, padded to an even length). The extended header `VP8X`
/// flags which chunks follow, so its EXIF and XMP flags are cleared with them.
enum WebPMetadata {
    /// The file without its EXIF and XMP chunks; anything that is not a well-formed WebP is
    /// returned as it is.
    static func strip(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { return data }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var removed = false
        var at = 12
        while at + 8 <= bytes.count {
            let name = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size =
                Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            let end = at + 8 + size + (size & 1)
            guard end <= bytes.count else { return data }
            if name == "EXIF" || name == "XMP " {
                removed = true
            } else {
                var chunk = Array(bytes[at..<end])
                // VP8X's first byte holds the flags: 0x08 says EXIF follows, 0x04 XMP.
                if name == "VP8X", chunk.count > 8 { chunk[8] &= ~UInt8(0x08 | 0x04) }
                kept += chunk
            }
            at = end
        }
        guard removed, at == bytes.count else { return data }
        let size = UInt32(kept.count + 4)
        let header: [UInt8] =
            Array("RIFF".utf8) + [
                UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
            ] + Array("WEBP".utf8)
        return Data(header + kept)
    }
}
