import Foundation

/// Writes bytes to a file descriptor whole: `write(2)` may write fewer than asked, or be
/// interrupted by a signal before writing any, and neither is a failure.
enum WholeWrite {
    /// Whether all of `bytes` were written to `descriptor`.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let count = Glibc.write(descriptor, next, left)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            next += count
            left -= count
        }
        return true
    }
}
