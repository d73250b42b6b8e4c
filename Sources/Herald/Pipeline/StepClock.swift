import Foundation

/// Times the steps of a build (wall-clock and CPU time, so that a step that does not use every
/// core shows) and names the step in any failure.
struct StepClock {
    private let start = DispatchTime.now()
    private(set) var timings: [StepTiming] = []
    /// Called with each step's name as it starts.
    var onStep: ((String) -> Void)? = nil

    init() {}

    /// A clock that tells `progress` of each step as it starts.
    init(progress: (@Sendable (BuildProgress) -> Void)?) {
        onStep = { step in progress?(BuildProgress(step: step, done: 0, total: 0)) }
    }

    /// Runs a step, recording its time; any non-`BuildFailure` error becomes one naming the step.
    mutating func step<T>(_ step: BuildStep, _ work: () throws -> T) throws -> T {
        let name = step.rawValue
        KillPoint.reached("step:" + name)
        onStep?(name)
        let began = DispatchTime.now()
        let cpuBefore = CPUClock.process()
        defer {
            timings.append(
                StepTiming(step: name, seconds: began.secondsElapsed, cpuSeconds: CPUClock.process() - cpuBefore))
        }
        do {
            return try work()
        } catch let failure as BuildFailure {
            throw failure
        } catch let problem as OutputProblem {
            throw problem  // about the output folder, not a line of the input: the caller reports it whole
        } catch let problem as FileSystemProblem {
            throw BuildFailure(step: name, diagnostics: [Diagnostic(path: problem.path, line: 1, problem.message)])
        } catch {
            throw BuildFailure(step: name, diagnostics: [Diagnostic(path: ".", line: 1, "\(error)")])
        }
    }

    /// Adds the parts of the step just run (CPU seconds summed over threads), shown under it.
    mutating func detail(_ parts: [(name: String, cpuSeconds: Double)]) {
        guard var last = timings.popLast() else { return }
        last.parts = parts
        timings.append(last)
    }

    /// Seconds since the clock started.
    var elapsed: Double { start.secondsElapsed }

}
