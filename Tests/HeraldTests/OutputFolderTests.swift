import Foundation
import Testing

@testable import Herald

/// The output folder on disk: replaced only by a successful build, never left half-written.
@Suite struct OutputFolderTests {
    /// A scratch folder with a small site in it, removed afterwards.
    final class Scratch {
        let root: URL
        var site: URL { root.appendingPathComponent("site") }
        var output: URL { root.appendingPathComponent("out") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-test-\(UUID().uuidString)")
            try write("site/site.yml", "title: Scratch\nbaseURL: https://union.example.edu/\n")
            try write("site/content/news/2026-11-01-first.md", "---\ntitle: First\n---\nHello.\n")
            try write("site/static/robots.txt", "User-agent: *\n")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func build() throws -> BuildReport {
            try SiteBuild.run(BuildOptions(sourcePath: site.path, outputPath: output.path, now: Fixtures.now))
        }

        /// Every output file with its bytes.
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for path in try GoldenFiles.files(under: output) {
                files[path] = try Data(contentsOf: output.appendingPathComponent(path))
            }
            return files
        }

        /// What is in the folder that holds the output (no staging folders may be left behind).
        func siblings() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() }
    }

    /// An output folder the build would have to delete what it must not to replace is refused
    /// before anything is written or deleted, told as `folder: message`: the site folder, a folder
    /// holding it, one Herald reads from, a file, and a folder of something else.
    @Test func anOutputFolderThatWouldDeleteWhatItMustNotIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("other/notes.txt", "Mine.\n")
        try scratch.write("file.txt", "A file.\n")
        let cases: [(output: URL, reason: String)] = [
            (scratch.site, "is the site folder or contains it"),
            (scratch.root, "is the site folder or contains it"),
            (scratch.site.appendingPathComponent("static/mirror"), "is inside a folder Herald reads from"),
            (scratch.site.appendingPathComponent("content"), "is inside a folder Herald reads from"),
            (scratch.root.appendingPathComponent("file.txt"), "is a file, not a folder"),
            (scratch.root.appendingPathComponent("other"), "is not empty and is not a site Herald built"),
        ]
        let before = try FileManager.default.subpathsOfDirectory(atPath: scratch.root.path).sorted()
        for (output, reason) in cases {
            do {
                _ = try SiteBuild.run(
                    BuildOptions(sourcePath: scratch.site.path, outputPath: output.path, now: Fixtures.now))
                Issue.record("\(output.path) was built into")
            } catch let failure as BuildFailure {
                let told = failure.diagnostics.map(\.description)
                #expect(told.count == 1 && told[0].hasPrefix("\(output.path): the output folder \(reason)"), "\(told)")
                #expect(told.allSatisfy { $0.contains("--output") })
            }
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: scratch.root.path).sorted() == before)
    }

    @Test func failedBuildLeavesThePreviousOutputUntouched() throws {
        let scratch = try Scratch()
        _ = try scratch.build()
        let before = try scratch.snapshot()
        #expect(before["news/first/index.html"] != nil)
        #expect(before["robots.txt"] != nil)

        try scratch.write("site/content/news/2026-11-02-broken.md", "---\ntitle: [broken\n---\n")
        #expect(throws: BuildFailure.self) { try scratch.build() }
        #expect(try scratch.snapshot() == before)
        #expect(
            try scratch.siblings() == [
                ".out.herald", ".out.herald-cache.json", ".out.herald-cache.paths", "out", "site",
            ],
            "no staging folder is left behind, only the marker")
    }

    @Test func filesThatNoLongerBelongAreGoneAfterABuild() throws {
        let scratch = try Scratch()
        try scratch.write("site/content/news/2026-11-02-second.md", "---\ntitle: Second\n---\nBye.\n")
        _ = try scratch.build()
        #expect(try scratch.snapshot()["news/second/index.html"] != nil)
        try FileManager.default.removeItem(at: scratch.site.appendingPathComponent("content/news/2026-11-02-second.md"))
        let report = try scratch.build()
        let after = try scratch.snapshot()
        #expect(after["news/second/index.html"] == nil)
        #expect(after["news/first/index.html"] != nil)
        #expect(report.items == 1)
        #expect(report.files == after.count, "the summary counts every file written")
    }

    @Test func outputThatWouldSwallowTheSiteIsRefused() throws {
        let scratch = try Scratch()
        for output in [scratch.site.path, scratch.root.path, scratch.site.appendingPathComponent("content/out").path] {
            #expect(throws: BuildFailure.self) {
                try SiteBuild.run(BuildOptions(sourcePath: scratch.site.path, outputPath: output, now: Fixtures.now))
            }
        }
        #expect(
            FileManager.default.fileExists(
                atPath: scratch.site.appendingPathComponent("content/news/2026-11-01-first.md").path))
    }

    @Test func symbolicLinksOutOfTheSiteFolderAreRefused() throws {
        let scratch = try Scratch()
        try scratch.write("secret/passwords.md", "---\ntitle: Secret\n---\n")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.site.appendingPathComponent("content/pages").path,
            withDestinationPath: scratch.root.appendingPathComponent("secret").path)
        do {
            _ = try scratch.build()
            Issue.record("the build should refuse the link")
        } catch let failure as BuildFailure {
            #expect(failure.step == "discover content")
            #expect(
                failure.diagnostics.first?.description.hasPrefix(
                    "content/pages:1: symbolic link points outside the site folder") == true)
        }
    }

    @Test func aSymbolicLinkLoopIsWalkedOnce() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(
            atPath: scratch.site.appendingPathComponent("content/news/loop").path,
            withDestinationPath: scratch.site.appendingPathComponent("content/news").path)
        let report = try scratch.build()
        #expect(report.items == 1)
    }

    @Test func outputCollisionsArePointedAtTheirSource() {
        #expect(
            diagnostics([
                "content/news/2026-11-01-a.md": "---\ntitle: A\n---\n",
                "static/news": "a file where the news folder goes\n",
            ]) == [
                "static/news:1: the page of content/news/2026-11-01-a.md and 1 more output need the folder /news/, but static/news is a file there; choose another name"
            ], "one problem for the one file in the way, where it is")
        #expect(
            diagnostics(["content/pages/feed.md": "---\ntitle: Feed\nslug: feed.xml\n---\n"]) == [
                "content/pages/feed.md:3: the page of content/pages/feed.md needs the folder /feed.xml/, but the RSS feed is a file there; choose another name"
            ])
    }

    /// Every output below a file is counted, in whatever order the paths come: each path's
    /// folders are looked up, or taken from the path before it when it shares them.
    @Test func everyOutputAFileStandsInTheWayOfIsCounted() {
        let paths = [
            "a/b/c.html", "a/b", "x/y.html", "a/b/d.html", "a/q/r.html", "a/b/c/d/e.html", "z/w.html", "a/b/d.html",
            "z", "/lead.html", "a/bc/x.html",
        ]
        var told: [String] = []
        do {
            try OutputPaths.check(paths) { OutputPaths.Claim(owner: paths[$0], source: (paths[$0], 1)) }
        } catch let failure as BuildFailure {
            told = failure.diagnostics.map(\.description)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(
            told == [
                "a/b:1: a/b/c.html and 3 more outputs need the folder /a/b/, but a/b is a file there; choose another name",
                "a/b/d.html:1: a/b/d.html and a/b/d.html would both be written to /a/b/d.html",
                "z/w.html:1: z/w.html needs the folder /z/, but z is a file there; choose another name",
            ])
    }

    @Test func oneCharacterOutputPathsDoNotCrash() throws {
        let output = try MemorySite(["content/pages/faq.md": "---\ntitle: FAQ\nslug: q\n---\n", "static/a": "x"])
            .build()
        #expect(output.files["q/index.html"] != nil && output.files["a"] != nil)
        let scratch = try OutputFolderTests.Scratch()
        try scratch.write("site/static/a", "x")
        _ = try scratch.build()
    }
}

/// The `herald` command itself: exit status and what it prints.
@Suite struct CommandLineTests {
    static var herald: URL? {
        // The test runner sits beside the products of the same build (.build/<triple>/debug/).
        var folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("herald")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, out: String, err: String) {
        let binary = try #require(Self.herald, "build the herald executable first (swift build)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }

    @Test func buildPrintsASummaryAndBadInputExitsNonZero() throws {
        let scratch = try OutputFolderTests.Scratch()
        let good = try run(
            ["build", "--source", "site", "--output", "out", "--now", "2026-11-21T12:00:00+08:00"], in: scratch.root)
        #expect(good.status == 0, "\(good.err)")
        #expect(good.out.contains("Built 1 item into "))
        #expect(good.err.isEmpty)

        try scratch.write("site/content/news/2026-11-03-bad.md", "---\ntitle: Bad\ndate: 2026-02-30\n---\n")
        let bad = try run(
            ["build", "--source", "site", "--output", "out", "--now", "2026-11-21T12:00:00+08:00"], in: scratch.root)
        #expect(bad.status == 1)
        #expect(
            bad.err == """
                content/news/2026-11-03-bad.md:3: date: '2026-02-30' is not a real date: February 2026 has 28 days
                error: parse content failed with 1 error; the previous output was left as it was

                """)
        #expect(
            FileManager.default.fileExists(atPath: scratch.output.appendingPathComponent("news/first/index.html").path))
    }

    /// The argument parser's completion scripts know every command and option, and the bash one
    /// is valid bash (`bash -n`).
    @Test func newSiteThenNewItemsThenBuildAndCheck() throws {
        let scratch = try OutputFolderTests.Scratch()
        let created = try run(
            ["new", "site", "club", "--timezone", "Asia/Shanghai", "--language", "zh-CN"], in: scratch.root)
        #expect(created.status == 0, "\(created.err)")
        #expect(
            created.out.contains("Build it:    herald build --source club\nPreview it:  herald serve --source club\n"))
        let again = try run(["new", "site", "club"], in: scratch.root)
        #expect(
            again.status == 1
                && again.err == "error: club already exists and is not an empty folder; choose a new one\n")

        let site = scratch.root.appendingPathComponent("club")
        let news = try run(["new", "news", "迎新晚会"], in: site)
        #expect(news.status == 0, "\(news.err)")
        #expect(
            news.out.hasPrefix(
                "Slug ying-xin-wan-hui made from the title's pinyin; give --slug to choose another.\nCreated ./content/news/"
            ))
        let event = try run(["new", "event", "Open day", "--start", "2026-12-05", "--slug", "open-day"], in: site)
        #expect(
            event.status == 0 && event.out.hasPrefix("Created ./content/events/2026-12-05-open-day.md\n"),
            "\(event.err)")
        let clash = try run(["new", "event", "Open day", "--start", "2026-12-05"], in: site)
        #expect(clash.status == 1 && clash.err.contains("already exists; choose another title or --slug"))
        let badDate = try run(["new", "event", "X", "--start", "soon"], in: site)
        // With the usage of the subcommand it is about, not of herald as a whole.
        #expect(badDate.status == 64 && badDate.err.hasPrefix("Error: --start 'soon': "), "\(badDate.err)")
        #expect(
            badDate.err.hasSuffix(
                "\nUsage: herald new event [<title>] [--lang <lang>] [--translate <translate>] [--source <source>] [--slug <slug>] [--bundle] [--start <start>]\n  See 'herald new event --help' for more information.\n"
            ), "\(badDate.err)")

        let built = try run(["build", "--drafts"], in: site)
        #expect(built.status == 0, "\(built.err)")
        // Not a terminal: plain progress lines, no in-place updates.
        #expect(built.out.contains("  Parsed 7 content files\n") && !built.out.contains("\u{1B}["))
        // The new event has no place yet, the new items still hold herald new's text, and the address
        // is the starter's placeholder: warnings, which --strict makes errors.
        let findings = [
            "content/events/2026-12-05-open-day.md:4: warning: event has no location; add location: (a room, an address, or \"Online\")",
            "content/events/2026-12-05-open-day.md:20: warning: '活动内容、面向哪些人，以及如何参加。' is the placeholder herald new wrote: replace it with the event's own text",
            "\(news.out.split(separator: "\n").first { $0.hasPrefix("Created ./") }!.dropFirst("Created ./".count)):14: warning: '在这里用 Markdown 撰写文章。除非在前言中写了 summary，第一段就是摘要。' is the placeholder herald new wrote: replace it with the article's own text",
            "site.yml:5: warning: baseURL https://example.org/ is a placeholder address: set it to the address readers will reach the site at, or its canonical links, feeds, calendar links and API will lead to example.org",
        ]
        let checked = try run(["check", "--drafts"], in: site)
        #expect(checked.status == 0, "\(checked.err)")
        #expect(checked.err == findings.map { $0 + "\n" }.joined())
        #expect(checked.out.hasPrefix("Checked 7 items, ") && checked.out.hasSuffix(": found 4 warnings\n"))
        let strict = try run(["check", "--drafts", "--strict"], in: site)
        #expect(
            strict.status == 1
                && strict.err == findings.map { $0.replacingOccurrences(of: "warning: ", with: "") + "\n" }.joined())
        // check writes nothing.
        let before = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
        _ = try run(["check"], in: site)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == before)
    }

    @Test func checkFailsOnBrokenLinksAndOnASiteThatDoesNotBuild() throws {
        let scratch = try OutputFolderTests.Scratch()
        try scratch.write(
            "site/content/news/2026-11-02-second.md", "---\ntitle: Second\n---\nSee [the first](../frist/).\n")
        let broken = try run(
            ["check", "--source", "site", "--now", "2026-11-21T12:00:00+08:00", "--quiet"], in: scratch.root)
        #expect(broken.status == 1)
        #expect(
            broken.err
                == "content/news/2026-11-02-second.md:4: links to ../frist/, which is not in the site (on /news/second/); did you mean /news/first/?\n"
        )
        #expect(broken.out == "")
        try scratch.write("site/content/news/2026-11-03-bad.md", "---\ntitle: [unclosed\n---\n")
        let failed = try run(["check", "--source", "site", "--now", "2026-11-21T12:00:00+08:00"], in: scratch.root)
        #expect(
            failed.status == 1
                && failed.err.contains("error: the site does not build: parse content failed with 1 error"))
        #expect(!FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent("site/site-output").path))
    }

    @Test func shellCompletionsCoverEveryCommand() throws {
        let scratch = try OutputFolderTests.Scratch()
        for shell in ["bash", "zsh", "fish"] {
            let result = try run(["--generate-completion-script", shell], in: scratch.root)
            #expect(result.status == 0)
            for word in [
                "build", "serve", "check", "new", "strict", "with-templates", "publish", "drafts", "dry-run", "port",
            ] {  // fish writes options without dashes
                #expect(result.out.contains(word), "\(shell) completions lack \(word)")
            }
            if shell == "bash" {
                let script = scratch.root.appendingPathComponent("herald.bash")
                try result.out.write(to: script, atomically: true, encoding: .utf8)
                let check = Process()
                check.executableURL = URL(fileURLWithPath: "/bin/bash")
                check.arguments = ["-n", script.path]
                try check.run()
                check.waitUntilExit()
                #expect(check.terminationStatus == 0, "the bash completion script does not parse")
            }
        }
    }

    /// Every command reads site.yml as the build does: `new` and `publish` once read it with
    /// U+FFFD for each bad byte, and went on with settings the build then refused.
    @Test func everyCommandRefusesASiteYMLThatIsNotUTF8() throws {
        let scratch = try OutputFolderTests.Scratch()
        // Latin-1, as an old editor saves it: é is the one byte E9.
        try #require("title: Café\n".data(using: .isoLatin1)).write(to: scratch.site.appendingPathComponent("site.yml"))
        let built = try run(["build", "--source", "site", "--output", "out"], in: scratch.root)
        #expect(built.status == 1 && built.err.hasPrefix("site.yml:1: is not UTF-8 text\n"), "\(built.err)")
        let news = try run(["new", "news", "Hello", "--source", "site"], in: scratch.root)
        #expect(news.status == 1 && news.err == "site/site.yml:1: is not UTF-8 text\n", "\(news.err)")
        let published = try run(
            [
                "publish", "--source", "site", "--to", scratch.root.appendingPathComponent("live").path, "--no-build",
                "--no-check",
            ], in: scratch.root)
        #expect(published.status == 1 && published.err == "site/site.yml:1: is not UTF-8 text\n", "\(published.err)")
    }

    @Test func badNowIsRejected() throws {
        let scratch = try OutputFolderTests.Scratch()
        let result = try run(["build", "--source", "site", "--now", "yesterday"], in: scratch.root)
        #expect(result.status != 0)
        #expect(result.err.contains("--now 'yesterday' is not a date"))
    }
}

@Suite struct OutputSwapTests {
    @Test func exchangeSwapsTwoFoldersAtomically() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-swap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            try Data(name.utf8).write(to: root.appendingPathComponent("\(name)/\(name).txt"))
        }
        #expect(AtomicExchange.exchange(root.appendingPathComponent("a").path, root.appendingPathComponent("b").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/b.txt").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("b/a.txt").path))
    }

    @Test func stagingFoldersOfKilledBuildsAreRemoved() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-stale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // PID 2^22+1 is above Linux's maximum, so no process has it: the folder is abandoned.
        let abandoned = root.appendingPathComponent(".out.tmp-herald-4194305")
        try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: true)
        let tree = try OutputTree(outputPath: root.appendingPathComponent("out").path)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        try tree.prepareFolders(for: ["index.html"])
        try tree.write("index.html", Data("hi".utf8))
        try tree.commit()
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root.path) == ["out"],
            "OutputTree itself writes no marker")
    }
}

@Suite struct OutputSafetyTests {
    /// The interrupt clean-up removes the staging folder only once no write into it is under way,
    /// and no write begins after: a file added while the folder was being removed kept it (CI).
    @Test func theInterruptCleanUpWaitsForWritesUnderWayAndLetsNoneBegin() {
        let gate = ChangeGate()
        #expect(gate.enter())
        let writeOver = Locked(false)
        let overWhenDrained = Locked<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            // Long enough for any load: the test must not pass or fail by the limit.
            gate.closeAndDrain(waitingAtMost: .seconds(600))
            overWhenDrained.withLock { $0 = writeOver.withLock { $0 } }
            done.signal()
        }.start()
        // Time for the clean-up to close the gate while the write is under way.
        Thread.sleep(forTimeInterval: 0.1)
        writeOver.withLock { $0 = true }
        gate.leave()
        done.wait()
        #expect(overWhenDrained.withLock { $0 } == true, "the clean-up began while a write was under way")
        #expect(!gate.enter(), "a write began after the clean-up did")
    }

    @Test func outputThatIsAFileOrSomeoneElsesFolderIsRefused() throws {
        let scratch = try OutputFolderTests.Scratch()
        try scratch.write("notes.txt", "precious\n")
        try scratch.write("photos/holiday.jpg", "precious\n")
        // Another generator's output, with the same two file names a Herald site has.
        try scratch.write("public/index.html", "<html><meta name=\"generator\" content=\"Hugo\"></html>\n")
        try scratch.write("public/sitemap.xml", "<urlset/>\n")
        try scratch.write("public/posts/precious.md", "precious\n")
        for output in ["notes.txt", "photos", "public"] {
            #expect(throws: BuildFailure.self) {
                try SiteBuild.run(
                    BuildOptions(
                        sourcePath: scratch.site.path, outputPath: scratch.root.appendingPathComponent(output).path,
                        now: Fixtures.now))
            }
        }
        #expect(
            try String(contentsOf: scratch.root.appendingPathComponent("photos/holiday.jpg"), encoding: .utf8)
                == "precious\n")
        #expect(
            FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent("public/posts/precious.md").path)
        )
        // An empty folder, or one Herald built, is fine.
        try FileManager.default.createDirectory(
            at: scratch.root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        _ = try SiteBuild.run(
            BuildOptions(
                sourcePath: scratch.site.path, outputPath: scratch.root.appendingPathComponent("empty").path,
                now: Fixtures.now))
        _ = try SiteBuild.run(
            BuildOptions(
                sourcePath: scratch.site.path, outputPath: scratch.root.appendingPathComponent("empty").path,
                now: Fixtures.now))
    }

    @Test func hiddenStaticFilesAreCopiedButVersionControlIsNot() throws {
        let output = try MemorySite([
            "static/.well-known/security.txt": "Contact: mailto:a@example.org\n",
            "static/.htaccess": "Options -Indexes\n",
            "static/.git/config": "[core]\n",
            "static/.DS_Store": "x",
            "content/.draft.md.swp": "editor swap file",
        ]).build()
        #expect(output.files[".well-known/security.txt"] != nil)
        #expect(output.files[".htaccess"] != nil)
        #expect(
            output.files.keys.filter { $0.contains(".git") || $0.contains(".DS_Store") || $0.contains(".swp") }.isEmpty)
    }
}

@Suite struct UnchangedFilesTests {
    @Test func filesWhoseBytesDidNotChangeKeepTheirModificationTime() throws {
        let scratch = try OutputFolderTests.Scratch()
        try scratch.write("site/content/news/2026-11-02-second.md", "---\ntitle: Second\n---\nBye.\n")
        try scratch.write("site/content/pages/about.md", "---\ntitle: About\n---\nUs.\n")
        _ = try scratch.build()
        // The first article links to the second by its title; the plain page shows no article.
        let first = scratch.output.appendingPathComponent("news/first/index.html")
        let second = scratch.output.appendingPathComponent("news/second/index.html")
        let about = scratch.output.appendingPathComponent("about/index.html")
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for file in [first, second, about] {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        }

        try scratch.write("site/content/news/2026-11-02-second.md", "---\ntitle: Second, edited\n---\nBye.\n")
        let report = try scratch.build()
        #expect(report.written > 0 && report.written < report.files)
        #expect(report.summary.contains("files written, \(report.files - report.written) unchanged"))
        func modified(_ url: URL) throws -> Date {
            try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as! Date
        }
        #expect(try modified(about) == past, "an unchanged page is not rewritten")
        #expect(try modified(second) != past, "an edited page is")
        #expect(try String(contentsOf: second, encoding: .utf8).contains("Second, edited"))
        #expect(try modified(first) != past, "and so is the page of its neighbour, which names it")
        #expect(try String(contentsOf: first, encoding: .utf8).contains("Second, edited"))
        // Built before, the output now has a snapshot beside it for the next edit; nothing else is left.
        #expect(
            try scratch.siblings() == [
                ".out.herald", ".out.herald-cache.json", ".out.herald-cache.paths", ".out.herald-snapshot", "out",
                "site",
            ])
    }
}
