import Dispatch

/// Runs two pieces of work at once (on two cores, where there are two) and returns both results:
/// for a step with two independent halves that would otherwise leave a core idle.
func concurrently<First: Sendable, Second: Sendable>(
    _ first: () -> First, _ second: @escaping @Sendable () -> Second
) -> (First, Second) {
    let other = BackgroundWork(second)
    let firstResult = first()
    return (firstResult, other.wait())
}

/// Work started on a thread of its own, whose result is waited for later. A thread of its own,
/// not an iteration of `concurrentPerform`: parallel work (`parallelMap`) nested in
/// `concurrentPerform` runs on one core, and work given to the background may be parallel.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once by the work, read only after `done` has finished.
    private var value: Value?

    /// Starts `work`.
    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async(group: done) { self.value = work() }
    }

    /// Waits for the work to end, and gives its result.
    func wait() -> Value {
        done.wait()
        return value!
    }
}
