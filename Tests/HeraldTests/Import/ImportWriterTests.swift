import Foundation
import Herald
import Testing

@testable import HeraldImport

/// `herald import --into`: the writer keeps every file under the destination, whatever paths the
/// plan holds and whatever was planted in the destination. Each case snapshots the folder around
/// the destination before and after.
@Suite struct ImportWriterTests {
    /// A fresh folder holding `old/` (an old site of one file), `outside/keep.txt` and nothing else.
    func workspace() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("import-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("old/static"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
        try Data("logo".utf8).write(to: root.appendingPathComponent("old/static/logo.svg"))
        try Data("keep".utf8).write(to: root.appendingPathComponent("outside/keep.txt"))
        return root
    }

    /// Every path under `root` (links not followed) with its bytes, or its link target.
    func snapshot(_ root: URL) -> [String: String] {
        var found: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            let path = root.appendingPathComponent(relative).path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                found[relative] = "link → " + target
            } else {
                found[relative] =
                    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "folder"
            }
        }
        return found
    }

    func result(files: [String: String], copies: [(from: String, to: String)] = []) -> ImportResult {
        ImportResult(
            files: files.mapValues { Data($0.utf8) }, copies: copies,
            report: ImportReport(kind: .hugo, source: "old", destination: "new"))
    }

    @Test(arguments: [
        (
            "../escape.txt",
            "the new site's file '../escape.txt' cannot be written: the path has a '.' or '..' segment, which would lead out of the folder; nothing was written"
        ),
        (
            "content/news/x/../../../../outside/keep.txt",
            "the new site's file 'content/news/x/../../../../outside/keep.txt' cannot be written: the path has a '.' or '..' segment, which would lead out of the folder; nothing was written"
        ),
        (
            "/tmp/escape.txt",
            "the new site's file '/tmp/escape.txt' cannot be written: the path starts with '/', so it would lead out of the folder; nothing was written"
        ),
        (
            "content/./x.md",
            "the new site's file 'content/./x.md' cannot be written: the path has a '.' or '..' segment, which would lead out of the folder; nothing was written"
        ),
        (
            "content\\..\\..\\x.md",
            "the new site's file 'content\\..\\..\\x.md' cannot be written: the path has a '\\'; nothing was written"
        ),
        (
            "content/a\u{0}b.md",
            "the new site's file 'content/a\u{0}b.md' cannot be written: the path has a NUL byte; nothing was written"
        ),
        (
            "content//x.md",
            "the new site's file 'content//x.md' cannot be written: the path has an empty segment ('//' or a '/' at its end); nothing was written"
        ),
        (
            "content/" + String(repeating: "n", count: 256) + ".md",
            "the new site's file 'content/" + String(repeating: "n", count: 256)
                + ".md' cannot be written: a name in the path is 259 bytes long; file names may be at most 255 bytes; nothing was written"
        ),
    ])
    func aPathThatWouldLeaveTheDestinationIsRefusedAndNothingIsWritten(path: String, message: String) throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = snapshot(root)
        let plan = result(files: ["site.yml": "title: T\n", path: "hostile"])
        let refusal = #expect(throws: ImportWriter.Refusal.self) {
            try ImportWriter.write(
                plan, tree: .disk(root: root.appendingPathComponent("old").path),
                destination: root.appendingPathComponent("new").path)
        }
        #expect(refusal?.description == message)
        #expect(snapshot(root) == before)
    }

    @Test func aCopyNamedToLeaveTheDestinationIsRefused() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = snapshot(root)
        // A bundle's file, or a section mapped to a folder, whose name climbs out.
        let plan = result(
            files: ["site.yml": "title: T\n"],
            copies: [("static/logo.svg", "content/news/trip/../../../../outside/keep.txt")])
        #expect(throws: ImportWriter.Refusal.self) {
            try ImportWriter.write(
                plan, tree: .disk(root: root.appendingPathComponent("old").path),
                destination: root.appendingPathComponent("new").path)
        }
        #expect(snapshot(root) == before)
    }

    @Test func aLinkPlantedInTheDestinationIsReplacedNotFollowed() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("new")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        // `static` and `site.yml` point outside: with --force, the links go, what they point to stays.
        try FileManager.default.createSymbolicLink(
            atPath: destination.appendingPathComponent("static").path,
            withDestinationPath: root.appendingPathComponent("outside").path)
        try FileManager.default.createSymbolicLink(
            atPath: destination.appendingPathComponent("site.yml").path,
            withDestinationPath: root.appendingPathComponent("outside/keep.txt").path)
        try ImportWriter.check(
            destination: destination.path, source: root.appendingPathComponent("old").path, force: true)
        let plan = result(files: ["site.yml": "title: T\n"], copies: [("static/logo.svg", "static/logo.svg")])
        try ImportWriter.write(
            plan, tree: .disk(root: root.appendingPathComponent("old").path), destination: destination.path)
        #expect(snapshot(root.appendingPathComponent("outside")) == ["keep.txt": "keep"])
        #expect(snapshot(destination) == ["site.yml": "title: T\n", "static": "folder", "static/logo.svg": "logo"])
    }

    @Test func aDestinationThatIsALinkIsRefused() throws {
        let root = try workspace()
        defer { try? FileManager.default.removeItem(at: root) }
        let link = root.appendingPathComponent("new")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: root.appendingPathComponent("outside").path)
        let before = snapshot(root)
        let refusal = #expect(throws: ImportWriter.Refusal.self) {
            try ImportWriter.check(destination: link.path, source: root.appendingPathComponent("old").path, force: true)
        }
        #expect(
            refusal?.description
                == "\(link.path) is a symbolic link; the new site is written into a real folder only: give the folder it points to, or another --into"
        )
        #expect(throws: ImportWriter.Refusal.self) {
            try ImportWriter.write(
                result(files: ["site.yml": "title: T\n"]), tree: .disk(root: root.appendingPathComponent("old").path),
                destination: link.path)
        }
        #expect(snapshot(root) == before)
    }
}
