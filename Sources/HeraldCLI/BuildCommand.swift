import ArgumentParser
import Foundation
import Herald

/// `herald build`: builds the site folder into the output folder.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder (replaced only when the build succeeds)."
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var selection: ContentSelection
    @OptionGroup var address: BaseURLOption

    @Option(name: .long, help: "Where to write the site (default: site-output/ in the site folder).")
    var output: String?

    @Flag(name: .long, help: "Print how long each step of the build took.")
    var timings = false

    @Flag(name: [.short, .long], help: "Print nothing but warnings and errors.")
    var quiet = false

    @Flag(name: .long, help: "Build everything even when nothing changed since the last build.")
    var force = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Keep a snapshot beside the output, from which the next build rebuilds an edit to articles' bodies alone in a tenth of the time (default: when the output folder is there from an earlier build).",
            discussion:
                "Writing it makes a build about 8% slower; a folder built once, as in CI, is spared that unless --snapshot asks."
        ))
    var snapshot: Bool? = nil

    func run() throws {
        var options = BuildOptions(
            sourcePath: site.source, outputPath: defaultOutput(output, source: site.source),
            includeDrafts: selection.drafts, includeFuture: selection.future,
            now: try site.moment() ?? Date(), baseURL: address.baseURL)
        options.ignoreRecord = force
        options.keepSnapshot = snapshot
        options.imageCachePath = ImageCache.folder(besideOutput: options.outputPath)
        options.processEndsWithBuild = true
        // Interrupted (Ctrl-C, `timeout`), the build removes its staging folder before it ends.
        InterruptCleanup.install()
        _ = try runBuild(options, quiet: quiet, timings: timings)
    }
}

/// The output folder: `--output`, or `site-output/` in the site folder.
func defaultOutput(_ output: String?, source: String) -> String {
    output ?? (source == "." ? "site-output" : (source as NSString).appendingPathComponent("site-output"))
}

/// Builds as `herald build` does, printing progress, warnings, timings and the summary; a failed
/// build prints its diagnostics and exits with status 1, leaving the previous output as it was.
func runBuild(_ options: BuildOptions, quiet: Bool, timings: Bool) throws -> BuildReport {
    var options = options
    options.timesParts = timings
    let source = options.sourcePath
    // On a terminal, one line that updates in place; in a log or a pipe, a plain line per milestone.
    let line = !quiet && Terminal.outputIsTerminal ? ProgressLine() : nil
    if !quiet { print("Building \(source == "." ? "the site in this folder" : source) into \(options.outputPath)/") }
    defer { line?.clear() }
    do {
        let plainLines = !quiet && line == nil
        var progress: (@Sendable (BuildProgress) -> Void)? = nil
        if let line { progress = { line.update($0) } }
        let report = try SiteBuild.run(
            options, log: { text in if plainLines { print("  " + text) } }, progress: progress)
        line?.clear()
        // Capped again here: warnings of one file collected in several lists each kept their share.
        Terminal.printErrors(DiagnosticCap.apply(report.warnings).map(\.description), warning: true)
        if timings {
            if let cause = report.wholeBuildCause { print("Everything was built, as \(cause).") }
            print("      wall        CPU  step")
            for timing in report.timings {
                print(
                    String(
                        format: "  %8.1f ms %8.1f ms  %@", timing.seconds * 1000, timing.cpuSeconds * 1000, timing.step)
                )
                for part in timing.parts {
                    print(String(format: "             %8.1f ms    %@", part.cpuSeconds * 1000, part.name))
                }
            }
        }
        if !quiet, let distrust = report.snapshotNotUsed {
            print(distrust.note(path: SiteBuild.snapshotPath(forOutput: options.outputPath)))
        }
        if !quiet { print(report.summary) }
        return report
    } catch let failure as BuildFailure {
        // Interrupted: the failures are the clean-up's doing, which is ending herald.
        InterruptCleanup.waitIfInterrupted()
        line?.clear()
        for diagnostic in failure.diagnostics {
            Terminal.printError(diagnostic.description, warning: diagnostic.severity == .warning)
        }
        Terminal.printError("error: \(failure.summary); the previous output was left as it was", warning: false)
        throw ExitCode.failure
    } catch let problem as OutputProblem {
        InterruptCleanup.waitIfInterrupted()
        line?.clear()
        Terminal.printError("error: \(problem); the previous output was left as it was", warning: false)
        throw ExitCode.failure
    }
}
