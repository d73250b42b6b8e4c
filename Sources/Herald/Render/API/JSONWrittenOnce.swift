import Synchronization

/// The JSON of a value that many documents carry, kept once written, by indentation: the value's
/// copies share one of these, and `JSONByteEncoder` copies the bytes rather than encoding the
/// value again.
///
/// Why: an image's files (seven, with their sizes) appear in every list card of the API that
/// shows the image; encoded in each, they were 0.15 of the 10,000-item build's CPU-seconds (perf).
final class JSONWrittenOnce: Sendable, Hashable {
    /// Bytes by indentation: depth, doubled, plus one when pretty.
    private let written = Locked<[Int: [UInt8]]>([:])

    init() {}

    /// The value's JSON at `depth`, written by `write` the first time it is asked for.
    func bytes(pretty: Bool, depth: Int, write: () throws -> [UInt8]) rethrows -> [UInt8] {
        let key = depth * 2 + (pretty ? 1 : 0)
        if let known = written.withLock({ $0[key] }) { return known }
        // Written outside the lock: two threads may both write it once, with the same bytes.
        let bytes = try write()
        written.withLock { $0[key] = bytes }
        return bytes
    }

    // A cache carries no value of its own: whatever holds it compares and hashes as if it were not there.
    static func == (lhs: JSONWrittenOnce, rhs: JSONWrittenOnce) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
