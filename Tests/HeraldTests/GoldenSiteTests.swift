import Foundation
import Herald
import Testing

/// Fixture sites built with a fixed `--now` and compared, file by file, with committed output.
@Suite struct GoldenSiteTests {
    @Test func basicSiteMatchesItsGoldenFiles() throws {
        let output = try Fixtures.build(Fixtures.site("basic"))
        try GoldenFiles.check(output.files, against: Fixtures.golden("basic"))
    }

    /// Hostile and awkward content: markup in every field, control characters, right-to-left text,
    /// a base path with an escape, popularity data with quoting and unknown rows.
    @Test func awkwardSiteMatchesItsGoldenFiles() throws {
        let output = try Fixtures.build(Fixtures.site("awkward"))
        try GoldenFiles.check(output.files, against: Fixtures.golden("awkward"))
    }

    @Test func customThemeSiteMatchesItsGoldenFiles() throws {
        let output = try Fixtures.build(Fixtures.site("custom-theme"))
        try GoldenFiles.check(output.files, against: Fixtures.golden("custom-theme"))
    }

    /// The repository's own example site. Its images and the theme's stylesheet are checked as
    /// exact copies of static/ and templates/assets/ rather than stored a second time.
    @Test func exampleSiteMatchesItsGoldenFiles() throws {
        let output = try Fixtures.build(Fixtures.repository)
        for (folder, source) in [("images/", "static/images"), ("assets/", "templates/assets")] {
            let copies = output.files.filter { $0.key.hasPrefix(folder) }
            let originals = try GoldenFiles.files(under: Fixtures.repository.appendingPathComponent(source))
            #expect(copies.keys.sorted() == originals.map { folder + $0 })
            for (path, data) in copies {
                let original = Fixtures.repository.appendingPathComponent(source + "/" + path.dropFirst(folder.count))
                #expect(data == (try Data(contentsOf: original)), "\(path) is not an exact copy of \(source)")
            }
        }
        let pages = output.files.filter { !$0.key.hasPrefix("images/") && !$0.key.hasPrefix("assets/") }
        try GoldenFiles.check(pages, against: Fixtures.golden("example-site"))
    }

    @Test func sameInputGivesByteIdenticalOutput() throws {
        let first = try Fixtures.build(Fixtures.repository).files
        let second = try Fixtures.build(Fixtures.repository).files
        #expect(first.count == second.count)
        #expect(first == second)
    }
}
