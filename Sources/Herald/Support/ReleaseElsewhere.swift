import Dispatch

/// Values a function is done with, freed on another thread once the function has returned.
///
/// Why: freeing a build's pages, documents and parsed items took 45–60 ms on the 10,000-item
/// corpus (perf) with the other core idle. Freeing them on another thread is only half of it: a
/// buffer is freed by whichever thread lets go of it last, and the function's own locals, let go
/// when it returns, were often last, so the freeing still happened in the build's thread, as the
/// threads raced. Here the other thread lets go only when `letGo()` says that the function that
/// `hold` them has returned, so every local is gone and the other thread is always last.
/// `herald build` may end before that thread does, and the system takes the memory back at once.
/// When the process ends with the build (`BuildOptions.processEndsWithBuild`), nothing is let go
/// of at all: freeing it still took the other core while the output was swapped in.
final class ReleaseElsewhere: @unchecked Sendable {
    private let returned = DispatchSemaphore(value: 0)
    private let held = DispatchGroup()
    private let freeing: Bool

    /// Values held are freed (`freeing`) or kept until the process ends.
    init(freeing: Bool = true) {
        self.freeing = freeing
    }

    /// Keeps `values` until `letGo()`, then lets go of them on another thread; or, when not
    /// `freeing`, keeps them for good.
    func hold<Values: Sendable>(_ values: Values) {
        guard freeing else {
            _ = Unmanaged.passRetained(Kept(values))
            return
        }
        DispatchQueue.global(qos: .utility).async(group: held) { [returned] in
            returned.wait()
            // Signalled again for the next `hold`, if any: each waits for the one `letGo()`.
            returned.signal()
            withExtendedLifetime(values) {}
        }
    }

    /// Says that the function that held the values has returned: they may be let go of.
    func letGo() {
        returned.signal()
    }

    /// Waits until every value held is let go of (for tests that count what is freed).
    func waitUntilReleased() {
        held.wait()
    }
}

/// Values kept until the process ends (see `ReleaseElsewhere.hold`).
private final class Kept<Values: Sendable>: Sendable {
    let values: Values
    init(_ values: Values) { self.values = values }
}
