import Synchronization

/// Tells work running on other threads that its result is no longer wanted, so that it ends at its
/// next check instead of running to the end.
final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Asks the work to stop.
    func raise() { raised.store(true, ordering: .relaxed) }

    /// Whether the work was asked to stop.
    var isRaised: Bool { raised.load(ordering: .relaxed) }
}
