import Foundation
import Testing

@testable import Herald

/// A second build with nothing changed stops after checking; any change to the input, the
/// output, the options or a clock that passes an instant the site depends on builds again.
@Suite struct RebuildTests {
    typealias Scratch = OutputFolderTests.Scratch

    /// Each output file's modification time.
    func modificationTimes(_ scratch: Scratch) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for path in try GoldenFiles.files(under: scratch.output) {
            times[path] =
                try FileManager.default.attributesOfItem(atPath: scratch.output.appendingPathComponent(path).path)[
                    .modificationDate] as? Date
        }
        return times
    }

    func build(
        _ scratch: Scratch, at now: Date = Fixtures.now, configure: (inout BuildOptions) -> Void = { _ in }
    ) throws -> BuildReport {
        var options = BuildOptions(sourcePath: scratch.site.path, outputPath: scratch.output.path, now: now)
        configure(&options)
        return try SiteBuild.run(options)
    }

    @Test func aRebuildWithNothingChangedWritesNothing() throws {
        let scratch = try Scratch()
        let first = try build(scratch)
        #expect(!first.upToDate && first.written == first.files)
        let bytes = try scratch.snapshot()
        let times = try modificationTimes(scratch)

        let second = try build(scratch)
        #expect(second.upToDate)
        #expect(
            second.written == 0 && second.files == first.files && second.pages == first.pages
                && second.items == first.items)
        #expect(second.summary.hasPrefix("Up to date: 1 item, \(first.pages) pages, \(first.files) files unchanged"))
        #expect(try scratch.snapshot() == bytes)
        #expect(try modificationTimes(scratch) == times, "no file is touched")
    }

    /// The record's fingerprint of the output is made from the files the build wrote, not by
    /// looking at them again: it must be what looking at every file and folder of the manifest
    /// gives, after a first build and after a rebuild that keeps most files from the previous
    /// output (linked, which changes their stamps when that output is deleted), with static files
    /// and nested folders. And the manifest lists exactly what is in the output.
    @Test func theRecordedOutputFingerprintIsTheFoldersOwn() throws {
        let scratch = try Scratch()
        try scratch.write("site/static/images/deep/logo.svg", "<svg/>")
        try scratch.write("site/content/news/2026-11-02-second.md", "---\ntitle: Second\ntags: [a, b]\n---\nText.\n")
        let walked = {
            OutputManifest.load(forOutput: scratch.output.path)?.fingerprint(root: scratch.output.path)
        }
        // The no-op check stamps the manifest's lines where they lie, not made into strings.
        let stampedFromLines = {
            ManifestLines.load(forOutput: scratch.output.path)?.fingerprint(
                root: scratch.output.path, until: StopSignal())
        }
        _ = try build(scratch)
        #expect(BuildRecord.load(forOutput: scratch.output.path)?.output == walked())
        #expect(stampedFromLines() == walked())
        var listed = OutputManifest(files: [], folders: [])
        let root = scratch.output.path
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
            if isFolder.boolValue { listed.folders.append(path) } else { listed.files.append(path) }
        }
        #expect(listed.files.count > 20 && listed.folders.contains("images/deep"))
        let manifest = try #require(OutputManifest.load(forOutput: root))
        #expect(
            manifest.files.sorted() == listed.files.sorted() && manifest.folders.sorted() == listed.folders.sorted())

        try scratch.write(
            "site/content/news/2026-11-02-second.md", "---\ntitle: Second\ntags: [a, b]\n---\nText, edited.\n")
        let rebuilt = try build(scratch)
        #expect(rebuilt.written > 0 && rebuilt.written < rebuilt.files, "most files are kept from the previous output")
        #expect(BuildRecord.load(forOutput: scratch.output.path)?.output == walked())
        #expect(stampedFromLines() == walked())
        #expect(try build(scratch).upToDate)
    }

    /// A manifest is read only when every line is a kind (`d` or `f`), a space and a path, after
    /// its header; what it lists is the same however it is read; and a stamping that was asked to
    /// stop gives no fingerprint, never a partial one.
    @Test func aManifestIsReadWholeOrNotAtAll() throws {
        let header = OutputManifest.header + "\n"
        let listed = try #require(ManifestLines(Data((header + "d a\nf a/index.html\nf 名/b.html").utf8)))
        #expect(listed.manifest == OutputManifest(files: ["a/index.html", "名/b.html"], folders: ["a"]))
        #expect(ManifestLines(Data(header.utf8))?.manifest == OutputManifest(files: [], folders: []))
        for broken in [
            "", "herald output manifest 0\nf a\n", header + "f a\n\nf b\n", header + "x a\n", header + "f\n",
        ] {
            #expect(ManifestLines(Data(broken.utf8)) == nil, "\(broken.debugDescription)")
        }

        let scratch = try Scratch()
        _ = try build(scratch)
        let lines = try #require(ManifestLines.load(forOutput: scratch.output.path))
        let stop = StopSignal()
        #expect(
            lines.fingerprint(root: scratch.output.path, until: stop)
                == BuildRecord.load(forOutput: scratch.output.path)?.output)
        stop.raise()
        #expect(lines.fingerprint(root: scratch.output.path, until: stop) == nil)
    }

    /// A folder is listed from its descriptor with getdents64 in 32 KB reads: a folder whose
    /// entries take several reads (3,000 long names, some 300 KB) is listed whole, with each
    /// entry's type, as FileManager lists it; and an added file changes the fingerprint.
    @Test func aFolderOfManyEntriesIsListedWhole() throws {
        let scratch = try Scratch()
        let folder = scratch.site.appendingPathComponent("many")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let long = String(repeating: "名", count: 30)
        for index in 0..<3000 {
            #expect(
                FileManager.default.createFile(
                    atPath: folder.appendingPathComponent("\(long)-\(index).md").path, contents: Data()))
        }
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        let listed = DirectoryListing.entries(ofDescriptor: descriptor)
        #expect(Set(listed.map(\.name)) == Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)))
        #expect(listed.count == 3001)
        #expect(listed.filter { $0.type == UInt8(DT_DIR) }.map(\.name) == ["sub"])
        let before = FileStamps.fingerprint(root: scratch.site.path, paths: ["many"])
        let valuesBefore = FileStamps.values(root: scratch.site.path, path: "many")
        #expect(
            FileManager.default.createFile(atPath: folder.appendingPathComponent("sub/new.md").path, contents: Data()))
        #expect(FileStamps.fingerprint(root: scratch.site.path, paths: ["many"]) != before)

        // Entry by entry, the same values the fingerprint adds up: the walk tells which file is new.
        let values = FileStamps.values(root: scratch.site.path, path: "many")
        #expect(valuesBefore.count == 3002 && values.count == 3003)
        #expect(Set(values.keys).subtracting(valuesBefore.keys) == ["many/sub/new.md"])
        var sum = FingerprintSum()
        for value in values.values { sum.add(value) }
        #expect(sum.text == FileStamps.fingerprint(root: scratch.site.path, paths: ["many"]))
        let new = try #require(values["many/sub/new.md"])
        sum.remove(new)
        #expect(FingerprintSum(text: sum.text) == sum)
        #expect(sum.text == before)
    }

    /// The hash of a stamp tells apart what a fingerprint must: any one changed word (a time, a
    /// size), any changed byte of a path wherever it falls in its eight, and where one string
    /// ends and the next begins.
    @Test func aStampsHashChangesWithAnyOneOfItsParts() {
        func hash(_ parts: [String], _ numbers: [UInt64]) -> UInt64 {
            var hash = StampHash()
            for part in parts { hash.add(part) }
            for number in numbers { hash.add(number) }
            return hash.mixed
        }
        let path = "./news/报名-2026/index.html"
        let numbers: [UInt64] = [0o100644, 4096, 1_764_300_000, 123_456_789, 1_764_300_000, 123_456_789, 42]
        let base = hash([path], numbers)
        var seen: Set<UInt64> = [base]
        for index in numbers.indices {
            for delta: UInt64 in [1, 1 << 32, 1 << 63] {
                var changed = numbers
                changed[index] ^= delta
                seen.insert(hash([path], changed))
            }
        }
        let bytes = Array(path.utf8)
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 1
            seen.insert(hash([String(decoding: changed, as: UTF8.self)], numbers))
        }
        #expect(seen.count == 1 + numbers.count * 3 + bytes.count)
        #expect(hash(["ab", "c"], []) != hash(["a", "bc"], []))
        #expect(hash(["abcdefgh"], []) != hash(["abcdefgh", ""], []))
        #expect(hash([path], numbers) == base)
    }

    @Test func warningsOfTheLastBuildAreRepeated() throws {
        let scratch = try Scratch()
        try scratch.write("site/content/news/2026-11-03-typo.md", "---\ntitle: Typo\ncategroy: Sport\n---\nText.\n")
        // More warnings in one file than are shown: the line that stands for the rest is told again as it was.
        let references = (1...DiagnosticCap.perFile + 5).map { "[^missing\($0)]" }.joined(separator: " ")
        try scratch.write("site/content/news/2026-11-04-notes.md", "---\ntitle: Notes\n---\nSee \(references).\n")
        let first = try build(scratch)
        let second = try build(scratch)
        #expect(second.upToDate)
        #expect(first.warnings.contains { $0.omitted == 5 && $0.line == 0 })
        #expect(!first.warnings.isEmpty && second.warnings == first.warnings)
        #expect(DiagnosticCap.count(second.warnings) == DiagnosticCap.count(first.warnings))
    }

    /// Each change below must lead to a real build whose output shows it.
    /// And says why it built everything (`--timings` tells it).
    @Test(arguments: [
        ("edit an item", WholeBuildCause.moreThanBodies(["content/news/2026-11-01-first.md"])),
        ("add an item", .contentAddedOrRemoved), ("delete an item", .contentAddedOrRemoved),
        ("add a template", .siteFilesChanged), ("change a static file", .siteFilesChanged),
        ("add popularity data", .siteFilesChanged), ("change site.yml", .siteFilesChanged),
        ("delete an output file", .outputChanged), ("edit an output file", .outputChanged),
        ("add a file to the output", .outputChanged), ("add a folder to the output", .outputChanged),
        ("replace an output folder", .outputChanged), ("corrupt the record", .noRecord),
        ("delete the output manifest", .outputChanged),
    ])
    func anyChangeBuildsAgain(change: String, cause: WholeBuildCause) throws {
        let scratch = try Scratch()
        // A snapshot kept from the first build on, so that only what it cannot rebuild is whole.
        let build = { (scratch: Scratch) in try self.build(scratch) { $0.keepSnapshot = true } }
        #expect(try build(scratch).wholeBuildCause == .noRecord)
        let page = scratch.output.appendingPathComponent("news/first/index.html")
        var check: () throws -> Void = {}
        switch change {
        case "edit an item":
            try scratch.write("site/content/news/2026-11-01-first.md", "---\ntitle: First, edited\n---\nHello.\n")
            check = { () throws in #expect(try String(contentsOf: page, encoding: .utf8).contains("First, edited")) }
        case "add an item":
            try scratch.write("site/content/news/2026-11-02-second.md", "---\ntitle: Second\n---\nBye.\n")
            check = { () throws in
                #expect(
                    FileManager.default.fileExists(
                        atPath: scratch.output.appendingPathComponent("news/second/index.html").path))
            }
        case "delete an item":
            try scratch.write("site/content/news/2026-11-02-second.md", "---\ntitle: Second\n---\nBye.\n")
            _ = try build(scratch)
            try FileManager.default.removeItem(
                at: scratch.site.appendingPathComponent("content/news/2026-11-02-second.md"))
            check = { () throws in
                #expect(
                    !FileManager.default.fileExists(
                        atPath: scratch.output.appendingPathComponent("news/second/index.html").path))
            }
        case "add a template":
            try scratch.write("site/templates/partials/site/footer.mustache", "<footer>Our own footer</footer>\n")
            check = { () throws in #expect(try String(contentsOf: page, encoding: .utf8).contains("Our own footer")) }
        case "change a static file":
            try scratch.write("site/static/robots.txt", "User-agent: *\nDisallow: /private/\n")
            check = { () throws in
                #expect(
                    try String(contentsOf: scratch.output.appendingPathComponent("robots.txt"), encoding: .utf8)
                        .contains("Disallow"))
            }
        case "add popularity data":
            try scratch.write("site/data/popularity.csv", "path,views\nnews/2026-11-01-first.md,500\n")
            check = { () throws in
                #expect(
                    try String(contentsOf: scratch.output.appendingPathComponent("api/trending.json"), encoding: .utf8)
                        .contains("\"views\" : 500"))
            }
        case "change site.yml":
            try scratch.write("site/site.yml", "title: Renamed\nbaseURL: https://example.org/\n")
            check = { () throws in #expect(try String(contentsOf: page, encoding: .utf8).contains("Renamed")) }
        case "delete an output file":
            try FileManager.default.removeItem(at: page)
            check = { () throws in #expect(FileManager.default.fileExists(atPath: page.path)) }
        case "edit an output file":
            try Data("defaced".utf8).write(to: page)
            check = { () throws in #expect(try String(contentsOf: page, encoding: .utf8).contains("<title>First")) }
        case "add a file to the output":
            // A file nobody made, in a folder of the site's: the next build removes it.
            let stray = scratch.output.appendingPathComponent("news/first/stray.html")
            try Data("stray".utf8).write(to: stray)
            check = { () throws in #expect(!FileManager.default.fileExists(atPath: stray.path)) }
        case "add a folder to the output":
            let stray = scratch.output.appendingPathComponent("news/stray")
            try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: false)
            check = { () throws in #expect(!FileManager.default.fileExists(atPath: stray.path)) }
        case "replace an output folder":
            // The same names in a folder made anew: its stamp is another folder's.
            let folder = scratch.output.appendingPathComponent("news/first")
            let moved = scratch.output.appendingPathComponent("news/moved")
            try FileManager.default.moveItem(at: folder, to: moved)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try FileManager.default.moveItem(
                at: moved.appendingPathComponent("index.html"), to: folder.appendingPathComponent("index.html"))
            try FileManager.default.removeItem(at: moved)
            check = { () throws in #expect(try String(contentsOf: page, encoding: .utf8).contains("<title>First")) }
        case "delete the output manifest":
            try FileManager.default.removeItem(atPath: OutputManifest.path(forOutput: scratch.output.path))
            check = {}
        case "corrupt the record":
            try Data("{not json".utf8).write(to: URL(fileURLWithPath: BuildRecord.path(forOutput: scratch.output.path)))
            check = {}
        default:
            Issue.record("unknown change \(change)")
        }
        let report = try build(scratch)
        #expect(!report.upToDate, "\(change) must build again")
        #expect(report.wholeBuildCause == cause)
        try check()
        let after = try build(scratch)
        #expect(after.upToDate && after.wholeBuildCause == nil, "and the build after that has nothing to do")
    }

    /// Links that lead back up the tree (`a -> .`, `b -> .`) would make 2^n paths to walk.
    @Test func linkLoopsInTheSiteDoNotHangTheCheck() throws {
        let scratch = try Scratch()
        let news = scratch.site.appendingPathComponent("content/news").path
        try FileManager.default.createSymbolicLink(atPath: news + "/a", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: news + "/b", withDestinationPath: ".")
        let first = try build(scratch)
        #expect(first.items == 1)
        #expect(try build(scratch).upToDate)
    }

    @Test func aFolderThatIsALinkOutOfTheSiteIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("outside/secret.txt", "secret\n")
        try FileManager.default.removeItem(at: scratch.site.appendingPathComponent("static"))
        try FileManager.default.createSymbolicLink(
            atPath: scratch.site.appendingPathComponent("static").path,
            withDestinationPath: scratch.root.appendingPathComponent("outside").path)
        #expect(throws: BuildFailure.self) { try build(scratch) }
        do {
            _ = try build(scratch)
        } catch let failure as BuildFailure {
            #expect(
                failure.diagnostics.first?.description.hasPrefix(
                    "static:1: symbolic link points outside the site folder") == true)
        }
    }

    /// A first build into a new output keeps no snapshot (a CI build, most likely), so the edit
    /// after it is built whole, and says so; the build after that keeps one, and the next body
    /// edit is rebuilt from it.
    @Test func aWholeBuildSaysWhy() throws {
        let scratch = try Scratch()
        #expect(try build(scratch).wholeBuildCause == .noRecord)
        let article = "site/content/news/2026-11-01-first.md"
        try scratch.write(article, "---\ntitle: First\n---\nHello.\n\nA second paragraph.\n")
        #expect(try build(scratch).wholeBuildCause == .noSnapshot)
        Thread.sleep(forTimeInterval: 0.1)
        // Past the summary (the first paragraph, which lists show): the body alone changes.
        try scratch.write(article, "---\ntitle: First\n---\nHello.\n\nA second paragraph, edited.\n")
        let rebuilt = try build(scratch)
        #expect(rebuilt.wholeBuildCause == nil && !rebuilt.upToDate)
        #expect(rebuilt.timings.map(\.step).contains(BuildStep.rebuildEditedBodies.rawValue))
    }

    @Test func theOptionsThatDifferAreNamed() {
        let last = BuildRecord.optionsKey(BuildOptions(sourcePath: "/a"), source: "/a")
        var options = BuildOptions(sourcePath: "/b", includeDrafts: true, includeFuture: true)
        options.baseURL = "https://x.example/"
        #expect(
            WholeBuildCause.otherOptions(last, BuildRecord.optionsKey(options, source: "/b"))
                == .otherOptions(["--base-url", "--drafts", "--future", "the site folder"]))
        #expect(
            WholeBuildCause.otherOptions(["--drafts", "--future"]).description
                == "--drafts and --future differ from the last build's")
        #expect(
            WholeBuildCause.otherOptions(["--base-url", "--drafts", "the site folder"]).description
                == "--base-url, --drafts and the site folder differ from the last build's")
    }

    @Test func otherOptionsOrForceBuildAgain() throws {
        let scratch = try Scratch()
        try scratch.write("site/content/news/2026-11-02-draft.md", "---\ntitle: Draft\ndraft: true\n---\nSoon.\n")
        _ = try build(scratch)
        let withDrafts = try build(scratch) { $0.includeDrafts = true }
        #expect(
            !withDrafts.upToDate && withDrafts.items == 2 && withDrafts.wholeBuildCause == .otherOptions(["--drafts"]))
        #expect(withDrafts.wholeBuildCause?.description == "--drafts differs from the last build's")
        let forced = try build(scratch) {
            $0.includeDrafts = true
            $0.ignoreRecord = true
        }
        #expect(!forced.upToDate && forced.written == 0, "a forced build of the same input rewrites nothing")
        #expect(forced.wholeBuildCause == .forced)
        let elsewhere = try build(scratch) {
            $0.includeDrafts = true
            $0.baseURL = "https://preview.example.org/"
        }
        #expect(elsewhere.wholeBuildCause == .otherOptions(["--base-url"]))
    }

    /// Within an hour nothing changes; an item going live in between forces a build that shows it.
    @Test func theClockMattersOnlyAtInstantsTheSiteDependsOn() throws {
        let scratch = try Scratch()
        try scratch.write(
            "site/content/news/2026-11-21-later.md",
            "---\ntitle: Later today\ndate: 2026-11-21T12:30:00+08:00\n---\nNews.\n")
        let at = { (time: String) in DateParser.parseInstant("2026-11-21T\(time)+08:00")! }
        let first = try build(scratch, at: at("12:05:00"))
        #expect(first.items == 1)
        #expect(try build(scratch, at: at("12:20:00")).upToDate, "nothing happens between 12:05 and 12:20")
        let afterLaunch = try build(scratch, at: at("12:40:00"))
        #expect(!afterLaunch.upToDate && afterLaunch.items == 2, "the item went live at 12:30")
        #expect(afterLaunch.wholeBuildCause == .clockPassed)
        #expect(try build(scratch, at: at("12:50:00")).upToDate)
        #expect(!(try build(scratch, at: at("13:10:00"))).upToDate, "a new hour: trending ages have moved")
    }
}

/// `OutputValidity` promises that a build at any clock time it holds for writes the same bytes.
@Suite struct OutputValidityTests {
    /// Builds the example site (16 events, one repeating weekly, trending data) at many clock
    /// times and checks every pair the validity says are the same.
    @Test func buildsWithinTheValiditySpanAreIdentical() throws {
        let base = Fixtures.now
        // Minutes after the golden build's now: within its hour, across hours, across midnight,
        // and days later when event dates have finished.
        let offsets: [Double] = [
            0, 7, 31, 59, 61, 95, 119, 300, 301, 720 + 13, 720 + 47, 1440 * 3 + 5, 1440 * 3 + 50, 1440 * 9 + 22,
            1440 * 9 + 23,
        ]
        var builds: [(now: Date, validity: OutputValidity, files: [String: Data])] = []
        for offset in offsets {
            let now = base.addingTimeInterval(offset * 60)
            let output = MemoryOutput()
            let report = try Build(
                options: BuildOptions(sourcePath: Fixtures.repository.path, now: now),
                fileSystem: .disk(root: Fixtures.repository.path)
            ).run(into: output)
            builds.append((now, try #require(report.validity), output.files))
        }
        var samePairs = 0
        var differentPairs = 0
        for a in builds {
            for b in builds where a.now < b.now {
                if a.validity.holds(at: b.now) {
                    samePairs += 1
                    #expect(
                        a.files == b.files, "validity at \(a.now) holds at \(b.now), so the output must be the same")
                    #expect(b.validity.holds(at: a.now))
                } else if a.files != b.files {
                    differentPairs += 1
                }
            }
        }
        #expect(samePairs >= 4, "the test compares real pairs")
        #expect(differentPairs >= 10)
    }

    @Test func aNowOnAnInstantIsValidOnlyThere() {
        let rules = PublishingRules(now: Fixtures.now)
        let validity = OutputValidity.around(rules: rules, items: [], zone: TimeZone(identifier: "Asia/Shanghai")!)
        // The golden now, 12:00 in Shanghai, is the start of an hour.
        #expect(validity.holds(at: Fixtures.now))
        #expect(!validity.holds(at: Fixtures.now.addingTimeInterval(60)))
        #expect(!validity.holds(at: Fixtures.now.addingTimeInterval(-60)))
        let later = OutputValidity.around(
            rules: PublishingRules(now: Fixtures.now.addingTimeInterval(600)), items: [],
            zone: TimeZone(identifier: "Asia/Shanghai")!)
        #expect(later.from == Fixtures.now && later.until == Fixtures.now.addingTimeInterval(3600))
    }

    /// A multilingual site changes when a day begins in any of its languages' time zones: the
    /// English edition's calendar marks its own today.
    @Test func aMultilingualSiteChangesAtEveryLanguagesMidnight() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-validity-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.site("bilingual"), to: folder)
        let config = folder.appendingPathComponent("site.yml")
        try (try String(contentsOf: config, encoding: .utf8))
            .replacingOccurrences(of: "    path: en\n", with: "    path: en\n    timezone: Asia/Kolkata\n")
            .write(to: config, atomically: false, encoding: .utf8)
        // Midnight in Kolkata (18:30 UTC) between the two; in Shanghai it is 02:20 and 02:40 of the same day.
        let (before, after) = (
            DateParser.parseInstant("2026-12-01T18:20:00Z")!, DateParser.parseInstant("2026-12-01T18:40:00Z")!
        )
        func built(at now: Date) throws -> (validity: OutputValidity, files: [String: Data]) {
            let output = MemoryOutput()
            let report = try Build(
                options: BuildOptions(sourcePath: folder.path, now: now), fileSystem: .disk(root: folder.path)
            ).run(into: output)
            return (try #require(report.validity), output.files)
        }
        let (first, second) = (try built(at: before), try built(at: after))
        #expect(first.files != second.files, "the English calendar's today moved")
        #expect(!first.validity.holds(at: after))
        #expect(first.validity.until == DateParser.parseInstant("2026-12-02T00:00:00+05:30")!)
    }

    @Test func midnightInAHalfHourZoneIsAnInstant() {
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        // 23:50 in Kolkata is 18:20 UTC; midnight there (18:30 UTC) comes before the next UTC hour.
        let now = DateParser.parseInstant("2026-11-21T23:50:00+05:30")!
        let validity = OutputValidity.around(rules: PublishingRules(now: now), items: [], zone: kolkata)
        #expect(validity.until == DateParser.parseInstant("2026-11-22T00:00:00+05:30")!)
    }
}
