import Foundation

/// A finished build found on disk (see `SiteBuild.completedBuild(ofOutput:)`).
public struct CompletedBuild: Sendable, Equatable {
    /// The base URL the site was built for.
    public var baseURL: String
    /// Files in the output.
    public var files: Int
}

/// Builds a site folder on disk into its output folder, replacing the output only on success.
public enum SiteBuild {
    /// Runs the whole build from disk to disk. On failure the previous output is left untouched
    /// and the staged files are removed.
    public static func run(
        _ options: BuildOptions, log: @escaping @Sendable (String) -> Void = { _ in },
        progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) throws -> BuildReport {
        let source = URL(fileURLWithPath: options.sourcePath).standardizedFileURL.resolvingSymlinksInPath().path
        let output = URL(
            fileURLWithPath: options.outputPath,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        ).standardizedFileURL.path
        try refuseDangerousOutput(source: source, output: output)
        // Built before (the output is there, its marker beside it, whatever became of its record):
        // a site being worked on, whose next build may rebuild from a snapshot. An output removed
        // before the build (`rm -rf public`, as CI scripts do) is not.
        let builtBefore = access(output, F_OK) == 0 && access(markerPath(forOutput: output), F_OK) == 0
        let run = Run(options: options, source: source, output: output)
        // Every build stamps its inputs (10,000 files: 25 ms), for its record: they are taken from
        // the start, while the last record is read (its JSON was 4 ms of a 75 ms no-op on one
        // core, perf), and, when no record can spare the build, while the build reads site.yml,
        // finds the content and loads the templates.
        let inputStamps = BackgroundWork(run.stampInputs)
        // The output a record describes is stamped from the start as well, so that both cores
        // stamp while the record is read (a tenth of a no-op, on one core).
        let recorded = !options.ignoreRecord && access(BuildRecord.path(forOutput: output), F_OK) == 0
        let outputStamps = recorded ? OutputStamping(output: output) : nil
        let (reused, distrust, cause) = lastBuildReused(run, stamps: inputStamps, output: outputStamps)
        outputStamps?.stop.raise()
        if let reused { return reused }
        let checkTiming = StepTiming(
            step: BuildStep.checkForChanges.rawValue, seconds: run.checkBegan.secondsElapsed,
            cpuSeconds: CPUClock.process() - run.checkCPU)
        var build = Build(options: options, fileSystem: .disk(root: source), log: log)
        build.progress = progress
        build.beforeReadingContent = { _ = inputStamps.wait() }
        let snapshotFile = SnapshotFile(path: BuildRecord.snapshotPath(forOutput: output))
        if options.keepSnapshot ?? builtBefore { build.snapshot = (snapshotFile, { inputStamps.wait() }) }
        let tree = try OutputTree(outputPath: output)
        do {
            var report = try build.run(into: tree)
            report.snapshotNotUsed = distrust
            report.wholeBuildCause = cause
            report.timings.insert(checkTiming, at: 0)
            report.seconds += checkTiming.seconds
            try swapIn(tree, report: &report, run: run, stamps: inputStamps, snapshot: snapshotFile, progress: progress)
            return report
        } catch {
            tree.discard()
            snapshotFile.discard()
            throw error
        }
    }

    /// One `herald build`: its folders, its options as the record keeps them, and when its check
    /// for changes began.
    private struct Run {
        let options: BuildOptions
        let source: String
        let output: String
        let optionsKey: String
        let checkBegan = DispatchTime.now()
        let checkCPU = CPUClock.process()

        init(options: BuildOptions, source: String, output: String) {
            (self.options, self.source, self.output) = (options, source, output)
            optionsKey = BuildRecord.optionsKey(options, source: source)
        }

        /// The input files' stamps, taken before any of them is read, so that an edit made during
        /// the build is seen by the next one.
        var stampInputs: @Sendable () -> InputValues { { [source] in InputValues(root: source) } }
    }

    /// The last build's report again, when nothing changed since (same herald, options, input and
    /// output files, and a clock at which the output is the same), or the report of a rebuild from
    /// its snapshot; else nil, with why a snapshot was not trusted if there was one, and why the
    /// whole site is to be built. `stamps` are the inputs' stamps, being taken.
    private static func lastBuildReused(
        _ run: Run, stamps inputStamps: BackgroundWork<InputValues>, output outputStamps: OutputStamping?
    ) -> (report: BuildReport?, distrust: SnapshotDistrust?, cause: WholeBuildCause?) {
        guard !run.options.ignoreRecord else { return (nil, nil, .forced) }
        guard let record = BuildRecord.load(forOutput: run.output) else { return (nil, nil, .noRecord) }
        guard record.herald == BuildRecord.heraldIdentity else {
            let snapshot =
                run.options.keepSnapshot != false && record.snapshot != nil
                && access(BuildRecord.snapshotPath(forOutput: run.output), F_OK) == 0
            return (nil, snapshot ? .otherHerald : nil, .otherHerald)
        }
        guard record.options == run.optionsKey else {
            return (nil, nil, .otherOptions(record.options, run.optionsKey))
        }
        guard record.validity.holds(at: run.options.now) else { return (nil, nil, .clockPassed) }
        guard let outputStamps, isHeraldOutput(run.output) else { return (nil, nil, .outputChanged) }
        // The output (38,000 files at 10,000 items) is stamped while the inputs are: each is
        // stamped on both cores, but the walk of the inputs' folders left one idle for a third of
        // a no-op (perf). It is wanted when the inputs are unchanged, or when a snapshot can
        // spare a whole build; else it is stopped. `--no-snapshot` keeps none: one there is
        // neither rebuilt from nor added to, and the whole build removes it.
        let stamps = inputStamps.wait()
        let unchanged = record.inputs == stamps.fingerprint
        let snapshot = run.options.keepSnapshot == false ? nil : record.snapshot
        if !unchanged && snapshot == nil { outputStamps.stop.raise() }
        let outputCheck = outputStamps.work.wait()
        guard unchanged || snapshot != nil else {
            return (nil, nil, .noSnapshot)
        }
        guard let outputCheck, outputCheck.fingerprint == record.output else {
            return (nil, nil, .outputChanged)
        }
        if unchanged {
            var report = record.upToDateReport(seconds: run.checkBegan.secondsElapsed)
            report.timings = [
                StepTiming(
                    step: BuildStep.checkForChanges.rawValue, seconds: report.seconds,
                    cpuSeconds: CPUClock.process() - run.checkCPU)
            ]
            return (report, nil, nil)
        }
        let rebuilt = rebuildFromSnapshot(
            run.options, source: run.source, output: run.output, record: record, manifest: outputCheck.lines.manifest,
            inputs: stamps,
            clock: (run.checkBegan, run.checkCPU))
        return (rebuilt.report, rebuilt.distrust, rebuilt.cause)
    }

    /// The output's manifest read, and the output stamped by it, in the background: the check of
    /// whether the output is as the last build left it. Raising `stop` ends the stamping early
    /// when its result is no longer wanted.
    private struct OutputStamping {
        let stop = StopSignal()
        let work: BackgroundWork<(lines: ManifestLines, fingerprint: String?)?>

        init(output: String) {
            let stop = stop
            work = BackgroundWork {
                guard let lines = ManifestLines.load(forOutput: output) else { return nil }
                return (lines, lines.fingerprint(root: output, until: stop))
            }
        }
    }

    /// Puts the build staged in `tree` in the output's place, then its manifest, its snapshot (if it
    /// wrote one) and its record beside it, in that order: a record stands only beside the output
    /// and manifest it describes.
    private static func swapIn(
        _ tree: OutputTree, report: inout BuildReport, run: Run, stamps: BackgroundWork<InputValues>,
        snapshot: SnapshotFile, progress: (@Sendable (BuildProgress) -> Void)?
    ) throws {
        let (began, cpuBefore, output) = (DispatchTime.now(), CPUClock.process(), run.output)
        progress?(BuildProgress(step: BuildStep.swapOutputIn.rawValue, done: 0, total: 0))
        BuildRecord.remove(forOutput: output)
        unlink(BuildRecord.snapshotPath(forOutput: output))
        KillPoint.reached("before-swap")
        try tree.commit()
        _ = FileManager.default.createFile(
            atPath: markerPath(forOutput: output),
            contents: Data(
                "This folder's neighbour is a site built by Herald; it may be replaced by the next build.\n".utf8))
        KillPoint.reached("after-marker")
        if let validity = report.validity {
            // The manifest is written while the folders are stamped.
            let manifest = tree.manifest
            let written = report.snapshotWritten ? snapshot : nil
            let saved = BackgroundWork { () -> String? in
                manifest.save(forOutput: output)
                return written.flatMap(installSnapshot)
            }
            let fingerprint = tree.fingerprint()
            BuildRecord(
                format: BuildRecord.format, herald: BuildRecord.heraldIdentity, options: run.optionsKey,
                inputs: stamps.wait().fingerprint, output: fingerprint, validity: validity,
                baseURL: report.baseURL, items: report.items, pages: report.pages, files: report.files,
                skipped: report.skipped,
                warnings: report.warnings.map(BuildRecord.RecordedWarning.init),
                snapshot: saved.wait()
            )
            .save(forOutput: output)
        } else if report.snapshotWritten {
            snapshot.discard()
        }
        KillPoint.reached("after-record")
        report.timings.append(
            StepTiming(
                step: BuildStep.swapOutputIn.rawValue, seconds: began.secondsElapsed,
                cpuSeconds: CPUClock.process() - cpuBefore))
        report.seconds += began.secondsElapsed
    }

    /// What the last build of `output` recorded, if the folder is still exactly as that build left it
    /// (no file added, removed or changed since): the check `herald publish --no-build` makes
    /// before publishing a folder it did not just build.
    public static func completedBuild(ofOutput output: String) -> CompletedBuild? {
        let output = URL(fileURLWithPath: output).standardizedFileURL.path
        guard let record = BuildRecord.load(forOutput: output), isHeraldOutput(output),
            OutputManifest.load(forOutput: output)?.fingerprint(root: output) == record.output
        else { return nil }
        return CompletedBuild(baseURL: record.baseURL, files: record.files)
    }

    /// The output folder is deleted and replaced by every build, so it must not be the site
    /// folder, hold it, or sit inside the folders Herald reads.
    static func refuseDangerousOutput(source: String, output: String) throws {
        let resolved = URL(fileURLWithPath: output).resolvingSymlinksInPath().path
        var reason: String?
        if resolved == source || source.hasPrefix(resolved + "/") || resolved == "/" {
            reason = "is the site folder or contains it, and would be replaced by the build"
        } else if ["content", "static", "templates", "data"].contains(where: {
            resolved.hasPrefix(source + "/" + $0 + "/") || resolved == source + "/" + $0
        }) {
            reason = "is inside a folder Herald reads from"
        }
        var isFolder: ObjCBool = false
        if reason == nil, FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) {
            if !isFolder.boolValue {
                reason = "is a file, not a folder"
            } else if let entries = try? FileManager.default.contentsOfDirectory(atPath: resolved), !entries.isEmpty,
                !isHeraldOutput(resolved)
            {
                // Every build replaces the folder whole; one that holds something else is not ours to delete.
                reason = "is not empty and is not a site Herald built; remove it or choose another --output"
            }
        }
        if let reason {
            throw BuildFailure(
                step: .prepareOutput,
                diagnostics: [
                    // About the folder as a whole: `path: message`, with no line.
                    Diagnostic.about(
                        output,
                        "the output folder \(reason)\(reason.hasSuffix("--output") ? "" : "; choose another --output")")
                ])
        }
    }

    /// The file beside an output folder that says Herald built it (`.site-output.herald` beside
    /// `site-output/`). It is kept beside, not inside, so it is never published.
    static func markerPath(forOutput output: String) -> String {
        BesideOutput.path(forOutput: output, suffix: ".herald")
    }

    /// Whether a folder is a previous Herald output: its marker is there, or (for outputs made
    /// before the marker existed) its home page names Herald as its generator.
    static func isHeraldOutput(_ folder: String) -> Bool {
        if FileManager.default.fileExists(atPath: markerPath(forOutput: folder)) { return true }
        guard let home = FileManager.default.contents(atPath: folder + "/" + URLLayout.rootPage) else { return false }
        return String(decoding: home.prefix(4096), as: UTF8.self).contains(
            "<meta name=\"generator\" content=\"Herald\">")
    }
}
