import Foundation
import Testing

@testable import Herald

/// docs/architecture.md describes the code, and says what the code says: the build's steps and
/// the folders of `Sources/Herald` (issue 38: the order of steps was written three times, and
/// the copies disagreed).
@Suite struct ArchitectureDocTests {
    let document: String

    init() throws {
        document = try String(
            contentsOf: Fixtures.repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    }

    @Test func theListOfStepsIsBuildStepsInItsOrder() throws {
        let start = try #require(document.range(of: "<!-- build-steps -->\n"))
        let end = try #require(
            document.range(of: "\n<!-- /build-steps -->", range: start.upperBound..<document.endIndex))
        #expect(
            String(document[start.upperBound..<end.lowerBound])
                == BuildStep.allCases.map(\.rawValue).joined(separator: " → "))
    }

    @Test func everyFolderOfTheLibraryIsDescribed() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Fixtures.repository.appendingPathComponent("Sources/Herald").path
        )
        .filter { !$0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted()
        // The lines of its folder tables, `Parse/      read one file into an item …`.
        let described = document.split(separator: "\n").compactMap { line -> String? in
            let name = line.prefix { $0.isASCII && $0.isLetter }
            guard name.first?.isUppercase == true, line.dropFirst(name.count).hasPrefix("/ ") else { return nil }
            return String(name)
        }
        #expect(
            Set(described).isSuperset(of: folders),
            "folders docs/architecture.md does not describe: \(Set(folders).subtracting(described).sorted())")
    }
}

/// The `index.html` convention, both ways, in URLLayout alone.
@Suite struct PageFileTests {
    @Test func aPageFileAndItsAddressAreEachOthersInverse() {
        for (path, file) in [
            ("", "index.html"), ("news/", "news/index.html"), ("en/news/gala/", "en/news/gala/index.html"),
            ("2014/11/01/slug.html", "2014/11/01/slug.html"),
        ] {
            #expect(URLLayout.pageFile(path) == file && URLLayout.pagePath(ofFile: file) == path, "\(path)")
        }
        // A page whose own name ends in index.html is no folder's page.
        #expect(URLLayout.pagePath(ofFile: "reports/price-index.html") == "reports/price-index.html")
    }
}

/// The names Herald's own outputs take at a site's root come from URLLayout's own paths, so a new
/// output's folder is reserved from languages the day it is added.
@Suite struct ReservedRootTests {
    @Test func theReservedNamesAreThoseOfHeraldsOwnPagesAndFiles() {
        #expect(
            URLLayout.reservedRootSegments == [
                "news", "events", "pages", "categories", "tags", "search", "api", "assets", "social", "trending",
                "feed.xml", "atom.xml", "feed.json", "events.ics", "sitemap.xml", "robots.txt", "404.html",
            ])
    }
}
