import ArgumentParser
import Foundation
import Herald

/// `herald check`: builds in memory, writes nothing, and reports what to fix before publishing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Check the site without writing anything: broken links and images, missing covers, undeclared categories, duplicate titles, events without a place, invalid feeds.",
        discussion: "Exits with status 1 when it finds an error (or, with --strict, a warning); warnings alone exit 0."
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var selection: ContentSelection
    @OptionGroup var address: BaseURLOption

    @Flag(name: .long, help: "Treat warnings as errors (exit 1 when there is any).")
    var strict = false

    @Flag(name: [.short, .long], help: "Print the findings only, without the summary.")
    var quiet = false

    func run() throws {
        var options = BuildOptions(
            sourcePath: site.source, outputPath: defaultOutput(nil, source: site.source),
            includeDrafts: selection.drafts, includeFuture: selection.future,
            now: try site.moment() ?? Date(), baseURL: address.baseURL)
        options.imageCachePath = ImageCache.folder(besideOutput: options.outputPath)
        let report = try Self.checked(options) { "the site does not build: \($0.summary)" }
        for finding in report.findings {
            var shown = finding
            if strict { shown.severity = .error }
            Terminal.printError(shown.description, warning: shown.severity == .warning)
        }
        let errors = strict ? report.findings.count : report.errors.count
        let warnings = strict ? 0 : report.warnings.count
        if !quiet {
            func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
            let verdict =
                errors > 0
                ? "found \(count(errors, "error"))" + (warnings > 0 ? " and \(count(warnings, "warning"))" : "")
                : warnings > 0 ? "found \(count(warnings, "warning"))" : "found nothing to fix"
            print(
                "Checked \(count(report.items, "item")), \(count(report.pages, "page")) and \(count(report.files, "file")): \(verdict)"
            )
        }
        if errors > 0 { throw ExitCode.failure }
    }

    /// The site checked (`herald check`, and `herald publish` before it sends anything); a site
    /// that does not build ends the command, its problems told, then `unbuilt`'s closing line.
    static func checked(_ options: BuildOptions, unbuilt: (BuildFailure) -> String) throws -> CheckReport {
        do {
            return try SiteCheck.run(options)
        } catch let failure as BuildFailure {
            for diagnostic in failure.diagnostics {
                Terminal.printError(diagnostic.description, warning: diagnostic.severity == .warning)
            }
            Terminal.printError("error: " + unbuilt(failure), warning: false)
            throw ExitCode.failure
        }
    }
}
