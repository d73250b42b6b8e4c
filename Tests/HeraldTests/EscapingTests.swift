import Foundation
import Testing

@testable import Herald
@testable import HeraldTemplates

@Suite struct EscapingTests {
    @Test func escapesTheFiveHTMLCharactersAndNothingElse() {
        #expect(HTMLEscaping.escape("a<b>&\"'c") == "a&lt;b&gt;&amp;&quot;&#39;c")
        #expect(HTMLEscaping.escape("学生会 😀 café") == "学生会 😀 café")
        #expect(HTMLEscaping.escape("") == "")
        #expect(HTMLEscaping.escape("&amp;") == "&amp;amp;", "text is text: an entity in a title is shown, not decoded")
    }

    /// Templates escape a String by runs `strcspn` finds; the byte-by-byte loop is the reference.
    @Test func templateEscapingOfTextMatchesTheByteLoop() {
        func escaped(_ text: String) -> String {
            var output: [UInt8] = []
            HTMLBytes.appendEscaped(text, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
        func reference(_ text: String) -> String {
            var output: [UInt8] = []
            HTMLBytes.appendEscaped(Array(text.utf8), to: &output)
            return String(decoding: output, as: UTF8.self)
        }
        #expect(escaped("&<>\"'") == "&amp;&lt;&gt;&quot;&#39;")
        #expect(escaped("a\u{0}<b\u{0}") == "a\u{0}&lt;b\u{0}", "a NUL in the text is kept, and so is what follows it")
        #expect(escaped("") == "")
        #expect(
            escaped("学生会的活动 — a title longer than sixteen bytes & more")
                == "学生会的活动 — a title longer than sixteen bytes &amp; more")
        var generator = SplitMix64(seed: 39)
        let pieces = ["&", "<", ">", "\"", "'", "\u{0}", "a", "学", "😀", " ", "é", String(repeating: "x", count: 40)]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            #expect(escaped(text) == reference(text), "\(Array(text.utf8))")
        }
    }

    /// The import's HTML is read again as Markdown, where smart punctuation curls an apostrophe
    /// but not `&#39;`: it keeps apostrophes, and escapes the rest as everything else does.
    @Test func apostrophesCanBeKeptAndNothingElseIsEscapedDifferently() {
        #expect(
            HTMLEscaping.escape("Ann's <b> & \"x\"", keepingApostrophes: true) == "Ann's &lt;b&gt; &amp; &quot;x&quot;")
        #expect(
            HTMLEscaping.escape("&#39;", keepingApostrophes: true) == "&amp;#39;",
            "an entity written in the text stays text")
        #expect(HTMLEscaping.escape("学生会 café", keepingApostrophes: true) == "学生会 café")
    }

    @Test func templateValuesAreEscapedInEveryTemplateAndPartial() throws {
        let output = try MemorySite([
            "content/news/2026-11-01-x.md":
                "---\ntitle: \"<script>alert('t')</script>\"\ncategories: [\"A&B <i>\"]\nsummary: \"\\\"><img src=x onerror=alert(1)>\"\n---\nBody\n"
        ]).build()
        for path in ["index.html", "news/x/index.html", "news/index.html", "categories/index.html"] {
            let html = try #require(output.text(path), "\(path) was not written")
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(!html.contains("<img src=x"), "\(path)")
            #expect(!html.contains("<i>"), "\(path)")
        }
        let article = try #require(output.text("news/x/index.html"))
        #expect(article.contains("<h1 class=\"article__title\">&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt;</h1>"))
        #expect(article.contains("A&amp;B &lt;i&gt;"))
    }

    @Test func controlCharactersNeverReachTheOutput() throws {
        let output = try MemorySite(["content/pages/a.md": "---\ntitle: \"A\\x01B\\x7FC\"\n---\n"]).build()
        let page = try #require(output.text("a/index.html"))
        #expect(page.contains("<h1 class=\"article__title\">ABC</h1>"))
    }

    @Test func coverImageKeepsItsQueryAndBasePathStaysEncoded() throws {
        let config = SiteConfig(title: "T", baseURL: URL(string: "https://example.org/a%20b/")!)
        let urls = SiteURLs(config: config)
        #expect(config.basePath == "/a%20b/")
        #expect(urls.asset("/images/a b.jpg?v=2#top") == "/a%20b/images/a%20b.jpg?v=2#top")
        #expect(urls.absoluteAsset("images/a.jpg") == "https://example.org/a%20b/images/a.jpg")
        #expect(SiteConfigParser.parseBaseURL("https://example.org/union/?x=1").failureMessage != nil)
        #expect(SiteConfigParser.parseBaseURL("ftp://example.org/").failureMessage != nil)
        #expect(
            try SiteConfigParser.parseBaseURL("https://example.org/union").get().absoluteString
                == "https://example.org/union/")
    }
}

@Suite struct ConstantPartialTests {
    @Test func siteWidePartialsAreRenderedOnceAndPlacedVerbatim() throws {
        let output = try MemorySite([
            "site.yml": "title: \"Curly {{site.title}} }} & <b>\"\n",
            "content/pages/a.md": "---\ntitle: A\n---\n",
        ]).build()
        let page = try #require(output.text("a/index.html"))
        #expect(
            page.contains("© 2026 Curly {{site.title}} }} &amp; &lt;b&gt; · "),
            "mustache-looking text in the output stays text")
        #expect(page.contains("<link rel=\"alternate\" type=\"application/rss+xml\""))
    }

}

@Suite struct ConstantPartialContextTests {
    @Test func aSitePartialSeesOnlySiteAndTEvenInsideACard() throws {
        let files = [
            "templates/partials/site/badge.mustache": "[{{site.title}}|{{title}}]",
            "templates/partials/card.mustache": "<div class=\"my-card\">{{> partials/site/badge}} {{title}}</div>",
            "content/news/2026-11-01-a.md": "---\ntitle: Alpha\n---\n",
        ]
        let output = try MemorySite(files).build()
        #expect(
            try #require(output.text("news/index.html")).contains("<div class=\"my-card\">[Test site|] Alpha</div>"))
    }

    @Test func pageValuesInASitePartialDrawAWarning() throws {
        let report = try Build(
            options: BuildOptions(now: Fixtures.now),
            fileSystem: .memory(text: [
                "site.yml": "title: T\nbaseURL: https://example.org/\n",
                "templates/partials/site/footer.mustache": "<footer>\n{{site.title}} {{page.title}}\n</footer>\n",
            ])
        ).run(into: MemoryOutput())
        #expect(
            report.warnings.map(\.description) == [
                "templates/partials/site/footer.mustache:2: warning: 'page.title' is empty here: partials under partials/site/ are rendered once per build and see only site and t"
            ])
    }

    @Test func warningsSurviveWhenALaterStepFails() {
        let problems = MemorySite([
            "site.yml": "title: T\nbaseURL: https://example.org/\npagesize: 5\n",
            "content/news/2026-11-01-a.md": "---\ntitle: A\nfeatured: \"yes\"\n---\n",
        ]).diagnostics()
        #expect(
            problems == [
                "content/news/2026-11-01-a.md:3: featured must be true or false, not the quoted text \"yes\"",
                "site.yml:3: warning: unknown key 'pagesize' is ignored; did you mean 'pageSize'?",
            ])
    }
}

@Suite struct InvisibleCharacterTests {
    @Test func controlCharactersAndNoncharactersAreDropped() {
        #expect("a\u{07}b\u{1B}c\u{7F}d\u{85}e\u{FFFE}f\u{FFFF}g".removingControlCharacters() == "abcdefg")
        #expect("tab\tline\nreturn\r".removingControlCharacters() == "tab\tline\nreturn\r")
        #expect(
            "学生会 © café ，".removingControlCharacters() == "学生会 © café ，", "C2 and EF lead bytes of ordinary text stay")
        // Text is searched eight bytes at a time: each character to drop, at every offset in a
        // word of eight, between kept characters that share its first byte or are line ends.
        for removed in ["\u{07}", "\u{7F}", "\u{85}", "\u{9F}", "\u{FFFE}", "\u{FFFF}"] {
            for offset in 0..<17 {
                let kept =
                    String(repeating: "a", count: offset) + "©\n\t学" + String(repeating: "，", count: offset % 3)
                    + "\u{A0}z"
                let text =
                    String(repeating: "a", count: offset) + removed + "©\n\t学" + removed
                    + String(repeating: "，", count: offset % 3) + "\u{A0}z" + removed
                #expect(
                    text.removingControlCharacters() == kept, "\(removed.unicodeScalars.first!.value) after \(offset)")
            }
        }
    }

    @Test func openOverridesAreClosedAtTheEndOfTheirValue() {
        #expect("Invoice \u{202E}fdp.exe".closingBidiControls() == "Invoice \u{202E}fdp.exe\u{202C}")
        #expect("\u{2067}عربي".closingBidiControls() == "\u{2067}عربي\u{2069}")
        #expect(
            "\u{202B}a\u{2066}b".closingBidiControls() == "\u{202B}a\u{2066}b\u{2069}\u{202C}", "closed innermost first"
        )
        let balanced = "\u{202E}abc\u{202C} and \u{2068}x\u{2069} — fine"
        #expect(balanced.closingBidiControls() == balanced)
        #expect("line \u{202E}one\nline two".closingBidiControlsPerLine() == "line \u{202E}one\u{202C}\nline two")
    }

    /// Controls are found by their UTF-8 bytes (lead byte E2, which dashes, quotes and ellipses
    /// share), wherever they stand, the very end included.
    @Test func bidiControlsAreFoundAmongTheCharactersThatShareTheirLeadByte() {
        for control in ["\u{202A}", "\u{202C}", "\u{202E}", "\u{2066}", "\u{2069}"] {
            #expect(control.hasBidiControls)
            #expect("a — “b” …\(control)".hasBidiControls, "\(control.unicodeScalars.first!.value) at the end")
            #expect("\(control)z".hasBidiControls)
        }
        for text in ["", "a", "— – “” ‘’ … ‰ ‹› ⁅⁆ ₠", "\u{2029}\u{202F}\u{2065}\u{206A}", "\u{E2}\u{80}"] {
            #expect(!text.hasBidiControls, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func anOverrideInATitleCannotReachTheTextAfterIt() throws {
        let output = try MemorySite([
            "content/news/2026-11-01-a.md":
                "---\ntitle: \"Invoice \u{202E}fdp.exe\"\n---\nBody \u{202E}reversed\nnext line\n"
        ]).build()
        let page = try #require(output.text("news/a/index.html"))
        #expect(page.contains("Invoice \u{202E}fdp.exe\u{202C}</h1>"))
        #expect(page.contains("Body \u{202E}reversed\u{202C}\nnext line"))
    }
}
