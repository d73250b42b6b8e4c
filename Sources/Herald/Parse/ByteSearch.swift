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

    /// Whether the text's UTF-8 holds the bytes of `needle`, a literal of two or more ASCII
    /// characters: its first byte is found with `memchr` (Glibc's module has no `memmem`).
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        precondition(count >= 2, "a needle of two or more bytes")
        let start = needle.utf8Start
        var text = text
        return text.withUTF8 { buffer in
            firstIndex(of: start[0], in: buffer) { index in
                index + count <= buffer.count && memcmp(buffer.baseAddress! + index, start, count) == 0
            } != nil
        }
    }

    /// Whether the text's UTF-8 has `first` directly followed by `second` or `third`.
    static func contains(_ text: String, _ first: UInt8, followedByOneOf second: UInt8, _ third: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            firstIndex(of: first, in: buffer) { index in
                index + 1 < buffer.count && (buffer[index + 1] == second || buffer[index + 1] == third)
            } != nil
        }
    }

    /// Whether `bytes` has `first` directly followed by `second`.
    static func contains(_ bytes: [UInt8], _ first: UInt8, followedBy second: UInt8) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            firstIndex(of: first, in: buffer) { index in index + 1 < buffer.count && buffer[index + 1] == second }
                != nil
        }
    }

    /// The first index of `byte` in `buffer` where `accept` holds, each found with `memchr`.
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, where accept: (Int) -> Bool) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        var from = 0
        while from < buffer.count, let found = memchr(base + from, Int32(byte), buffer.count - from) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if accept(index) { return index }
            from = index + 1
        }
        return nil
    }
}
