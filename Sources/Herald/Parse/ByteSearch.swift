import Foundation

/// Quick looks for byte pairs with `memchr`, so that the Markdown extensions can skip work on
/// text that cannot need it.
enum ByteSearch {
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
