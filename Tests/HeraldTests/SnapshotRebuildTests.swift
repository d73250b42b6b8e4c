import Foundation
import Testing

@testable import Herald

/// `herald build`'s rebuild after edits to bodies alone (SnapshotRebuild): from the last build's
/// snapshot, it makes exactly the files a whole build makes again, with their bytes, and refuses
/// every edit that is more than a body.
@Suite struct SnapshotRebuildTests {
    /// A copy of a fixture site, built once with a memo for its snapshot.
    private struct Trial {
        let folder: URL
        let first: [String: Data]
        let snapshot: BuildSnapshot
        let config: SiteConfig

        /// A copy of `site`, its folder changed by `prepare` before it is built.
        init(site: URL, prepare: (URL) throws -> Void = { _ in }) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-rebuild-\(UUID())")
            try FileManager.default.copyItem(at: site, to: folder)
            try prepare(folder)
            let (last, memo, files) = try builtWithMemo(folder)
            first = files
            config = last.config
            var made = SnapshotWriter()
            BuildSnapshot.write(BuildSnapshot.Made(last, memo: memo), to: &made)
            snapshot = try BuildSnapshot(SnapshotArchive(bytes: SnapshotArchive.bytes(of: made)))
        }

        func edit(_ path: String, _ change: (String) -> String) throws -> Data {
            let url = folder.appendingPathComponent(path)
            let data = Data(change(try String(contentsOf: url, encoding: .utf8)).utf8)
            try data.write(to: url)
            return data
        }

        /// What a whole build writes now.
        func build() throws -> [String: Data] {
            let output = MemoryOutput()
            _ = try Build(
                options: BuildOptions(sourcePath: folder.path, now: Fixtures.now), fileSystem: .disk(root: folder.path)
            ).run(into: output)
            return output.files
        }

        func rebuild(_ edits: [(path: String, data: Data)], warned: Set<String> = []) throws -> SnapshotRebuild.Result?
        {
            let theme = try Theme.load(fileSystem: .disk(root: folder.path), language: config.language).get()
            return try SnapshotRebuild(
                snapshot: snapshot, config: config, theme: theme, now: Fixtures.now, warned: warned
            )
            .rebuild(edits)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// Edits each file's body, rebuilds from the snapshot, and holds the result to a whole build:
    /// every file it makes has the whole build's bytes, and every file the whole build changed is
    /// one it makes.
    private func expectSameAsWholeBuild(
        site: URL, editing paths: [String], prepare: (URL) throws -> Void = { _ in },
        change: (String, String) -> String = { $0 + "\nOne more paragraph, with *emphasis*, added to \($1).\n" }
    ) throws -> SnapshotRebuild.Result {
        let trial = try Trial(site: site, prepare: prepare)
        defer { trial.remove() }
        var edits: [(path: String, data: Data)] = []
        for path in paths { edits.append((path, try trial.edit(path) { change($0, path) })) }
        let result = try #require(try trial.rebuild(edits))
        let whole = try trial.build()
        let made = Dictionary(result.files, uniquingKeysWith: { first, _ in first })
        #expect(made.count == result.files.count, "a file made twice")
        for (path, bytes) in made { #expect(whole[path] == bytes, "\(path) differs from the whole build's") }
        let changed = whole.keys.filter { whole[$0] != trial.first[$0] }
        #expect(!changed.isEmpty)
        for path in changed { #expect(made[path] != nil, "\(path) changed but was not made again") }
        return result
    }

    @Test func anEditedArticlesPagesAPIDocumentAndFeedsAreTheWholeBuilds() throws {
        let result = try expectSameAsWholeBuild(
            site: Fixtures.site("basic"), editing: ["content/news/2026/2026-11-10-训练.md"])
        #expect(result.pages >= 2 && result.documents >= 4)
        #expect(result.files.contains { $0.path.hasSuffix("feed.xml") })
    }

    @Test func anEditedBodyShowingImagesOfTheSiteIsTheWholeBuilds() throws {
        // Its image is a `<picture>` of the sizes made of it; its raw HTML is left out, as before.
        let result = try expectSameAsWholeBuild(
            site: Fixtures.site("basic"), editing: ["content/news/2026/2026-11-02-welcome.md"])
        #expect(result.files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("<picture>") })
    }

    @Test func editsToSeveralItemsAtOnceAreTheWholeBuilds() throws {
        _ = try expectSameAsWholeBuild(
            site: Fixtures.site("basic"), editing: ["content/events/quiz-night.md", "content/events/book-club.md"])
        _ = try expectSameAsWholeBuild(
            site: Fixtures.site("hugo-style"),
            editing: ["content/news/2025-03-02-istio-talk.md", "content/news/2025-05-01-toml-front-matter.md"])
    }

    /// Links to content files in the article before the build: to a published item, to a draft
    /// (shown as text, with a warning) and to a page. An edit after them keeps them, and they
    /// lead where they led.
    @Test func anEditedBodysLinksToContentFilesLeadWhereTheyLed() throws {
        let path = "content/news/2026/2026-11-10-训练.md"
        let links =
            "\nSee [the welcome](2026-11-02-welcome.md), [the draft](2026-11-15-draft.md) and [us](@/pages/about.md).\n"
        let result = try expectSameAsWholeBuild(site: Fixtures.site("basic"), editing: [path]) { folder in
            let file = folder.appendingPathComponent(path)
            try (try String(contentsOf: file, encoding: .utf8) + links).write(
                to: file, atomically: false, encoding: .utf8)
        }
        // The article's own page: the one that shows its whole body, the edit with it.
        let page = try #require(
            result.files.first {
                $0.path.hasSuffix("index.html")
                    && String(decoding: $0.bytes, as: UTF8.self).contains("One more paragraph")
            })
        let html = String(decoding: page.bytes, as: UTF8.self)
        #expect(html.contains(">the welcome</a>") && html.contains(">us</a>") && html.contains("the draft"))
        #expect(!html.contains("2026-11-02-welcome.md") && !html.contains(">the draft</a>"))
    }

    /// Paragraphs added above an article's image and its link to a content file move them to
    /// other lines: the same image and link, resolved as they were. After a build that warned
    /// about the file, whose warning would name the old line, the edit is refused.
    @Test func anEditThatMovesImagesAndLinksToOtherLinesIsTheWholeBuilds() throws {
        let path = "content/news/2026/2026-11-02-welcome.md"
        let addLink: (URL) throws -> Void = { folder in
            let file = folder.appendingPathComponent(path)
            try (try String(contentsOf: file, encoding: .utf8) + "\nSee [the results](2026-10-20-results.md).\n").write(
                to: file, atomically: false, encoding: .utf8)
        }
        // Below the raw HTML, whose warning names its line.
        let above = "Two new paragraphs,\n\nabove the image and the link.\n\n![Court]"
        let insert: (String, String) -> String = { text, _ in text.replacingOccurrences(of: "![Court]", with: above) }
        let result = try expectSameAsWholeBuild(
            site: Fixtures.site("basic"), editing: [path], prepare: addLink, change: insert)
        #expect(result.pages > 0)

        let trial = try Trial(site: Fixtures.site("basic"), prepare: addLink)
        defer { trial.remove() }
        let edited = try trial.edit(path) { insert($0, path) }
        #expect(try trial.rebuild([(path, edited)]) != nil)
        #expect(try trial.rebuild([(path, edited)], warned: [path]) == nil)
    }

    @Test func anEditBeyondTheBodyIsRefused() throws {
        let trial = try Trial(site: Fixtures.site("basic"))
        defer { trial.remove() }
        let path = "content/news/2026/2026-11-10-训练.md"
        let original = try trial.edit(path) { $0 }
        // The title, a new warning (a footnote never defined), a file the last build did not parse.
        let title = try trial.edit(path) { $0.replacingOccurrences(of: "title:", with: "title: Re") }
        #expect(try trial.rebuild([(path, title)]) == nil)
        let warning = String(decoding: original, as: UTF8.self) + "\nSee this[^nowhere].\n"
        #expect(try trial.rebuild([(path, Data(warning.utf8))]) == nil)
        #expect(try trial.rebuild([("content/news/2026/new.md", original)]) == nil)
        // A link to another content file added: where it leads is not in the snapshot.
        let link = String(decoding: original, as: UTF8.self) + "\nSee [the welcome](2026-11-02-welcome.md).\n"
        #expect(try trial.rebuild([(path, Data(link.utf8))]) == nil)
        // The file as it was makes nothing again; a paragraph added to its body, its pages.
        let same = try #require(try trial.rebuild([(path, original)]))
        #expect(same.files.isEmpty && same.jobs.isEmpty && same.records.isEmpty)
        let paragraph = String(decoding: original, as: UTF8.self) + "\nA paragraph more.\n"
        #expect(try trial.rebuild([(path, Data(paragraph.utf8))])?.pages ?? 0 > 0)
    }
}

/// `herald build` with a snapshot kept: the next build after an edit to a body replaces the
/// files it changes in the output, and leaves it as a whole build would.
@Suite struct CommandLineRebuildTests {
    private func build(_ site: URL, output: URL, force: Bool = false, keep: Bool? = true) throws -> BuildReport {
        var options = BuildOptions(sourcePath: site.path, outputPath: output.path, now: Fixtures.now)
        options.keepSnapshot = keep
        options.ignoreRecord = force
        return try SiteBuild.run(options)
    }

    /// A scratch folder holding a copy of a fixture site (`site/`) and where its output goes
    /// (`out/`, not made yet).
    private func scratch(_ fixture: String = "basic") throws -> (root: URL, site: URL, output: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-rebuild-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let site = root.appendingPathComponent("site")
        try FileManager.default.copyItem(at: Fixtures.site(fixture), to: site)
        return (root, site, root.appendingPathComponent("out"))
    }

    /// By default a snapshot is kept for an output built before (a site being worked on), not
    /// for one built into a new folder, or into one removed since (as CI does); asked, always or never.
    @Test func aSnapshotIsKeptByDefaultForAnOutputBuiltBefore() throws {
        let (root, site, output) = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let snapshot = BuildRecord.snapshotPath(forOutput: output.path)
        func kept() -> Bool { FileManager.default.fileExists(atPath: snapshot) }
        _ = try build(site, output: output, keep: nil)
        #expect(!kept(), "a first build")
        _ = try build(site, output: output, force: true, keep: nil)
        #expect(kept(), "built before")
        // `--no-snapshot` after an edit to a body: the snapshot there is not rebuilt from, and goes.
        let article = site.appendingPathComponent("content/news/2026/2026-11-02-welcome.md")
        Thread.sleep(forTimeInterval: 0.1)
        try (try String(contentsOf: article, encoding: .utf8) + "\nA line added.\n").write(
            to: article, atomically: false, encoding: .utf8)
        let edited = try build(site, output: output, keep: false)
        #expect(!edited.upToDate && !edited.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue))
        #expect(!kept(), "--no-snapshot")
        try FileManager.default.removeItem(at: output)
        _ = try build(site, output: output, keep: nil)
        #expect(!kept(), "the output removed before the build")
        try FileManager.default.removeItem(at: output)
        _ = try build(site, output: output, keep: true)
        #expect(kept(), "--snapshot")
    }

    private func files(under folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for path in try GoldenFiles.files(under: folder) {
            found[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return found
    }

    @Test func aBodyEditIsRebuiltInPlaceAsAWholeBuildWouldBuildIt() throws {
        let (root, site, output) = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        // What a build killed while writing its snapshot left, which the next build removes; and
        // the staging folder of another output, named `out.herald-snapshot`, which it leaves.
        let abandoned = root.appendingPathComponent(".out.herald-snapshot.tmp-herald4194303")
        try Data(count: 100).write(to: abandoned)
        let otherStaging = root.appendingPathComponent(".out.herald-snapshot.tmp-herald-4194303")
        try FileManager.default.createDirectory(at: otherStaging, withIntermediateDirectories: false)
        _ = try build(site, output: output)
        let snapshot = BuildRecord.snapshotPath(forOutput: output.path)
        #expect(FileManager.default.fileExists(atPath: snapshot))
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: otherStaging.path))
        try FileManager.default.removeItem(at: otherStaging)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.contains("tmp") } == [])
        // Files changed within the last ticks of the clock are not trusted by their stamps.
        Thread.sleep(forTimeInterval: 0.1)
        let article = site.appendingPathComponent("content/news/2026/2026-11-02-welcome.md")
        try (try String(contentsOf: article, encoding: .utf8) + "\nA line added later.\n").write(
            to: article, atomically: false, encoding: .utf8)

        let rebuilt = try build(site, output: output)
        #expect(rebuilt.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue))
        #expect(rebuilt.written > 0 && rebuilt.written < 20)
        let whole = root.appendingPathComponent("whole")
        _ = try build(site, output: whole, force: true)
        #expect(try files(under: output) == files(under: whole))
        // The output and the record agree: nothing changed since is up to date.
        #expect(try build(site, output: output).upToDate)

        // The rebuild added what it made to the snapshot: the next edits, to the same article and
        // to another shown on the same lists, are rebuilt from it too, each as a whole build.
        let other = site.appendingPathComponent("content/news/2026/2026-11-10-训练.md")
        for (number, file) in [article, article, other].enumerated() {
            let before = try #require(FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int)
            Thread.sleep(forTimeInterval: 0.1)
            try (try String(contentsOf: file, encoding: .utf8) + "\nEdit \(number).\n").write(
                to: file, atomically: false, encoding: .utf8)
            let next = try build(site, output: output)
            #expect(next.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue), "edit \(number)")
            _ = try build(site, output: whole, force: true)
            #expect(try files(under: output) == files(under: whole), "edit \(number)")
            #expect(try #require(FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int) > before)
        }

        // A snapshot changed since (here, added to by someone else) is not trusted: the edit builds everything.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: snapshot))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("HRLDSNP2".utf8))
        try handle.close()
        try (try String(contentsOf: article, encoding: .utf8) + "\nAnother.\n").write(
            to: article, atomically: false, encoding: .utf8)
        let next = try build(site, output: output)
        #expect(!next.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue))
        _ = try build(site, output: whole, force: true)
        #expect(try files(under: output) == files(under: whole))
    }

    /// A seeded random run of 40 changes to a site (bodies edited, front matter edited, articles
    /// and events added, deleted and renamed, files saved unchanged, nothing changed), each
    /// followed by `herald build` of the output built before, a fresh whole build of the site
    /// into a folder of its own, and a second `herald build`. After every change the output has
    /// exactly the whole build's files and bytes, and the second build finds it up to date. The
    /// run rebuilds from the snapshot, builds everything and finds nothing to do, each more than
    /// once, so each way is held to the whole build.
    @Test func aRandomRunOfChangesLeavesTheOutputAsAWholeBuildWouldEachTime() throws {
        let (root, site, output) = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        var random = SplitMix64(seed: 39)
        var changes = SiteChanges(content: site.appendingPathComponent("content"))
        _ = try build(site, output: output)
        var ways: [String: Int] = [:]
        for step in 0..<40 {
            // Files changed within the last ticks of the clock are not trusted by their stamps.
            Thread.sleep(forTimeInterval: 0.06)
            let change = try changes.apply(step: step, using: &random)
            let report = try build(site, output: output)
            let way =
                report.upToDate
                ? "up to date"
                : report.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue)
                    ? "snapshot" : "whole"
            ways[way, default: 0] += 1
            let whole = root.appendingPathComponent("whole-\(step)")
            _ = try build(site, output: whole, force: true, keep: false)
            #expect(try files(under: output) == files(under: whole), "step \(step): \(change), built as \(way)")
            #expect(try build(site, output: output).upToDate, "step \(step): \(change)")
            try FileManager.default.removeItem(at: whole)
        }
        #expect(ways["snapshot", default: 0] >= 3 && ways["whole", default: 0] >= 3, "\(ways)")
        #expect(ways["up to date", default: 0] >= 2, "\(ways)")
    }

    /// A content file saved without a change (its stamp changed, its bytes did not) is rebuilt
    /// from the snapshot to nothing: no file is written, and the snapshot gains a head (with the
    /// file's new stamp) and no page or item record.
    @Test func aFileSavedUnchangedWritesNothing() throws {
        let (root, site, output) = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let snapshot = BuildRecord.snapshotPath(forOutput: output.path)
        _ = try build(site, output: output)
        let before = try SnapshotArchive(contentsOf: snapshot)
        let article = site.appendingPathComponent("content/news/2026/2026-11-10-训练.md")
        Thread.sleep(forTimeInterval: 0.1)
        try Data(contentsOf: article).write(to: article)
        let report = try build(site, output: output)
        #expect(report.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue))
        #expect(report.written == 0)
        let after = try SnapshotArchive(contentsOf: snapshot)
        #expect(after.recordCount == before.recordCount + 1 && after.entryCount == before.entryCount)
        #expect(try build(site, output: output).upToDate)
    }

    /// A multilingual site's body edits are rebuilt from the snapshot too, in every language's
    /// edition that shows the file, each in its own words: a default-language article the English
    /// edition lists untranslated, an English article, and a bundle's English head with an event
    /// at once, each given an alert, whose title every edition writes in its language.
    @Test func aMultilingualSitesBodyEditsAreRebuiltInEveryEditionShowingThem() throws {
        let (root, site, output) = try scratch("bilingual")
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = root.appendingPathComponent("whole")
        _ = try build(site, output: output)
        let edits = [
            ["content/news/2026-11-05-basketball.md"],
            ["content/en/news/2026-11-12-exchange.md"],
            ["content/news/2026-11-18-gala/index.en.md", "content/events/2026-11-26-run.md"],
        ]
        for (number, paths) in edits.enumerated() {
            Thread.sleep(forTimeInterval: 0.1)
            for path in paths {
                let file = site.appendingPathComponent(path)
                try (try String(contentsOf: file, encoding: .utf8) + "\n> [!NOTE]\n> Note \(number).\n").write(
                    to: file, atomically: false, encoding: .utf8)
            }
            let report = try build(site, output: output)
            #expect(report.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue), "edit \(number)")
            #expect(report.written > 0 && report.written < 40, "edit \(number)")
            _ = try build(site, output: whole, force: true)
            #expect(try files(under: output) == files(under: whole), "edit \(number)")
        }
        // The untranslated article in both languages' feeds, its alert titled in each.
        let feeds = try ["feed.json", "en/feed.json"].map {
            try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(feeds[0].contains("</svg>说明</p>\\n<p>Note 0.</p>"))
        #expect(feeds[1].contains("</svg>Note</p>\\n<p>Note 0.</p>"))
    }

    /// A snapshot that cannot be trusted is not used, and the build says why (`snapshotNotUsed`):
    /// one another herald wrote, one changed since the build that wrote it, one whose bytes do
    /// not read as a snapshot though its stamp is the one recorded. Each edit is built whole, as
    /// a whole build builds it; a snapshot that simply does not fit the edit is not told of.
    @Test func aSnapshotThatCannotBeTrustedIsToldOfAndNotUsed() throws {
        let (root, site, output) = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let snapshot = BuildRecord.snapshotPath(forOutput: output.path)
        let whole = root.appendingPathComponent("whole")
        let article = site.appendingPathComponent("content/news/2026/2026-11-02-welcome.md")
        func edit(_ text: String) throws {
            Thread.sleep(forTimeInterval: 0.1)
            try (try String(contentsOf: article, encoding: .utf8) + "\n\(text)\n").write(
                to: article, atomically: false, encoding: .utf8)
        }
        func builtWhole(_ report: BuildReport) throws -> Bool {
            _ = try build(site, output: whole, force: true)
            #expect(try files(under: output) == files(under: whole))
            return !report.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue)
        }
        _ = try build(site, output: output)
        var record = try #require(BuildRecord.load(forOutput: output.path))
        record.herald = "another herald"
        record.save(forOutput: output.path)
        try edit("Edit one.")
        var report = try build(site, output: output)
        #expect(try builtWhole(report) && report.snapshotNotUsed == .otherHerald)
        #expect(report.wholeBuildCause == .otherHerald)

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: snapshot))
        try handle.seek(toOffset: 1000)
        try handle.write(contentsOf: Data("garbage".utf8))
        try handle.close()
        try edit("Edit two.")
        report = try build(site, output: output)
        #expect(try builtWhole(report) && report.snapshotNotUsed == .changedSince)
        #expect(report.wholeBuildCause == .noSnapshot)

        // Changed in place and the record made to name it as it is now: its bytes are read, and refused.
        Thread.sleep(forTimeInterval: 0.1)
        let size = try #require(FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int)
        let truncated = try FileHandle(forWritingTo: URL(fileURLWithPath: snapshot))
        try truncated.truncate(atOffset: UInt64(size / 2))
        try truncated.close()
        Thread.sleep(forTimeInterval: 0.1)
        record = try #require(BuildRecord.load(forOutput: output.path))
        record.snapshot = try #require(FileStamps.settledStamp(of: snapshot)?.value)
        record.save(forOutput: output.path)
        try edit("Edit three.")
        report = try build(site, output: output)
        guard case .unreadable = report.snapshotNotUsed else {
            Issue.record("a snapshot cut in half: \(String(describing: report.snapshotNotUsed))")
            return
        }
        #expect(try builtWhole(report))

        // The snapshot the whole build wrote fits the next edit; a title changed fits none, untold.
        try edit("Edit four.")
        report = try build(site, output: output)
        #expect(try !builtWhole(report) && report.snapshotNotUsed == nil && report.wholeBuildCause == nil)
        Thread.sleep(forTimeInterval: 0.1)
        try
            (try String(contentsOf: article, encoding: .utf8).replacingOccurrences(
                of: "title: \"", with: "title: \"New "))
            .write(to: article, atomically: false, encoding: .utf8)
        report = try build(site, output: output)
        #expect(try builtWhole(report) && report.snapshotNotUsed == nil)
        #expect(report.wholeBuildCause == .moreThanBodies(["content/news/2026/2026-11-02-welcome.md"]))
    }

    /// A snapshot another build is adding to (it holds the lock) is left to it: the edit is still
    /// rebuilt, and the next builds everything. One given a second name (a hard link, as `cp -al`
    /// backups make) is never added to through it.
    @Test func aSnapshotLockedOrLinkedElsewhereIsNotAddedTo() throws {
        let (root, site, output) = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let snapshot = BuildRecord.snapshotPath(forOutput: output.path)
        let article = site.appendingPathComponent("content/news/2026/2026-11-02-welcome.md")
        func edit(_ number: Int) throws {
            Thread.sleep(forTimeInterval: 0.05)
            try (try String(contentsOf: article, encoding: .utf8) + "\nEdit \(number).\n").write(
                to: article, atomically: false, encoding: .utf8)
        }
        func rebuilt(_ report: BuildReport) -> Bool {
            report.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue)
        }
        func size(_ path: String) -> Int? { try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int }

        _ = try build(site, output: output)
        let holder = open(snapshot, O_RDONLY)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let locked = size(snapshot)
        try edit(1)
        #expect(rebuilt(try build(site, output: output)))
        #expect(size(snapshot) == locked, "a locked snapshot is left as it is")
        close(holder)
        try edit(2)
        #expect(!rebuilt(try build(site, output: output)), "the record named no snapshot")

        let backup = root.appendingPathComponent("backup").path
        #expect(link(snapshot, backup) == 0)
        let linked = size(backup)
        try edit(3)
        // Given a second name since the build, its stamp changed: it is not trusted, nor added to.
        #expect(!rebuilt(try build(site, output: output)))
        #expect(size(backup) == linked, "a second name is not added to")
        #expect(size(snapshot) != nil && size(snapshot) != linked)
    }

    /// A snapshot added to by rebuilds until it is twice what the build wrote is removed by the
    /// next, whose edit is then built whole (and a new snapshot written).
    @Test func aSnapshotStopsGrowingAtTwiceWhatTheBuildWrote() throws {
        let (root, site, output) = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try build(site, output: output)
        let snapshot = BuildRecord.snapshotPath(forOutput: output.path)
        let whole = try #require(FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int)
        let article = site.appendingPathComponent("content/news/2026/2026-11-02-welcome.md")
        // The size after each edit (0: no snapshot), until an edit is built whole.
        var sizes: [Int] = []
        var wholeBuilds = 0
        for number in 0..<60 where wholeBuilds == 0 {
            Thread.sleep(forTimeInterval: 0.02)
            try (try String(contentsOf: article, encoding: .utf8) + "\nEdit \(number).\n").write(
                to: article, atomically: false, encoding: .utf8)
            let report = try build(site, output: output)
            if !report.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue) { wholeBuilds += 1 }
            sizes.append((try? FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int) ?? 0)
        }
        #expect(wholeBuilds == 1, "\(sizes)")
        // Grown by each rebuild, to twice the build's and no further; removed; written anew.
        let grown = sizes.dropLast(2)
        #expect(grown.count > 2 && zip(grown, grown.dropFirst()).allSatisfy { $0 < $1 }, "\(sizes)")
        #expect(grown.first! > whole && grown.last! >= 2 * whole && grown.dropLast().last! < 2 * whole, "\(sizes)")
        #expect(sizes.suffix(2).first == 0, "\(sizes)")
        #expect(sizes.last! > whole / 2 && sizes.last! < grown.first!, "\(sizes)")
    }

    @Test func aFileNotInTheOutputIsNeverWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-patch-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("out/a"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: root.appendingPathComponent("out/a/index.html"))
        let patch = try OutputPatch(
            output: root.appendingPathComponent("out").path,
            manifest: OutputManifest(files: ["a/index.html"], folders: ["a"]))
        for path in ["../escaped.html", "a/../../escaped.html", "/tmp/escaped.html", "b/new.html"] {
            #expect(throws: OutputPatch.Problem.self) {
                try patch.replace([(path, Data("x".utf8))], fingerprint: "0-0")
            }
        }
        // A manifest changed to name a place outside is held to the output folder all the same.
        let escaping = ["../escaped.html", "a/../../escaped.html"]
        let changed = try OutputPatch(
            output: root.appendingPathComponent("out").path, manifest: OutputManifest(files: escaping, folders: []))
        for path in escaping {
            #expect(throws: OutputPatch.Problem.self) {
                try changed.replace([(path, Data("x".utf8))], fingerprint: "0-0")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("escaped.html").path))
        let replaced = try patch.replace([("a/index.html", Data("new".utf8))], fingerprint: "0-2")
        #expect(replaced.written == 1)
        #expect(try Data(contentsOf: root.appendingPathComponent("out/a/index.html")) == Data("new".utf8))
    }
}

/// Changes made to a site's content folder as an author makes them, chosen by a random number
/// generator: the steps of `aRandomRunOfChangesLeavesTheOutputAsAWholeBuildWouldEachTime`.
struct SiteChanges {
    let content: URL
    private let words = ["court", "season", "训练", "quiz", "match", "club", "夜跑", "final"]

    /// Every Markdown file under the content folder, in a fixed order.
    private func files() throws -> [URL] {
        try GoldenFiles.files(under: content).filter { $0.hasSuffix(".md") }.sorted()
            .map { content.appendingPathComponent($0) }
    }

    private func text(_ file: URL) throws -> String { try String(contentsOf: file, encoding: .utf8) }

    private func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: false, encoding: .utf8)
    }

    /// Makes one change, and says what it was.
    mutating func apply(step: Int, using random: inout SplitMix64) throws -> String {
        let files = try files()
        let file = files[Int(random.next() % UInt64(files.count))]
        let word = words[Int(random.next() % UInt64(words.count))]
        let name = file.lastPathComponent
        switch random.next() % 9 {
        case 0, 1:
            try write(try text(file) + "\nParagraph \(step) about the *\(word)*, see [the rules](/about/).\n", to: file)
            return "a paragraph added to \(name)"
        case 2:
            let lines = try text(file).components(separatedBy: "\n")
            let edited = lines.map { $0.hasPrefix("title:") ? "title: \"\(word) \(step)\"" : $0 }
            try write(edited.joined(separator: "\n"), to: file)
            return "the title of \(name) changed"
        case 3:
            let day = 1 + Int(random.next() % 20)
            let added = content.appendingPathComponent(
                "news/2026/2026-11-\(day < 10 ? "0" : "")\(day)-added-\(step).md")
            try write(
                "---\ntitle: Added \(step)\ndate: 2026-11-\(day < 10 ? "0" : "")\(day) 10:00\ntags: [\(word)]\n---\n\nAbout the \(word).\n",
                to: added)
            return "news added: \(added.lastPathComponent)"
        case 4:
            let day = 22 + Int(random.next() % 8)
            let added = content.appendingPathComponent("events/added-\(step).md")
            try write(
                "---\ntitle: Event \(step)\ndate: 2026-11-01\nstart: 2026-11-\(day) 19:00\nlocation: Hall\ntags: [\(word)]\n---\n\nA \(word) evening.\n",
                to: added)
            return "event added: \(added.lastPathComponent)"
        case 5 where files.count > 4 && name != "about.md":
            try FileManager.default.removeItem(at: file)
            return "\(name) deleted"
        case 6 where name != "about.md":
            let renamed = file.deletingLastPathComponent().appendingPathComponent("renamed-\(step)-" + name)
            try FileManager.default.moveItem(at: file, to: renamed)
            return "\(name) renamed \(renamed.lastPathComponent)"
        case 7:
            try write(try text(file), to: file)
            return "\(name) saved unchanged"
        default:
            return "nothing changed"
        }
    }
}
