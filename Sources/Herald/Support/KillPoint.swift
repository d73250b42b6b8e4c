import Foundation
import Synchronization

/// Named moments of a build at which the fault tests stop herald dead (`SIGKILL`, as a power cut
/// or the OOM killer would), so every moment that matters to the output's safety is tried on every
/// run instead of by chance. Set `HERALD_TEST_KILL_AT` to a point's name: `step:<step>` as a build
/// step starts (`step:render and write pages`), `staged:1` and `staged:half` after the first and
/// about half of the output's files are staged, and `before-swap`, `after-swap`, `after-marker` and
/// `after-record` as the output is put in place (`HERALD_TEST_KILL_SIGNAL` sends another signal
/// than SIGKILL, as Ctrl-C or `timeout` would). Unset (always, but in those tests) it costs one
/// comparison with nil.
enum KillPoint {
    /// The point named by the environment, read once.
    static let target: String? = ProcessInfo.processInfo.environment["HERALD_TEST_KILL_AT"]

    /// The signal sent there: SIGKILL, or the one `HERALD_TEST_KILL_SIGNAL` names (`TERM`, `INT`,
    /// `HUP`), which an interrupted build catches to remove its staging folder.
    static let signal: Int32 =
        ["TERM": SIGTERM, "INT": SIGINT, "HUP": SIGHUP][
            ProcessInfo.processInfo.environment["HERALD_TEST_KILL_SIGNAL"] ?? ""] ?? SIGKILL

    /// Stops the process at once when `name` is the target.
    static func reached(_ name: @autoclosure () -> String) {
        guard let target, target == name() else { return }
        kill(getpid(), signal)
        // A caught signal is handled on another thread; this one waits for it, as a thread busy
        // writing would, rather than carrying the build on to its end.
        if signal != SIGKILL { sleep(10) }
    }

    /// Counts files staged by the output, to stop after the first and at about half of them.
    static let staged = Atomic<Int>(0)
    static let expectedFiles = Atomic<Int>(0)

    /// The number of files the output will stage, for `staged:half`.
    static func expect(files: Int) {
        guard target != nil else { return }
        expectedFiles.store(files, ordering: .relaxed)
    }

    /// One more file staged.
    static func stagedFile() {
        guard target != nil else { return }
        let count = staged.add(1, ordering: .relaxed).newValue
        reached(
            count == 1 ? "staged:1" : count == max(2, expectedFiles.load(ordering: .relaxed) / 2) ? "staged:half" : "")
    }
}
