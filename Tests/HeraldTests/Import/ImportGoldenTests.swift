import Foundation
import Herald
import Testing

@testable import HeraldImport

/// The fixture Hugo and Jekyll sites imported, and the imported sites built, compared file by file
/// with committed output (`UPDATE_GOLDEN=1 swift test --filter ImportGoldenTests` rewrites it).
@Suite struct ImportGoldenTests {
    static let now = DateParser.parseInstant("2026-11-22T12:00:00Z")!

    /// The fixture imported: every file of the new site, made or copied.
    func imported(_ name: String) throws -> [String: Data] {
        let source = Fixtures.root.appendingPathComponent("import/\(name)")
        let tree = SourceTree.disk(root: source.path)
        let result = try SiteImport(
            tree: tree, options: ImportOptions(now: Self.now, sourceName: name, destinationName: name + "-herald")
        ).run()
        var files = result.files
        for copy in result.copies { files[copy.to] = try tree.fileSystem.readFile(copy.from) }
        return files
    }

    /// The imported site built in memory.
    func built(_ files: [String: Data]) throws -> [String: Data] {
        let output = MemoryOutput()
        var build = Build(options: BuildOptions(now: Self.now), fileSystem: .memory(files))
        build.log = { _ in }
        _ = try build.run(into: output)
        // The theme's stylesheet is the same in every site; it is checked as a copy, not stored again.
        var built = output.files
        for (path, data) in built where path.hasPrefix("assets/") {
            if let original = try? Data(contentsOf: Fixtures.repository.appendingPathComponent("templates/" + path)),
                original == data
            {
                built[path] = nil
            }
        }
        return built
    }

    @Test(arguments: ["hugo-site", "jekyll-site"])
    func fixtureImportsAndBuildsToItsGoldenFiles(name: String) throws {
        let files = try imported(name)
        try GoldenFiles.check(files, against: Fixtures.golden("import-\(name)/site"))
        try GoldenFiles.check(try built(files), against: Fixtures.golden("import-\(name)/build"))
    }

    @Test func anImportIsTheSameEveryTime() throws {
        #expect(try imported("hugo-site") == (try imported("hugo-site")))
        #expect(try imported("jekyll-site") == (try imported("jekyll-site")))
    }
}
