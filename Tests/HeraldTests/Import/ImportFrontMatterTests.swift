import Foundation
import Herald
import Testing

@testable import HeraldImport

/// Front matter rewritten to Herald's keys: renamed in place, other keys kept, the text as written.
@Suite struct ImportFrontMatterTests {
    func convert(
        _ file: String, at path: String = "content/events/a.md", config: String = "title = \"U\"\n"
    ) throws -> (text: String?, result: ImportResult) {
        let memory = MemoryImport(files: ["config.toml": config, path: file])
        let result = try memory.run()
        let written = result.files.keys.first { $0.hasPrefix("content/") && !$0.hasSuffix("_index.md") }
        return (written.flatMap { result.text($0) }, result)
    }

    @Test func otherGeneratorsKeysAreRenamedWhereTheyStandWithTheirComments() throws {
        let (text, result) = try convert(
            """
            ---
            # The spring ball
            title: Ball
            dateStart: 2026-04-01T19:00:00+01:00   # doors open
            dateEnd: "2026-04-01T23:00:00+01:00"
            venue: Great Hall
            ticketLink: https://tickets.example/
            lastmod: 2026-03-01
            ---
            Body.
            """)
        #expect(
            text == """
                ---
                # The spring ball
                title: Ball
                start: 2026-04-01T19:00:00+01:00   # doors open
                end: "2026-04-01T23:00:00+01:00"
                location: Great Hall
                ticketLink: https://tickets.example/
                updated: 2026-03-01
                ---
                Body.
                """)
        #expect(result.report.conversions["dateStart → start"] == 1)
    }

    @Test func twoNamesOfOneKeyAreLeftForHeraldToChoose() throws {
        let (text, _) = try convert(
            "---\ntitle: A\ndescription: Short\nsummary: Longer\ndate: 2026-01-01\n---\n", at: "content/posts/a.md")
        #expect(text == "---\ntitle: A\ndescription: Short\nsummary: Longer\ndate: 2026-01-01\n---\n")
    }

    @Test func tomlFrontMatterBecomesYAMLInTheSameOrder() throws {
        let (text, _) = try convert(
            """
            +++
            title = "Quiz night"
            dateStart = 2026-05-02T19:30:00+01:00
            tags = ["quiz", "social"]
            draft = false
            [params]
              host = "Sam"
            +++
            Bring a pen.
            """)
        #expect(
            text == """
                ---
                title: Quiz night
                start: 2026-05-02T19:30:00+01:00
                tags: [quiz, social]
                draft: false
                params:
                  host: Sam
                ---
                Bring a pen.
                """)
    }

    @Test func jsonFrontMatterBecomesYAML() throws {
        let (text, _) = try convert(
            "{\n  \"title\": \"Fair\",\n  \"date\": \"2026-02-01\"\n}\nText.\n", at: "content/posts/a.md")
        // JSON's text stays text: quoted where YAML would read a date.
        #expect(text == "---\ntitle: Fair\ndate: \"2026-02-01\"\n---\nText.\n")
    }

    @Test func jekyllListsFoldersUnpublishedPostsAndTitles() throws {
        let memory = MemoryImport(files: [
            "_config.yml": "title: Club\n",
            "blog/_posts/2026-01-05-hello-there.md":
                "---\ntags: one two\npublished: false\nlayout: fancy-post\n---\nHi.\n",
        ])
        let text = try memory.site()["content/news/2026-01-05-hello-there.md"]
        #expect(
            text
                == "---\ntags: [one, two]\ndraft: true\noldLayout: fancy-post\ncategories: [blog]\ntitle: Hello There\n---\nHi.\n"
        )
        let notes = try memory.run().notes
        #expect(
            notes == [
                "blog/_posts/2026-01-05-hello-there.md:4: warning: layout 'fancy-post' is a template of the old theme; kept as oldLayout (templates read it as item.params.oldLayout)"
            ])
    }

    @Test func jekyllDraftsStayDraftsDatedTheDayOfTheImport() throws {
        let memory = MemoryImport(files: [
            "_config.yml": "title: Club\ntimezone: Asia/Shanghai\n",
            "_drafts/idea.md": "---\ntitle: Idea\n---\nLater.\n",
            "_posts/2026-01-05-a.md": "---\ntitle: A\n---\n",
        ])
        let result = try memory.run()
        #expect(
            result.text("content/news/drafts/idea.md")
                == "---\ntitle: Idea\ndraft: true\ndate: 2026-11-22\n---\nLater.\n")
        #expect(result.report.drafts == 1)
    }

    /// Kramdown's table-of-contents marker becomes `toc: true`, and its `{:.no_toc}` lines go;
    /// in code they stay, and a `{:toc}` after no list item is left for the report's reader.
    @Test func kramdownsTableOfContentsMarkerBecomesTocTrue() throws {
        let memory = MemoryImport(files: [
            "_config.yml": "title: Club\n",
            "_posts/2026-01-05-guide.md":
                "---\ntitle: Guide\n---\n## Contents\n{:.no_toc}\n\n* TOC\n{:toc}\n\n## Join\n\n```\n* TOC\n{:toc}\n```\n",
            "_posts/2026-01-06-plain.md": "---\ntitle: Plain\n---\nText {:toc}\n\n{:toc}\n",
        ])
        let site = try memory.site()
        #expect(
            site["content/news/2026-01-05-guide.md"]
                == "---\ntitle: Guide\ntoc: true\n---\n## Contents\n\n\n## Join\n\n```\n* TOC\n{:toc}\n```\n")
        #expect(site["content/news/2026-01-06-plain.md"] == "---\ntitle: Plain\n---\nText {:toc}\n\n{:toc}\n")
    }

    /// PaperMod's `ShowToc` (any case) is `toc`; an item's own `toc` wins.
    @Test func showTocBecomesToc() throws {
        let memory = MemoryImport(files: [
            "hugo.toml": "title = \"Club\"\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2026-01-05\nShowToc: true\n---\nText.\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2026-01-05\nshowtoc: false\ntoc: true\n---\nText.\n",
        ])
        let site = try memory.site()
        let a = try #require(site.first { $0.key.hasSuffix("/a.md") }?.value)
        let b = try #require(site.first { $0.key.hasSuffix("/b.md") }?.value)
        #expect(a.contains("\ntoc: true\n") && !a.lowercased().contains("showtoc"), "\(a)")
        #expect(b.contains("\nshowtoc: false\n") && b.contains("\ntoc: true\n"), "\(b)")
    }

    /// A post saved with Windows line breaks (CRLF, one Character to Swift) has its marker found too.
    @Test func kramdownsTableOfContentsMarkerIsFoundInCRLFFiles() throws {
        let memory = MemoryImport(files: [
            "_config.yml": "title: Club\n",
            "_posts/2026-01-05-guide.md": "---\r\ntitle: Guide\r\n---\r\n\r\n* toc\r\n{:toc}\r\n\r\n## One\r\n",
        ])
        let text = try #require(try memory.site()["content/news/2026-01-05-guide.md"])
        #expect(text.contains("toc: true"))
        #expect(!text.contains("{:toc}") && !text.contains("* toc"))
        #expect(text.hasSuffix("\r\n\r\n## One\r\n"))
    }

    @Test func aRepeatedKeyIsKeptAndReportedAsHeraldReadsIt() throws {
        let (text, result) = try convert(
            "---\ntitle: A\nvideo: one\ndate: 2026-01-01\nvideo: two\n---\n", at: "content/posts/a.md")
        #expect(text == "---\ntitle: A\nvideo: one\ndate: 2026-01-01\nvideo: two\n---\n")
        #expect(
            result.notes == [
                "content/posts/a.md:5: warning: 'video' is given twice (also on line 3); the later value is used"
            ])
    }

    @Test func anUndatedPostBecomesAPageAtItsOldAddress() throws {
        let (text, result) = try convert("---\ntitle: Undated\n---\nText.\n", at: "content/posts/undated.md")
        #expect(text == "---\ntitle: Undated\nurl: /posts/undated/\n---\nText.\n")
        #expect(
            result.notes == [
                "content/posts/undated.md:1: warning: has no date, which Herald's news need: made a page, at its old address"
            ])
    }
}
