import Foundation

/// Why a publish stopped, naming the step that failed and what the target serves now.
public struct PublishFailure: Error, Sendable, CustomStringConvertible {
    /// The step that failed (`upload pages`, `push`, `swap folders`).
    public var step: String
    /// What went wrong.
    public var message: String
    /// What the target serves after the failure, when the step knows it.
    public var targetState: String?

    /// A failure of `step`.
    public init(step: String, _ message: String, targetState: String? = nil) {
        self.step = step
        self.message = message
        self.targetState = targetState
    }

    /// `publish failed at "push": … ; the target still serves the previous site`.
    public var description: String {
        "publish failed at \"\(step)\": \(message)" + (targetState.map { "; \($0)" } ?? "")
    }
}

/// Runs one named step of a publish: any error that is not already a `PublishFailure` becomes one
/// naming the step, and `targetState` (what the target serves if this step fails) is attached.
@discardableResult
func step<T>(_ name: String, targetState: String? = nil, _ work: () throws -> T) throws -> T {
    do {
        return try work()
    } catch var failure as PublishFailure {
        if failure.targetState == nil { failure.targetState = targetState }
        throw failure
    } catch {
        throw PublishFailure(step: name, "\(error)", targetState: targetState)
    }
}
