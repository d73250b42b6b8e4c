import Foundation
import Testing

@testable import Herald

/// Build-time highlighting in a build (issue 36): fenced code with a language comes out as
/// Pygments' spans (Debian 12's python3-pygments 2.14, whose own output the exact HTML below is),
/// Hugo's fence options reach Pygments' formatter, a bad option is a warning at its fence's line,
/// and `markdown: {highlight: false}` gives cmark's plain blocks back.
@Suite struct HighlightedCodeTests {
    static let python = "def greet(name):\n    return f\"<b>{name}</b>\"\n"
    static let go = "package main\n\nfunc main() {\n\tx := 42\n}\n"

    static let pythonSpans = """
        <span class="k">def</span> <span class="nf">greet</span><span class="p">(</span><span class="n">name</span>\
        <span class="p">):</span>
            <span class="k">return</span> <span class="sa">f</span><span class="s2">&quot;&lt;b&gt;</span>\
        <span class="si">{</span><span class="n">name</span><span class="si">}</span><span class="s2">&lt;/b&gt;&quot;</span>

        """
    static let goLines = [
        #"<span class="kn">package</span><span class="w"> </span><span class="nx">main</span>"#,
        "",
        #"<span class="kd">func</span><span class="w"> </span><span class="nx">main</span><span class="p">()</span><span class="w"> </span><span class="p">{</span>"#,
        "<span class=\"w\">\t</span><span class=\"nx\">x</span><span class=\"w\"> </span><span class=\"o\">:=</span><span class=\"w\"> </span><span class=\"mi\">42</span>",
        #"<span class="p">}</span>"#,
    ]

    /// An inline site whose one post holds `body`, built; its page and the build's warnings.
    static func build(
        _ body: String, siteYML: String = "title: T\nbaseURL: https://example.org/\n"
    ) throws -> (page: String, warnings: [String]) {
        let files = [
            "site.yml": siteYML,
            "content/news/2026-01-02-code.md": "---\ntitle: Code\ndate: 2026-01-02\n---\n\n" + body,
        ]
        let output = MemoryOutput()
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: files)).run(
            into: output)
        let page = try #require(output.text("news/code/index.html"))
        return (page, report.warnings.map(\.description))
    }

    /// The part of a page between its first `<p>Text.</p>` and `<p>End.</p>`: the blocks written.
    static func blocks(_ page: String) throws -> String {
        let start = try #require(page.range(of: "<p>Text.</p>\n")).upperBound
        let end = try #require(page.range(of: "<p>End.</p>", range: start..<page.endIndex)).lowerBound
        return String(page[start..<end])
    }

    @Test func pythonAndGoBlocksAreHighlightedExactly() throws {
        let (page, warnings) = try Self.build("Text.\n\n```python\n\(Self.python)```\n\n```go\n\(Self.go)```\n\nEnd.\n")
        #expect(warnings == [])
        #expect(
            try Self.blocks(page) == """
                <pre class="highlight"><code class="language-python">\(Self.pythonSpans)</code></pre>
                <pre class="highlight"><code class="language-go">\(Self.goLines.joined(separator: "\n"))
                </code></pre>

                """)
    }

    /// `hl_lines` as a list and as a string, with `linenos=inline`, `linenos=table` and
    /// `linenostart`: Pygments' own markup (`hll`, `linenos`, `highlighttable`), `hl_lines`
    /// counted from the block's first line whatever `linenostart` says.
    @Test func highlightedLinesAndLineNumbers() throws {
        let body = """
            Text.

            ```go {hl_lines=[2,"4-5"]}
            \(Self.go)```

            ```go {linenos=inline hl_lines="2 4-5" linenostart=10}
            \(Self.go)```

            ```go {linenos=true, hl_lines=[1], lineNoStart=10}
            \(Self.go)```

            End.

            """
        let (page, warnings) = try Self.build(body)
        #expect(warnings == [])
        let lines = Self.goLines
        let marked =
            "\(lines[0])\n<span class=\"hll\">\n</span>\(lines[2])\n<span class=\"hll\">\(lines[3])\n</span><span class=\"hll\">\(lines[4])\n</span>"
        let inline =
            "<span class=\"linenos\">10</span>\(lines[0])\n<span class=\"hll\"><span class=\"linenos\">11</span>\n</span>"
            + "<span class=\"linenos\">12</span>\(lines[2])\n<span class=\"hll\"><span class=\"linenos\">13</span>\(lines[3])\n</span>"
            + "<span class=\"hll\"><span class=\"linenos\">14</span>\(lines[4])\n</span>"
        let numbers = (10...14).map { "<span class=\"normal\">\($0)</span>" }.joined(separator: "\n")
        let table =
            "<div class=\"highlight\"><table class=\"highlighttable\"><tr><td class=\"linenos\"><div class=\"linenodiv\"><pre>\(numbers)</pre></div></td>"
            + "<td class=\"code\"><div><pre><span></span><code class=\"language-go\"><span class=\"hll\">\(lines[0])\n</span>\n\(lines[2])\n\(lines[3])\n\(lines[4])\n"
            + "</code></pre></div></td></tr></table></div>\n"
        #expect(
            try Self.blocks(page) == """
                <pre class="highlight"><code class="language-go">\(marked)</code></pre>
                <div class="highlight"><pre><span></span><code class="language-go">\(inline)</code></pre></div>
                \(table)
                """)
    }

    /// ox-hugo's code references: `lineanchors` gives each line an id (`ref-1`, counted from
    /// `linenostart`) that a link can lead to, and `anchorlinenos` makes the numbers links to them;
    /// without line numbers the lines still get their ids.
    @Test func lineAnchorsGiveEachLineAnID() throws {
        let body =
            "Text.\n\n```emacs-lisp {linenos=true, anchorlinenos=true, lineanchors=org-coderef--c1}\n(a)\n(b)\n```\n\n```emacs-lisp {lineAnchors=plain linenostart=7}\n(a)\n```\n\nEnd.\n"
        let (page, warnings) = try Self.build(body)
        #expect(warnings == [])
        let (a, b) = (
            #"<span class="p">(</span><span class="nv">a</span><span class="p">)</span>"#,
            #"<span class="p">(</span><span class="nv">b</span><span class="p">)</span>"#
        )
        #expect(
            try Self.blocks(page) == """
                <div class="highlight"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>\
                <span class="normal"><a href="#org-coderef--c1-1">1</a></span>
                <span class="normal"><a href="#org-coderef--c1-2">2</a></span></pre></div></td><td class="code"><div><pre><span></span>\
                <code class="language-emacs-lisp"><a id="org-coderef--c1-1" name="org-coderef--c1-1"></a>\(a)
                <a id="org-coderef--c1-2" name="org-coderef--c1-2"></a>\(b)
                </code></pre></div></td></tr></table></div>
                <div class="highlight"><pre><span></span><code class="language-emacs-lisp"><a id="plain-7" name="plain-7" href="#plain-7"></a>\(a)
                </code></pre></div>

                """)
    }

    /// A bad option is a warning at its fence's line of the file (front matter counted), and the
    /// block is still highlighted, with the options that could be used.
    @Test func badOptionsWarnAtTheirLineAndTheBlockStillRenders() throws {
        let body =
            "Text.\n\n```python {hl_lines=[2] style=monokai}\n\(Self.python)```\n\n```python {linenos=maybe\n\(Self.python)```\n\nEnd.\n"
        let (page, warnings) = try Self.build(body)
        let path = "content/news/2026-01-02-code.md"
        #expect(
            warnings == [
                "\(path):8: warning: unknown fence option 'style=monokai': Herald knows linenos, hl_lines, linenostart, lineanchors and anchorlinenos; the block is highlighted without it",
                "\(path):13: warning: fence options '{linenos=maybe' have no closing '}'; the block is highlighted without them",
            ])
        let spans = Self.pythonSpans.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            try Self.blocks(page) == """
                <pre class="highlight"><code class="language-python">\(spans[0])
                <span class="hll">\(spans[1])
                </span></code></pre>
                <pre class="highlight"><code class="language-python">\(Self.pythonSpans)</code></pre>

                """)
    }

    /// A draft the build leaves out is not warned about (its fence's bad option, its footnote
    /// with no note); `--drafts` builds it and tells them. Its errors still stop the build.
    @Test func aLeftOutDraftsWarningsWaitForDrafts() throws {
        let files = [
            "site.yml": "title: T\nbaseURL: https://example.org/\n",
            "content/news/2026-01-02-idea.md":
                "---\ntitle: Idea\ndate: 2026-01-02\ndraft: true\n---\n\n```go {style=monokai}\nx\n```\n",
        ]
        func warnings(drafts: Bool) throws -> [String] {
            try Build(options: BuildOptions(includeDrafts: drafts, now: Fixtures.now), fileSystem: .memory(text: files))
                .run(into: MemoryOutput()).warnings.map(\.description)
        }
        #expect(try warnings(drafts: false) == [])
        #expect(
            try warnings(drafts: true) == [
                "content/news/2026-01-02-idea.md:7: warning: unknown fence option 'style=monokai': Herald knows linenos, hl_lines, linenostart, lineanchors and anchorlinenos; the block is highlighted without it"
            ])
        var broken = files
        broken["content/news/2026-01-02-idea.md"] = "---\ntitle: [Idea\ndraft: true\n---\n"
        #expect(throws: BuildFailure.self) {
            try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: broken)).run(
                into: MemoryOutput())
        }
    }

    /// Switched off, code blocks are cmark's, as before highlighting existed (and bad options
    /// are not read, so not told).
    @Test func switchedOffGivesCmarkBlocks() throws {
        let (page, warnings) = try Self.build(
            "Text.\n\n```python {nonsense}\nx = \"<b>\"\n```\n\nEnd.\n",
            siteYML: "title: T\nbaseURL: https://example.org/\nmarkdown:\n  highlight: false\n")
        #expect(warnings == [])
        #expect(
            try Self.blocks(page) == "<pre><code class=\"language-python\">x = &quot;&lt;b&gt;&quot;\n</code></pre>\n")
        #expect(MarkdownOptions().highlight)
    }

    /// In safe mode (the default) and with raw HTML allowed alike, the code is escaped text in
    /// Herald's own elements: a `</code></pre><script>` in a block cannot end it.
    @Test(arguments: [false, true]) func codeStaysTextInBothModes(unsafe: Bool) throws {
        var options = MarkdownOptions(unsafe: unsafe)
        options.highlight = true
        let html = MarkdownRenderer(options: options).render("```html\n</code></pre><script>alert(1)</script>\n```\n")
            .html
        #expect(
            html == """
                <pre class="highlight"><code class="language-html"><span class="p">&lt;/</span><span class="nt">code</span>\
                <span class="p">&gt;&lt;/</span><span class="nt">pre</span><span class="p">&gt;&lt;</span><span class="nt">script</span>\
                <span class="p">&gt;</span><span class="nx">alert</span><span class="p">(</span><span class="mf">1</span>\
                <span class="p">)&lt;/</span><span class="nt">script</span><span class="p">&gt;</span>
                </code></pre>

                """)
    }

    /// The words of a highlighted block still count for reading time, and the lead that holds
    /// one shows it highlighted.
    @Test func highlightedBlocksKeepTheirWordsAndShowInTheLead() {
        let markdown = "```python\nalpha = beta + gamma\n```\n\n<!--more-->\n\nRest.\n"
        let on = MarkdownRenderer().render(markdown)
        var options = MarkdownOptions()
        options.highlight = false
        let off = MarkdownRenderer(options: options).render(markdown)
        #expect(on.statistics == off.statistics)
        #expect(
            on.leadHTML.hasPrefix(
                "<pre class=\"highlight\"><code class=\"language-python\"><span class=\"n\">alpha</span>"))
    }

    /// Without Python or Pygments, blocks stay cmark's and the body says where the first one is;
    /// the build tells it once, at the first file, however many files and blocks there are.
    @Test func missingPygmentsIsOneWarningPerBuild() {
        var renderer = MarkdownRenderer()
        renderer.highlighter = CodeHighlighter(processes: 1, interpreter: "/nonexistent/python3")
        let rendered = renderer.render("Text.\n\n```python\nx = 1\n```\n\n```go\nvar x\n```\n")
        #expect(
            rendered.html
                == "<p>Text.</p>\n<pre><code class=\"language-python\">x = 1\n</code></pre>\n<pre><code class=\"language-go\">var x\n</code></pre>\n"
        )
        #expect(rendered.codeBlocks.plainLine == 3)
        let warnings = CodeBlockReport.warningForPlainCode([
            ("content/news/b.md", 9), ("content/news/a.md", 12), ("content/pages/c.md", 5),
        ])
        #expect(
            warnings.map(\.description) == [
                "content/news/a.md:12: warning: code in this file and 2 others is not highlighted: /usr/bin/python3 with Pygments could not be started; install python3-pygments (apt install python3-pygments), or set `markdown: {highlight: false}` in site.yml"
            ])
        #expect(CodeBlockReport.warningForPlainCode([]).isEmpty)
    }

    /// A block highlighted once (same language, options and code) is not sent to Pygments again:
    /// a rebuild of `herald serve` pays only for blocks that changed.
    @Test func anUnchangedBlockIsNotHighlightedTwice() throws {
        let highlighter = CodeHighlighter(processes: 1)
        let first = try #require(highlighter.html(language: "python", code: "x = 1\n"))
        #expect(highlighter.blocksSent == 1)
        #expect(highlighter.html(language: "python", code: "x = 1\n") == first)
        #expect(highlighter.blocksSent == 1)
        #expect(highlighter.cachedBlocks == 1)
        // Another language, other options or other code is another block.
        _ = highlighter.html(language: "ruby", code: "x = 1\n")
        _ = highlighter.html(language: "python", code: "x = 1\n", options: "{\"hl_lines\":[1]}")
        _ = highlighter.html(language: "python", code: "x = 2\n")
        #expect(highlighter.blocksSent == 4)
        #expect(highlighter.cachedBlocks == 4)
    }
}

/// Hugo's fence options, read from the text after a fence's language.
@Suite struct FenceOptionsTests {
    static func parse(_ text: String, lines: Int = 5) -> (FenceOptions, [String]) {
        let (options, problems) = FenceOptions.parse(Substring(text), lineCount: lines, line: 3)
        #expect(problems.allSatisfy { $0.line == 3 })
        return (options, problems.map { "\($0.kind.rawValue): \($0.message)" })
    }

    @Test func hugosSpellingsAreRead() {
        var expected = FenceOptions()
        expected.lineNumbers = .table
        expected.highlightedLines = [2, 4, 5]
        expected.lineNumberStart = 10
        for text in [
            #" {linenos=true hl_lines=[2,"4-5"] linenostart=10}"#, #"{lineNos=table,hl_lines="2 4-5",lineNoStart=10}"#,
            #"{ LINENOS="true"  hl_lines=[2, 4-5]  linenostart="10" }"#,
            "{linenos=table\thl_lines=[\"5-4\"] hl_lines=[5,4,2,4]  linenostart=10}",
        ] {
            let (options, problems) = Self.parse(text)
            if text.contains("5-4") {
                #expect(
                    problems == [
                        #"malformedValue: fence option hl_lines=["5-4"] is not a list of lines and ranges such as [2,"4-5"] or "2 4-5"; the block is highlighted without it"#
                    ])
            } else {
                #expect(problems == [], "\(text)")
            }
            #expect(options == expected, "\(text)")
        }
        #expect(expected.json == #"{"hl_lines":[2,4,5],"linenos":"table","linenostart":10}"#)
        #expect(Self.parse("{linenos=inline}").0.lineNumbers == .inline)
        #expect(Self.parse("{linenos=true linenos=false}").0 == FenceOptions())
        #expect(FenceOptions().json == "{}")
    }

    /// Line anchors take a prefix that is safe as it is in an id and in the JSON Pygments reads
    /// (letters of any script, digits, `-_.:`); anything else is refused, never escaped.
    @Test func lineAnchorsTakeASafePrefix() {
        let (options, problems) = Self.parse("{anchorLineNos=true lineanchors=\"代码-1.a:b_c\"}")
        #expect(problems == [])
        #expect(options.lineAnchors == "代码-1.a:b_c" && options.anchorLineNumbers && options.isWholeBlock)
        #expect(options.json == #"{"anchorlinenos":true,"lineanchors":"代码-1.a:b_c"}"#)
        #expect(Self.parse("{anchorlinenos}").0.anchorLineNumbers)
        let refused =
            "is not a prefix for line ids of letters, digits, '-', '_', '.' or ':' (at most 64); the block is highlighted without it"
        for value in [#""a b""#, #"x"><script>"#, #""""#, String(repeating: "a", count: 65), "a\\u0022"] {
            let (options, problems) = Self.parse("{lineanchors=\(value)}")
            #expect(options == FenceOptions(), "\(value)")
            #expect(problems.count == 1 && problems[0].hasSuffix(refused), "\(value)")
        }
        #expect(
            Self.parse("{anchorlinenos=maybe}").1 == [
                "malformedValue: fence option anchorlinenos=maybe is not true or false; the block is highlighted without it"
            ])
    }

    /// Not options: no braces (a file name after the language), or empty braces; no problem.
    @Test func textWithoutBracesIsNotOptions() {
        for text in ["", "app.js", "  title=\"x\"", "{}", "{ , }"] {
            let (options, problems) = Self.parse(text)
            #expect(options == FenceOptions() && problems == [], "\(text)")
        }
    }

    /// Lines past the block's end are dropped, so a huge range costs the block's lines.
    @Test func linesAreKeptWithinTheBlock() {
        #expect(Self.parse("{hl_lines=[4,\"2-999999999\",9]}", lines: 4).0.highlightedLines == [2, 3, 4])
        #expect(Self.parse("{hl_lines=[]}").0.highlightedLines == [])
    }

    @Test func badValuesAndUnknownNamesAreProblems() {
        let skipped = "; the block is highlighted without it"
        let cases: [(String, String)] = [
            (
                "{linenos=maybe}",
                "malformedValue: fence option linenos=maybe is not true, false, table or inline" + skipped
            ),
            ("{linenos}", "malformedValue: fence option linenos is not true, false, table or inline" + skipped),
            (
                "{hl_lines=[x]}",
                #"malformedValue: fence option hl_lines=[x] is not a list of lines and ranges such as [2,"4-5"] or "2 4-5""#
                    + skipped
            ),
            (
                "{hl_lines=[0]}",
                #"malformedValue: fence option hl_lines=[0] is not a list of lines and ranges such as [2,"4-5"] or "2 4-5""#
                    + skipped
            ),
            (
                "{hl_lines=[1,,2]}",
                #"malformedValue: fence option hl_lines=[1,,2] is not a list of lines and ranges such as [2,"4-5"] or "2 4-5""#
                    + skipped
            ),
            (
                "{hl_lines=1-2-3}",
                #"malformedValue: fence option hl_lines=1-2-3 is not a list of lines and ranges such as [2,"4-5"] or "2 4-5""#
                    + skipped
            ),
            (
                "{linenostart=-1}",
                "malformedValue: fence option linenostart=-1 is not a whole number such as 10" + skipped
            ),
            (
                "{linenostart=1000000000}",
                "malformedValue: fence option linenostart=1000000000 is not a whole number such as 10" + skipped
            ),
            (
                "{.numbered}",
                "unknownOption: unknown fence option '.numbered': Herald knows linenos, hl_lines, linenostart, lineanchors and anchorlinenos"
                    + skipped
            ),
            (
                "{hl_lines=\"2 4}",
                "malformedValue: fence option 'hl_lines=\"2 4' has an unclosed quote or '['" + skipped
            ),
            (
                "{hl_lines=[1,]}",
                #"malformedValue: fence option hl_lines=[1,] is not a list of lines and ranges such as [2,"4-5"] or "2 4-5""#
                    + skipped
            ),
            (
                "{linenos=true",
                "unclosedOptions: fence options '{linenos=true' have no closing '}'; the block is highlighted without them"
            ),
            ("{", "unclosedOptions: fence options '{' have no closing '}'; the block is highlighted without them"),
        ]
        for (text, problem) in cases {
            let (options, problems) = Self.parse(text)
            #expect(problems == [problem], "\(text)")
            #expect(options == FenceOptions(), "\(text)")
        }
        // The good options of a fence are kept beside its bad ones.
        let (options, problems) = Self.parse("{linenos=inline foo=1 hl_lines=[2]}")
        #expect(options.lineNumbers == .inline && options.highlightedLines == [2] && problems.count == 1)
    }

    /// A fence of a thousand bad options reports five; a long value is shortened in the message.
    @Test func problemsAreBounded() {
        let (_, problems) = Self.parse("{" + (1...1000).map { "x\($0)=1" }.joined(separator: " ") + "}")
        #expect(problems.count == FenceOptions.problemsPerFence)
        let (_, long) = Self.parse("{linenos=" + String(repeating: "a", count: 100) + "}")
        #expect(
            long == [
                "malformedValue: fence option linenos=aaaaaaaaaaaaaaaaaaaaaaaaaaaaa… is not true, false, table or inline; the block is highlighted without it"
            ])
    }
}
