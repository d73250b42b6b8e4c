import Foundation
import Testing

@testable import Herald

@Suite struct MarkdownTests {
    /// `collapsingWhitespace` decodes only characters whose first UTF-8 byte can start a space:
    /// every Unicode space, checked over all of Unicode, starts with one of those bytes.
    @Test func collapsingWhitespaceKnowsEveryUnicodeSpace() {
        var spaces: [Unicode.Scalar] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { continue }
            spaces.append(scalar)
            let lead = Array(String(scalar).utf8)[0]
            #expect(
                lead < 0x80 || [0xC2, 0xE1, 0xE2, 0xE3].contains(lead),
                "U+\(String(value, radix: 16)) starts with \(lead)")
        }
        #expect(spaces.count == 25)
        for space in spaces {
            #expect("甲\(space)\(space)乙 ".collapsingWhitespace() == "甲 乙", "U+\(String(space.value, radix: 16))")
        }
        #expect(
            "学\u{3000}生\u{00A0}会\u{200B}".collapsingWhitespace() == "学 生 会\u{200B}", "a zero-width space is no space")
        // Runs of text are copied whole: at the start, between spaces and up to the end.
        for (text, collapsed) in [
            ("", ""), ("   ", ""), ("a", "a"), ("  one  two\n\tthree  ", "one two three"), ("学生会\n活动", "学生会 活动"),
            ("é ü", "é ü"),
        ] {
            #expect(text.collapsingWhitespace() == collapsed)
        }
    }

    /// Text with nothing to collapse is kept whole, and the rest is copied from where the first
    /// space to collapse is: every mix of short runs of these pieces gives what splitting on
    /// whitespace and joining with one space gives.
    @Test func collapsingWhitespaceMatchesSplittingAndJoining() {
        let pieces = ["a", "学", " ", "  ", "\n", "\t", "\u{3000}", "\u{00A0}", "é", "\u{2003}", "。"]
        var texts: [String] = [""]
        for _ in 0..<4 { texts = texts.flatMap { text in pieces.map { text + $0 } } }
        for text in texts {
            let expected = text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) })
                .joined(separator: " ")
            #expect(text.collapsingWhitespace() == expected, "\(text.debugDescription)")
        }
        #expect(texts.count == 14_641)
    }

    @Test func rawHTMLIsOmittedUnlessAllowed() {
        let markdown = "<div class=\"x\">block</div>\n\nText with <b>inline</b> HTML.\n"
        let safe = MarkdownRenderer().render(markdown).html
        #expect(
            safe
                == "<!-- raw HTML omitted -->\n<p>Text with <!-- raw HTML omitted -->inline<!-- raw HTML omitted --> HTML.</p>\n"
        )
        let unsafe = MarkdownRenderer(options: MarkdownOptions(unsafe: true)).render(markdown).html
        #expect(unsafe == "<div class=\"x\">block</div>\n<p>Text with <b>inline</b> HTML.</p>\n")
    }

    @Test func dangerousLinkSchemesAreDroppedInSafeMode() {
        let html = MarkdownRenderer().render("[x](javascript:alert(1)) ![y](vbscript:z)").html
        #expect(!html.contains("javascript:") && !html.contains("vbscript:"))
    }

    @Test func smartPunctuationIsAnOption() {
        let text = "\"Quotes\" -- and 'apostrophes' ...\n"
        #expect(
            MarkdownRenderer(options: MarkdownOptions(smartPunctuation: true)).render(text).html
                == "<p>“Quotes” – and ‘apostrophes’ …</p>\n")
        #expect(MarkdownRenderer().render(text).html == "<p>&quot;Quotes&quot; -- and 'apostrophes' ...</p>\n")
    }

    @Test func tablesAndStrikethroughAreOnByDefault() {
        let options = MarkdownOptions()
        #expect(options.tables && options.strikethrough && !options.unsafe && !options.smartPunctuation)
        #expect(
            MarkdownRenderer().render("a | b\n--|--\n~~c~~ | d\n").html.hasPrefix("<table>\n<thead>\n<tr>\n<th>a</th>"))
    }

    @Test func siteAbsoluteLinksMoveUnderTheBasePath() {
        let renderer = MarkdownRenderer(basePath: "/union/")
        let html = renderer.render(
            "[a](/about/) [b](//cdn.example/x) [c](https://x.org/) [d](relative/) ![e](/images/e.jpg)"
        ).html
        #expect(
            html
                == "<p><a href=\"/union/about/\">a</a> <a href=\"//cdn.example/x\">b</a> <a href=\"https://x.org/\">c</a> <a href=\"relative/\">d</a> <img src=\"/union/images/e.jpg\" alt=\"e\" /></p>\n"
        )
        #expect(MarkdownRenderer(basePath: "/").render("[a](/about/)").html == "<p><a href=\"/about/\">a</a></p>\n")
    }

    @Test func aPhotoOnlyFirstParagraphIsNotTheSummary() throws {
        let output = try MemorySite([
            "content/news/2026-11-01-a.md": "---\ntitle: A\n---\n![Cover photo](/x.jpg)\n\nThe real lead.\n",
            "content/news/2026-11-02-b.md": "---\ntitle: B\nsummary: |\n  First part.\n\n  Second part.\n---\nBody.\n",
        ]).build()
        let json = try #require(output.text("api/home.json"))
        #expect(json.contains("\"summary\" : \"The real lead.\""))
        #expect(json.contains("\"summary\" : \"First part. Second part.\""))
    }

    /// The lead, the plain text and the counts are gathered from cmark's text as bytes.
    @Test func leadsAndPlainTextAreGatheredFromEveryKindOfText() {
        let renderer = MarkdownRenderer(basePath: "/")
        // An ideographic space and a photo are no words of the paragraph's own: not the lead.
        let photo = renderer.render(
            "\u{3000}![照片 photo](/x.jpg)\n\n第一段 *lead* `code`.\nNext line.\n\n```\nin code\n```\n\nLater.",
            wantPlainText: true)
        #expect(photo.leadText == "第一段 lead code. Next line.")
        #expect(photo.plainText == "照片 photo 第一段 lead code. Next line. Later.")
        #expect(photo.statistics == TextStatistics(words: 8, cjkCharacters: 5))
        #expect(!photo.hasMoreMarker)
        // The marker is raw HTML between blocks; its text in a code span is no marker.
        let marked = renderer.render("Use `<!--more-->` here.\n\nSecond 二.\n\n<!--more-->\n\nAfter.")
        #expect(marked.hasMoreMarker)
        #expect(marked.leadText == "Use <!--more--> here. Second 二.")
        let unmarked = renderer.render("Use `<!--more-->` here.\n\nSecond.")
        #expect(!unmarked.hasMoreMarker)
        #expect(unmarked.leadText == "Use <!--more--> here.")
        #expect(renderer.render("No marker at all.").leadText == "No marker at all.")
        // Photos separated by ASCII whitespace only (a space, a tab) are no lead either.
        #expect(renderer.render("![a](/a.jpg) ![b](/b.jpg)\n\nLead.").leadText == "Lead.")
        #expect(renderer.render("![a](/a.jpg)\t![b](/b.jpg)\n\nLead.").leadText == "Lead.")
    }

    @Test func byteSearchFindsALiteral() {
        #expect(ByteSearch.contains("a <!--more--> b", "<!--more-->"))
        #expect(ByteSearch.contains("<<!--more-->", "<!--more-->"))
        #expect(!ByteSearch.contains("<!--more--", "<!--more-->"))
        #expect(!ByteSearch.contains("", "<!--more-->"))
        #expect(!ByteSearch.contains("<!--MORE-->", "<!--more-->"))
    }

    @Test func summariesKeepImageDescriptionsThatAreInTheSentence() throws {
        let json = try #require(
            try MemorySite([
                "content/news/2026-11-01-a.md": "---\ntitle: A\n---\nSee the ![about page](/a.png) and more.\n"
            ]).build().text("api/home.json"))
        #expect(json.contains("\"summary\" : \"See the about page and more.\""))
    }
}

/// The 652 examples of the CommonMark 0.30 spec (a copy of ../shared/standards/commonmark-spec-0.30.json,
/// kept in Tests/Fixtures so the tests run without ../shared), through Herald's Markdown stage.
@Suite struct CommonMarkSpecTests {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    static func examples() throws -> [Example] {
        let url = Fixtures.root.appendingPathComponent("commonmark-spec-0.30.json")
        return try JSONDecoder().decode([Example].self, from: Data(contentsOf: url))
    }

    /// The examples an extension changes by design, when they are all on, and their HTML then:
    /// bare URLs and e-mail addresses that GFM's extended autolinks link (CommonMark leaves them
    /// text), as the GFM spec's own copies of these examples show them.
    static let changedByExtensions: [Int: String] = [
        601: "<p>&lt;<a href=\"http://foo.bar/baz\">http://foo.bar/baz</a> bim&gt;</p>\n",
        607: "<p>&lt; <a href=\"http://foo.bar\">http://foo.bar</a> &gt;</p>\n",
        610: "<p><a href=\"http://example.com\">http://example.com</a></p>\n",
        611: "<p><a href=\"mailto:foo@bar.example.com\">foo@bar.example.com</a></p>\n",
    ]

    /// The examples whose fenced code has a language a lexer has, which highlighting changes by
    /// design: their code comes out as Pygments' spans (the text unchanged, as
    /// `highlightingChangesOnlyTheMarkup` checks).
    static let changedByHighlighting = [142, 143]

    /// With the extensions on (the default) as with them off. No CommonMark example holds a table,
    /// a strikethrough, a task, an alert or a footnote (none has `[^`), so those leave every one as
    /// cmark renders it. Autolinks change exactly the examples listed above. Heading IDs change
    /// every example with a heading, by design: each heading gains an `id` and an anchor link, and
    /// nothing else, so without those the example is the spec's. Highlighting changes the fenced
    /// code of `changedByHighlighting`.
    @Test(arguments: [true, false])
    func everyExamplePassesWithRawHTMLAllowed(extensions: Bool) throws {
        let examples = try Self.examples()
        #expect(examples.count == 652)
        var options = MarkdownOptions(
            unsafe: true, tables: extensions, strikethrough: extensions,
            taskLists: extensions, autolinks: extensions, alerts: extensions, footnotes: extensions)
        options.headingIDs = extensions
        options.highlight = extensions
        let renderer = MarkdownRenderer(options: options)
        var failures: [Int] = []
        var changed: [Int] = []
        for example in examples {
            let expected = extensions ? Self.changedByExtensions[example.example] ?? example.html : example.html
            let html = renderer.render(example.markdown).html
            if html != expected { changed.append(example.example) }
            if Self.withoutHeadingAnchors(html) != expected { failures.append(example.example) }
        }
        #expect(
            failures == (extensions ? Self.changedByHighlighting : []),
            "examples that differ from what is expected: \(failures)")
        let withHeadings = examples.filter {
            $0.html.contains("<h1>") || $0.html.contains("<h2>") || $0.html.contains("<h3>")
                || $0.html.contains("<h4>") || $0.html.contains("<h5>") || $0.html.contains("<h6>")
        }.map(\.example)
        #expect(changed == (extensions ? (withHeadings + Self.changedByHighlighting).sorted() : []))
        #expect(withHeadings.count == 40)
    }

    /// HTML with the heading IDs and anchor links taken out: `<h2 id="a">A <a class="heading-anchor" …></a></h2>` → `<h2>A</h2>`.
    static func withoutHeadingAnchors(_ html: String) -> String {
        html.replacing(/<h([1-6]) id="[^"]*">/) { "<h\($0.1)>" }
            .replacing(/\ <a class="heading-anchor" href="[^"]*" aria-labelledby="[^"]*"><\/a><\/h/) { _ in "</h" }
    }

    /// Highlighting adds markup and nothing else: without Pygments' spans and the `highlight`
    /// class, each example it changes is the spec's HTML exactly.
    @Test func highlightingChangesOnlyTheMarkup() throws {
        let renderer = MarkdownRenderer(options: MarkdownOptions(unsafe: true))
        for example in try Self.examples() where Self.changedByHighlighting.contains(example.example) {
            let html = renderer.render(example.markdown).html
            #expect(html.contains("<pre class=\"highlight\"><code class=\"language-"), "example \(example.example)")
            let bare = html.replacing(/<span class="[a-z0-9]+">|<\/span>/, with: "").replacing(
                "<pre class=\"highlight\">", with: "<pre>")
            #expect(bare == example.html, "example \(example.example)")
        }
    }

    /// In the default (safe) mode no raw HTML tag from the Markdown reaches the page: every tag
    /// in the output is one cmark itself writes, and no `javascript:` URL survives.
    @Test func rawHTMLExamplesRenderSafelyByDefault() throws {
        let cmarkTags: Set<String> = [
            "p", "em", "strong", "a", "img", "code", "pre", "blockquote", "ul", "ol", "li",
            "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br",
        ]
        let renderer = MarkdownRenderer()
        let tagPattern = try Regex("<(/?)([a-zA-Z][a-zA-Z0-9-]*)")
        var checked = 0
        for example in try Self.examples() where example.section == "Raw HTML" || example.section == "HTML blocks" {
            checked += 1
            let html = renderer.render(example.markdown).html
            for match in html.matches(of: tagPattern) {
                let name = String(html[match.range]).trimmingCharacters(in: CharacterSet(charactersIn: "</"))
                    .lowercased()
                #expect(
                    cmarkTags.contains(name), "example \(example.example): raw <\(name)> reached the output: \(html)")
            }
            #expect(!html.lowercased().contains("javascript:"), "example \(example.example)")
        }
        #expect(checked > 60)
    }
}
