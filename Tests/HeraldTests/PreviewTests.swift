import Foundation
@testable import Herald
@testable import HeraldServe
import Testing

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
            ("edit a body", { try scratch.write("site/content/news/2026-11-01-first.md", "---\ntitle: First\n---\nHello again.\n") }),
            ("add an item", { try scratch.write("site/content/news/2026-11-02-second.md", "---\ntitle: Second\ncategories: [Sport]\n---\nBye.\n") }),
            ("add an event", { try scratch.write("site/content/events/fair.md", "---\ntitle: Fair\nstart: 2026-12-01 10:00\n---\nCome.\n") }),
            ("rename an item", {
                try FileManager.default.moveItem(at: scratch.site.appendingPathComponent("content/news/2026-11-02-second.md"),
                                                 to: scratch.site.appendingPathComponent("content/news/2026-11-03-renamed.md"))
            }),
            ("change a template", { try scratch.write("site/templates/partials/site/footer.mustache", "<footer>Own footer</footer>\n") }),
            ("change site.yml", { try scratch.write("site/site.yml", "title: Renamed site\nbaseURL: https://example.org/sub/\n") }),
            ("delete an item", { try FileManager.default.removeItem(at: scratch.site.appendingPathComponent("content/events/fair.md")) }),
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

    @Test func aRebuildThatChangesNothingSendsNoReload() throws {
        let scratch = try Scratch()
        let preview = session(scratch)
        #expect(preview.rebuild())
        let before = preview.state.site
        #expect(preview.rebuild())
        #expect(preview.state.site.generation == before.generation && preview.state.site.changedFiles == before.changedFiles)
        #expect(preview.state.site.files["news/first/index.html"]?.modified == before.files["news/first/index.html"]?.modified)
    }

    @Test func aFailedBuildKeepsTheLastGoodFiles() throws {
        let scratch = try Scratch()
        let preview = session(scratch)
        #expect(preview.rebuild())
        let good = served(preview)
        try scratch.write("site/content/news/2026-11-02-broken.md", "---\ntitle: [broken\n---\n")
        #expect(!preview.rebuild())
        #expect(served(preview) == good)
        #expect(preview.state.site.failure?.first?.description.hasPrefix("content/news/2026-11-02-broken.md:3: ") == true)
        try scratch.write("site/content/news/2026-11-02-broken.md", "---\ntitle: Mended\n---\n")
        #expect(preview.rebuild())
        #expect(preview.state.site.failure == nil)
    }

    @Test func theScriptGoesBeforeTheLastBodyClose() {
        let page = Data("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReload.inject(into: page), as: UTF8.self)
        #expect(injected == "<html><body><p>&lt;/body&gt;</p>" + LiveReload.script + "</BODY></html>")
        #expect(String(decoding: LiveReload.inject(into: Data("<p>fragment</p>".utf8)), as: UTF8.self) == "<p>fragment</p>" + LiveReload.script)
    }

    @Test func errorPagesEscapeWhatTheyShow() {
        let page = LiveReload.errorPage([Diagnostic(path: "content/<x>.md", line: 2, "title \"<script>\" & more")])
        #expect(page.contains("content/&lt;x&gt;.md:2: title &quot;&lt;script&gt;&quot; &amp; more"))
        #expect(!page.contains("<script>\""))
    }
}
