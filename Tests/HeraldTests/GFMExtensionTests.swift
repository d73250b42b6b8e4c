import Foundation
@testable import Herald
import Testing

/// Tables and strikethrough beyond the spec's examples: containers, code, options, and what else
/// Herald takes from a body (words, plain text, the lead).
@Suite struct GFMExtensionTests {
    let renderer = MarkdownRenderer()

    func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
        MarkdownRenderer(options: options).render(markdown).html
    }

    @Test func strikethroughSpansInlinesButNotEscapesOrCode() {
        #expect(html("~~Hi~~ Hello, world!\n") == "<p><del>Hi</del> Hello, world!</p>\n")
        #expect(html("This ~~has a\n\nnew paragraph~~.\n") == "<p>This ~~has a</p>\n<p>new paragraph~~.</p>\n")
        #expect(html("~~a *b* c~~\n") == "<p><del>a <em>b</em> c</del></p>\n")
        #expect(html("~~one~~ and ~two~ but not ~~~three~~~\n") == "<p><del>one</del> and <del>two</del> but not ~~~three~~~</p>\n")
        #expect(html("This ~is ~ legit~ isn't ~ legit. No ~mismatch~~\n") == "<p>This <del>is ~ legit</del> isn't ~ legit. No ~mismatch~~</p>\n")
        // Escaped tildes and character references are text; an escaped backslash leaves its tilde.
        #expect(html("\\~\\~a\\~\\~ and &#126;&#126;b&#x7e;&#x7E; but \\\\~~c~~\n") == "<p>~~a~~ and ~~b~~ but \\<del>c</del></p>\n")
        // As in cmark-gfm, the escaped tilde does not open, but the unescaped one after it can.
        #expect(html("\\~~a~~ and \\~b~\n") == "<p>~<del>a~~ and ~b</del></p>\n")
        #expect(html("*~~a~~* [~~b~~](/u) ~~[c](/v)~~\n") == "<p><em><del>a</del></em> <a href=\"/u\"><del>b</del></a> <del><a href=\"/v\">c</a></del></p>\n")
        #expect(html("# ~~Heading~~\n") == "<h1><del>Heading</del></h1>\n")
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
