import Foundation
import Testing

@testable import Herald

/// Links to another item's Markdown file become links to that item's page, wherever its
/// permalink puts it; a link to a Markdown file that is no item is an error at its line.
@Suite struct ContentLinkTests {
    let site =
        "title: T\nbaseURL: https://union.example.edu/club/\ntimezone: Asia/Shanghai\npermalinks:\n  news: /blog/:year/:slug/\n"

    @Test func linksToMarkdownFilesBecomeTheItemsURLs() throws {
        let output = try MemorySite([
            "site.yml": site,
            "content/news/2026/2026-11-20-a.md": """
            ---
            title: A
            summary: "See [the gala](../../events/2026-11-23-gala.md)."
            ---
            [gala](../../events/2026-11-23-gala.md#tickets) [about](@/pages/about.md) [b](2026-11-21-b.md)

            [from content](news/2026/2026-11-21-b.md) [site path](/pages/about.md "About us") [static](/files/notes.md)

            [draft](./2026-11-22-draft.md) and [photo](https://example.com/a.md), `[code](b.md)`
            """,
            "content/news/2026/2026-11-21-b.md": "---\ntitle: B\n---\nBack to [A](2026-11-20-a.md).\n",
            "content/news/2026/2026-11-22-draft.md": "---\ntitle: Draft\ndraft: true\n---\nSoon.\n",
            "content/events/2026-11-23-gala.md":
                "---\ntitle: Gala\nstart: 2026-11-23 19:00\nlocation: Hall\n---\nSee [the recap](../news/2026/2026-11-20-a.md).\n",
            "content/pages/about.md": "---\ntitle: About\n---\nAbout us.\n",
        ]).build()
        let page = try #require(output.text("blog/2026/a/index.html"))
        #expect(
            page.contains(
                """
                <p><a href="/club/events/gala/#tickets">gala</a> <a href="/club/about/">about</a> <a href="/club/blog/2026/b/">b</a></p>
                <p><a href="/club/blog/2026/b/">from content</a> <a href="/club/about/" title="About us">site path</a> <a href="/club/files/notes.md">static</a></p>
                <p>draft and <a href="https://example.com/a.md">photo</a>, <code>[code](b.md)</code></p>
                """), "\(page)")
        #expect(output.text("events/gala/index.html")?.contains("<a href=\"/club/blog/2026/a/\">the recap</a>") == true)
        #expect(output.text("blog/2026/b/index.html")?.contains("<a href=\"/club/blog/2026/a/\">A</a>") == true)
        // The summary's link too, in feeds (made absolute there).
        #expect(
            output.text("feed.xml")?.contains(
                "See &lt;a href=\"https://union.example.edu/club/events/gala/\"&gt;the gala&lt;/a&gt;.") == true)
        #expect(output.text("feed.json")?.contains("https://union.example.edu/club/events/gala/#tickets") == true)
        #expect(output.text("feed.json")?.contains("herald-content-link") == false)
    }

    /// A bundle is linked as the page it is: by its folder's name from beside it (`part-one.md` for
    /// `part-one/index.md`), from its own `index.md` as from the folder it stands in, and in
    /// another letter case when no file has the case written.
    @Test func bundlesAreLinkedByName() throws {
        let output = try MemorySite([
            "site.yml": site,
            "content/news/part-one/index.md":
                "---\ntitle: One\ndate: 2026-01-01\n---\nNext: [two](../part-two/index.md).\n",
            "content/news/part-two/index.md":
                "---\ntitle: Two\ndate: 2026-01-02\n---\n[one](./Part-One.md) [one again](part-one.md) [three](2026-01-03-three.md)\n",
            "content/news/2026-01-03-three.md": "---\ntitle: Three\n---\nBack to [two](part-two.md).\n",
        ]).build()
        #expect(
            output.text("blog/2026/part-two/index.html")?.contains(
                "<p><a href=\"/club/blog/2026/part-one/\">one</a> <a href=\"/club/blog/2026/part-one/\">one again</a> <a href=\"/club/blog/2026/three/\">three</a></p>"
            ) == true)
        #expect(
            output.text("blog/2026/part-one/index.html")?.contains("<a href=\"/club/blog/2026/part-two/\">two</a>")
                == true)
        #expect(
            output.text("blog/2026/three/index.html")?.contains("<a href=\"/club/blog/2026/part-two/\">two</a>") == true
        )
    }

    @Test func aLinkToADraftIsTextWithAWarning() throws {
        let files = [
            "site.yml": site,
            "content/news/2026-11-20-a.md": "---\ntitle: A\n---\nIntro.\n\nSee [the plan](2026-11-19-plan.md).\n",
            "content/news/2026-11-19-plan.md": "---\ntitle: Plan\ndraft: true\n---\nSoon.\n",
        ]
        let output = MemoryOutput()
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: files)).run(
            into: output)
        #expect(
            report.warnings.map(\.description) == [
                "content/news/2026-11-20-a.md:6: warning: links to 2026-11-19-plan.md, which is a draft and not published in this build, so the link is shown as text until it is"
            ])
        #expect(output.text("blog/2026/a/index.html")?.contains("<p>See the plan.</p>") == true)
        // With drafts, it is a link.
        let drafts = MemoryOutput()
        _ = try Build(options: BuildOptions(includeDrafts: true, now: Fixtures.now), fileSystem: .memory(text: files))
            .run(into: drafts)
        let page = drafts.text("blog/2026/a/index.html") ?? ""
        #expect(page.contains("<p>See <a href=\"/club/blog/2026/plan/\">the plan</a>.</p>"), "\(page)")
    }

    @Test func aLinkToAMarkdownFileThatIsNoItemIsAnErrorAtItsLine() {
        let diagnostics = MemorySite([
            "site.yml": site,
            "content/news/2026-11-20-a.md":
                "---\ntitle: A\n---\nIntro.\n\n- [gala](../events/2026-11-23-gla.md)\n- [notes](../../README.md)\n- [up](../../../x.md)\n",
            "content/events/2026-11-23-gala.md": "---\ntitle: Gala\nstart: 2026-11-23 19:00\nlocation: Hall\n---\n",
        ]).diagnostics()
        #expect(
            diagnostics == [
                "content/news/2026-11-20-a.md:6: links to ../events/2026-11-23-gla.md, which is not a content file of the site; did you mean content/events/2026-11-23-gala.md?",
                "content/news/2026-11-20-a.md:7: links to ../../README.md, which is not a content file of the site",
                "content/news/2026-11-20-a.md:8: links to ../../../x.md, which is not a content file of the site",
            ])
    }
}
