import Dispatch
import Foundation
import Synchronization

/// Folders a command removes when it is interrupted: Ctrl-C (SIGINT), `timeout` and CI runners
/// (SIGTERM), a closed terminal (SIGHUP).
///
/// A build stages its output beside the output folder; interrupted, it would leave a staging
/// folder as large as the site (once 33 GB) until the next build removed it. The signals are
/// caught with dispatch sources, so the folders are removed on an ordinary thread rather than in
/// a signal handler; then the process ends with the status a shell gives a program ended by that
/// signal (130 for Ctrl-C, 143 for SIGTERM). `kill -9` cannot be caught: the next
/// build removes what such a build left (`OutputTree.removeAbandonedStaging`).
///
/// Only the commands that end when their work does (`herald build`, `publish`, `import`) install
/// it: `herald serve` stops gracefully on the same signals.
public enum InterruptCleanup {
    private static let folders = Locked<Set<String>>([])
    private static let sources = Locked<[DispatchSourceSignal]>([])
    private static let queue = DispatchQueue(label: "herald.interrupt", qos: .userInteractive)

    /// Catches the interrupting signals from now on, for this process.
    public static func install() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM, SIGHUP] {
                signal(number, SIG_IGN)
                // A queue of its own, which gets a thread even while the build keeps every core's
                // thread busy (the global queue waited for one: a SIGTERM was acted on 10 s late).
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { interrupted(by: number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Removes `path` if the process is interrupted before `forget(path)`.
    public static func removeOnInterrupt(_ path: String) { folders.withLock { _ = $0.insert(path) } }

    /// The folder was committed or removed: an interruption leaves it alone.
    public static func forget(_ path: String) { folders.withLock { _ = $0.remove(path) } }

    /// Whether an interrupting signal has arrived: the command is ending, and a failure its
    /// writers meet from now on (their staging folder is being removed) is not worth telling.
    public static var isInterrupted: Bool { interruption.withLock { $0 } }
    private static let interruption = Locked(false)

    /// Parks the calling thread for good once the command is interrupted, so that it prints no
    /// failure caused by the clean-up while the clean-up ends the process.
    public static func waitIfInterrupted() {
        while isInterrupted { sleep(60) }
    }

    /// Runs `change`, which adds to or moves a folder the clean-up removes, unless the command is
    /// interrupted: then the calling thread parks, and the change is never made. The clean-up
    /// waits for the changes under way before it removes anything. Without this, a file written
    /// into a folder between the removal's listing of it and its `rmdir` kept the folder (and the
    /// staging folder above it) in place: the clean-up failed under load.
    public static func changing<T>(_ change: () throws -> T) rethrows -> T {
        guard changes.enter() else { parkForGood() }
        defer { changes.leave() }
        return try change()
    }

    private static let changes = ChangeGate()

    private static func parkForGood() -> Never {
        while true { sleep(60) }
    }

    private static func interrupted(by number: Int32) {
        interruption.withLock { $0 = true }
        changes.closeAndDrain()
        for path in folders.withLock({ $0 }) {
            // Again if it failed: a write stuck past the drain's wait may still have added a file.
            for _ in 0..<3 where FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        // The shell's status for a program ended by a signal (130 for Ctrl-C). Exiting, not
        // raising the signal again: libdispatch keeps caught signals blocked in its threads.
        _exit(128 + number)
    }
}

/// Counts the changes under way to the folders `InterruptCleanup` removes, and once closed lets no
/// new one begin. The count and the closed mark share one atomic word, so a change either began
/// before the gate closed (and is waited for) or sees it closed (and is not made).
final class ChangeGate: Sendable {
    private static let closed = 1 << 40
    private let state = Atomic<Int>(0)

    /// Whether a change may begin; if so, `leave` must follow it.
    func enter() -> Bool {
        let now = state.wrappingAdd(1, ordering: .acquiring).newValue
        guard now & Self.closed == 0 else {
            state.wrappingSubtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    func leave() { state.wrappingSubtract(1, ordering: .releasing) }

    /// Closes the gate and waits for the changes under way, but not for ever: a write stuck on
    /// a dead network disk must not keep an interrupted command alive.
    func closeAndDrain(waitingAtMost limit: Duration = .seconds(10)) {
        state.bitwiseOr(Self.closed, ordering: .acquiringAndReleasing)
        let deadline = ContinuousClock.now + limit
        while state.load(ordering: .acquiring) & ~Self.closed != 0, ContinuousClock.now < deadline { usleep(1000) }
    }
}
