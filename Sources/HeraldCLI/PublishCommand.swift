import ArgumentParser
import Foundation
import Herald
import HeraldPublish

/// `herald publish`: builds the site, then puts it on a folder, an rsync destination, a git branch
/// or an S3 bucket, sending only what changed.
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Build the site and publish it to a folder, rsync over SSH, a git branch or an S3 bucket.",
        discussion: """
            The target is a name under publish: in site.yml, or --to with one of:
              /srv/www/union                 a folder on this machine (swapped in whole)
              user@host:/srv/www/union       rsync over SSH (rsync:/path for a local rsync)
              git:origin#gh-pages            a git branch: a remote's name, a URL or a path, then #branch
              s3://bucket/prefix             an S3-compatible bucket (with --endpoint for services other than AWS)
            Only files whose contents changed are sent. See docs/publish.md.
            """
    )

    @Argument(help: "The target's name under publish: in site.yml (default: the first one).")
    var target: String?

    @Option(name: .long, help: "Where to publish, instead of a target from site.yml.")
    var to: String?

    @OptionGroup var site: SiteOptions
    @OptionGroup var address: BaseURLOption

    @Option(
        name: .long, help: "The output folder to build into and publish (default: site-output/ in the site folder).")
    var output: String?

    @Flag(name: .customLong("no-build"), help: "Publish the output of the last build as it is, without building first.")
    var noBuild = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be added, changed and deleted, and change nothing.")
    var dryRun = false

    @Flag(
        name: .long,
        help:
            "Publish even if more than half of the target's files would be deleted, or files Herald did not publish would be replaced; and delete the files on the target Herald did not publish (never .well-known/ or site verification files)."
    )
    var force = false

    @Option(name: .long, help: "The S3-compatible service's endpoint URL (for S3 targets not on AWS).")
    var endpoint: String?

    @Option(name: .long, help: "The S3 bucket's region.")
    var region: String?

    @Flag(
        name: .customLong("no-check"),
        help: "Publish without running herald check's checks first (broken links, missing covers).")
    var noCheck = false

    @Flag(name: [.short, .long], help: "Print nothing but warnings and errors.")
    var quiet = false

    private var source: String { site.source }
    private var baseURL: String? { address.baseURL }

    /// Prints a line of progress, unless --quiet; a closure of `quiet` alone, so publishing's log can hold it.
    private var say: (String) -> Void { { [quiet] line in if !quiet { print(line) } } }

    func run() throws {
        let output = defaultOutput(self.output, source: source)
        let chosen = try chooseTarget()
        let (builtFor, printed) = try build(into: output)
        // What herald check rejects is not published: a broken link or a missing cover goes live
        // otherwise. Warnings are shown and do not stop it.
        if !noCheck { try check(output, builtFor: builtFor, printed: printed) }
        try publish(output, to: chosen, builtFor: builtFor)
    }

    /// The site built into `output` (or, with --no-build, the last build's output checked to be
    /// whole): the address it was built for, and the warnings the build printed, so the check
    /// does not print them again.
    private func build(into output: String) throws -> (builtFor: String, printed: Set<Diagnostic>) {
        if noBuild {
            guard let completed = SiteBuild.completedBuild(ofOutput: output) else {
                Terminal.printError(
                    "error: \(output) is not the complete output of a herald build, or was changed after it; build it again (or drop --no-build). Nothing was published.",
                    warning: false)
                throw ExitCode.failure
            }
            return (completed.baseURL, [])
        }
        var options = BuildOptions(
            sourcePath: source, outputPath: output, now: try site.moment() ?? Date(), baseURL: baseURL)
        options.imageCachePath = ImageCache.folder(besideOutput: output)
        // Interrupted, the build removes its staging folder before herald ends (as `herald build`).
        InterruptCleanup.install()
        do {
            let report = try runBuild(options, quiet: quiet, timings: false)
            return (report.baseURL, Set(report.warnings))
        } catch {
            Terminal.printError("error: the build failed, so nothing was published", warning: false)
            throw error
        }
    }

    /// herald check's checks on the built site: its findings not printed by the build are printed,
    /// and an error stops the publish.
    private func check(_ output: String, builtFor: String, printed: Set<Diagnostic>) throws {
        var options = BuildOptions(
            sourcePath: source, outputPath: output, now: try site.moment() ?? Date(), baseURL: baseURL ?? builtFor)
        options.imageCachePath = ImageCache.folder(besideOutput: output)
        let report = try CheckCommand.checked(options) { _ in "the site does not build, so nothing was published" }
        for finding in report.findings where !printed.contains(finding) {
            Terminal.printError(finding.description, warning: finding.severity == .warning)
        }
        if !report.errors.isEmpty {
            let count = report.errors.count
            Terminal.printError(
                "error: herald check found \(count) error\(count == 1 ? "" : "s"), so nothing was published; fix \(count == 1 ? "it" : "them"), or publish anyway with --no-check",
                warning: false)
            throw ExitCode.failure
        }
    }

    /// The output sent to the target (or, with --dry-run, the plan printed), with what was done.
    private func publish(_ output: String, to chosen: PublishTarget, builtFor: String) throws {
        let say = self.say
        let scratch = (URL(fileURLWithPath: output).standardizedFileURL.path as NSString).deletingLastPathComponent
        let context = PublishContext(
            target: chosen, sourceFolder: URL(fileURLWithPath: source).standardizedFileURL.path, scratchFolder: scratch)
        say(
            "\(dryRun ? "Planning to publish" : "Publishing") \(output)/ to \(chosen.address)\(chosen.name == "--to" ? "" : " (\(chosen.name))")"
        )
        do {
            let outcome = try SitePublishing.run(
                SitePublishing.Request(
                    output: output, baseURL: builtFor, context: context, dryRun: dryRun, force: force),
                log: { say("  " + $0) }, warn: { Terminal.printError("warning: " + $0, warning: true) })
            if dryRun {
                printDryRun(outcome, at: chosen.address)
            } else {
                say("\(outcome.published ? "Published" : "Already published"): \(outcome.plan.summary)")
                if let kept = outcome.plan.keptSummary { say(kept) }
            }
        } catch let failure as PublishFailure {
            Terminal.printError("error: \(failure)", warning: false)
            throw ExitCode.failure
        }
    }

    /// The plan is the point of a dry run, so it is printed even with --quiet.
    private func printDryRun(_ outcome: SitePublishing.Outcome, at address: PublishAddress) {
        for line in outcome.plan.lines { print("  " + line) }
        print("Dry run: \(outcome.plan.summary); nothing was changed")
        if let kept = outcome.plan.keptSummary { print(kept) }
        if !force, let reason = SitePublishing.reasonForForce(outcome.plan, at: address) {
            print("A real publish would need --force: \(reason)")
        }
    }

    /// The target: `--to` (with the settings of a site.yml target of the same address, if any),
    /// the named site.yml target, or the first one.
    private func chooseTarget() throws -> PublishTarget {
        var declared: [PublishTarget] = []
        // Without site.yml there are no targets to choose from, but --to may still name one.
        let shownPath =
            source == "." ? SiteConfigFile.name : (source as NSString).appendingPathComponent(SiteConfigFile.name)
        switch SiteConfigFile.read(from: .disk(root: source), path: shownPath) {
        case .success(let reading):
            // Folders in site.yml are relative to the site folder, not to where herald runs.
            declared = reading.config.publish.map { target in
                var target = target
                if case .folder(let path) = target.address, !path.hasPrefix("/"), !path.hasPrefix("~") {
                    target.address = .folder(path: (source as NSString).appendingPathComponent(path))
                }
                return target
            }
        case .failure(.missing): break
        case .failure(.refused(let diagnostics)):
            for diagnostic in diagnostics where diagnostic.severity == .error {
                Terminal.printError(diagnostic.description, warning: false)
            }
            throw ExitCode.failure
        }
        var chosen: PublishTarget
        if let to {
            let address: PublishAddress
            switch PublishAddress.parse(to) {
            case .success(let parsed): address = parsed
            case .failure(let problem): throw ValidationError("--to \(problem.message)")
            }
            if let target {
                throw ValidationError("give a target's name or --to, not both ('\(target)' and --to \(to))")
            }
            chosen = declared.first { $0.address == address } ?? PublishTarget(name: "--to", address: address)
        } else if let target {
            guard let found = declared.first(where: { $0.name == target }) else {
                let names = declared.map(\.name)
                throw ValidationError(
                    "site.yml has no publish target '\(target)'"
                        + (names.isEmpty
                            ? "; add one under publish:, or give --to" : "; it has \(names.joined(separator: ", "))"))
            }
            chosen = found
        } else {
            guard let first = declared.first else {
                throw ValidationError(
                    "nowhere to publish: give --to (a folder, user@host:/path, git:origin#gh-pages or s3://bucket/prefix) or add a target under publish: in site.yml (see docs/publish.md)"
                )
            }
            chosen = first
        }
        if endpoint != nil || region != nil {
            guard case .s3 = chosen.address else {
                throw ValidationError("--endpoint and --region are for S3 targets (s3://bucket/prefix)")
            }
            chosen.endpoint = endpoint ?? chosen.endpoint
            chosen.region = region ?? chosen.region
        }
        return chosen
    }
}
