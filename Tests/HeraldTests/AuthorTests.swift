import Foundation
import Testing

@testable import Herald

/// Authors as people (issue 40): on a site with an authors taxonomy (`taxonomies: [authors]`), each
/// author an item names is a term with a page listing what they wrote, the term's own page
/// (`content/authors/<slug>/_index.md`) gives their name, and every byline, feed entry, JSON-LD
/// author and API document names them so and links their page.
@Suite struct AuthorTests {
    static let site = """
        title: Union
        baseURL: https://example.org/
        timezone: Europe/London
        taxonomies:
          - authors

        """

    static func article(_ title: String, _ date: String, _ extra: String) -> String {
        "---\ntitle: \(title)\ndate: \(date)\n\(extra)---\nText.\n"
    }

    static let files = [
        "site.yml": site,
        // By slug, by name, and one with no page of their own.
        "content/news/rent.md": article("Rent strike", "2026-11-01", "authors: [ann-lee, Guest Writer]\n"),
        "content/news/library.md": article("Library hours", "2026-11-05", "author: Ann Lee\n"),
        "content/news/halls.md": article("New halls", "2026-11-07", "author: 张伟\n"),
        "content/authors/ann-lee/_index.md": "---\ntitle: Ann Lee\nsummary: Welfare officer, 2026–27.\n---\n",
        "content/authors/张伟/_index.md": "---\ntitle: 张伟（学生会）\n---\n",
    ]

    @Test func bylinesNameEachAuthorAsTheirPageDoesAndLinkIt() throws {
        let output = try MemorySite(Self.files).build()
        expect(
            output, "news/rent/index.html",
            contains: [
                #"<span> · <a href="/authors/ann-lee/" rel="author">Ann Lee</a>, <a href="/authors/guest-writer/" rel="author">Guest Writer</a></span>"#
            ])
        expect(
            output, "news/library/index.html",
            contains: [#"<span> · <a href="/authors/ann-lee/" rel="author">Ann Lee</a></span>"#])
        let zhang = "/authors/\(SiteURLs.encode("张伟"))/"
        expect(
            output, "news/halls/index.html",
            contains: [#"<span> · <a href="\#(zhang)" rel="author">张伟（学生会）</a></span>"#])
        expect(
            output, "authors/ann-lee/index.html",
            contains: [
                #"<h1 class="list-header__title">Ann Lee</h1>"#, "Welfare officer, 2026–27.", "Rent strike",
                "Library hours",
            ], lacks: ["New halls"])
    }

    @Test func structuredDataFeedsAndTheAPINameThePersonAndTheirPage() throws {
        let output = try MemorySite(Self.files).build()
        expect(
            output, "news/rent/index.html",
            contains: [
                #""author":[{"@type":"Person","name":"Ann Lee","url":"https://example.org/authors/ann-lee/"},{"@type":"Person","name":"Guest Writer","url":"https://example.org/authors/guest-writer/"}]"#
            ])
        expect(
            output, "atom.xml",
            contains: [
                "<author><name>Ann Lee</name><uri>https://example.org/authors/ann-lee/</uri></author>",
                "<author><name>Guest Writer</name><uri>https://example.org/authors/guest-writer/</uri></author>",
            ])
        expect(output, "feed.xml", contains: ["<dc:creator>Ann Lee</dc:creator>"], lacks: ["ann-lee</dc:creator>"])
        let feed = try json(output, "feed.json")
        let items = try #require(feed["items"] as? [[String: Any]])
        let rent = try #require(items.first { $0["title"] as? String == "Rent strike" })
        #expect(
            (rent["authors"] as? [[String: String]]) == [
                ["name": "Ann Lee", "url": "https://example.org/authors/ann-lee/"],
                ["name": "Guest Writer", "url": "https://example.org/authors/guest-writer/"],
            ])
        let document = try json(output, "api/news/rent.json")
        #expect(document["authors"] as? [String] == ["Ann Lee", "Guest Writer"])
        #expect(document["author"] as? String == "Ann Lee, Guest Writer")
    }

    @Test func withoutAnAuthorsTaxonomyAnAuthorIsTheNameAsWritten() throws {
        var files = Self.files
        files["site.yml"] = "title: Union\nbaseURL: https://example.org/\ntimezone: Europe/London\n"
        files = files.filter { !$0.key.hasPrefix("content/authors/") }
        let output = try MemorySite(files).build()
        expect(
            output, "news/rent/index.html", contains: ["<span> · ann-lee, Guest Writer</span>"],
            lacks: ["rel=\"author\""])
        expect(
            output, "news/rent/index.html",
            contains: [
                #""author":[{"@type":"Organization","name":"ann-lee"},{"@type":"Organization","name":"Guest Writer"}]"#
            ])
        expect(output, "atom.xml", contains: ["<author><name>ann-lee</name></author>"])
    }

    @Test func anItemKeptOutOfListsNamesItsAuthorWithoutALinkWhenTheyHaveNoPage() throws {
        var files = Self.files
        files["content/news/hidden.md"] = Self.article(
            "Hidden", "2026-11-03", "author: Bo Chen\nbuild:\n  list: never\n")
        let output = try MemorySite(files).build()
        expect(output, "news/hidden/index.html", contains: ["<span> · Bo Chen</span>"], lacks: ["/authors/bo-chen/"])
        #expect(output.files["authors/bo-chen/index.html"] == nil)
    }

    @Test func anAuthorASlipFromSomeoneWithAPageIsWarnedOfAndAGuestIsNot() throws {
        var files = Self.files
        files["content/news/slip.md"] = Self.article("Slip", "2026-11-08", "authors:\n  - Guest Writer\n  - ann-le\n")
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: MemorySite(files).fileSystem).run(
            into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "content/news/slip.md:6: warning: author 'ann-le' has no page, but content/authors/ann-lee/_index.md is Ann Lee's; if it means them, write ann-lee"
            ])
    }

    @Test func aProfileMayBeOneFileWithANameAndABioAndAuthorsMayBeOneLine() throws {
        let output = try MemorySite([
            "site.yml": Self.site,
            "content/news/results.md": Self.article("Results", "2026-11-05", "authors: maya patel, Sam\n"),
            "content/authors/maya-patel.md": "---\nname: Maya Patel\nbio: Club secretary.\n---\n",
        ]).build()
        expect(
            output, "news/results/index.html",
            contains: [
                #"<span> · <a href="/authors/maya-patel/" rel="author">Maya Patel</a>, <a href="/authors/sam/" rel="author">Sam</a></span>"#
            ])
        expect(
            output, "authors/maya-patel/index.html",
            contains: [#"<h1 class="list-header__title">Maya Patel</h1>"#, "Club secretary."])
    }

    @Test func anAuthorsPageWithoutANameIsAnErrorAndASecondPageIsLeftOut() throws {
        var files = Self.files
        files["content/authors/ann-lee.md"] = "---\nname: Ann\n---\n"
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: MemorySite(files).fileSystem).run(
            into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "content/authors/ann-lee/_index.md:1: warning: is left out: content/authors/ann-lee.md is already the page of this term; keep one of them"
            ])
        files["content/authors/ann-lee.md"] = nil
        files["content/authors/guest-writer/_index.md"] = "---\nsummary: Writes now and then.\n---\n"
        #expect(
            MemorySite(files).diagnostics() == [
                "content/authors/guest-writer/_index.md:1: an author's page gives the name readers see: add `title:` (or `name:`)"
            ])
    }

    @Test func aProfileOnASiteWithoutAnAuthorsTaxonomySaysHowToGiveAuthorsPages() throws {
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: MemorySite([
                "content/news/results.md": Self.article("Results", "2026-11-05", "author: Maya Patel\n"),
                "content/authors/maya-patel.md": "---\nname: Maya Patel\n---\n",
            ]).fileSystem
        ).run(into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "content/authors/maya-patel.md:1: warning: is not built: an author's page needs the site to declare `taxonomies: [authors]` in site.yml, which gives each author a page; other content goes in content/events/, content/news/, content/pages/"
            ])
    }

    @Test func theSitesDefaultAuthorIsNotLinkedToAPageThatDoesNotListTheirItems() throws {
        var files = Self.files
        files["site.yml"] = Self.site + "author: Ann Lee\n"
        files["content/news/unsigned.md"] = Self.article("Unsigned", "2026-11-06", "")
        let output = try MemorySite(files).build()
        expect(output, "news/unsigned/index.html", contains: ["<span> · Ann Lee</span>"], lacks: ["rel=\"author\""])
        expect(output, "authors/ann-lee/index.html", lacks: ["Unsigned"])
    }

    @Test func anEditionWithoutItsOwnPageForAnAuthorNamesThemAsTheDefaultLanguagesPageDoes() throws {
        let output = try MemorySite([
            "site.yml": Self.site
                + "languages:\n  - code: en\n    name: English\n  - code: zh-CN\n    name: 中文\n    path: zh\n",
            "content/news/rent.md": Self.article("Rent strike", "2026-11-01", "author: ann-lee\n"),
            "content/news/rent.zh-CN.md": Self.article("房租罢缴", "2026-11-01", "author: ann-lee\n"),
            "content/authors/ann-lee.md": "---\nname: Ann Lee\n---\n",
        ]).build()
        expect(
            output, "zh/news/rent/index.html",
            contains: [#"<span> · <a href="/zh/authors/ann-lee/" rel="author">Ann Lee</a></span>"#])
    }

    @Test func aTermPageInAnotherSpellingOfTheSameAddressIsASecondPage() throws {
        var files = Self.files
        files["content/authors/Ann-Lee.md"] = "---\nname: Ann\n---\n"
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: MemorySite(files).fileSystem).run(
            into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "content/authors/ann-lee/_index.md:1: warning: is left out: content/authors/Ann-Lee.md is already the page of this term; keep one of them"
            ])
    }

    @Test func aFileInADeclaredTaxonomysFolderThatIsNoTermsPageSaysWhereTheyGo() throws {
        var files = Self.files
        files["content/authors/ann-lee/notes/draft.md"] = "---\ntitle: Notes\n---\n"
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: MemorySite(files).fileSystem).run(
            into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "content/authors/ann-lee/notes/draft.md:1: warning: is not built: a term's page (taxonomy authors) is content/authors/<term>.md or content/authors/<term>/_index.md; other content goes in content/events/, content/news/, content/pages/"
            ])
    }

    private func json(_ output: MemoryOutput, _ path: String) throws -> [String: Any] {
        let data = try #require(output.files[path], "\(path) was not written")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
