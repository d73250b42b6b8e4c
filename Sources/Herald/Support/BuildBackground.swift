/// The work a build starts on other cores, each waited for before the build ends either way, so
/// that a failed build's staging folder is never removed while work goes on in it.
final class BuildBackground {
    private var waits: [() -> Void] = []

    /// Starts `work` on another core.
    func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> BackgroundWork<Value> {
        let started = BackgroundWork(work)
        waits.append { _ = started.wait() }
        return started
    }

    /// Waits for every work started.
    func waitForAll() {
        for wait in waits { wait() }
    }
}
