import Foundation
import Testing

@testable import Herald
@testable import HeraldServe

/// `herald serve`'s rebuilds, without the server: what it serves after any series of changes is
/// exactly what a full `herald build` of the same files writes (plus the live-reload script).
@Suite struct PreviewTests {
    typealias Scratch = OutputFolderTests.Scratch

    /// A full build, in memory, of the scratch site as the preview builds it.
    func fullBuild(_ scratch: Scratch, origin: String) throws -> [String: Data] {
        var options = BuildOptions(sourcePath: scratch.site.path, now: Fixtures.now)
        options.previewOrigin = origin
        let output = MemoryOutput()
        _ = try Build(options: options, fileSystem: .disk(root: scratch.site.path)).run(into: output)
        return output.files
    }

    func session(_ scratch: Scratch) -> PreviewSession {
        var options = ServeOptions(sourcePath: scratch.site.path)
        options.now = Fixtures.now
        options.port = 8123
        return PreviewSession(options: options, log: { _ in }, problems: { _ in })
    }

    func served(_ session: PreviewSession) -> [String: Data] { session.state.site.files.mapValues(\.built) }

    @Test func everyRebuildEqualsAFullBuild() throws {
        let scratch = try Scratch()
        let preview = session(scratch)
        let origin = PreviewSession.origin(host: "127.0.0.1", port: 8123)
        #expect(preview.rebuild())
        #expect(served(preview) == (try fullBuild(scratch, origin: origin)))

        let steps: [(String, () throws -> Void)] = [
            (
                "edit a body",
                { try scratch.write("site/content/news/2026-11-01-first.md", "---\ntitle: First\n---\nHello again.\n") }
            ),
            (
                "add an item",
                {
                    try scratch.write(
                        "site/content/news/2026-11-02-second.md", "---\ntitle: Second\ncategories: [Sport]\n---\nBye.\n"
                    )
                }
            ),
            (
                "add an event",
                {
                    try scratch.write(
                        "site/content/events/fair.md", "---\ntitle: Fair\nstart: 2026-12-01 10:00\n---\nCome.\n")
                }
            ),
            (
                "rename an item",
                {
                    try FileManager.default.moveItem(
                        at: scratch.site.appendingPathComponent("content/news/2026-11-02-second.md"),
                        to: scratch.site.appendingPathComponent("content/news/2026-11-03-renamed.md"))
                }
            ),
            (
                "change a template",
                { try scratch.write("site/templates/partials/site/footer.mustache", "<footer>Own footer</footer>\n") }
            ),
            (
                "change site.yml",
                { try scratch.write("site/site.yml", "title: Renamed site\nbaseURL: https://example.org/sub/\n") }
            ),
            (
                "delete an item",
                {
                    try FileManager.default.removeItem(
                        at: scratch.site.appendingPathComponent("content/events/fair.md"))
                }
            ),
            ("change a static file", { try scratch.write("site/static/robots.txt", "User-agent: *\nDisallow: /\n") }),
        ]
        var generation = preview.state.site.generation
        for (name, change) in steps {
            try change()
            #expect(preview.rebuild(reason: name), "\(name)")
            #expect(served(preview) == (try fullBuild(scratch, origin: origin)), "after: \(name)")
            #expect(preview.state.site.generation > generation, "\(name) is a change the browser is told of")
            generation = preview.state.site.generation
        }
        #expect(preview.state.site.basePath == "/sub/")
    }

    /// The example site (events that repeat, trending data, categories, Chinese text) copied to a
    /// scratch folder and changed step by step; after each step a build that reuses the previous
    /// builds' work writes exactly what a build from scratch writes.
    @Test func aMemoizedRebuildOfTheExampleSiteEqualsAFullBuild() throws {
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory.appendingPathComponent("herald-memo-\(UUID().uuidString)")
        defer { try? fileManager.removeItem(at: root) }
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        for name in ["site.yml", "content", "static", "data"] {
            try fileManager.copyItem(
                at: Fixtures.repository.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = root.appendingPathComponent(path)
            try write(path, change(try String(contentsOf: url, encoding: .utf8)))
        }
        // Files changed in the last few milliseconds are not trusted by their stamps (see
        // FileStamps.settledBefore); let the copy settle so the memo's first entries count.
        Thread.sleep(forTimeInterval: 0.1)
        let memo = BuildMemo()
        func build(now: Date, memo: BuildMemo?) throws -> [String: Data] {
            var build = Build(
                options: BuildOptions(sourcePath: root.path, now: now), fileSystem: .disk(root: root.path))
            build.memo = memo
            let output = MemoryOutput()
            _ = try build.run(into: output)
            return output.files
        }
        func markdown(in folder: String) -> [String] {
            (fileManager.subpaths(atPath: root.appendingPathComponent("content/" + folder).path) ?? []).filter {
                $0.hasSuffix(".md")
            }.sorted()
        }
        let news = markdown(in: "news")
        let events = markdown(in: "events")
        #expect(news.count > 2 && events.count > 1)
        let steps: [(String, Date, () throws -> Void)] = [
            ("first build", Fixtures.now, {}),
            ("nothing changed", Fixtures.now, {}),
            ("a body", Fixtures.now, { try edit("content/news/\(news[0])") { $0 + "\nOne more paragraph.\n" } }),
            (
                "a title", Fixtures.now,
                {
                    try edit("content/news/\(news[1])") { text in
                        text.split(separator: "\n", omittingEmptySubsequences: false).map {
                            $0.hasPrefix("title:") ? "title: 改过的标题" : String($0)
                        }.joined(separator: "\n")
                    }
                }
            ),
            (
                "an event's start", Fixtures.now,
                {
                    try edit("content/events/\(events[0])") {
                        $0.replacingOccurrences(of: "start: 2026-", with: "start: 2027-").replacingOccurrences(
                            of: "end: 2026-", with: "end: 2027-")
                    }
                }
            ),
            (
                "a new item in a new category", Fixtures.now,
                {
                    try write(
                        "content/news/2026-11-20-new.md",
                        "---\ntitle: 新的\ncategories: [Brand new]\ntags: [fresh]\n---\nNew.\n")
                }
            ),
            (
                "popularity", Fixtures.now,
                { try edit("data/popularity.csv") { $0 + "news/2026-11-20-new.md,99999,5,1\n" } }
            ),
            ("an interface string", Fixtures.now, { try write("templates/i18n/zh.yml", "readMore: 继续读\ntoday: 今日\n") }),
            (
                "a template", Fixtures.now,
                {
                    try write(
                        "templates/partials/card.mustache",
                        "<article class=\"card\"><a href=\"{{url}}\">{{title}}</a></article>\n")
                }
            ),
            (
                "the article template", Fixtures.now,
                {
                    try write(
                        "templates/article.mustache",
                        "{{<layout}}{{$main}}{{#item}}<h1>{{title}}</h1>{{{content}}}{{/item}}{{/main}}{{/layout}}\n")
                }
            ),
            ("the clock, a day on", Fixtures.now.addingTimeInterval(86_400 + 1_800), {}),
            (
                "a deleted item", Fixtures.now.addingTimeInterval(86_400 + 1_800),
                { try fileManager.removeItem(at: root.appendingPathComponent("content/news/2026-11-20-new.md")) }
            ),
            (
                "site.yml", Fixtures.now.addingTimeInterval(86_400 + 1_800),
                { try edit("site.yml") { $0.replacingOccurrences(of: "pageSize: ", with: "pageSize: 1") } }
            ),
        ]
        var reuse: [String: BuildMemo.Reuse] = [:]
        for (name, now, change) in steps {
            try change()
            let reused = try build(now: now, memo: memo)
            #expect(
                reused == (try build(now: now, memo: nil)),
                "after changing \(name), the memoized build differs from a full one")
            reuse[name] = memo.reused
        }
        let unchanged = try #require(reuse["nothing changed"])
        #expect(
            unchanged.parses == news.count + events.count + markdown(in: "pages").count && unchanged.pages > 100
                && unchanged.cards > 50 && unchanged.documents > 50,
            "with nothing changed, everything is reused: \(unchanged)")
        // A template change re-renders only the pages that use it.
        let card = try #require(reuse["a template"])
        let article = try #require(reuse["the article template"])
        // Every view holds its item's card, so a new card template re-renders what shows items;
        // pages without items (category and tag indexes, calendars) and every document stay.
        let strings = try #require(reuse["an interface string"])
        #expect(
            card.cards == 0 && card.pages > 0 && card.documents == strings.documents
                && strings.documents > unchanged.documents, "a new card template: \(card)")
        #expect(
            article.cards > 50 && article.pages > 0 && article.pages < unchanged.pages,
            "a new article template keeps the lists: \(article)")
    }

    /// An edit to a body alone is served at once from the last build's view of the page, and that
    /// page is exactly what the full rebuild then makes of it; other edits wait for the rebuild.
    @Test func aBodyEditIsServedAheadOfTheRebuildAndMatchesIt() throws {
        let scratch = try Scratch()
        try scratch.write(
            "site/content/news/2026-11-02-second.md",
            "---\ntitle: Second\nsummary: Fixed summary.\n---\nA short body.\n")
        let preview = session(scratch)
        #expect(preview.rebuild())
        let origin = PreviewSession.origin(host: "127.0.0.1", port: 8123)
        let longer = String(repeating: "Many more words to read here. ", count: 400)
        try scratch.write(
            "site/content/news/2026-11-02-second.md",
            "---\ntitle: Second\nsummary: Fixed summary.\n---\nA short body.\n\n\(longer)\n")
        #expect(
            preview.quickUpdate([
                "content/news/2026-11-02-second.md", "content/news/.2026-11-02-second.md.swp",
                "content/news/2026-11-02-second.md~", "content/news/4913",
            ]),
            "an editor's swap, backup and probe files around the save do not matter")
        let quick = try #require(preview.state.site.files["news/second/index.html"]?.built)
        #expect(String(decoding: quick, as: UTF8.self).contains("Many more words"))
        #expect(preview.state.site.changedPages == ["/news/second/"])
        let full = try fullBuild(scratch, origin: origin)
        #expect(quick == full["news/second/index.html"], "the page served at once is the one the full build makes")
        #expect(preview.rebuild())
        #expect(served(preview) == full)

        try scratch.write(
            "site/content/news/2026-11-02-second.md",
            "---\ntitle: Second, renamed\nsummary: Fixed summary.\n---\nA short body.\n")
        #expect(
            !preview.quickUpdate(["content/news/2026-11-02-second.md"]),
            "a new title shows on other pages: it waits for the rebuild")
        #expect(!preview.quickUpdate(["site.yml"]))
    }

    /// Edits to bodies alone are rebuilt from the last build's model and plans, touching only the
    /// pages and files that show the items: what is served is then exactly what a full build
    /// writes, for an article (home, lists, its category and tags, feeds, API), a repeating event
    /// (a card per date), a page and a draft; anything more falls to the whole rebuild.
    @Test func aBodyEditIsRebuiltFromTheLastBuildAndEqualsAFullBuild() throws {
        let fileManager = FileManager.default
        let scratch = try Scratch()
        let root = scratch.site
        try fileManager.removeItem(at: root)
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        for name in ["site.yml", "content", "static", "data"] {
            try fileManager.copyItem(
                at: Fixtures.repository.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = root.appendingPathComponent(path)
            try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
        }
        // The example site in Chinese alone: a multilingual site's body edits are whole rebuilds
        // (see the next test).
        try edit("site.yml") { text in
            var lines = text.components(separatedBy: "\n")
            let start = try! #require(lines.firstIndex(of: "languages:"))
            let end =
                lines[(start + 1)...].firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasPrefix("#") }
                ?? lines.endIndex
            lines.replaceSubrange(start..<end, with: ["language: zh-CN"])
            return lines.joined(separator: "\n")
        }
        for path in fileManager.subpaths(atPath: root.appendingPathComponent("content").path) ?? []
        where path.hasSuffix(".en.md") {
            try fileManager.removeItem(at: root.appendingPathComponent("content/" + path))
        }
        let article = "content/news/2026/2026-11-18-ai-seminar-series-2026.md"
        let repeating = "content/events/2026-10-08-weekly-coding-night.md"
        try #require(fileManager.fileExists(atPath: root.appendingPathComponent(article).path))
        let preview = session(scratch)
        let origin = PreviewSession.origin(host: "127.0.0.1", port: 8123)
        #expect(preview.rebuild())
        let longer = String(repeating: "Many more words to read here, and a reading time that grows. ", count: 300)
        let steps: [(name: String, path: String, change: (String) -> String)] = [
            ("an article's body", article, { $0 + "\n\(longer)\n" }),
            ("the same article again", article, { $0 + "\nOne more line with *emphasis* & an ampersand.\n" }),
            ("a repeating event's body", repeating, { $0 + "\n\(longer)\n" }),
            ("a page's body", "content/pages/about.md", { $0 + "\nAnd one more paragraph.\n" }),
        ]
        for step in steps {
            try edit(step.path, step.change)
            let generation = preview.state.site.generation
            #expect(preview.rebuildBodies([step.path]), "\(step.name) is a body edit")
            #expect(
                served(preview) == (try fullBuild(scratch, origin: origin)),
                "after \(step.name), the files served are a full build's")
            #expect(preview.state.site.generation > generation, "\(step.name) reloads the pages it touched")
            #expect(preview.state.site.provisional.isEmpty)
        }
        #expect(
            preview.state.site.changedPages?.contains { $0.hasSuffix("/about/") } == true,
            "\(preview.state.site.changedPages ?? [])")

        // More than a body: the whole rebuild, which then agrees too.
        try edit(article) { $0.replacingOccurrences(of: "title:", with: "title: Edited ·") }
        #expect(!preview.rebuildBodies([article]), "a title shows in lists")
        #expect(preview.rebuild())
        try edit(article) { $0 + "\nSee [the fair](../../events/2026-03-21-spring-career-fair.md).\n" }
        #expect(!preview.rebuildBodies([article]), "a new link to another item is resolved by the whole build")
        #expect(!preview.rebuildBodies([article, "templates/article.mustache"]))
        #expect(preview.rebuild())
        #expect(served(preview) == (try fullBuild(scratch, origin: origin)))
        try edit(article) { $0 + "\nAfter the link.\n" }
        #expect(preview.rebuildBodies([article]), "links as they were resolve as they did")
        #expect(served(preview) == (try fullBuild(scratch, origin: origin)))
    }

    /// On a multilingual site an edit to a body alone is rebuilt from the snapshot the last build
    /// kept in memory, in every language that shows the file, and what is served is then a full
    /// build's: a bundle's English head, the same again (from what the first rebuild made), a
    /// Chinese article the English edition lists untranslated, with an alert titled in each.
    @Test func aBodyEditOnAMultilingualSiteIsRebuiltAndEqualsAFullBuild() throws {
        let fileManager = FileManager.default
        let scratch = try Scratch()
        try fileManager.removeItem(at: scratch.site)
        try fileManager.copyItem(at: Fixtures.site("bilingual"), to: scratch.site)
        let preview = session(scratch)
        let origin = PreviewSession.origin(host: "127.0.0.1", port: 8123)
        #expect(preview.rebuild())
        #expect(served(preview) == (try fullBuild(scratch, origin: origin)))
        func append(_ text: String, to path: String) throws {
            let url = scratch.site.appendingPathComponent(path)
            try Data((try String(contentsOf: url, encoding: .utf8) + text).utf8).write(to: url)
        }
        let steps = [
            ("content/news/2026-11-18-gala/index.en.md", "\nAnd a band played until midnight.\n"),
            ("content/news/2026-11-18-gala/index.en.md", "\nThen everyone went home.\n"),
            ("content/news/2026-11-05-basketball.md", "\n> [!NOTE]\n> 决赛在周六。\n"),
        ]
        for (path, text) in steps {
            try append(text, to: path)
            #expect(preview.rebuildBodies([path]), "\(path) is a body edit")
            #expect(served(preview) == (try fullBuild(scratch, origin: origin)), "after an edit to \(path)")
        }
        let served = served(preview)
        #expect(
            String(decoding: served["en/news/gala/index.html"] ?? Data(), as: UTF8.self).contains(
                "Then everyone went home."))
        #expect(String(decoding: served["en/feed.json"] ?? Data(), as: UTF8.self).contains("</svg>Note</p>"))
        #expect(String(decoding: served["feed.json"] ?? Data(), as: UTF8.self).contains("</svg>说明</p>"))
        // More than a body: the whole rebuild.
        try append("\nSee [the run](../events/2026-11-26-run.md).\n", to: "content/news/2026-11-05-basketball.md")
        #expect(!preview.rebuildBodies(["content/news/2026-11-05-basketball.md"]))
    }

    /// The clock moving past an instant at which the output can change (here, the next hour)
    /// needs the whole rebuild, even for an edit to a body alone.
    @Test func aBodyEditAfterTheClockMovedOnIsAWholeRebuild() throws {
        let scratch = try Scratch()
        var options = ServeOptions(sourcePath: scratch.site.path)
        let halfPast = Fixtures.now.addingTimeInterval(1800)
        options.now = halfPast
        let preview = PreviewSession(options: options, log: { _ in }, problems: { _ in })
        #expect(preview.rebuild())
        // Hello. stays the first paragraph, which is the summary lists show.
        try scratch.write(
            "site/content/news/2026-11-01-first.md", "---\ntitle: First\n---\nHello.\n\nA second paragraph.\n")
        let path = "content/news/2026-11-01-first.md"
        let disk = FileSystem.disk(root: scratch.site.path)
        #expect(
            preview.memo.rebuildBodyEdits([path], fileSystem: disk, now: halfPast.addingTimeInterval(1800)) == nil,
            "the next hour")
        #expect(
            preview.memo.rebuildBodyEdits([path], fileSystem: disk, now: halfPast.addingTimeInterval(60))?.pages == 3,
            "a minute on: the page, the home page and the news list")
    }

    /// Every item view a page can hold is reached when an item's views are updated: a view type
    /// that gains a list of items must be walked by `PageContext.updateItemViews` too.
    @Test func updatingAnItemsViewsReachesEveryViewOfIt() {
        var page = FilledPage.page
        var held = 0
        func count(_ value: Any) {
            if value is ItemView {
                held += 1
                return
            }
            for child in Mirror(reflecting: value).children { count(child.value) }
        }
        count(page)
        var updated = 0
        #expect(page.updateItemViews(at: FilledPage.item.url) { _ in updated += 1 })
        #expect(held == 7 && updated == held, "the sample page holds \(held) item views; \(updated) were updated")
    }

    /// An edit served ahead of the rebuild and undone before the rebuild reads the file: the
    /// rebuild's memo says the page is as it was, but the page served is the edited one.
    @Test func anEditUndoneBeforeTheRebuildIsUndoneInTheBrowser() throws {
        let scratch = try Scratch()
        let original = "---\ntitle: First\n---\nHello.\n"
        let preview = session(scratch)
        #expect(preview.rebuild())
        let before = try #require(preview.state.site.files["news/first/index.html"]?.built)
        try scratch.write("site/content/news/2026-11-01-first.md", original + "\nA second paragraph.\n")
        #expect(preview.quickUpdate(["content/news/2026-11-01-first.md"]))
        try scratch.write("site/content/news/2026-11-01-first.md", original)
        #expect(preview.rebuild())
        #expect(preview.state.site.files["news/first/index.html"]?.built == before)
        #expect(preview.state.site.provisional.isEmpty)
    }

    @Test func aDeletedTemplateIsNotTakenForAnEditorsScratchFile() throws {
        let scratch = try Scratch()
        let preview = session(scratch)
        #expect(preview.rebuild())
        try scratch.write("site/content/news/2026-11-01-first.md", "---\ntitle: First\n---\nHello, more.\n")
        #expect(!preview.quickUpdate(["content/news/2026-11-01-first.md", "templates/article.mustache"]))
        #expect(!preview.quickUpdate(["content/news/2026-11-01-first.md", "site.yml"]))
    }

    @Test func reloadsNameThePagesTheyTouch() throws {
        let scratch = try Scratch()
        let preview = session(scratch)
        #expect(preview.rebuild())
        try scratch.write("site/static/robots.txt", "User-agent: *\nDisallow: /x/\n")
        #expect(preview.rebuild())
        #expect(preview.state.site.changedPages == nil, "a changed asset may show on any page")
        #expect(LiveReload.eventData(nil) == "*")
        #expect(LiveReload.eventData(["/a/b/", "/文/"]) == "[\"/a/b/\",\"/文/\"]")
    }

    @Test func aRebuildThatChangesNothingSendsNoReload() throws {
        let scratch = try Scratch()
        let preview = session(scratch)
        #expect(preview.rebuild())
        let before = preview.state.site
        #expect(preview.rebuild())
        #expect(
            preview.state.site.generation == before.generation && preview.state.site.changedFiles == before.changedFiles
        )
        #expect(
            preview.state.site.files["news/first/index.html"]?.modified
                == before.files["news/first/index.html"]?.modified)
    }

    @Test func aFailedBuildKeepsTheLastGoodFiles() throws {
        let scratch = try Scratch()
        let preview = session(scratch)
        #expect(preview.rebuild())
        let good = served(preview)
        try scratch.write("site/content/news/2026-11-02-broken.md", "---\ntitle: [broken\n---\n")
        #expect(!preview.rebuild())
        #expect(served(preview) == good)
        #expect(
            preview.state.site.failure?.first?.description.hasPrefix("content/news/2026-11-02-broken.md:3: ") == true)
        try scratch.write("site/content/news/2026-11-02-broken.md", "---\ntitle: Mended\n---\n")
        #expect(preview.rebuild())
        #expect(preview.state.site.failure == nil)
    }

    @Test func theScriptGoesBeforeTheLastBodyClose() {
        let page = Data("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReload.inject(into: page), as: UTF8.self)
        #expect(injected == "<html><body><p>&lt;/body&gt;</p>" + LiveReload.script + "</BODY></html>")
        #expect(
            String(decoding: LiveReload.inject(into: Data("<p>fragment</p>".utf8)), as: UTF8.self) == "<p>fragment</p>"
                + LiveReload.script)
    }

    @Test func errorPagesEscapeWhatTheyShow() {
        let page = LiveReload.errorPage([Diagnostic(path: "content/<x>.md", line: 2, "title \"<script>\" & more")])
        #expect(page.contains("content/&lt;x&gt;.md:2: title &quot;&lt;script&gt;&quot; &amp; more"))
        #expect(!page.contains("<script>\""))
    }
}

/// The folder watcher tells an edit from the temporary files editors make on the way.
@Suite struct FolderWatcherTests {
    /// `sed -i` writes its result to a temporary file beside the original and renames it over:
    /// one file changed, not two.
    @Test func aSedStyleEditIsOneChange() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let news = root.appendingPathComponent("content/news")
        try FileManager.default.createDirectory(at: news, withIntermediateDirectories: true)
        try Data("---\ntitle: A\n---\n".utf8).write(to: news.appendingPathComponent("a.md"))
        let watcher = try FolderWatcher(root: root.path, folders: ["content"], files: [])
        defer { watcher.stop() }
        // Watches are in place once the watcher is made: the kernel queues what happens from here.
        try Data("---\ntitle: B\n---\n".utf8).write(to: news.appendingPathComponent("sedX7f3Qa"))
        #expect(rename(news.appendingPathComponent("sedX7f3Qa").path, news.appendingPathComponent("a.md").path) == 0)
        var batches = watcher.changes().makeAsyncIterator()
        let batch = await batches.next()
        #expect(batch == ["content/news/a.md"])
    }
}

/// Which changes a batch waits for: a file still being written, or one just made (perhaps an
/// editor's temporary file), keeps the long quiet; a file closed or renamed into place does not.
@Suite struct ChangeBatchTests {
    let a = "content/news/a.md"

    @Test func aSaveInPlaceIsSettledOnceClosed() {
        var batch = ChangeBatch()
        batch.record(a, mask: UInt32(IN_MODIFY))
        #expect(!batch.isSettled)
        batch.record(a, mask: UInt32(IN_MODIFY))
        batch.record(a, mask: UInt32(IN_CLOSE_WRITE))
        #expect(batch.isSettled)
        #expect(batch.take() == [a])
        #expect(batch.isEmpty && batch.isSettled)
    }

    @Test func aRenameOverTheFileIsOneSettledChange() {
        var batch = ChangeBatch()
        let temporary = "content/news/sedX7f3Qa"
        batch.record(temporary, mask: UInt32(IN_CREATE))
        batch.record(temporary, mask: UInt32(IN_MODIFY))
        batch.record(temporary, mask: UInt32(IN_CLOSE_WRITE))
        // Closed, but made in this batch: it may be about to be renamed.
        #expect(!batch.isSettled)
        batch.record(temporary, mask: UInt32(IN_MOVED_FROM))
        batch.record(a, mask: UInt32(IN_MOVED_TO))
        #expect(batch.isSettled)
        #expect(batch.paths == [a])
    }

    @Test func aNewFileWaitsAndADeletedOneDoesNot() {
        var batch = ChangeBatch()
        let new = "content/news/b.md"
        batch.record(new, mask: UInt32(IN_CREATE))
        batch.record(new, mask: UInt32(IN_CLOSE_WRITE))
        #expect(!batch.isSettled)
        #expect(batch.take() == [new])
        batch.record(a, mask: UInt32(IN_DELETE))
        #expect(batch.isSettled)
        #expect(batch.paths == [a])
        // One file still being written holds the batch back whatever the others are.
        batch.record(new, mask: UInt32(IN_MODIFY))
        #expect(!batch.isSettled)
    }

    @Test func pathsAddedWithoutEventsAreSettled() {
        var batch = ChangeBatch()
        batch.add(["content", "site.yml"])
        #expect(batch.isSettled)
        #expect(batch.paths == ["content", "site.yml"])
    }
}
