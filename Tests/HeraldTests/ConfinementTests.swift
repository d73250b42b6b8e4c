import Foundation
import Testing

@testable import Herald

/// Every file Herald writes stays under its root, and every file it reads from a site stays in
/// the site, whatever a path says: the writer's own rule (`ConfinedPath`), the kernel's check on
/// each open (`ConfinedFolder`), and the editor's message for an address that tries
/// (`WrittenAddress`).
@Suite struct ConfinementTests {
    /// A scratch folder: `root/out` is the confined folder, everything else in `root` must stay as it is.
    final class Scratch {
        let root: URL
        var out: String { root.path + "/out" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("herald-confine-\(UUID().uuidString)")
            try FileManager.default.createDirectory(atPath: root.path + "/out", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.path + "/elsewhere", withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: root.appendingPathComponent("keep.txt"))
            try Data("keep".utf8).write(to: root.appendingPathComponent("elsewhere/keep.txt"))
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Every path under `root` outside `out/` (folders with a `/`), with its bytes.
        func outside() -> [String: Data] {
            var found: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let path = enumerator?.nextObject() as? String {
                guard path != "out", !path.hasPrefix("out/") else { continue }
                let full = root.path + "/" + path
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                found[path + (info.st_mode & S_IFMT == S_IFDIR ? "/" : "")] =
                    FileManager.default.contents(atPath: full) ?? Data()
            }
            return found
        }
    }

    // MARK: The writer's rule

    @Test(arguments: [
        ("", ConfinedPath.Refusal.empty),
        ("/etc/passwd", .absolute),
        ("../x", .dotSegment),
        ("a/../../x", .dotSegment),
        ("a/./x", .dotSegment),
        ("a/..", .dotSegment),
        ("a//b", .emptySegment),
        ("a/b/", .emptySegment),
        ("a\\..\\b", .backslash),
        ("a\u{0}b", .nul),
        ("a\nb", .controlCharacter),
        ("a\u{7F}", .controlCharacter),
        (String(repeating: "x", count: 256), .segmentTooLong(bytes: 256)),
        (String(repeating: "é", count: 128), .segmentTooLong(bytes: 256)),
        (Array(repeating: "abcdefgh", count: 520).joined(separator: "/"), .pathTooLong(bytes: 4679)),
    ])
    func refusesPathsThatCouldLeaveTheRoot(path: String, refusal: ConfinedPath.Refusal) {
        #expect(ConfinedPath.refusal(path) == refusal)
    }

    @Test(arguments: [
        "index.html", "news/a/index.html", "...", "..a", "a..", ".well-known/security.txt", "．．/x", "‥/x", "新闻/迎新.html",
        String(repeating: "x", count: 255),
    ])
    func acceptsPathsBelowTheRoot(path: String) {
        #expect(ConfinedPath.refusal(path) == nil)
    }

    // MARK: The confined folder

    @Test func doesNotWriteThroughALinkPlantedInTheOutput() throws {
        let scratch = try Scratch()
        let before = scratch.outside()
        #expect(symlink(scratch.root.path + "/elsewhere", scratch.out + "/news") == 0)
        #expect(symlink("../elsewhere/keep.txt", scratch.out + "/keep.txt") == 0)
        let folder = try ConfinedFolder(path: scratch.out, kind: .output)
        #expect(throws: ConfinedFolder.Failure.link(target: nil)) { _ = try folder.createFile("news/keep.txt") }
        #expect(throws: ConfinedFolder.Failure.link(target: nil)) { _ = try folder.createFile("keep.txt") }
        #expect(throws: ConfinedFolder.Failure.link(target: nil)) { try folder.makeFolder("news") }
        #expect(throws: ConfinedFolder.Failure.link(target: nil)) { try folder.makeFolder("news/inner") }
        #expect(scratch.outside() == before)
    }

    @Test func readsASiteOnlyInsideIt() throws {
        let scratch = try Scratch()
        let site = scratch.out
        try FileManager.default.createDirectory(atPath: site + "/static", withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: URL(fileURLWithPath: site + "/inside.txt"))
        #expect(symlink("../inside.txt", site + "/static/relative.txt") == 0)
        #expect(symlink(site + "/inside.txt", site + "/static/absolute.txt") == 0)
        #expect(symlink(scratch.root.path + "/keep.txt", site + "/static/out.txt") == 0)
        #expect(symlink("../../keep.txt", site + "/static/climb.txt") == 0)
        #expect(mkfifo(site + "/static/pipe", 0o644) == 0)
        let fileSystem = FileSystem.disk(root: site)
        #expect(try fileSystem.readFile("static/relative.txt") == Data("inside".utf8))
        #expect(try fileSystem.readFile("static/absolute.txt") == Data("inside".utf8))
        let real = URL(fileURLWithPath: scratch.root.path + "/keep.txt").resolvingSymlinksInPath().path
        #expect(
            throws: FileSystemProblem(
                path: "static/out.txt", message: "symbolic link points outside the site folder (to \(real))")
        ) {
            _ = try fileSystem.readFile("static/out.txt")
        }
        #expect(
            throws: FileSystemProblem(
                path: "static/climb.txt", message: "symbolic link points outside the site folder (to \(real))")
        ) {
            _ = try fileSystem.readFile("static/climb.txt")
        }
        // A FIFO in a file's place is refused at once, never waited on.
        #expect(
            throws: FileSystemProblem(
                path: "static/pipe", message: "is not a regular file (a folder, a FIFO or a device), so it is not read")
        ) {
            _ = try fileSystem.readFile("static/pipe")
        }
    }

    /// Random paths of the pieces attacks are made of: whatever the writer accepts lands under
    /// the root, and nothing outside it changes.
    @Test func randomHostilePathsStayUnderTheRoot() throws {
        let scratch = try Scratch()
        let before = scratch.outside()
        let tree = try OutputTree(outputPath: scratch.out)
        let pieces = [
            "..", ".", "/", "//", "\\", "%2e%2e", "%2F", "a", "news", "é", "．．", "‥", "\u{0}", "\n", "~", " ", "-",
            String(repeating: "n", count: 250), "elsewhere", "keep.txt", "../elsewhere", "/tmp",
        ]
        var random = SplitMix64(seed: 35)
        var written = 0
        for _ in 0..<3000 {
            let path = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            do {
                try tree.prepareFolders(for: [path])
                try tree.write(path, Data(path.utf8))
                written += 1
                // Accepted: the file is exactly where the path says, below the staging folder.
                #expect(FileManager.default.contents(atPath: tree.stagingPath + "/" + path) == Data(path.utf8))
            } catch let problem as OutputProblem {
                #expect(
                    problem.refusal != nil || problem.code == EISDIR || problem.code == ENOTDIR
                        || problem.code == EEXIST,
                    "\(path.debugDescription): \(problem)")
            }
        }
        tree.discard()
        #expect(written > 100, "the test made too few writable paths to mean anything")
        #expect(scratch.outside() == before)
    }

    // MARK: Addresses editors write

    @Test(arguments: [
        (
            "/../../../tmp/victim/keep.txt",
            "url '/../../../tmp/victim/keep.txt' has a '..' segment, which would lead outside the site; write the address from the site's root, such as /news/my-post/"
        ),
        (
            "/news/./a/",
            "url '/news/./a/' has a '.' segment, which would lead outside the site; write the address from the site's root, such as /news/my-post/"
        ),
        (
            "/news/%2e%2E/x/",
            "url '/news/%2e%2E/x/' has a '..' segment once percent-decoded, which would lead outside the site; write the address from the site's root, such as /news/my-post/"
        ),
        (
            "/a%2f..%2f..%2fb",
            "url '/a%2f..%2f..%2fb' has a '..' segment once percent-decoded, which would lead outside the site; write the address from the site's root, such as /news/my-post/"
        ),
        ("/a%5c..%5cb", "url '/a%5c..%5cb' has an encoded '\\' (%5C); addresses separate folders with '/'"),
        ("\\..\\x", "url '\\..\\x' has a '\\'; addresses separate folders with '/'"),
        (
            "/a\u{1}b/",
            "url '/a�b/' has a control character; write the address from the site's root, such as /news/my-post/"
        ),
        (
            "/a%00b/",
            "url '/a%00b/' has an encoded control character; write the address from the site's root, such as /news/my-post/"
        ),
        (
            "https://evil.example/x/",
            "url 'https://evil.example/x/' is an address on another site (evil.example); write the address from the site's root, such as /news/my-post/"
        ),
        // Found by FuzzPaths: a backslash, a slash or a dot with a combining mark after it is one
        // Character to Swift, but the same byte to the file system.
        ("/e1e%%ɚ\\\u{035A}n", "url '/e1e%%ɚ\\\u{035A}n' has a '\\'; addresses separate folders with '/'"),
        (
            "/news/../\u{035A}x/",
            "url '/news/../\u{035A}x/' has a '..' segment, which would lead outside the site; write the address from the site's root, such as /news/my-post/"
        ),
        (
            "//evil.example/x/",
            "url '//evil.example/x/' is an address on another site (evil.example); write the address from the site's root, such as /news/my-post/"
        ),
        (
            "/" + String(repeating: "x", count: 256) + "/",
            "url '/" + String(repeating: "x", count: 79)
                + "…' has a folder or file name of 256 bytes; names in an address may be at most 255 bytes"
        ),
    ])
    func refusesAddressesThatLeaveTheSite(written: String, message: String) {
        #expect(WrittenAddress.problem(written, key: "url", siteHost: "example.org") == message)
    }

    /// Found by FuzzPaths: `//` with a combining mark on the second slash made an output path with
    /// an empty segment, which only the writer refused; and a name ending in a prepended mark
    /// (U+070F, which joins the Character after it) hid the `/` after it from `hasSuffix("/")`,
    /// so its page was `…\u{070F}/`, not `…\u{070F}/index.html`.
    @Test(arguments: [
        "\u{FFFD}//\u{035A}\u{FFFD}", "/\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{070F}", "/news/a\u{070F}/",
    ])
    func anAcceptedAddressGivesAPathTheWriterAccepts(written: String) {
        #expect(WrittenAddress.problem(written, key: "url", siteHost: "example.org") == nil)
        #expect(ConfinedPath.refusal(URLLayout.pageFile(URLLayout.sitePath(written))) == nil)
    }

    /// Every place URLLayout reads a path reads it by bytes: a mark that joins the `/` or `.`
    /// beside it into one Character changes nothing.
    @Test func pathsWithJoiningMarksArePlacedByTheirBytes() {
        #expect(URLLayout.pageFile("news/a\u{070F}/") == "news/a\u{070F}/index.html")
        #expect(URLLayout.folder(of: "news/a\u{070F}.html") == "news/a\u{070F}/")
        #expect(URLLayout.socialCardPath(page: "news/a\u{070F}.html", hash: "h") == "social/news/a\u{070F}.h.jpg")
        #expect(
            URLLayout.processedImagePath(
                original: "images/a\u{070F}/b\u{070F}.jpg", size: "480", hash: "h", format: .webp)
                == "images/a\u{070F}/b\u{070F}.480.h.webp")
        #expect(URLLayout.sitePath("/2014/a\u{070F}.html") == "2014/a\u{070F}.html")
        #expect(PathText.lastSegment("news/a\u{070F}/b\u{0301}.md") == "b\u{0301}.md")
        #expect(PathText.lastSegment("a\u{070F}/\u{0301}b") == "\u{0301}b")
        #expect(PathText.lastSegment("迎新.md") == "迎新.md")
        #expect(PathText.withoutExtension("news/a\u{070F}.md") == "news/a\u{070F}")
        #expect(PathText.withoutExtension("news/a.b\u{070F}/c") == nil)
    }

    @Test(arguments: [
        "/news/a/", "news/a.html", "/2014/11/01/slug.html", "https://EXAMPLE.org/old/", "/a/b?x=1#y", "/..a/",
        "/news/caf%C3%A9/", "/新闻/迎新/",
    ])
    func acceptsAddressesOnTheSite(written: String) {
        #expect(WrittenAddress.problem(written, key: "url", siteHost: "example.org") == nil)
    }
}
