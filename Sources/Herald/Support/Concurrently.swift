import Dispatch

/// Runs two pieces of work at once (on two cores, where there are two) and returns both results:
/// for a step with two independent halves that would otherwise leave a core idle.
func concurrently<First: Sendable, Second: Sendable>(_ first: @Sendable () -> First, _ second: @Sendable () -> Second) -> (First, Second) {
    let results = PairOfResults<First, Second>()
    DispatchQueue.concurrentPerform(iterations: 2) { half in
        if half == 0 { results.first = first() } else { results.second = second() }
    }
    return (results.first!, results.second!)
}

/// Where `concurrently`'s halves put their results: each half writes its own field, once, and
/// both are read only after both halves have finished.
private final class PairOfResults<First, Second>: @unchecked Sendable {
    var first: First?
    var second: Second?
}
