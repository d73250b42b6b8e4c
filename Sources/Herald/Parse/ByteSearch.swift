import Foundation

/// Quick looks for bytes with `memchr`, so that reading and the Markdown extensions can skip
/// work on text that cannot need it.
enum ByteSearch {
    /// Whether the text's UTF-8 holds `byte`. `text.utf8.contains(byte)` walks the string's
    /// indices one byte at a time, which was 1% of a build (perf) for files read whole.
    static func contains(_ text: String, _ byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        }
    }

    /// Whether the text's UTF-8 has `first` directly followed by `second` or `third`.
    static func contains(_ text: String, _ first: UInt8, followedByOneOf second: UInt8, _ third: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return false }
            var from = 0
            while from < buffer.count, let found = memchr(base + from, Int32(first), buffer.count - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if index + 1 < buffer.count, buffer[index + 1] == second || buffer[index + 1] == third { return true }
                from = index + 1
            }
            return false
        }
    }

    /// Whether `bytes` has `first` directly followed by `second`.
    static func contains(_ bytes: [UInt8], _ first: UInt8, followedBy second: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var from = 0
            while from < buffer.count, let found = memchr(base + from, Int32(first), buffer.count - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if index + 1 < buffer.count, buffer[index + 1] == second { return true }
                from = index + 1
            }
            return false
        }
    }
}
