import ArgumentParser
import Foundation
import Herald

/// The `herald` command.
@main
struct HeraldCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Builds a news-and-events site from Markdown: pages, lists and a home page like a news app's.",
        version: "0.1.0",
        subcommands: [BuildCommand.self, ServeCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}

/// `herald build`: builds the site folder into the output folder.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder (replaced only when the build succeeds)."
    )

    @Option(name: .long, help: "The site folder (with site.yml).")
    var source: String = "."

    @Option(name: .long, help: "Where to write the site (default: site-output/ in the site folder).")
    var output: String?

    @Flag(name: .long, help: "Include drafts.")
    var drafts = false

    @Flag(name: .long, help: "Include items whose publication date is in the future.")
    var future = false

    @Option(name: .long, help: "The moment to treat as now, RFC 3339 (e.g. 2026-11-21T12:00:00+08:00), for reproducible builds.")
    var now: String?

    @Option(name: .customLong("base-url"), help: "Use this base URL instead of site.yml's baseURL.")
    var baseURL: String?

    @Flag(name: .long, help: "Print how long each step of the build took.")
    var timings = false

    @Flag(name: [.short, .long], help: "Print nothing but warnings and errors.")
    var quiet = false

    @Flag(name: .long, help: "Build everything even when nothing changed since the last build.")
    var force = false

    func run() throws {
        let instant = try now.map(parseNow) ?? Date()
        let output = self.output ?? (source == "." ? "site-output" : (source as NSString).appendingPathComponent("site-output"))
        var options = BuildOptions(
            sourcePath: source, outputPath: output, includeDrafts: drafts, includeFuture: future,
            now: instant, baseURL: baseURL)
        options.ignoreRecord = force
        let quiet = self.quiet
        if !quiet { print("Building \(source == "." ? "the site in this folder" : source) into \(output)/") }
        do {
            let report = try SiteBuild.run(options) { line in if !quiet { print("  " + line) } }
            for warning in report.warnings { Terminal.printError(warning.description, warning: true) }
            if timings {
                print("      wall        CPU  step")
                for timing in report.timings {
                    print(String(format: "  %8.1f ms %8.1f ms  %@", timing.seconds * 1000, timing.cpuSeconds * 1000, timing.step))
                    for part in timing.parts {
                        print(String(format: "             %8.1f ms    %@", part.cpuSeconds * 1000, part.name))
                    }
                }
            }
            if !quiet { print(report.summary) }
        } catch let failure as BuildFailure {
            for diagnostic in failure.diagnostics {
                Terminal.printError(diagnostic.description, warning: diagnostic.severity == .warning)
            }
            let count = failure.errors.count
            Terminal.printError("error: \(failure.step) failed with \(count) error\(count == 1 ? "" : "s"); the previous output was left as it was", warning: false)
            throw ExitCode.failure
        } catch let problem as OutputProblem {
            Terminal.printError("error: \(problem); the previous output was left as it was", warning: false)
            throw ExitCode.failure
        }
    }
}

/// The `--now` option's date.
func parseNow(_ text: String) throws -> Date {
    guard let parsed = DateParser.parseInstant(text) else {
        throw ValidationError("--now '\(text)' is not a date; use RFC 3339 such as 2026-11-21T12:00:00+08:00")
    }
    return parsed
}

/// Writes diagnostics to standard error, coloured when it is a terminal.
enum Terminal {
    static func printError(_ line: String, warning: Bool) {
        fflush(nil)  // flush standard output first: progress lines and diagnostics stay in order
        let colour = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let text = colour ? "\u{1B}[\(warning ? "33" : "31")m\(line)\u{1B}[0m\n" : line + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}
