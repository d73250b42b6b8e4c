import Foundation
import Testing

@testable import Herald

/// GitHub Flavored Markdown footnotes: the example of cmark-gfm's `test/extensions.txt` (a copy of
/// ../shared/standards/gfm/footnotes-autolinks-tasklists.json, kept in Tests/Fixtures), and what
/// the example leaves open: containers, code, labels, the lead, warnings, the switch and hostile input.
@Suite struct FootnoteTests {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
        MarkdownRenderer(options: options).render(markdown).html
    }

    /// A note as cmark-gfm writes it, with one link back per reference.
    func note(_ number: Int, _ paragraph: String, references: Int = 1) -> String {
        let back = (1...references).map { count in
            count == 1
                ? "<a href=\"#fnref\(number)\" class=\"footnote-backref\">↩</a>"
                : "<a href=\"#fnref\(number)-\(count)\" class=\"footnote-backref\">↩<sup class=\"footnote-ref\">\(count)</sup></a>"
        }.joined(separator: " ")
        return "<li id=\"fn\(number)\">\n<p>\(paragraph) \(back)</p>\n</li>\n"
    }

    func reference(_ number: Int, _ count: Int = 1) -> String {
        "<sup class=\"footnote-ref\"><a href=\"#fn\(number)\" id=\"fnref\(number)\(count == 1 ? "" : "-\(count)")\">\(number)</a></sup>"
    }

    func section(_ notes: String...) -> String {
        "<section class=\"footnotes\">\n<ol>\n" + notes.joined() + "</ol>\n</section>\n"
    }

    @Test(arguments: [MarkdownOptions(), MarkdownOptions(unsafe: true)])
    func theSpecExamplePasses(options: MarkdownOptions) throws {
        let url = Fixtures.root.appendingPathComponent("gfm-footnotes-autolinks-tasklists.json")
        let examples = try JSONDecoder().decode([Example].self, from: Data(contentsOf: url)).filter {
            $0.section == "Footnotes"
        }
        #expect(examples.count == 1)
        for example in examples {
            let rendered = MarkdownRenderer(options: options).render(example.markdown)
            #expect(
                GFMSpecTests.normalized(rendered.html) == GFMSpecTests.normalized(example.html),
                "example \(example.example)")
            // The reference without a note and the note without a reference, at their lines.
            #expect(
                rendered.footnoteProblems.map { "\($0.kind.rawValue) \($0.label) \($0.line)" }
                    == ["footnote-undefined-reference nope 7", "footnote-unreferenced-definition unused 26"])
        }
    }

    @Test func labelsOfAnyScriptMatchCaseFolded() {
        let markdown = "报名[^注1]，截止[^Note]。\n\n[^注1]: 请带学生证。\n[^NOTE]: Deadline.\n"
        #expect(
            html(markdown) == "<p>报名\(reference(1))，截止\(reference(2))。</p>\n"
                + section(note(1, "请带学生证。"), note(2, "Deadline.")))
    }

    @Test func aNoteReferredToTwiceLinksBackToBoth() {
        let markdown = "One[^a] and again[^a].\n\n[^a]: The note.\n"
        #expect(
            html(markdown) == "<p>One\(reference(1)) and again\(reference(1, 2)).</p>\n"
                + section(note(1, "The note.", references: 2)))
    }

    @Test func definitionsInsideListsAndBlockQuotes() {
        let list = "- Item[^x]\n\n  [^x]: In the list.\n- Next\n"
        #expect(
            html(list) == "<ul>\n<li>\n<p>Item\(reference(1))</p>\n</li>\n<li>\n<p>Next</p>\n</li>\n</ul>\n"
                + section(note(1, "In the list.")))
        let quote = "> Quoted[^q]\n> [^q]: In the quote,\nlazily continued.\n\nAfter.\n"
        #expect(
            html(quote) == "<blockquote>\n<p>Quoted\(reference(1))</p>\n</blockquote>\n<p>After.</p>\n"
                + section(note(1, "In the quote,\nlazily continued.")))
    }

    @Test func referencesInEmphasisAndTableCells() {
        #expect(
            html("*Stressed[^e]* text.\n\n[^e]: Why.\n") == "<p><em>Stressed\(reference(1))</em> text.</p>\n"
                + section(note(1, "Why.")))
        let table = "| a | b |\n|---|---|\n| cell[^t] | x |\n\n[^t]: From a cell.\n"
        let rendered = html(table)
        #expect(rendered.contains("<td>cell\(reference(1))</td>"))
        #expect(rendered.hasSuffix(section(note(1, "From a cell."))))
    }

    @Test func codeAndLinkTextStayLiteral() {
        let markdown =
            "`[^1]` and [see [^1]](/x) but[^1].\n\n```\n[^1]: not a definition\n```\n\n    [^1]: indented code\n\n[^1]: The note.\n"
        #expect(
            html(markdown) == "<p><code>[^1]</code> and <a href=\"/x\">see [^1]</a> but\(reference(1)).</p>\n"
                + "<pre><code>[^1]: not a definition\n</code></pre>\n<pre><code>[^1]: indented code\n</code></pre>\n"
                + section(note(1, "The note.")))
    }

    /// A reference written with an escaped bracket or caret is text and no problem, as on GitHub,
    /// beside working references on the same line, after a table and inside a note.
    @Test func anEscapedReferenceIsText() {
        let rendered = MarkdownRenderer().render(
            "Write \\[^1] or [\\^1] or [^1\\] to get[^1], *or* \\[^2].\n\n[^1]: See \\[^1].\n")
        #expect(
            rendered.html == "<p>Write [^1] or [^1] or [^1] to get\(reference(1)), <em>or</em> [^2].</p>\n"
                + section(note(1, "See [^1].")))
        #expect(rendered.footnoteProblems.isEmpty)
        let table = MarkdownRenderer().render("| a |\n| - |\n| 1 |\n    code\n\nText \\[^w] and[^v].\n\n[^v]: V.\n")
        #expect(table.html.hasSuffix("<p>Text [^w] and\(reference(1)).</p>\n" + section(note(1, "V."))))
        #expect(table.footnoteProblems.isEmpty)
        // An escaped backslash leaves the reference one: its problem is told.
        let backslash = MarkdownRenderer().render("A \\\\[^nope].\n")
        #expect(backslash.html == "<p>A \\[^nope].</p>\n")
        #expect(backslash.footnoteProblems == [FootnoteProblem(kind: .undefinedReference, label: "nope", line: 1)])
        // A line of 20,000 escaped references, each read back once: text, no problem.
        let flood = MarkdownRenderer().render(String(repeating: "\\[^a] ", count: 20_000) + "x[^a].\n\n[^a]: A.\n")
        #expect(flood.html.components(separatedBy: "[^a]").count - 1 == 20_000)
        #expect(flood.html.components(separatedBy: "footnote-ref").count - 1 == 1 && flood.footnoteProblems.isEmpty)
    }

    /// cmark alone reads `[^1]: https://…` as a link reference definition, and `[^1]` as a link to
    /// it. It is a note, whose address autolinks make a link, as GitHub shows it.
    @Test func aDefinitionThatLooksLikeALinkReferenceIsANote() {
        #expect(
            html("Source[^1].\n\n[^1]: https://example.org/report\n")
                == "<p>Source\(reference(1)).</p>\n"
                + section(note(1, "<a href=\"https://example.org/report\">https://example.org/report</a>")))
        var plain = MarkdownOptions()
        plain.autolinks = false
        #expect(
            MarkdownRenderer(options: plain).render("Source[^1].\n\n[^1]: https://example.org/report\n").html
                == "<p>Source\(reference(1)).</p>\n" + section(note(1, "https://example.org/report")))
    }

    @Test func aDefinitionInterruptsAParagraphAndHoldsBlocks() {
        let markdown =
            "Text[^a].\n[^a]: First paragraph.\n\n    - a list\n\n    Last paragraph.\nNot in the note? It is: lazy.\n\nOutside.\n"
        #expect(
            html(markdown)
                == "<p>Text\(reference(1)).</p>\n<p>Outside.</p>\n<section class=\"footnotes\">\n<ol>\n<li id=\"fn1\">\n<p>First paragraph.</p>\n<ul>\n<li>a list</li>\n</ul>\n"
                + "<p>Last paragraph.\nNot in the note? It is: lazy. <a href=\"#fnref1\" class=\"footnote-backref\">↩</a></p>\n</li>\n</ol>\n</section>\n"
        )
    }

    /// A definition is rewritten as a list item in a bullet no list around it uses, so it joins
    /// none and changes no list's looseness; and never in one that would make a thematic break.
    @Test func aDefinitionJoinsNoListAroundIt() {
        let markdown = "+ a\n+ b\n\n[^x]: Note.\n- c\n\n[^y]: - - -\n\nText[^x][^y].\n"
        #expect(
            html(markdown)
                == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ul>\n<li>c</li>\n</ul>\n<p>Text\(reference(1))\(reference(2)).</p>\n"
                + section(
                    note(1, "Note."),
                    "<li id=\"fn2\">\n<hr />\n<a href=\"#fnref2\" class=\"footnote-backref\">↩</a>\n</li>\n"))
    }

    /// An empty first line, or a tab after the colon: the note's text starts on the next line, or
    /// after the tab, and code in it needs eight columns.
    @Test func definitionsWithAnEmptyFirstLineOrATab() {
        let markdown = "A[^a] b[^b].\n\n[^a]:\n    First.\n\n        code\n[^b]:\tTabbed.\n"
        #expect(
            html(markdown)
                == "<p>A\(reference(1)) b\(reference(2)).</p>\n<section class=\"footnotes\">\n<ol>\n<li id=\"fn1\">\n<p>First.</p>\n"
                + "<pre><code>code\n</code></pre>\n<a href=\"#fnref1\" class=\"footnote-backref\">↩</a>\n</li>\n"
                + note(2, "Tabbed.") + "</ol>\n</section>\n")
        #expect(!MarkdownRenderer().render(markdown).html.contains("raw HTML"))
        #expect(MarkdownRenderer().render(markdown).omittedHTMLLine == nil)
    }

    /// The table extension may put lines in to end a table where cmark-gfm does; lines told
    /// afterwards are still the body's.
    @Test func linesAfterATableAreTheBodys() {
        let markdown = "| a |\n| - |\n| 1 |\n    code\n\n[^u]: Unused.\n[^v]: Used.\n\nText[^v] [^w].\n"
        let rendered = MarkdownRenderer().render(markdown)
        #expect(
            rendered.html.hasSuffix(
                "<pre><code>code\n</code></pre>\n<p>Text\(reference(1)) [^w].</p>\n" + section(note(1, "Used."))))
        #expect(
            rendered.footnoteProblems == [
                FootnoteProblem(kind: .undefinedReference, label: "w", line: 9),
                FootnoteProblem(kind: .unreferencedDefinition, label: "u", line: 6),
            ])
    }

    @Test func notesAreNumberedByFirstReferenceAndUnreferencedOnesAreLeftOut() {
        let markdown = "[^b]: Bee.\n[^a]: Ay.\n[^c]: Sea.\n\nFirst[^a], then[^b].\n"
        let rendered = MarkdownRenderer().render(markdown)
        #expect(
            rendered.html == "<p>First\(reference(1)), then\(reference(2)).</p>\n"
                + section(note(1, "Ay."), note(2, "Bee.")))
        #expect(rendered.footnoteProblems == [FootnoteProblem(kind: .unreferencedDefinition, label: "c", line: 3)])
    }

    @Test func theLeadShowsPlainNumbersAndAPrefixMakesIDsUnique() {
        let markdown = "Lead[^1].\n\n[^1]: Note.\n"
        let rendered = MarkdownRenderer().render(markdown)
        #expect(rendered.leadHTML == "<p>Lead<sup class=\"footnote-ref\">1</sup>.</p>\n")
        #expect(rendered.html.contains(reference(1)))
        let prefixed = MarkdownRenderer().render("A[^1] b[^1].\n\n[^1]: Note.\n", footnotePrefix: "club-news").html
        #expect(prefixed.contains("<a href=\"#fn-club-news-1\" id=\"fnref-club-news-1\">1</a>"))
        #expect(prefixed.contains("<a href=\"#fn-club-news-1\" id=\"fnref-club-news-1-2\">1</a>"))
        #expect(prefixed.contains("<li id=\"fn-club-news-1\">"))
        #expect(prefixed.contains("<a href=\"#fnref-club-news-1-2\" class=\"footnote-backref\">"))
    }

    @Test func switchedOffTheOutputIsPlainCmarks() {
        let off = MarkdownOptions(footnotes: false)
        for markdown in [
            "Text[^1].\n\n[^1]: Some *note*.\n", "Text[^1].\n\n[^1]: https://example.org/\n", "[^a]:\n    code?\n",
        ] {
            #expect(
                html(markdown, off)
                    == html(markdown, MarkdownOptions(tables: false, strikethrough: false, footnotes: false)))
            let cmark = MarkdownRenderer(options: off).render(markdown)
            #expect(!cmark.html.contains("footnote") && cmark.footnoteProblems.isEmpty)
        }
        #expect(
            html("Text[^1].\n\n[^1]: https://example.org/\n", off)
                == "<p>Text<a href=\"https://example.org/\">^1</a>.</p>\n")
        #expect(MarkdownOptions().footnotes)
        #expect(
            SiteConfigParser.parse("title: T\nbaseURL: https://example.org/\nmarkdown: {footnotes: false}\n").config?
                .markdown.footnotes == false)
    }

    // MARK: Hostile input: sizes grow with the input, never faster.

    @Test func tenThousandReferencesToOneNote() {
        let markdown = String(repeating: "x[^n] ", count: 10_000) + "\n\n[^n]: The note.\n"
        let rendered = MarkdownRenderer().render(markdown)
        #expect(rendered.html.components(separatedBy: "class=\"footnote-backref\"").count == 10_001)
        #expect(rendered.html.contains("id=\"fnref1-10000\""))
        #expect(rendered.html.utf8.count < 200 * 10_000)
        #expect(rendered.footnoteProblems.isEmpty)
    }

    /// Past `Footnotes.mostReferences` references stay text, told once at the first one over.
    @Test func referencesPastTheLimitStayText() {
        let markdown = String(repeating: "x[^n]\n", count: Footnotes.mostReferences + 2) + "\n[^n]: The note.\n"
        let rendered = MarkdownRenderer().render(markdown)
        #expect(
            rendered.html.components(separatedBy: "class=\"footnote-backref\"").count == Footnotes.mostReferences + 1)
        #expect(rendered.html.contains("x[^n]\nx[^n]</p>"))
        #expect(
            rendered.footnoteProblems == [
                FootnoteProblem(kind: .tooManyReferences, label: "n", line: Footnotes.mostReferences + 1)
            ])
        #expect(
            rendered.footnoteProblems[0].message
                == "footnote reference [^n] is past the 10,000 a page may have, so it and the ones after it are shown as text"
        )
    }

    @Test func tenThousandDefinitions() {
        let references = (1...10_000).map { "[^\($0)]" }.joined(separator: " ")
        let definitions = (1...10_000).map { "[^\($0)]: Note \($0).\n" }.joined()
        let rendered = MarkdownRenderer().render(references + "\n\n" + definitions + "[^unused]: x\n")
        #expect(rendered.html.components(separatedBy: "<li id=\"fn").count == 10_001)
        #expect(
            rendered.html.contains(
                "<li id=\"fn10000\">\n<p>Note 10000. <a href=\"#fnref10000\" class=\"footnote-backref\">↩</a></p>"))
        #expect(rendered.html.utf8.count < 200 * 10_000)
        #expect(
            rendered.footnoteProblems == [FootnoteProblem(kind: .unreferencedDefinition, label: "unused", line: 10_003)]
        )
    }

    @Test func selfReferenceAndNestedReferencesEndOnce() {
        let markdown = "Start[^a].\n\n[^a]: Me again[^a], and [^b] inside [^a].\n[^b]: Bee [^a][^b].\n"
        let rendered = MarkdownRenderer().render(markdown)
        #expect(
            rendered.html == "<p>Start\(reference(1)).</p>\n<section class=\"footnotes\">\n<ol>\n"
                + "<li id=\"fn1\">\n<p>Me again\(reference(1, 2)), and \(reference(2)) inside \(reference(1, 3)). "
                + "<a href=\"#fnref1\" class=\"footnote-backref\">↩</a> <a href=\"#fnref1-2\" class=\"footnote-backref\">↩<sup class=\"footnote-ref\">2</sup></a> "
                + "<a href=\"#fnref1-3\" class=\"footnote-backref\">↩<sup class=\"footnote-ref\">3</sup></a> <a href=\"#fnref1-4\" class=\"footnote-backref\">↩<sup class=\"footnote-ref\">4</sup></a></p>\n</li>\n"
                + "<li id=\"fn2\">\n<p>Bee \(reference(1, 4))\(reference(2, 2)). <a href=\"#fnref2\" class=\"footnote-backref\">↩</a> "
                + "<a href=\"#fnref2-2\" class=\"footnote-backref\">↩<sup class=\"footnote-ref\">2</sup></a></p>\n</li>\n</ol>\n</section>\n"
        )
    }

    @Test func deeplyNestedDefinitionsAndBracketFloodsStayLinear() {
        let nested = String(repeating: "[^a]: ", count: 5_000) + "x\n\nText[^a].\n"
        let rendered = MarkdownRenderer().render(nested)
        #expect(rendered.html.hasPrefix("<p>Text\(reference(1)).</p>\n<section class=\"footnotes\">"))
        #expect(rendered.html.utf8.count < 100 * 5_000)
        let flood =
            String(repeating: "[^", count: 50_000) + "]" + String(repeating: "[^a", count: 50_000) + "\n\n[^a]: n\n"
        let floodHTML = MarkdownRenderer().render(flood).html
        #expect(floodHTML.utf8.count < 4 * flood.utf8.count)
    }
}

/// Footnotes through a whole build: warnings at `path:line`, and feeds whose links work.
@Suite struct FootnoteBuildTests {
    @Test func problemsAreWarningsAtTheirLines() throws {
        let report = try buildReport([
            "content/news/2026-11-01-a.md":
                "---\ntitle: A\n---\nIntro[^1] and [^nope].\n\n[^1]: Used.\n[^spare]: Never used.\n[^1]: Again.\n"
        ])
        #expect(
            report.warnings.map(\.description).sorted() == [
                "content/news/2026-11-01-a.md:4: warning: footnote [^nope] has no definition, so it is shown as text: add a line `[^nope]: …` with the note",
                "content/news/2026-11-01-a.md:7: warning: footnote [^spare] is defined but never referred to, so it is not shown: add [^spare] where it belongs, or remove the definition",
                "content/news/2026-11-01-a.md:8: warning: footnote [^1] is defined again (first on line 6); only the first definition is shown",
            ])
    }

    /// A body of stray references keeps a count of its problems past `Footnotes.mostProblems`.
    @Test func manyProblemsAreCountedNotKept() throws {
        let body = String(repeating: "[^nope]\n", count: 1_500)
        let rendered = MarkdownRenderer().render(body)
        #expect(rendered.footnoteProblems.count == Footnotes.mostProblems && rendered.footnoteProblemsLeftOut == 500)
        let warnings = try buildReport(["content/news/2026-11-01-a.md": "---\ntitle: A\n---\n" + body]).warnings.map(
            \.description)
        #expect(warnings.count == DiagnosticCap.perFile + 1)
        #expect(
            warnings.first
                == "content/news/2026-11-01-a.md:4: warning: footnote [^nope] has no definition, so it is shown as text: add a line `[^nope]: …` with the note"
        )
        #expect(warnings.contains("content/news/2026-11-01-a.md: warning: … and 1,480 more warnings in this file"))
    }

    @Test func pagesListsAndFeedsShowWorkingNotes() throws {
        let output = try MemorySite([
            "content/news/2026-11-01-report.md":
                "---\ntitle: Report\n---\nWe met[^when].\n\nMore text.\n\n[^when]: On Friday.\n"
        ]).build()
        expect(
            output, "news/report/index.html",
            contains: [
                "We met<sup class=\"footnote-ref\"><a href=\"#fn1\" id=\"fnref1\">1</a></sup>",
                "<li id=\"fn1\">\n<p>On Friday. <a href=\"#fnref1\" class=\"footnote-backref\">↩</a></p>",
            ])
        // Cards show the lead's text, without the number; a feed's summary has the number
        // without a link or an ID (it has no note there).
        expect(
            output, "news/index.html", contains: ["<p class=\"card__summary\">We met.</p>"], lacks: ["fnref1", "#fn1"])
        expect(
            output, "feed.xml",
            contains: ["<description>&lt;p&gt;We met&lt;sup class=\"footnote-ref\"&gt;1&lt;/sup&gt;.&lt;/p&gt;"])
        // Feeds are read away from the page: links go to the page's notes.
        for feed in ["feed.xml", "atom.xml"] {
            expect(
                output, feed,
                contains: [
                    "href=\"https://example.org/news/report/#fn1\"", "href=\"https://example.org/news/report/#fnref1\"",
                ], lacks: ["href=\"#fn"])
        }
        expect(output, "feed.json", contains: ["href=\\\"https://example.org/news/report/#fn1\\\""])
    }
}
