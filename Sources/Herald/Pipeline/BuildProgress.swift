/// Where a build is: a step that has just started (`step`), or how many of a step's files are
/// written (`done` of `total`, with `step` nil).
public struct BuildProgress: Sendable, Equatable {
    /// The step that starts, e.g. "render and write pages".
    public var step: String?
    /// Files written so far in the current step.
    public var done: Int
    /// Files the current step writes.
    public var total: Int

    /// Where a build is (`herald import` shows its own steps on the same progress line).
    public init(step: String?, done: Int, total: Int) {
        self.step = step
        self.done = done
        self.total = total
    }
}
