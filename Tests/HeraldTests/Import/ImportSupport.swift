import Foundation
import Herald

@testable import HeraldImport

/// Imports an old site held in memory, as `herald import` does, for tests that never touch disk.
struct MemoryImport {
    var files: [String: String]
    var kind: OldSiteKind? = nil
    var overrides = SectionOverrides()

    static let now = DateParser.parseInstant("2026-11-22T12:00:00Z")!

    func run() throws -> ImportResult {
        try SiteImport(
            tree: .memory(files),
            options: ImportOptions(
                kind: kind, overrides: overrides, now: Self.now, sourceName: "old", destinationName: "new")
        ).run()
    }

    /// The new site's text files (the made ones and the copies), path → text.
    func site() throws -> [String: String] {
        let result = try run()
        var site = result.files.mapValues { String(decoding: $0, as: UTF8.self) }
        for copy in result.copies { site[copy.to] = files[copy.from] }
        return site
    }

    /// The new site built: the text of its first page whose path has `name` in it.
    func builtPage(named name: String) throws -> String? {
        try HeadingTests.build(try site()).output.files.first { $0.key.hasSuffix(".html") && $0.key.contains(name) }
            .map { String(decoding: $0.value, as: UTF8.self) }
    }
}

extension ImportResult {
    /// A made file's text.
    func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }

    /// Every note of the report as `path:line: message`.
    var notes: [String] { report.notes.map(\.diagnostic.description) }
}
