import Foundation

/// `herald build` after edits to content files' bodies alone: the files they change made from
/// the last build's snapshot (`SnapshotRebuild`) and replaced in the output in place
/// (`OutputPatch`), instead of a whole build.
extension SiteBuild {
    /// The report of a rebuild from the snapshot beside `output`; nil when the edits are more
    /// than bodies, or there is no snapshot to trust, and then why it was not trusted, if there
    /// was one (the caller builds everything). `record` and `manifest` are the last build's, and
    /// the output is as it left it; `inputs` are the input files' stamps now.
    static func rebuildFromSnapshot(
        _ options: BuildOptions, source: String, output: String, record: BuildRecord, manifest: OutputManifest,
        inputs: InputValues, clock: (began: DispatchTime, cpu: Double)
    ) -> (report: BuildReport?, distrust: SnapshotDistrust?, cause: WholeBuildCause?) {
        let path = BuildRecord.snapshotPath(forOutput: output)
        guard let stamp = record.snapshot else { return (nil, nil, .noSnapshot) }
        guard FileStamps.settledStamp(of: path)?.value == stamp else { return (nil, .changedSince, .noSnapshot) }
        let snapshot: BuildSnapshot
        do {
            snapshot = try BuildSnapshot(SnapshotArchive(contentsOf: path))
        } catch {
            return (nil, .unreadable("\(error)"), .noSnapshot)
        }
        let rebuilt = rebuild(
            from: snapshot, at: path, options, source: source, output: output, record: record, manifest: manifest,
            inputs: inputs, clock: clock)
        return (rebuilt.report, nil, rebuilt.cause)
    }

    /// The report of a rebuild from `snapshot` (read from `path`), or why the whole site must be
    /// built instead (the edits are more than bodies).
    private static func rebuild(
        from snapshot: BuildSnapshot, at path: String, _ options: BuildOptions, source: String, output: String,
        record: BuildRecord, manifest: OutputManifest, inputs: InputValues, clock: (began: DispatchTime, cpu: Double)
    ) -> (report: BuildReport?, cause: WholeBuildCause?) {
        let began = DispatchTime.now()
        let cpu = CPUClock.process()
        let (changed, addedOrRemoved) = inputs.changedFiles(since: snapshot.index.inputs)
        guard !addedOrRemoved else { return (nil, .contentAddedOrRemoved) }
        guard !changed.isEmpty, inputs.others == snapshot.index.inputs.others else {
            return (nil, .siteFilesChanged)
        }
        guard
            let result = rebuild(
                changed, from: snapshot, options: options, source: source,
                warned: Set(record.warnings.map(\.path)))
        else { return (nil, .moreThanBodies(changed)) }
        // From here the output changes: without a record, an interrupted rebuild is followed by a
        // whole build (the record names the snapshot, which it no longer matches).
        BuildRecord.remove(forOutput: output)
        guard let patch = try? OutputPatch(output: output, manifest: manifest),
            let replaced = try? patch.replace(result.files, fingerprint: record.output)
        else { return (nil, .outputChanged) }
        // The snapshot is brought up to the edits, for the next; if it cannot be, the next builds everything.
        var kept: String? = nil
        switch snapshot.append(result, inputs: inputs, to: path) {
        case .appended: kept = FileStamps.settledStamp(of: path)?.value
        case .refused: unlink(path)
        case .changedElsewhere: break
        }
        var updated = record
        (updated.inputs, updated.output, updated.snapshot) = (inputs.fingerprint, replaced.fingerprint, kept)
        updated.save(forOutput: output)
        var report = record.upToDateReport(seconds: clock.began.secondsElapsed)
        (report.upToDate, report.written) = (false, replaced.written)
        report.timings = [
            StepTiming(
                step: BuildStep.checkForChanges.rawValue, seconds: report.seconds - began.secondsElapsed,
                cpuSeconds: cpu - clock.cpu),
            StepTiming(
                step: BuildStep.rebuildEditedBodies.rawValue, seconds: began.secondsElapsed,
                cpuSeconds: CPUClock.process() - cpu),
        ]
        return (report, nil)
    }

    /// The files the edits to `changed` (content files, relative to the site folder) make again,
    /// read with the site's settings and templates as they are (and as they were: their stamps
    /// are the last build's); nil when the edits are more than bodies.
    private static func rebuild(
        _ changed: [String], from snapshot: BuildSnapshot, options: BuildOptions, source: String, warned: Set<String>
    ) -> SnapshotRebuild.Result? {
        let fileSystem = FileSystem.disk(root: source)
        var edits: [(path: String, data: Data)] = []
        for path in changed {
            guard let data = try? fileSystem.readFileAtMost(path, ItemParser.largestFile) else { return nil }
            edits.append((path, data))
        }
        var warnings: [Diagnostic] = []
        guard let config = try? Build(options: options, fileSystem: fileSystem).readConfig(warnings: &warnings),
            let theme = try? Theme.load(fileSystem: fileSystem, language: config.language).get()
        else { return nil }
        return try? SnapshotRebuild(snapshot: snapshot, config: config, theme: theme, now: options.now, warned: warned)
            .rebuild(edits)
    }

    /// Where `herald build` keeps the snapshot of the output folder at `output` (beside it).
    public static func snapshotPath(forOutput output: String) -> String {
        BuildRecord.snapshotPath(forOutput: output)
    }

    /// Puts a build's snapshot in place beside its output; its stamp, for the record, or nil
    /// when it could not be (the next build is then a whole one).
    static func installSnapshot(_ snapshot: SnapshotFile) -> String? {
        guard snapshot.install() else { return nil }
        return FileStamps.settledStamp(of: snapshot.path)?.value
    }
}
