import Foundation
import Testing

@testable import Herald

/// The task list and autolink examples of the GitHub Flavored Markdown spec 0.29 and of cmark-gfm's
/// `test/extensions.txt` (a copy of ../shared/standards/gfm/footnotes-autolinks-tasklists.json,
/// kept in Tests/Fixtures), through Herald's Markdown stage with its default options.
@Suite struct TaskListAutolinkSpecTests {
    static let sections: Set<String> = [
        "Task lists", "Task list items (extension)", "Autolinks", "Autolinks (extension)",
    ]

    static func examples() throws -> [GFMSpecTests.Example] {
        let url = Fixtures.root.appendingPathComponent("gfm-footnotes-autolinks-tasklists.json")
        return try JSONDecoder().decode([GFMSpecTests.Example].self, from: Data(contentsOf: url)).filter {
            sections.contains($0.section)
        }
    }

    /// As the spec's runner normalises: white space between tags out, and an `<input>`'s
    /// attributes sorted and its `/>` made `>` (the GFM spec writes the checkbox
    /// `<input disabled="" type="checkbox">`, cmark-gfm's tests `<input type="checkbox" disabled="" />`).
    static func normalized(_ html: String) -> String {
        GFMSpecTests.normalized(html).replacing(/<input([^>]*?)\s*\/?>/) { match in
            "<input " + match.output.1.split(separator: " ").sorted().joined(separator: " ") + ">"
        }
    }

    @Test(arguments: [MarkdownOptions(), MarkdownOptions(unsafe: true)])
    func everyExamplePasses(options: MarkdownOptions) throws {
        let examples = try Self.examples()
        #expect(examples.count == 19)
        let renderer = MarkdownRenderer(options: options)
        for example in examples {
            let html = renderer.render(example.markdown).html
            // cmark-gfm's test of a crash has no expected HTML: it must render, with its text.
            if example.html == "<IGNORE>\n" {
                #expect(html.contains("This shouldn't crash everything"))
                continue
            }
            #expect(
                Self.normalized(html) == Self.normalized(example.html),
                "example \(example.example) (\(example.section))")
        }
    }

    /// cmark-gfm's own examples (written as it writes them) match line for line.
    @Test func cmarkGFMExamplesMatchExactly() throws {
        let renderer = MarkdownRenderer()
        for example in try Self.examples()
        where example.section == "Task lists" || example.section == "Autolinks (extension)" {
            #expect(renderer.render(example.markdown).html == example.html, "example \(example.example)")
        }
    }
}

/// Task lists beyond the spec: what is and is not a task, loose lists, the switch.
@Suite struct TaskListTests {
    func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
        MarkdownRenderer(options: options).render(markdown).html
    }

    @Test func onlyAnItemsOwnBracketMarkerIsATask() {
        #expect(
            html("- [X] done\n- [x]\n")
                == "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /></li>\n</ul>\n"
        )
        // Not a task: no space after it, a bracket written as text, another mark, outside a list.
        #expect(html("- [x]done\n") == "<ul>\n<li>[x]done</li>\n</ul>\n")
        #expect(html("- \\[x] escaped\n") == "<ul>\n<li>[x] escaped</li>\n</ul>\n")
        #expect(html("- &#91;x] encoded\n") == "<ul>\n<li>[x] encoded</li>\n</ul>\n")
        #expect(html("- [y] other\n") == "<ul>\n<li>[y] other</li>\n</ul>\n")
        #expect(html("[ ] not in a list\n") == "<p>[ ] not in a list</p>\n")
        #expect(html("1. [ ] ordered\n") == "<ol>\n<li><input type=\"checkbox\" disabled=\"\" /> ordered</li>\n</ol>\n")
    }

    @Test func aLooseItemKeepsItsCheckboxInItsParagraph() {
        #expect(
            html("- [ ] a\n\n- [x] b\n")
                == "<ul>\n<li>\n<p><input type=\"checkbox\" disabled=\"\" /> a</p>\n</li>\n<li>\n<p><input type=\"checkbox\" checked=\"\" disabled=\"\" /> b</p>\n</li>\n</ul>\n"
        )
    }

    @Test func theSwitchOffGivesCmarksOutput() {
        #expect(
            html("- [ ] foo\n- [x] bar\n", MarkdownOptions(taskLists: false))
                == "<ul>\n<li>[ ] foo</li>\n<li>[x] bar</li>\n</ul>\n")
    }
}

/// Extended autolinks beyond the spec: where they are not made, the switch, hostile input.
@Suite struct AutolinkTests {
    func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
        MarkdownRenderer(options: options).render(markdown).html
    }

    @Test func notInsideCodeLinksOrRawHTML() {
        #expect(
            html("`www.example.com` and [see https://a.org](/x)\n")
                == "<p><code>www.example.com</code> and <a href=\"/x\">see https://a.org</a></p>\n")
        #expect(html("    https://a.org\n") == "<pre><code>https://a.org\n</code></pre>\n")
        let unsafe = MarkdownOptions(unsafe: true)
        #expect(
            html("<a href=\"/x\">www.example.com</a> then www.example.org\n", unsafe)
                == "<p><a href=\"/x\">www.example.com</a> then <a href=\"http://www.example.org\">www.example.org</a></p>\n"
        )
        #expect(
            html("<span title=\"https://a.org\">x</span>\n", unsafe)
                == "<p><span title=\"https://a.org\">x</span></p>\n")
    }

    /// A body whose `://` are all links' destinations is not searched; one in text beside them is
    /// linked, and so is one after a bracket that makes no link.
    @Test func addressesBesideLinksAreFound() {
        #expect(!Autolinks.Kinds(in: "[a](https://a.org) [b](https://b.org)\n\n[c]: https://c.org\n").scheme)
        #expect(Autolinks.Kinds(in: "<https://b.org x>\n").scheme)
        #expect(Autolinks.Kinds(in: "[a](https://a.org) and https://b.org\n").scheme)
        #expect(
            html("[a](https://a.org) and https://b.org\n")
                == "<p><a href=\"https://a.org\">a</a> and <a href=\"https://b.org\">https://b.org</a></p>\n")
        #expect(html("[a]( https://a.org\n") == "<p>[a]( <a href=\"https://a.org\">https://a.org</a></p>\n")
        #expect(html("[a](https://a.org\n") == "<p>[a](<a href=\"https://a.org\">https://a.org</a></p>\n")
    }

    @Test func linksInChineseTextEmphasisAndAfterStrikethrough() {
        #expect(
            html("访问 https://example.org/页面 了解。\n")
                == "<p>访问 <a href=\"https://example.org/%E9%A1%B5%E9%9D%A2\">https://example.org/页面</a> 了解。</p>\n")
        #expect(
            html("*www.example.org* ~~old~~ mail ada@example.org.\n")
                == "<p><em><a href=\"http://www.example.org\">www.example.org</a></em> <del>old</del> mail <a href=\"mailto:ada@example.org\">ada@example.org</a>.</p>\n"
        )
        // Not links: a scheme cmark-gfm does not link, `www.` inside a word, an address without a dot.
        #expect(
            html("mailto://x gopher://a.b xwww.a.org user@host\n")
                == "<p>mailto://x gopher://a.b xwww.a.org user@host</p>\n")
    }

    /// Chinese puts no space between an address and its sentence, and smart punctuation makes
    /// curly quotes: an address ends at punctuation from U+2000 on (GitHub would link on, to the
    /// next space), and letters of any script stay in it.
    @Test func anAddressEndsAtChinesePunctuationAndCurlyQuotes() {
        #expect(
            html("讲义见 www.example.edu/cs/talks，也可借阅光盘。\n")
                == "<p>讲义见 <a href=\"http://www.example.edu/cs/talks\">www.example.edu/cs/talks</a>，也可借阅光盘。</p>\n")
        #expect(
            html("网址：https://example.org/页面（旧版）、https://a.org。\n")
                == "<p>网址：<a href=\"https://example.org/%E9%A1%B5%E9%9D%A2\">https://example.org/页面</a>（旧版）、<a href=\"https://a.org\">https://a.org</a>。</p>\n"
        )
        var smart = MarkdownOptions()
        smart.smartPunctuation = true
        #expect(
            html("See \"https://a.org/x\" — or www.b.org…\n", smart)
                == "<p>See “<a href=\"https://a.org/x\">https://a.org/x</a>” — or <a href=\"http://www.b.org\">www.b.org</a>…</p>\n"
        )
        #expect(
            html("Mail ada@example.org，thanks\n")
                == "<p>Mail <a href=\"mailto:ada@example.org\">ada@example.org</a>，thanks</p>\n")
    }

    @Test func theSwitchOffGivesCmarksOutput() {
        #expect(
            html("www.example.org https://a.org a@b.org\n", MarkdownOptions(autolinks: false))
                == "<p>www.example.org https://a.org a@b.org</p>\n")
    }

    /// Hostile input stays linear: 100,000 `www.` in a row is one link, and many addresses are
    /// each linked once; the output's size is a small multiple of the input's.
    @Test func hostileInputGivesOutputInProportion() {
        let run = String(repeating: "www.", count: 100_000)
        let output = html(run + "\n")
        #expect(output == "<p><a href=\"http://\(run.dropLast())\">\(run.dropLast())</a>.</p>\n")
        let many = String(repeating: "a@b.co:// http://x www._a_ ", count: 20_000)
        let linked = html(many)
        #expect(linked.components(separatedBy: "<a href=").count - 1 == 40_000)
        #expect(linked.utf8.count < 4 * many.utf8.count)
        // Destinations that never close: each `://` is looked at once, not searched to the end again.
        let unclosed = String(repeating: "[a](x://", count: 50_000)
        #expect(Autolinks.Kinds(in: unclosed).scheme)
        #expect(!Autolinks.Kinds(in: String(repeating: "[a](x://y) ", count: 50_000)).scheme)
    }
}

/// GitHub's alerts: the five kinds, titles in the page's language, what stays a blockquote.
@Suite struct AlertTests {
    func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
        MarkdownRenderer(options: options).render(markdown).html
    }

    func aside(_ kind: Alerts.Kind, _ body: String, title: String? = nil) -> String {
        "<div class=\"markdown-alert markdown-alert-\(kind.rawValue)\">\n"
            + kind.titleParagraph(title ?? kind.englishTitle) + body + "</div>\n"
    }

    @Test func eachKindBecomesAnAsideWithItsIconAndTitle() {
        for (word, kind, icon) in [
            ("NOTE", Alerts.Kind.note, "info"), ("TIP", .tip, "light-bulb"), ("IMPORTANT", .important, "report"),
            ("WARNING", .warning, "alert"), ("CAUTION", .caution, "stop"), ("note", .note, "info"),
        ] {
            let output = html("> [!\(word)]\n> Read *this*.\n>\n> More.\n")
            #expect(output == aside(kind, "<p>Read <em>this</em>.</p>\n<p>More.</p>\n"), "\(word)")
            #expect(
                output.contains(
                    "<svg class=\"octicon octicon-\(icon)\" viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" aria-hidden=\"true\">"
                ))
            #expect(output.contains("</svg>\(kind.englishTitle)</p>"))
        }
        // The body may start on the next block; the aside sits wherever a blockquote may.
        #expect(
            html("- > [!TIP]\n  >\n  > Text.\n") == "<ul>\n<li>\n" + aside(.tip, "<p>Text.</p>\n") + "</li>\n</ul>\n")
    }

    /// Bad or odd markers never crash, and their text stays visible as GitHub shows it.
    @Test func anythingElseStaysABlockquote() {
        for markdown in [
            "> [!NOTE\n> text\n", "> [!FOO]\n> text\n", "> [!NOTE] text on the same line\n", "> [!NOTE]\n",
            "> [ !NOTE]\n> x\n",
            "> text\n> [!NOTE]\n", "> [!]\n> x\n", "> [!NOTE]]\n> x\n",
        ] {
            let output = html(markdown)
            #expect(output.hasPrefix("<blockquote>\n<p>") && !output.contains("markdown-alert"), "\(markdown)")
            #expect(output.contains("NOTE") || output.contains("FOO") || output.contains("[!]"), "\(markdown)")
        }
        #expect(
            html("> [!NOTE] text on the same line\n")
                == "<blockquote>\n<p>[!NOTE] text on the same line</p>\n</blockquote>\n")
        #expect(
            html("> [!NOTE]\n> text\n", MarkdownOptions(alerts: false))
                == "<blockquote>\n<p>[!NOTE]\ntext</p>\n</blockquote>\n")
    }

    /// A marker written with a backslash is text, as on GitHub, however the line ends and
    /// wherever the blockquote is (after a table, whose extension parses again with lines put in).
    @Test func anEscapedMarkerIsText() {
        #expect(html("> \\[!NOTE]\n> text\n") == "<blockquote>\n<p>[!NOTE]\ntext</p>\n</blockquote>\n")
        #expect(html("> [\\!NOTE]\n> text\n") == "<blockquote>\n<p>[!NOTE]\ntext</p>\n</blockquote>\n")
        #expect(html("> &#91;!NOTE]\n> text\n") == "<blockquote>\n<p>[!NOTE]\ntext</p>\n</blockquote>\n")
        // Spaces after the marker make cmark's text span longer too, and are no escape.
        #expect(html("> [!NOTE]  \n> text\n") == aside(.note, "<p>text</p>\n"))
        #expect(html("> [!NOTE] \t\r\n> text\r\n") == aside(.note, "<p>text</p>\n"))
        let table = "| a |\n| - |\n| 1 |\n    code\n\n"
        #expect(html(table + "> \\[!TIP]\n> x\n").hasSuffix("<blockquote>\n<p>[!TIP]\nx</p>\n</blockquote>\n"))
        #expect(html(table + "> [!TIP]\n> x\n").hasSuffix(aside(.tip, "<p>x</p>\n")))
        // An escaped backslash before it leaves the marker a marker.
        #expect(html("> \\\\[!NOTE]\n> x\n") == "<blockquote>\n<p>\\[!NOTE]\nx</p>\n</blockquote>\n")
    }

    /// 5,000 blockquotes nested in one another, each with a marker: every one an aside, and the
    /// output in proportion to the input.
    @Test func deeplyNestedAlertsStayLinear() {
        let depth = 5_000
        var markdown = ""
        for level in 1...depth {
            let prefix = String(repeating: "> ", count: level)
            markdown += prefix + "[!NOTE]\n" + prefix + "x\n"
        }
        let output = html(markdown)
        #expect(output.components(separatedBy: "markdown-alert-note").count - 1 == depth)
        #expect(output.utf8.count < depth * (Alerts.Kind.note.titleParagraph("Note").utf8.count + 200))
    }

    @Test func titlesAreInTheSitesLanguage() throws {
        let body = "---\ntitle: A\n---\n> [!WARNING]\n> 停电。\n"
        let zh = try MemorySite([
            "site.yml": "title: T\nbaseURL: https://example.org/\nlanguage: zh-CN\ntimezone: Asia/Shanghai\n",
            "content/news/2026-11-01-a.md": body,
        ]).build()
        expect(
            zh, "news/a/index.html", contains: [Alerts.Kind.warning.titleParagraph("警告")], lacks: ["</svg>Warning</p>"])
        let en = try MemorySite(["content/news/2026-11-01-a.md": body]).build()
        expect(en, "news/a/index.html", contains: [Alerts.Kind.warning.titleParagraph("Warning")])
        // A site's own strings (site.yml's `strings:`) win, and each language of a multilingual site has its own.
        let both = try MultilingualTests.site(
            [
                "content/news/2026-11-02-b.md": "---\ntitle: 乙\ndate: 2026-11-02\n---\n> [!TIP]\n> 提前到。\n",
                "content/news/2026-11-02-b.en.md": "---\ntitle: Bee\ndate: 2026-11-02\n---\n> [!TIP]\n> Come early.\n",
            ], languages: "    strings:\n      alertTip: Hint"
        ).build()
        expect(both, "news/b/index.html", contains: [Alerts.Kind.tip.titleParagraph("提示")])
        expect(both, "en/news/b/index.html", contains: [Alerts.Kind.tip.titleParagraph("Hint")])
    }
}

/// The three switches under `markdown:` in site.yml, each on unless set off.
@Suite struct MarkdownSwitchTests {
    @Test func siteYMLTurnsEachOff() throws {
        let body = "---\ntitle: A\n---\n> [!NOTE]\n> Mind www.example.org.\n\n- [x] done\n"
        let on = try MemorySite(["content/news/2026-11-01-a.md": body]).build()
        expect(
            on, "news/a/index.html",
            contains: ["markdown-alert-note", "<a href=\"http://www.example.org\">", TaskLists.done])
        let off = try MemorySite([
            "site.yml":
                "title: T\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\nmarkdown:\n  taskLists: false\n  autolinks: false\n  alerts: false\n",
            "content/news/2026-11-01-a.md": body,
        ]).build()
        expect(
            off, "news/a/index.html",
            contains: ["<blockquote>\n<p>[!NOTE]\nMind www.example.org.</p>\n</blockquote>", "<li>[x] done</li>"],
            lacks: ["markdown-alert", "<a href=\"http://www.example.org\">", "type=\"checkbox\""])
        #expect(Set(["taskLists", "autolinks", "alerts"]).isSubset(of: MarkdownOptions.switches.map(\.key)))
        let defaults = MarkdownOptions()
        #expect(defaults.taskLists && defaults.autolinks && defaults.alerts)
    }
}

/// The default theme's alert colours: each title keeps WCAG AA contrast (4.5:1) against its
/// tinted aside, and the text too, in light and dark mode.
@Suite struct AlertThemeTests {
    /// Relative luminance of `#rrggbb`, as WCAG defines it.
    static func luminance(_ rgb: [Double]) -> Double {
        let linear = rgb.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func rgb(_ hex: Substring) -> [Double] {
        let value = Int(hex.dropFirst(), radix: 16)!
        return [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
    }

    static func contrast(_ a: [Double], _ b: [Double]) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func everyKindKeepsAAContrastInLightAndDark() throws {
        let css = String(decoding: try #require(DefaultTheme.files["assets/herald.css"]), as: UTF8.self)
        // The aside's background, as the theme mixes it: 8% of the kind's colour over the surface.
        #expect(css.contains("background: color-mix(in srgb, var(--alert) 8%, var(--surface));"))
        let split = try #require(css.range(of: "@media (prefers-color-scheme: dark) {\n  .markdown-alert-note"))
        let (light, dark) = (css[..<split.lowerBound], css[split.lowerBound...])
        for (mode, rules, surface, text) in [
            ("light", light, "#ffffff", "#1d2330"), ("dark", dark, "#1b2029", "#e8ebf0"),
        ] {
            #expect(css.contains("--surface: \(mode == "light" ? "#fff" : surface)") && css.contains("--text: \(text)"))
            for kind in Alerts.Kind.allCases {
                let selector =
                    mode == "light" && kind == .note
                    ? ".markdown-alert { --alert: " : ".markdown-alert-\(kind.rawValue) { --alert: "
                let start = try #require(rules.range(of: selector), "\(mode) \(kind)").upperBound
                let colour = Self.rgb(rules[start..<rules.index(start, offsetBy: 7)])
                let background = zip(colour, Self.rgb(Substring(surface))).map { 0.08 * $0 + 0.92 * $1 }
                #expect(Self.contrast(colour, background) >= 4.5, "\(mode) \(kind) title")
                #expect(Self.contrast(Self.rgb(Substring(text)), background) >= 4.5, "\(mode) \(kind) text")
            }
        }
    }
}
