import Foundation
import Testing

@testable import Herald

/// Every table and strikethrough example of the GitHub Flavored Markdown spec 0.29 and of
/// cmark-gfm's `test/extensions.txt` (a copy of ../shared/standards/gfm/tables-strikethrough.json,
/// kept in Tests/Fixtures), through Herald's Markdown stage with its default options.
@Suite struct GFMSpecTests {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    static func examples() throws -> [Example] {
        let url = Fixtures.root.appendingPathComponent("gfm-tables-strikethrough.json")
        return try JSONDecoder().decode([Example].self, from: Data(contentsOf: url))
    }

    /// White space between tags taken out and the ends trimmed, as the CommonMark spec runner
    /// normalises before comparing.
    static func normalized(_ html: String) -> String {
        html.replacing(/>\s+</, with: "><").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [MarkdownOptions(), MarkdownOptions(unsafe: true)])
    func everyExamplePasses(options: MarkdownOptions) throws {
        let examples = try Self.examples()
        #expect(examples.count == 18)
        let renderer = MarkdownRenderer(options: options)
        for example in examples {
            let html = renderer.render(example.markdown).html
            #expect(
                Self.normalized(html) == Self.normalized(example.html),
                "example \(example.example) (\(example.section))")
        }
    }

    /// Not only after normalising: the HTML is cmark-gfm's, line for line.
    @Test func everyExampleMatchesCmarkGFMExactly() throws {
        let renderer = MarkdownRenderer()
        for example in try Self.examples() {
            #expect(renderer.render(example.markdown).html == example.html, "example \(example.example)")
        }
    }
}

/// Tables and strikethrough beyond the spec's examples: containers, code, options, and what else
/// Herald takes from a body (words, plain text, the lead).
@Suite struct GFMExtensionTests {
    let renderer = MarkdownRenderer()

    func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
        MarkdownRenderer(options: options).render(markdown).html
    }

    /// The expected table HTML for rows of cells, the first row the header.
    func table(_ rows: [[String]], align: [String] = []) -> String {
        func row(_ cells: [String], _ tag: String) -> String {
            "<tr>\n"
                + cells.enumerated().map { index, cell in
                    let attribute = index < align.count && !align[index].isEmpty ? " align=\"\(align[index])\"" : ""
                    return "<\(tag)\(attribute)>\(cell)</\(tag)>\n"
                }.joined() + "</tr>\n"
        }
        var html = "<table>\n<thead>\n" + row(rows[0], "th") + "</thead>\n"
        if rows.count > 1 { html += "<tbody>\n" + rows.dropFirst().map { row($0, "td") }.joined() + "</tbody>\n" }
        return html + "</table>\n"
    }

    @Test func alignmentComesFromTheDelimiterRow() {
        let markdown = "| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n"
        #expect(
            html(markdown)
                == table([["a", "b", "c", "d"], ["1", "2", "3", "4"]], align: ["left", "center", "right", ""]))
        // One column without pipes: a colon is what keeps the delimiter from being a setext underline.
        #expect(html("Name\n:--:\nAda\n") == table([["Name"], ["Ada"]], align: ["center"]))
    }

    @Test func escapedPipesStayInTheirCell() {
        let markdown = "| a \\| b | `c \\| d` |\n| --- | --- |\n| `x\\|y` | **\\|** |\n"
        #expect(
            html(markdown) == table([["a | b", "<code>c | d</code>"], ["<code>x|y</code>", "<strong>|</strong>"]]))
        // Cells are split before inlines are parsed, so an unescaped pipe splits a code span too.
        #expect(html("| `a|b` |\n|-|-|\n") == table([["`a", "b`"]]))
    }

    @Test func cellsHoldInlineMarkdown() {
        let markdown = "| *em* | [link][ref] | ~~gone~~ | <b>raw</b> |\n|---|---|---|---|\n\n[ref]: /target \"T\"\n"
        let expected = table([
            [
                "<em>em</em>", "<a href=\"/target\" title=\"T\">link</a>", "<del>gone</del>",
                "<!-- raw HTML omitted -->raw<!-- raw HTML omitted -->",
            ]
        ])
        #expect(html(markdown) == expected)
        #expect(
            html(markdown, MarkdownOptions(unsafe: true))
                == expected.replacingOccurrences(
                    of: "<!-- raw HTML omitted -->raw<!-- raw HTML omitted -->", with: "<b>raw</b>"))
        // A cell that looks like a block is text: no heading, list or reference definition.
        #expect(html("| # h | 1. x | [r]: /u |\n|-|-|-|\n") == table([["# h", "1. x", "[r]: /u"]]))
    }

    @Test func tablesWorkInBlockQuotesAndListItems() {
        let quoted = "> | a | b |\n> | - | - |\n> | 1 | 2 |\n"
        #expect(html(quoted) == "<blockquote>\n" + table([["a", "b"], ["1", "2"]]) + "</blockquote>\n")
        let listed = "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n- next\n"
        #expect(
            html(listed) == "<ul>\n<li>\n<p>item</p>\n" + table([["a", "b"], ["1", "2"]])
                + "</li>\n<li>\n<p>next</p>\n</li>\n</ul>\n")
        let nested = "1. > x | y\n   > --|--\n   > 1 | 2\n"
        #expect(
            html(nested) == "<ol>\n<li>\n<blockquote>\n" + table([["x", "y"], ["1", "2"]])
                + "</blockquote>\n</li>\n</ol>\n")
        // The delimiter row must carry the quote's prefix: a lazy line cannot start a table.
        #expect(html("> | a |\n| - |\n") == "<blockquote>\n<p>| a |\n| - |</p>\n</blockquote>\n")
    }

    @Test func codeStaysCode() {
        let fenced = "```\n| a | b |\n| - | - |\n~~no~~\n```\n"
        #expect(html(fenced) == "<pre><code>| a | b |\n| - | - |\n~~no~~\n</code></pre>\n")
        let indented = "    | a | b |\n    | - | - |\n"
        #expect(html(indented) == "<pre><code>| a | b |\n| - | - |\n</code></pre>\n")
        #expect(html("`~~a~~` and ~~`b`~~\n") == "<p><code>~~a~~</code> and <del><code>b</code></del></p>\n")
    }

    @Test func textBeforeATableStaysAParagraph() {
        #expect(html("Intro line\n| a |\n| - |\n| 1 |\n") == "<p>Intro line</p>\n" + table([["a"], ["1"]]))
    }

    @Test func aTableEndsWhereABlockStarts() {
        // An indented line after a table is code, not a row (cmark saw a paragraph line).
        #expect(html("| a |\n| - |\n| 1 |\n    code\n") == table([["a"], ["1"]]) + "<pre><code>code\n</code></pre>\n")
        // A setext underline after rows is a thematic break; cmark had made a heading.
        #expect(html("| a |\n| - |\n| 1 |\n---\n") == table([["a"], ["1"]]) + "<hr />\n")
        // A list that could not interrupt a paragraph can follow a table.
        #expect(html("| a |\n| - |\n2. two\n") == table([["a"]]) + "<ol start=\"2\">\n<li>two</li>\n</ol>\n")
    }

    @Test func rowsGoOnUntilABlankLineOrABlock() {
        // A setext underline after rows is a row (cmark had made a heading of the lines above),
        // and the rows go on into the paragraph cmark started after it.
        #expect(html("| a |\n| - |\n===\nmore\n\nafter\n") == table([["a"], ["==="], ["more"]]) + "<p>after</p>\n")
        // A line without cells ends the table; the text after it is a paragraph.
        #expect(html("| a |\n| - |\n| 1 |\n|\ntext\n") == table([["a"], ["1"]]) + "<p>|\ntext</p>\n")
        // Windows line endings.
        #expect(html("| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n") == table([["a", "b"], ["1", "2"]]))
    }

    @Test func optionsOffGivePlainCmarkOutput() {
        let off = MarkdownOptions(tables: false, strikethrough: false)
        #expect(html("| a | b |\n| - | - |\n| 1 | 2 |\n", off) == "<p>| a | b |\n| - | - |\n| 1 | 2 |</p>\n")
        #expect(html("~~a~~ ~b~\n", off) == "<p>~~a~~ ~b~</p>\n")
        #expect(html("| ~~a~~ |\n| - |\n", MarkdownOptions(strikethrough: false)) == table([["~~a~~"]]))
        #expect(html("| ~~a~~ |\n| - |\n", MarkdownOptions(tables: false)) == "<p>| <del>a</del> |\n| - |</p>\n")
    }

    @Test func tableTextCountsAsWordsButIsNotTheLead() {
        let markdown =
            "| Name | Role |\n| --- | --- |\n| Ada | Chair |\n| Lin | Treasurer |\n\nThe committee met today.\n"
        let rendered = renderer.render(markdown, wantPlainText: true)
        #expect(rendered.statistics.words == 10)
        #expect(rendered.plainText == "Name Role Ada Chair Lin Treasurer The committee met today.")
        #expect(rendered.leadHTML == "<p>The committee met today.</p>\n")
        #expect(rendered.leadText == "The committee met today.")
        let off = MarkdownRenderer(options: MarkdownOptions(tables: false)).render(markdown)
        #expect(off.statistics.words == rendered.statistics.words)
    }

    @Test func cellLinksMoveUnderTheBasePath() {
        let html = MarkdownRenderer(basePath: "/union/").render("| [a](/about/) |\n| - |\n").html
        #expect(html == table([["<a href=\"/union/about/\">a</a>"]]))
    }

    @Test func siteConfigSwitchesTheExtensions() {
        let defaults = SiteConfigParser.parse("title: T\n").config?.markdown
        #expect(defaults?.tables == true && defaults?.strikethrough == true)
        let off = SiteConfigParser.parse(
            "title: T\nbaseURL: https://example.org/\nmarkdown: {tables: false, strikethrough: false}\n")
        #expect(off.config?.markdown.tables == false && off.config?.markdown.strikethrough == false)
        #expect(off.diagnostics.isEmpty)
        let wrong = SiteConfigParser.parse("title: T\nmarkdown:\n  tables: sometimes\n  strikethrow: false\n")
        #expect(
            wrong.diagnostics.contains {
                $0.message.contains("tables must be true or false") && $0.line == 3 && $0.severity == .error
            })
        #expect(wrong.diagnostics.contains { $0.message.contains("did you mean 'strikethrough'") && $0.line == 4 })
    }

    @Test func strikethroughSpansInlinesButNotEscapesOrCode() {
        #expect(html("~~Hi~~ Hello, world!\n") == "<p><del>Hi</del> Hello, world!</p>\n")
        #expect(html("This ~~has a\n\nnew paragraph~~.\n") == "<p>This ~~has a</p>\n<p>new paragraph~~.</p>\n")
        #expect(html("~~a *b* c~~\n") == "<p><del>a <em>b</em> c</del></p>\n")
        #expect(
            html("~~one~~ and ~two~ but not ~~~three~~~\n")
                == "<p><del>one</del> and <del>two</del> but not ~~~three~~~</p>\n")
        #expect(
            html("This ~is ~ legit~ isn't ~ legit. No ~mismatch~~\n")
                == "<p>This <del>is ~ legit</del> isn't ~ legit. No ~mismatch~~</p>\n")
        // Escaped tildes and character references are text; an escaped backslash leaves its tilde.
        #expect(
            html("\\~\\~a\\~\\~ and &#126;&#126;b&#x7e;&#x7E; but \\\\~~c~~\n")
                == "<p>~~a~~ and ~~b~~ but \\<del>c</del></p>\n")
        // As in cmark-gfm, the escaped tilde does not open, but the unescaped one after it can.
        #expect(html("\\~~a~~ and \\~b~\n") == "<p>~<del>a~~ and ~b</del></p>\n")
        #expect(
            html("*~~a~~* [~~b~~](/u) ~~[c](/v)~~\n")
                == "<p><em><del>a</del></em> <a href=\"/u\"><del>b</del></a> <del><a href=\"/v\">c</a></del></p>\n")
        #expect(
            html("# ~~Heading~~\n")
                == "<h1 id=\"heading\"><del>Heading</del> <a class=\"heading-anchor\" href=\"#heading\" aria-labelledby=\"heading\"></a></h1>\n"
        )
        #expect(html("~~across\nlines~~\n") == "<p><del>across\nlines</del></p>\n")
        #expect(html("`~~a~~` and ~~`b`~~\n") == "<p><code>~~a~~</code> and <del><code>b</code></del></p>\n")
        #expect(html("```\n~~no~~\n```\n") == "<pre><code>~~no~~\n</code></pre>\n")
    }

    @Test func strikethroughCanBeSwitchedOff() {
        #expect(html("~~a~~ ~b~\n", MarkdownOptions(strikethrough: false)) == "<p>~~a~~ ~b~</p>\n")
        let rendered = renderer.render("~~Old~~ new words\n", wantPlainText: true)
        #expect(rendered.statistics.words == 3 && rendered.plainText == "Old new words")
    }
}
