import Foundation
import Testing

@testable import Herald

/// Heading IDs, their anchor links and tables of contents (issue 36).
@Suite struct HeadingTests {
    static let site = "title: Union\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\n"

    /// Builds an inline site; returns the output and the warnings.
    static func build(_ files: [String: String]) throws -> (output: MemoryOutput, warnings: [String]) {
        var files = files
        if files["site.yml"] == nil { files["site.yml"] = site }
        let output = MemoryOutput()
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: files)).run(
            into: output)
        return (output, report.warnings.map(\.description))
    }

    static func anchor(_ id: String) -> String {
        " <a class=\"heading-anchor\" href=\"#\(id)\" aria-labelledby=\"\(id)\"></a>"
    }

    @Test(arguments: [
        ("How to join", "how-to-join"),
        ("报名方式", "报名方式"),
        ("Step *one*: `sign` up!", "step-one-sign-up"),
        ("C++ & Rust — 2026", "c--rust--2026"),
        ("Café au lait", "café-au-lait"),
        ("snake_case and kebab-case", "snake_case-and-kebab-case"),
        ("!!!", "section"),
        ("Ünïcödé ÀÉÎ", "ünïcödé-àéî"),
        ("第 3 次 会议（草案）", "第-3-次-会议草案"),
    ])
    func idsFollowGitHub(heading: String, id: String) {
        let rendered = MarkdownRenderer().render("## \(heading)\n")
        #expect(rendered.headings.map(\.id) == [id])
        #expect(rendered.html.hasPrefix("<h2 id=\"\(id)\">"), "\(rendered.html)")
        #expect(rendered.html.hasSuffix(Self.anchor(id) + "</h2>\n"), "\(rendered.html)")
    }

    /// ASCII text takes a path of its own, on bytes: it must give what the general one gives, for
    /// every ASCII character in every place (start, middle, end, repeated, beside spaces).
    @Test func anASCIISlugIsTheGeneralOne() {
        var texts = ["", " ", "  a  ", "\tTab\nline\r", "A-B_C", "Hello, World!", "C++ & Rust"]
        for value in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(value))
            texts += [
                character, "a\(character)b", "\(character)x", "x\(character)",
                "Q \(character) \(character)\(character) Z",
            ]
        }
        for text in texts {
            #expect(HeadingIDs.asciiSlug(text) == HeadingIDs.unicodeSlug(text), "\(text.debugDescription)")
        }
        // Any other character leaves it to the general path, wherever it is.
        for text in ["é", "a\u{3000}", "\u{3000}a", "报名", "a b é"] {
            #expect(HeadingIDs.asciiSlug(text) == nil, "\(text.debugDescription)")
        }
    }

    /// `markdown.headingIDPrefix` goes before automatic IDs only (kramdown's `auto_id_prefix`);
    /// a prefix that could not stay inside an attribute is an error at its line.
    @Test func aPrefixGoesBeforeAutomaticIDs() throws {
        var options = MarkdownOptions()
        options.headingIDPrefix = "id-"
        let rendered = MarkdownRenderer(options: options).render("## One\n\n## Two {#two}\n\n## One\n")
        #expect(rendered.headings.map(\.id) == ["id-one", "two", "id-one-1"])
        let parsed = SiteConfigParser.parse("title: T\nmarkdown:\n  headingIDPrefix: \"h:\"\n")
        #expect(parsed.config?.markdown.headingIDPrefix == "h:")
        let refused = SiteConfigParser.parse("title: T\nmarkdown:\n  emoji: true\n  headingIDPrefix: 'x\"><b'\n")
        #expect(
            refused.diagnostics.map(\.description) == [
                #"site.yml:4: markdown.headingIDPrefix 'x"><b' may hold only letters, digits, '-', '_', '.' and ':' (at most 64), as it goes into every heading's id"#
            ])
    }

    @Test func repeatsGetNumbersAndCustomIDsAreKept() {
        let rendered = MarkdownRenderer().render("# A\n\n## A\n\nA\n-\n\n## A-1\n\n## Join us {#join}\n\n### Join us\n")
        #expect(rendered.headings.map(\.id) == ["a", "a-1", "a-2", "a-1-1", "join", "join-us"])
        #expect(rendered.headings.map(\.level) == [1, 2, 2, 2, 2, 3])
        #expect(rendered.html.contains("<h2 id=\"join\">Join us" + Self.anchor("join") + "</h2>"))
        #expect(rendered.headingProblems.isEmpty)
    }

    @Test func aMalformedOrRepeatedCustomIDIsAWarningAtItsLine() throws {
        let (output, warnings) = try Self.build([
            "content/news/2026-11-20-a.md":
                "---\ntitle: A\n---\nIntro.\n\n## One {#same}\n\n## Two {#a b}\n\n## Three {#same}\n\n## Four {#}\n"
        ])
        #expect(
            warnings == [
                "content/news/2026-11-20-a.md:8: warning: heading attribute '{#a b}' is not an ID Herald reads, so it is shown as text; write {#an-id}, with no spaces",
                "content/news/2026-11-20-a.md:10: warning: heading ID 'same' is already used on the page; this one gets 'same-1'",
                "content/news/2026-11-20-a.md:12: warning: heading attribute '{#}' is not an ID Herald reads, so it is shown as text; write {#an-id}, with no spaces",
            ])
        let page = try #require(output.text("news/a/index.html"))
        #expect(page.contains("<h2 id=\"two-a-b\">Two {#a b}" + Self.anchor("two-a-b") + "</h2>"))
        #expect(page.contains("<h2 id=\"same-1\">Three" + Self.anchor("same-1") + "</h2>"))
        #expect(page.contains("<h2 id=\"four-\">Four {#}" + Self.anchor("four-") + "</h2>"))
    }

    @Test func anIDIsEscapedAndSafeModeHoldsInsideAHeading() {
        let rendered = MarkdownRenderer().render("## Tom & \"Jerry\" <b>bold</b> {#t&j<x}\n")
        #expect(
            rendered.html
                == "<h2 id=\"t&amp;j&lt;x\">Tom &amp; &quot;Jerry&quot; <!-- raw HTML omitted -->bold<!-- raw HTML omitted -->"
                + " <a class=\"heading-anchor\" href=\"#t&amp;j&lt;x\" aria-labelledby=\"t&amp;j&lt;x\"></a></h2>\n")
        // A quote cannot be part of an ID: the attribute is then text, and the ID the text's.
        #expect(MarkdownRenderer().render("## A {#a\"b}\n").headingProblems.map(\.kind) == [.malformedID])
    }

    @Test func linksAndImagesInAHeadingKeepTheirRewriting() {
        let rendered = MarkdownRenderer(basePath: "/union/").render("## See [the rules](/rules/) ![logo](/logo.png)\n")
        #expect(rendered.headings.map(\.id) == ["see-the-rules"])
        #expect(
            rendered.html.contains(
                "<a href=\"/union/rules/\">the rules</a> <img src=\"/union/logo.png\" alt=\"logo\" />"))
    }

    @Test func headingIDsCanBeTurnedOff() throws {
        let (output, _) = try Self.build([
            "site.yml": Self.site + "markdown:\n  headingIDs: false\n",
            "content/news/2026-11-20-a.md": "---\ntitle: A\ntoc: true\n---\n## One\n\n## Two {#two}\n",
        ])
        let page = try #require(output.text("news/a/index.html"))
        #expect(page.contains("<h2>One</h2>\n<h2>Two {#two}</h2>"))
        #expect(!page.contains("class=\"toc\""))
    }

    // MARK: Tables of contents

    static let long =
        "---\ntitle: Long\n---\nIntro.\n\n## Join\n\n### Online\n\n### In person\n\n## Fees\n\n#### Deep\n\n## Contact\n"

    @Test func aLongArticleGetsATableOfContents() throws {
        let (output, _) = try Self.build(["content/news/2026-11-20-long.md": Self.long])
        let page = try #require(output.text("news/long/index.html"))
        #expect(
            page.contains(
                """
                  <details class="toc" open>
                    <summary class="toc__title">Contents</summary>
                    <nav class="toc__list" aria-label="Contents">
                <ul>
                <li><a href="#join">Join</a>
                <ul>
                <li><a href="#online">Online</a></li>
                <li><a href="#in-person">In person</a></li>
                </ul></li>
                <li><a href="#fees">Fees</a></li>
                <li><a href="#contact">Contact</a></li>
                </ul>

                    </nav>
                  </details>
                """), "\(page)")
    }

    @Test func tocInFrontMatterAsksOrDeclines() throws {
        let (output, _) = try Self.build([
            "content/news/2026-11-20-short.md": "---\ntitle: Short\ntoc: true\n---\n## Only\n",
            "content/news/2026-11-20-long.md": Self.long.replacingOccurrences(
                of: "title: Long\n", with: "title: Long\ntoc: false\n"),
            "content/news/2026-11-20-plain.md": "---\ntitle: Plain\n---\n## One\n\n## Two\n",
            "content/pages/about.md": "---\ntitle: About\ntoc: true\n---\n## Who\n\n## Where\n",
        ])
        #expect(
            output.text("news/short/index.html")?.contains("<ul>\n<li><a href=\"#only\">Only</a></li>\n</ul>") == true)
        #expect(output.text("news/long/index.html")?.contains("class=\"toc\"") == false)
        #expect(output.text("news/plain/index.html")?.contains("class=\"toc\"") == false)
        #expect(output.text("about/index.html")?.contains("<li><a href=\"#where\">Where</a></li>") == true)
    }

    @Test func theSiteSetsLevelsAndWhenATableIsShown() throws {
        let (output, _) = try Self.build([
            "site.yml": Self.site
                + "markdown:\n  toc:\n    startLevel: 3\n    endLevel: 4\n    minHeadings: 2\n    ordered: true\n",
            "content/news/2026-11-20-long.md": Self.long,
        ])
        let page = try #require(output.text("news/long/index.html"))
        // h3, h3, then an h4 under the second: no h2, and numbered.
        #expect(
            page.contains(
                "<ol>\n<li><a href=\"#online\">Online</a></li>\n<li><a href=\"#in-person\">In person</a>\n<ol>\n<li><a href=\"#deep\">Deep</a></li>\n</ol></li>\n</ol>"
            ), "\(page)")
        let every = try Self.build([
            "site.yml": Self.site + "markdown:\n  toc: true\n",
            "content/news/2026-11-20-a.md": "---\ntitle: A\n---\n## One\n",
        ]).output
        #expect(every.text("news/a/index.html")?.contains("<li><a href=\"#one\">One</a></li>") == true)
    }

    @Test func aJumpOfLevelsNestsOnceAndClimbsBack() {
        let headings = [(2, "a"), (4, "b"), (3, "c"), (2, "d")].map {
            HeadingAnchors.Heading(level: $0.0, id: $0.1, text: $0.1.uppercased())
        }
        var options = TableOfContentsOptions()
        options.endLevel = 4
        #expect(
            TableOfContents(options: options).html(for: headings, wanted: true) == """
                <ul>
                <li><a href="#a">A</a>
                <ul>
                <li><a href="#b">B</a></li>
                <li><a href="#c">C</a></li>
                </ul></li>
                <li><a href="#d">D</a></li>
                </ul>

                """)
    }

    @Test func badTableOfContentsSettingsAreErrorsAtTheirLine() {
        let diagnostics = MemorySite([
            "site.yml": Self.site
                + "markdown:\n  toc:\n    startLevel: 4\n    endLevel: 2\n    minHeadings: -1\n    depth: 3\n"
        ]).diagnostics()
        #expect(
            diagnostics == [
                "site.yml:7: markdown.toc.endLevel (2) is below startLevel (4)",
                "site.yml:8: markdown.toc.minHeadings must be between 0 and 1000",
                "site.yml:9: warning: unknown key 'depth' in markdown.toc is ignored",
            ])
    }

    /// Ten thousand headings of one text: IDs stay linear (each repeat is found from the last
    /// number given, not by counting up from 1), and so does the table of contents.
    @Test func manyRepeatedHeadingsStayLinear() {
        let markdown = String(repeating: "## Same\n\n## Same-1\n\n", count: 5_000)
        let rendered = MarkdownRenderer().render(markdown)
        #expect(rendered.headings.count == 10_000)
        #expect(Set(rendered.headings.map(\.id)).count == 10_000)
        let table = TableOfContents(options: TableOfContentsOptions()).html(for: rendered.headings, wanted: true)
        #expect(table.utf8.count < 10_000 * 60)
    }

    /// FuzzFootnotes' first finding: a heading `## fn1` took the ID of note 1, so the reference
    /// led to the heading. The notes' IDs are taken first; the heading gets a suffix.
    @Test func aHeadingNeverTakesAFootnotesID() {
        let rendered = MarkdownRenderer().render("## fn1\n\n## fnref1\n\nA[^1].\n\n[^1]: note\n")
        #expect(rendered.headings.map(\.id) == ["fn1-1", "fnref1-1"])
        #expect(rendered.html.contains("<a href=\"#fn1\" id=\"fnref1\">1</a>"))
        #expect(rendered.html.contains("<li id=\"fn1\">"))
        let ids = rendered.html.matches(of: #/ id="([^"]*)"/#).map { String($0.output.1) }
        #expect(ids.sorted() == ["fn1", "fn1-1", "fnref1", "fnref1-1"])
        // With no footnote, `fn1` is the heading's.
        #expect(MarkdownRenderer().render("## fn1\n").headings.map(\.id) == ["fn1"])
    }

    /// FuzzHeadingAttributes' first finding: a footnote reference inside a heading was freed with
    /// the heading, then changed for the lead (a use after free). The heading now lives until the
    /// body is rendered, and in the lead its reference is a plain number, as everywhere in a lead.
    @Test func aFootnoteInAHeadingIsLinkedOnThePageAndPlainInTheLead() {
        let rendered = MarkdownRenderer().render(
            "## Results[^1]\n\nIntro.\n\n<!--more-->\n\nMore.\n\n[^1]: Counted twice.\n")
        let linked =
            "<h2 id=\"results\">Results<sup class=\"footnote-ref\"><a href=\"#fn1\" id=\"fnref1\">1</a></sup> "
            + Self.anchor("results").dropFirst() + "</h2>"
        #expect(rendered.html.hasPrefix(linked), "\(rendered.html)")
        #expect(
            rendered.leadHTML.hasPrefix(
                "<h2 id=\"results\">Results<sup class=\"footnote-ref\">1</sup> <a class=\"heading-anchor\""),
            "\(rendered.leadHTML)")
        #expect(rendered.headings.map(\.text) == ["Results"])
    }
}
