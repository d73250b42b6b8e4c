import Foundation
import Synchronization

extension Build {
    /// Makes and writes files on all cores. Returns how many were written; the others had the
    /// same bytes as in the previous output and were kept. Every failure is reported.
    func writeAll<Element: Sendable>(
        _ elements: [Element], to output: OutputSink, path: @Sendable (Element) -> String,
        bytes: @Sendable (Element) throws -> Data
    ) throws -> Int {
        let done = Atomic<Int>(0)
        let (progress, total) = (self.progress, elements.count)
        // A hundred updates at most: a terminal line needs no more, and each one is a call across threads.
        let every = max(1, total / 100)
        let outcomes = elements.parallelMap { element -> Result<Bool, OutputProblem> in
            defer {
                let count = done.add(1, ordering: .relaxed).newValue
                if let progress, count % every == 0 || count == total {
                    progress(BuildProgress(step: nil, done: count, total: total))
                }
            }
            do {
                return .success(try output.write(path(element), try bytes(element)))
            } catch let problem as OutputProblem {
                return .failure(problem)
            } catch let problem as FileSystemProblem {
                return .failure(OutputProblem(path: problem.path, message: problem.message, isInput: true))
            } catch {
                return .failure(OutputProblem(path: path(element), message: error.localizedDescription))
            }
        }
        let failures = outcomes.compactMap { outcome -> OutputProblem? in
            guard case .failure(let problem) = outcome else { return nil }
            return problem
        }
        // A full disk or a read-only folder fails every file alike: one message, not one per file
        // (and not naming the files, which depend on which writer ran out of space first).
        if let whole = failures.lazy.compactMap({ $0.asWholeOutput(self.options.outputPath) }).first { throw whole }
        let problems = failures.map {
            $0.isInput
                ? Diagnostic(path: $0.path, line: 1, $0.message)
                : Diagnostic(path: options.outputPath, line: 1, "could not write \($0)")
        }
        if !problems.isEmpty { throw BuildFailure(step: .writeOutput, diagnostics: problems) }
        return outcomes.filter { (try? $0.get()) == true }.count
    }
}
