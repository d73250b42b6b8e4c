import Foundation

/// A value shared between threads behind a lock the thread sanitizer sees: an `NSLock`, which is
/// a pthread mutex. Why not Synchronization's `Mutex`: on Linux the sanitizer does not see it, so
/// two threads taking it in turn look like a race, and a rare timing failed CI's sanitizer run.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
