import Foundation
import Herald

/// Where the test fixtures and the repository live, found from this file's path.
enum Fixtures {
    /// `Tests/Fixtures`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    /// The repository root, which is also the example site.
    static let repository = root.deletingLastPathComponent().deletingLastPathComponent()
    /// A fixture site's folder.
    static func site(_ name: String) -> URL { root.appendingPathComponent("sites/\(name)") }
    /// A fixture site's expected output folder.
    static func golden(_ name: String) -> URL { root.appendingPathComponent("golden/\(name)") }

    /// A committed test image (`Tests/Fixtures/images/NAME`): small, of known size and kind.
    static func image(_ name: String) -> Data {
        FileManager.default.contents(atPath: root.appendingPathComponent("images/\(name)").path)!
    }

    /// The fixed "now" of every golden build.
    static let now = DateParser.parseInstant("2026-11-21T12:00:00+08:00")!

    /// Builds a site folder on disk into memory.
    static func build(_ folder: URL, options: (inout BuildOptions) -> Void = { _ in }) throws -> MemoryOutput {
        var buildOptions = BuildOptions(sourcePath: folder.path, now: now)
        options(&buildOptions)
        let output = MemoryOutput()
        _ = try Build(options: buildOptions, fileSystem: .disk(root: folder.path)).run(into: output)
        return output
    }
}

/// A site held in memory, built with the default theme: for unit tests that never touch disk.
struct MemorySite {
    var files: [String: String]
    /// Files that are not text (images), beside `files`.
    var binary: [String: Data]
    var now = Fixtures.now

    init(_ files: [String: String], binary: [String: Data] = [:]) {
        self.files = files
        self.binary = binary
        if self.files["site.yml"] == nil {
            self.files["site.yml"] = "title: Test site\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\n"
        }
    }

    /// Builds the site; throws `BuildFailure` on bad input.
    func build(drafts: Bool = false, future: Bool = false) throws -> MemoryOutput {
        let output = MemoryOutput()
        let options = BuildOptions(includeDrafts: drafts, includeFuture: future, now: now)
        _ = try Build(options: options, fileSystem: fileSystem).run(into: output)
        return output
    }

    /// The files, text and binary, as a file system.
    var fileSystem: FileSystem { .memory(files.mapValues { Data($0.utf8) }.merging(binary) { _, image in image }) }

    /// Builds the site and returns the diagnostics it fails with (empty when it builds).
    func diagnostics() -> [String] {
        do {
            _ = try build()
            return []
        } catch let failure as BuildFailure {
            return failure.diagnostics.map(\.description)
        } catch {
            return ["unexpected error: \(error)"]
        }
    }
}
