import Dispatch
import Foundation

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

    private static func interrupted(by number: Int32) {
        interruption.withLock { $0 = true }
        let paths = folders.withLock { $0 }
        // Twice: threads still writing may have added files while the first pass ran.
        for _ in 0..<2 {
            for path in paths { try? FileManager.default.removeItem(atPath: path) }
        }
        // The shell's status for a program ended by a signal (130 for Ctrl-C). Exiting, not
        // raising the signal again: libdispatch keeps caught signals blocked in its threads.
        _exit(128 + number)
    }
}
