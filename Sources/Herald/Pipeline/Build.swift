import Foundation
import Synchronization

/// The build, step by step: the steps of `BuildStep`, in its order, from reading `site.yml` to
/// copying the static files (`SiteBuild` prepares the output before and swaps it in after).
///
/// Each step is timed and named; a step that fails reports its name with every `path:line: message`
/// it found. I/O happens only in the first steps (through `FileSystem`) and the last (through
/// `OutputSink`); the model and the rendering are pure.
public struct Build: Sendable {
    /// What to build.
    public var options: BuildOptions
    /// Where the site is read from.
    public var fileSystem: FileSystem
    /// Receives progress lines ("Parsed 48 items …").
    public var log: @Sendable (String) -> Void
    /// Told where the build is, as it goes: at the start of each step, and as files are written
    /// (from any thread: a terminal shows it as a line that updates in place).
    public var progress: (@Sendable (BuildProgress) -> Void)? = nil
    /// Work kept from the previous build in this process, reused where its inputs are unchanged
    /// (`herald serve`); nil for a build from scratch.
    public var memo: BuildMemo? = nil
    /// Stop once every output file is planned and checked, writing nothing: for `herald import`,
    /// which needs to know that the site builds, not its pages (rendering the default theme
    /// cannot fail).
    public var planOnly = false
    /// Called once before any content file is read: `herald build` stamps the input files
    /// meanwhile (for the record of the build), and a stamp must be taken before its file is read,
    /// so that an edit made during the build is seen by the next one.
    public var beforeReadingContent: (@Sendable () -> Void)? = nil
    /// Set by `herald build`: the file to write the snapshot its next build may rebuild from
    /// (`BuildSnapshot`) into, while the build writes its output, and the input files' stamps as
    /// it took them before any was read. The report says whether it was written.
    var snapshot: (file: SnapshotFile, inputs: @Sendable () -> InputValues)? = nil

    /// A build of the site in `fileSystem`.
    public init(options: BuildOptions, fileSystem: FileSystem, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.options = options
        self.fileSystem = fileSystem
        self.log = log
    }

    /// Builds the site into `output` (committing nothing: the caller swaps a staged output in).
    /// Throws `BuildFailure` naming the failed step.
    public func run(into output: OutputSink) throws -> BuildReport {
        var warnings: [Diagnostic] = []
        let leftovers = ReleaseElsewhere(freeing: !options.processEndsWithBuild)
        defer { leftovers.letGo() }
        do {
            return try runSteps(into: output, warnings: &warnings, leftovers: leftovers)
        } catch var failure as BuildFailure {
            // The warnings of the steps that went well are still worth reading beside the errors.
            failure = BuildFailure(step: failure.step, diagnostics: Array(Set(failure.diagnostics + warnings)))
            throw failure
        }
    }

    /// The build as a table of contents: one line per step of `BuildStep`, in its order, each
    /// timed by the clock and reported by name when it fails. The steps are in Build+Steps.swift
    /// (and Build+Inputs, Build+StaticFiles, Build+Writing); the work a step starts on another
    /// core is waited for before the build ends, either way (`BuildBackground`).
    private func runSteps(
        into output: OutputSink, warnings: inout [Diagnostic], leftovers: ReleaseElsewhere
    ) throws -> BuildReport {
        var clock = StepClock(progress: progress)
        var run = BuildRun()
        let background = BuildBackground()
        defer { background.waitForAll() }
        let config = try clock.step(.readSiteYML) { try readConfig(warnings: &warnings) }
        let sources = try clock.step(.discoverContent) {
            try discoverContent(config: config, run: &run, warnings: &warnings)
        }
        let data = try clock.step(.readData) { readDataBeside() }
        let themes = try clock.step(.loadTemplates) { try loadTemplates(config: config, warnings: &warnings) }
        let parsed = try clock.step(.parseContent) {
            try parseContentOrFail(sources, config: config, data: data, run: &run, warnings: &warnings)
        }
        if options.timesParts { clock.detail(run.parseDetail(clock)) }
        log("Parsed \(parsed.items.count) content files")
        var model = try clock.step(.buildSiteModel) {
            try buildModelOrFail(parsed, config: config, data: data, run: run, warnings: &warnings)
        }
        let imageCache = ImageCache(folder: planOnly ? nil : options.imageCachePath)
        try clock.step(.readImages) { try readImages(into: &model, themes: themes, config: config, cache: imageCache) }
        let facts = ModelFacts(model)
        let pages = try clock.step(.planPages) { try planPages(model, themes: themes, facts: facts) }
        // The pages' folders are made while the other outputs are planned (see `startMakingFolders`).
        let pageFolders = planOnly ? nil : startMakingFolders(for: pages.plan, in: output, background: background)
        let documents = try clock.step(.planDocuments) {
            Self.planDocuments(pages.siteDocuments, plan: pages.plan, urls: model.urls, config: config)
        }
        let outputs = try clock.step(.planStaticFiles) {
            try planStaticFiles(
                model, pages: pages.plan, documents: documents, theme: themes[SiteLanguage.defaultIndex],
                cache: imageCache, warnings: &warnings)
        }
        let pathsChecked = try clock.step(.planOutputFiles) { startCheckingPaths(outputs, background: background) }
        var report = BuildReport(model, outputs: outputs, warnings: warnings, config: config)
        if planOnly {
            try pathsChecked.wait().get()
        } else {
            let snapshot = startSnapshot(model, facts: facts, outputs: outputs, parsed: parsed)
            do {
                try writeOutputs(
                    outputs, to: output, clock: &clock, pageFolders: pageFolders, pathsChecked: pathsChecked,
                    report: &report)
            } catch {
                // Not left writing a file the caller removes when the build fails.
                _ = snapshot?.wait()
                throw error
            }
            report.snapshotWritten = snapshot?.wait() ?? false
            remember(
                model, config: config, facts: facts, outputs: outputs, parsed: parsed,
                theme: themes[SiteLanguage.defaultIndex], warnings: warnings)
            if options.describesModel {
                report.model = describedModel(model, outputs: outputs)
            }
        }
        report.timings = clock.timings
        report.seconds = clock.elapsed
        // Freed on another thread once this function has returned (see ReleaseElsewhere).
        leftovers.hold((parsed, outputs, documents, facts, pages, model))
        return report
    }
}
