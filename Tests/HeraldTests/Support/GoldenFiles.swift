import Foundation
import Testing

@testable import Herald

/// Compares built files with the committed expected output, file by file.
///
/// `UPDATE_GOLDEN=1 swift test` rewrites the expected folder instead of comparing.
enum GoldenFiles {
    /// Checks `actual` (path → bytes) against the files under `expected`. Records one issue per
    /// missing, unexpected or different file, with a unified diff for text files.
    /// Rewriting never passes a test: it records an issue saying the files were rewritten (run the
    /// tests again to check them), and it is refused when `CI` is set.
    static func check(
        _ actual: [String: Data], against expected: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = describingSocialCards(actual)
        if environment["UPDATE_GOLDEN"] == "1" {
            if environment["CI"] != nil {
                Issue.record(
                    "UPDATE_GOLDEN=1 is refused when CI is set: golden files are rewritten by hand, and reviewed",
                    sourceLocation: sourceLocation)
                return
            }
            try? FileManager.default.removeItem(at: expected)
            for (path, data) in actual {
                let file = expected.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
            }
            Issue.record(
                "rewrote the golden files at \(expected.path): review the diff, then run the tests again without UPDATE_GOLDEN",
                sourceLocation: sourceLocation)
            return
        }
        let expectedFiles = try files(under: expected)
        #expect(
            !expectedFiles.isEmpty, "no golden files at \(expected.path): run UPDATE_GOLDEN=1 swift test",
            sourceLocation: sourceLocation)
        for path in Set(expectedFiles).subtracting(actual.keys).sorted() {
            Issue.record("missing from the build: \(path)", sourceLocation: sourceLocation)
        }
        for path in Set(actual.keys).subtracting(expectedFiles).sorted() {
            Issue.record(
                "not in the golden files: \(path) (UPDATE_GOLDEN=1 swift test adds it)", sourceLocation: sourceLocation)
        }
        for path in Set(expectedFiles).intersection(actual.keys).sorted() {
            let want = try Data(contentsOf: expected.appendingPathComponent(path))
            let got = actual[path]!
            if want != got {
                Issue.record(
                    "\(path) differs from the golden file:\n\(diff(want, got, name: path))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// The social cards (`social/….jpg`) stood in for by a line saying what each is, once its
    /// header says so: their names hold a hash of everything drawn, so the golden files still
    /// show any change of text or layout, and the pixels are SocialCardTests' to check, not
    /// stored again per fixture site.
    static func describingSocialCards(_ files: [String: Data]) -> [String: Data] {
        var described = files
        for (path, data) in files where path.hasPrefix("social/") && path.hasSuffix(".jpg") {
            guard let header = try? ImageCodec.header(of: data) else { continue }
            described[path] = Data("a social card: \(header.width) × \(header.height) \(header.formatName)\n".utf8)
        }
        return described
    }

    /// Every file under a folder, as relative paths.
    static func files(under folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var result: [String] = []
        let base = folder.standardizedFileURL.path
        for case let url as URL in walker
        where (try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result.append(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
        }
        return result.sorted()
    }

    /// `diff -u` of two texts, written to temporary files (binary files get a size note).
    static func diff(_ expected: Data, _ actual: Data, name: String) -> String {
        guard String(data: expected, encoding: .utf8) != nil, String(data: actual, encoding: .utf8) != nil else {
            return "binary files differ (\(expected.count) bytes expected, \(actual.count) built)"
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let a = folder.appendingPathComponent("expected")
            let b = folder.appendingPathComponent("built")
            try expected.write(to: a)
            try actual.write(to: b)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
            process.arguments = ["-u", "--label", "expected/\(name)", "--label", "built/\(name)", a.path, b.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output.prefix(6000), as: UTF8.self)
        } catch {
            return "(could not run diff: \(error))"
        }
    }
}
