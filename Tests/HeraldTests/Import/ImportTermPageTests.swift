import Foundation
import Herald
import Testing

@testable import HeraldImport

/// A Hugo term's own page (`content/authors/ann-lee/_index.md`) comes across to the same place,
/// where Herald reads it the same way: its title names the term, its summary heads the list, its
/// aliases redirect.
@Suite struct ImportTermPageTests {
    static let config = """
        baseURL = "https://union.example.edu/"
        title = "Union"
        [taxonomies]
          category = "categories"
          tag = "tags"
          author = "authors"
          topic = "topics"
        """

    static func post(_ name: String, authors: String, topics: String = "[]", body: String = "Text.") -> String {
        "---\ntitle: \(name)\ndate: 2026-01-05\nauthors: \(authors)\ntopics: \(topics)\n---\n\(body)\n"
    }

    @Test func aTermPageKeepsItsPlaceAndAPersonsDisplayNameBecomesItsTitle() throws {
        let memory = MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/rent.md": Self.post(
                "Rent strike", authors: "[ann-lee, bo-chen, cy-ng]", topics: "[housing]"),
            "content/authors/_index.md": "---\ntitle: Our writers\n---\n",
            "content/authors/bo-chen/_index.md": "---\nname: Bo Chen\nbio: Treasurer.\n---\n",
            "content/authors/cy-ng/_index.md": "---\ntitle: \"\"\ndisplay_name: Cy Ng\n---\n",
            "content/authors/ann-lee/_index.md": """
            ---
            # Shown at /authors/ann-lee/
            slug: ann-lee
            display_name: "Ann Lee"
            github: annlee
            ---
            """,
            "content/topics/housing/_index.md": """
            ---
            title: Housing
            summary: Rents, halls and tenants' rights.
            aliases: [/topics/rent/]
            ---
            """,
        ])
        let result = try memory.run()
        #expect(
            result.text("content/authors/ann-lee/_index.md") == """
                ---
                # Shown at /authors/ann-lee/
                slug: ann-lee
                display_name: "Ann Lee"
                title: Ann Lee
                github: annlee
                ---

                """)
        #expect(result.text("content/authors/_index.md") == "---\ntitle: Our writers\n---\n")
        #expect(result.text("content/topics/housing/_index.md")?.contains("aliases: [/topics/rent/]") == true)
        #expect(
            result.text("content/authors/bo-chen/_index.md")
                == "---\nname: Bo Chen\ntitle: Bo Chen\nbio: Treasurer.\nsummary: Treasurer.\n---\n")
        #expect(result.text("content/authors/cy-ng/_index.md") == "---\ntitle: Cy Ng\ndisplay_name: Cy Ng\n---\n")
        #expect(result.report.conversions["taxonomy term page kept"] == 5)
        #expect(result.report.conversions["term page title ← display_name"] == 2)
        #expect(result.report.conversions["term page title ← name"] == 1)
        #expect(result.report.conversions["term page summary ← bio"] == 1)
        #expect(!result.report.leftOut.contains { $0.path.hasPrefix("content/authors") })

        let built = try HeadingTests.build(try memory.site())
        #expect(built.warnings.isEmpty)
        let page = { (path: String) in built.output.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "" }
        #expect(page("authors/ann-lee/index.html").contains(#"<h1 class="list-header__title">Ann Lee</h1>"#))
        #expect(page("authors/index.html").contains("Our writers"))
        #expect(page("topics/housing/index.html").contains("Rents, halls and tenants&#39; rights."))
        #expect(page("topics/rent/index.html").contains("/topics/housing/"), "the old address redirects")
        let post = built.output.files.first { $0.key.hasSuffix("rent/index.html") && !$0.key.contains("topics") }
        #expect(
            post.map { String(decoding: $0.value, as: UTF8.self) }?.contains(">Ann Lee</a>") == true,
            "the post names its author by the page's title")
    }

    @Test func aTermPageNoListedItemNamesIsLeftOutAndCounted() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/rent.md": Self.post("Rent strike", authors: "[ann-lee]"),
            "content/posts/plans.md":
                "---\ntitle: Plans\ndate: 2026-01-06\ndraft: true\nauthors: [bo-chen]\n---\nSoon.\n",
            "content/authors/ann-lee/_index.md": "---\ntitle: Ann Lee\n---\n",
            "content/authors/bo-chen/_index.md": "---\ntitle: Bo Chen\n---\n",
            "content/authors/cy-ng/_index.md": "---\ntitle: Cy Ng\n---\n",
        ]).run()
        #expect(result.text("content/authors/ann-lee/_index.md") != nil)
        #expect(result.text("content/authors/bo-chen/_index.md") == nil, "only a draft names Bo Chen")
        #expect(result.text("content/authors/cy-ng/_index.md") == nil)
        #expect(
            result.report.leftOut.map { "\($0.path) (\($0.files)): \($0.reason)" } == [
                "content/authors/ (2): pages of terms only drafts or no items name: Herald makes a term's page only to list its items"
            ])
        #expect(result.report.conversions["taxonomy term page kept"] == 1)
    }

    @Test func categoriesAndTagsPagesAndATermsOtherFilesStayOut() throws {
        let result = try MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/rent.md": Self.post("Rent strike", authors: "[ann-lee]"),
            "content/tags/rent/_index.md": "---\ntitle: Rent\n---\n",
            "content/authors/ann-lee/_index.md": "---\ntitle: Ann Lee\n---\n",
            "content/authors/ann-lee/portrait.md": "---\ntitle: Portrait\n---\n",
            "content/authors/ann-lee/old/_index.md": "---\ntitle: Deeper\n---\n",
        ]).run()
        #expect(result.files.keys.filter { $0.hasPrefix("content/authors/") } == ["content/authors/ann-lee/_index.md"])
        #expect(result.files["content/tags/rent/_index.md"] == nil)
        #expect(
            result.report.leftOut.map { "\($0.path) (\($0.files)): \($0.reason)" } == [
                "content/authors/ (2): not a term's page (content/<taxonomy>/<term>/_index.md, in a language the site has)",
                "content/tags/ (1): taxonomy pages: Herald makes its own pages for categories and tags",
            ])
    }

    @Test func aReferenceToATermPageLeadsToTheTermsList() throws {
        let memory = MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/rent.md": Self.post(
                "Rent strike", authors: "[ann-lee]", topics: "[housing]",
                body:
                    #"See [housing]({{< ref "/topics/housing" >}}) and [Ann]({{< ref "authors/ann-lee/_index.md" >}})."#
            ),
            "content/authors/ann-lee/_index.md": "---\ntitle: Ann Lee\n---\n",
            "content/topics/housing/_index.md": "---\ntitle: Housing\n---\n",
        ])
        let result = try memory.run()
        #expect(
            result.text("content/news/rent.md")?.contains(
                "See [housing](/topics/housing/) and [Ann](/authors/ann-lee/).")
                == true)
        #expect(result.notes.isEmpty)
    }

    @Test func aTermPageHeraldCannotReadIsCopiedAsItWasAndABadOldAddressIsLeftOut() throws {
        let memory = MemoryImport(files: [
            "config.toml": Self.config,
            "content/posts/rent.md": Self.post("Rent strike", authors: "[ann-lee, bo-chen]"),
            "content/authors/ann-lee/_index.md": "---\ntitle: [unclosed\n---\n",
            "content/authors/bo-chen/_index.md": "---\ntitle: Bo Chen\naliases: [/]\n---\n",
        ])
        let result = try memory.run()
        #expect(result.files["content/authors/ann-lee/_index.md"] == nil)
        #expect(result.copies.contains { $0.to == "unconverted/content/authors/ann-lee/_index.md" })
        #expect(
            result.notes == [
                "content/authors/ann-lee/_index.md:3: warning: front matter is not valid YAML: while parsing a flow sequence did not find expected ',' or ']'; copied to unconverted/ as it is"
            ])
        let built = try HeadingTests.build(try memory.site())
        #expect(
            built.warnings == [
                "content/authors/bo-chen/_index.md:3: warning: old address / is left out: it is the home page, which stays there"
            ])
        #expect(
            String(decoding: built.output.files["index.html"] ?? Data(), as: UTF8.self).contains("<title>Union</title>")
        )
    }
}
