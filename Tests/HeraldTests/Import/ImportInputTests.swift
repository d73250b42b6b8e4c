import Foundation
import Herald
import Testing

@testable import HeraldImport

/// Files an import cannot convert are copied as they were and listed with why; the destination is
/// checked before anything is read.
@Suite struct ImportInputTests {
    static let config = "title = \"U\"\nbaseURL = \"https://u.example/\"\n"

    /// Links between posts by their Markdown files, as a real site writes them: to a bundle by its
    /// name and in other letter case, which Herald follows; to a file that was never there, which
    /// led nowhere on the old site either: its text is kept, the post is imported, and it is noted.
    @Test func linksToMarkdownFilesAreFollowedOrKeptAsText() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/post/part-one/index.md": "---\ntitle: One\ndate: 2026-01-01\n---\nFirst part.\n",
            "content/post/part-two/index.md":
                "---\ntitle: Two\ndate: 2026-01-02\n---\nAfter [part one](./Part-One.md), see [the build](./build.md \"Build\") and [setup](setup.md).\n",
        ]).run()
        #expect(
            result.text("content/news/part-two/index.md")?.hasSuffix(
                "\nAfter [part one](./Part-One.md), see the build and setup.\n") == true,
            "\(result.text("content/news/part-two/index.md") ?? "")")
        #expect(
            result.notes.filter { $0.contains("dead link") || $0.contains("led to no page") } == [
                "content/post/part-two/index.md:5: warning: the link to ./build.md led to no page of the old site either (no such content file): its text is kept, without the link",
                "content/post/part-two/index.md:5: warning: the link to setup.md led to no page of the old site either (no such content file): its text is kept, without the link",
            ])
        #expect(result.report.unconverted.isEmpty && result.report.items[.news] == 2)
    }

    @Test func aFileThatIsNotUTF8IsCopiedAsItIsAndListed() throws {
        let latin1 = Data("---\ntitle: Caf".utf8) + Data([0xE9]) + Data("\ndate: 2026-01-01\n---\n".utf8)
        let tree = SourceTree(
            files: ["config.toml", "content/posts/cafe.md"],
            fileSystem: .memory(["config.toml": Data(Self.config.utf8), "content/posts/cafe.md": latin1]))
        let result = try SiteImport(
            tree: tree, options: ImportOptions(now: MemoryImport.now, sourceName: "old", destinationName: "new")
        ).run()
        #expect(result.report.unconverted.map(\.description) == ["content/posts/cafe.md:2: is not UTF-8 text"])
        #expect(
            result.copies.contains {
                $0.from == "content/posts/cafe.md" && $0.to == "unconverted/content/posts/cafe.md"
            })
        #expect(
            result.report.text.contains(
                "content/posts/cafe.md:2: warning: is not UTF-8 text; copied to unconverted/ as it is"))
    }

    @Test func brokenFrontMatterIsListedWithItsLine() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/a.md": "---\ntitle: A\ndate: [2026\n---\n",
            "content/posts/b.md": "---\ntitle: B\n",
            "content/posts/c.md": "+++\ntitle = \n+++\n",
            "content/posts/ok.md": "---\ntitle: OK\ndate: 2026-01-01\n---\n",
        ]).run()
        #expect(
            result.report.unconverted.map(\.description)
                == [
                    "content/posts/a.md:4: front matter is not valid YAML: while parsing a flow sequence did not find expected ',' or ']'",
                    "content/posts/b.md:1: front matter opened with '---' never closes",
                    "content/posts/c.md:2: front matter is not valid TOML: Error while parsing key-value pair: expected value, saw '\\n'",
                ].sorted())
        #expect(result.text("content/news/ok.md") != nil)
    }

    @Test func aPageInAnotherFormatIsListedAndAFileBesideTheContentIsCopied() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/about.html": "---\ntitle: About\n---\n<p>Who we are.</p>\n",
            "content/logo.svg": "<svg/>",
            "content/posts/ok.md": "---\ntitle: OK\ndate: 2026-01-01\n---\n",
        ]).run()
        #expect(
            result.report.unconverted.map(\.description) == [
                "content/about.html:1: a page written in HTML, not Markdown: Herald's content is Markdown"
            ])
        #expect(result.copies.contains { $0 == ("content/about.html", "unconverted/content/about.html") })
        #expect(result.copies.contains { $0 == ("content/logo.svg", "static/logo.svg") })
    }

    @Test func anItemHeraldRefusesIsNotConvertedButListed() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/events/backwards.md":
                "---\ntitle: Backwards\ndateStart: 2026-05-02T19:00:00Z\ndateEnd: 2026-05-01T19:00:00Z\n---\n",
            "content/events/fine.md": "---\ntitle: Fine\ndateStart: 2026-05-02T19:00:00Z\n---\n",
        ]).run()
        #expect(
            result.report.unconverted.map(\.description) == [
                "content/events/backwards.md:4: Herald cannot build it: end (2026-05-01 19:00) comes before start (2026-05-02 19:00)"
            ])
        #expect(result.text("content/events/backwards.md") == nil)
        #expect(result.report.items[.event] == 1)
    }

    @Test func theDestinationMustBeEmptyAndOutsideTheOldSite() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-input-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let old = root.appendingPathComponent("old")
        let full = root.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: full.appendingPathComponent("keep.txt"))
        #expect(throws: ImportWriter.Refusal.self) {
            try ImportWriter.check(destination: full.path, source: old.path, force: false)
        }
        try ImportWriter.check(destination: full.path, source: old.path, force: true)
        #expect(throws: ImportWriter.Refusal.self) {
            try ImportWriter.check(destination: old.appendingPathComponent("new").path, source: old.path, force: true)
        }
        #expect(throws: ImportWriter.Refusal.self) {
            try ImportWriter.check(destination: old.path, source: old.path, force: true)
        }
        try ImportWriter.check(destination: root.appendingPathComponent("fresh").path, source: old.path, force: false)
    }
}
