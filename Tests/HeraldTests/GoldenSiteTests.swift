import Foundation
import Herald
import Testing

/// Fixture sites built with a fixed `--now` and compared, file by file, with committed output.
@Suite struct GoldenSiteTests {
    @Test func basicSiteMatchesItsGoldenFiles() throws {
        let output = try Fixtures.build(Fixtures.site("basic"))
        try GoldenFiles.check(output.files, against: Fixtures.golden("basic"))
    }

    @Test func customThemeSiteMatchesItsGoldenFiles() throws {
        let output = try Fixtures.build(Fixtures.site("custom-theme"))
        try GoldenFiles.check(output.files, against: Fixtures.golden("custom-theme"))
    }

    /// The repository's own example site; its images are checked as exact copies of static/
    /// rather than stored twice.
    @Test func exampleSiteMatchesItsGoldenFiles() throws {
        let output = try Fixtures.build(Fixtures.repository)
        let images = output.files.filter { $0.key.hasPrefix("images/") }
        let staticImages = try GoldenFiles.files(under: Fixtures.repository.appendingPathComponent("static/images"))
        #expect(images.keys.sorted() == staticImages.map { "images/" + $0 })
        for (path, data) in images {
            #expect(data == (try Data(contentsOf: Fixtures.repository.appendingPathComponent("static/" + path))), "\(path) is not an exact copy")
        }
        try GoldenFiles.check(output.files.filter { !$0.key.hasPrefix("images/") }, against: Fixtures.golden("example-site"))
    }

    @Test func sameInputGivesByteIdenticalOutput() throws {
        let first = try Fixtures.build(Fixtures.repository).files
        let second = try Fixtures.build(Fixtures.repository).files
        #expect(first.count == second.count)
        #expect(first == second)
    }
}
