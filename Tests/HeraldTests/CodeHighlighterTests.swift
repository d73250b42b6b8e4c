import CCmark
import Dispatch
import Foundation
import Testing

@testable import Herald

/// Build-time highlighting (issue 36): a fenced block's code as spans with Pygments' CSS classes,
/// from Debian's python3-pygments (2.14 on Debian 12, which the exact spans below are Pygments'
/// own output of), or nil for a language no lexer has.
@Suite struct CodeHighlighterTests {
    @Test func pythonBecomesSpansWithPygmentsClassesAndEscapedText() throws {
        let highlighter = CodeHighlighter(processes: 1)
        let code = "def greet(name):\n    return f\"Hi, {name} & <you>\"  # say hi\n"
        let html = try #require(highlighter.html(language: "python", code: code))
        #expect(
            html == """
                <span class="k">def</span> <span class="nf">greet</span><span class="p">(</span><span class="n">name</span>\
                <span class="p">):</span>
                    <span class="k">return</span> <span class="sa">f</span><span class="s2">&quot;Hi, </span>\
                <span class="si">{</span><span class="n">name</span><span class="si">}</span>\
                <span class="s2"> &amp; &lt;you&gt;&quot;</span>  <span class="c1"># say hi</span>

                """)
        // The alias gives the same lexer.
        #expect(highlighter.html(language: "py", code: code) == html)
        #expect(highlighter.engineVersion?.isEmpty == false)
    }

    @Test func goKeepsTabsAndBlankLines() throws {
        let highlighter = CodeHighlighter(processes: 1)
        let code = "package main\n\nfunc main() {\n\tx := 42\n}\n"
        let html = try #require(highlighter.html(language: "go", code: code))
        #expect(
            html == """
                <span class="kn">package</span><span class="w"> </span><span class="nx">main</span>

                <span class="kd">func</span><span class="w"> </span><span class="nx">main</span><span class="p">()</span>\
                <span class="w"> </span><span class="p">{</span>
                <span class="w">\t</span><span class="nx">x</span><span class="w"> </span><span class="o">:=</span>\
                <span class="w"> </span><span class="mi">42</span>
                <span class="p">}</span>

                """)
        #expect(highlighter.html(language: "golang", code: code) == html)
    }

    @Test func unknownLanguageIsNil() {
        let highlighter = CodeHighlighter(processes: 1)
        #expect(highlighter.html(language: "no-such-language", code: "x = 1\n") == nil)
        // Not a name at all: refused before any process is asked.
        for name in ["", "py thon", "python\n2\nx", String(repeating: "a", count: 65), "<script>"] {
            #expect(highlighter.html(language: name, code: "x = 1\n") == nil, "\(name.debugDescription)")
        }
        // The process that answered "unknown" is still good for the next block.
        #expect(highlighter.html(language: "python", code: "pass\n") == "<span class=\"k\">pass</span>\n")
        #expect(!highlighter.isUnavailable)
    }

    /// Every language and alias issue 36 names has a lexer (`yml` through Pygments' file names).
    @Test func everyLanguageOfTheIssueHasALexer() {
        let highlighter = CodeHighlighter(processes: 1)
        let names = [
            "c", "cpp", "c++", "python", "py", "java", "javascript", "js", "typescript", "go", "golang",
            "rust", "swift", "kotlin", "ruby", "php", "lua", "haskell", "shell", "sh", "bash", "console",
            "powershell", "sql", "html", "css", "scss", "json", "yaml", "yml", "toml", "xml", "markdown",
            "dockerfile", "makefile", "nginx", "diff", "latex", "matlab", "r",
        ]
        for name in names {
            #expect(highlighter.html(language: name, code: "x\n") != nil, "\(name)")
        }
    }

    /// The text inside the spans is the code, byte for byte, leading blank lines included (which
    /// Pygments drops unless told not to).
    @Test func theTextIsTheCodesText() throws {
        let highlighter = CodeHighlighter(processes: 1)
        let code = "\n\nkey: \"a < b & c\"  # ü, 中文, 🎉\nlist: [1, 2]\n\n"
        let html = try #require(highlighter.html(language: "yaml", code: code))
        let text = html.replacing(/<[^>]*>/, with: "")
            .replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
        #expect(text == code)
    }

    /// Rendering threads call at once; each answer is its own block's, with fewer processes than callers.
    @Test func parallelCallersEachGetTheirOwnBlock() {
        let highlighter = CodeHighlighter(processes: 2)
        let answers = Locked([Int: String?]())
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let html = highlighter.html(language: "python", code: "x\(index) = \(index)\n")
            answers.withLock { $0[index] = html }
        }
        answers.withLock { answers in
            for index in 0..<16 {
                #expect(
                    answers[index] == """
                        <span class="n">x\(index)</span> <span class="o">=</span> <span class="mi">\(index)</span>

                        """)
            }
        }
    }

    /// Without Python (or Pygments) every block stays plain, and no second start is tried.
    @Test func missingInterpreterLeavesBlocksPlain() {
        let highlighter = CodeHighlighter(processes: 1, interpreter: "/nonexistent/python3")
        #expect(highlighter.html(language: "python", code: "pass\n") == nil)
        #expect(highlighter.isUnavailable)
        #expect(highlighter.html(language: "go", code: "package main\n") == nil)
    }

    /// A fence with no language, or with no name a lexer could have, starts no process: a site
    /// without highlighted code pays nothing. (Were a start tried, this interpreter would fail it.)
    @Test func noLanguageStartsNoProcess() {
        let highlighter = CodeHighlighter(processes: 1, interpreter: "/nonexistent/python3")
        for name in ["", "two words", "{linenos=true}", "\u{1F389}"] {
            #expect(highlighter.html(language: name, code: "x = 1\n") == nil)
        }
        #expect(!highlighter.isUnavailable)
        #expect(highlighter.engineVersion == nil)
    }

    /// A process that dies between blocks (here killed) makes the next block fail, not Herald: the
    /// write meets a closed pipe, whose SIGPIPE is kept from ending the test process.
    @Test func deadProcessFailsTheBlockNotHerald() throws {
        let process = try #require(PygmentsProcess(timeout: .seconds(20)))
        #expect(
            process.highlight(language: "python", code: "pass\n", timeout: .seconds(10))
                == .html("<span class=\"k\">pass</span>\n"))
        kill(process.processIdentifier, SIGKILL)
        // Foundation reaps it; waiting here with waitpid would take that from Foundation.
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(!process.isRunning)
        // Large enough not to fit the pipe's buffer in one write.
        let code = String(repeating: "x = 1\n", count: 100_000)
        #expect(process.highlight(language: "python", code: code, timeout: .seconds(10)) == .failed)
        #expect(process.highlight(language: "python", code: "pass\n", timeout: .seconds(10)) == .failed)
    }

    /// A block that takes longer than its deadline costs its colours and its process, not the build.
    @Test func slowBlockMissesItsDeadline() throws {
        let process = try #require(PygmentsProcess(timeout: .seconds(20)))
        let code = String(repeating: "def f(a, b):\n    return a + b  # sum\n", count: 20_000)
        let start = ContinuousClock.now
        #expect(process.highlight(language: "python", code: code, timeout: .milliseconds(50)) == .failed)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// Markdown through cmark in safe mode, its fenced blocks highlighted.
    static func render(_ markdown: String, highlighter: CodeHighlighter) -> String {
        let root = CmarkNodes.parse(Array(markdown.utf8), flags: CMARK_OPT_DEFAULT)
        defer { cmark_node_free(root) }
        _ = HighlightedCodeBlocks.apply(to: root, highlighter: highlighter)
        guard let pointer = cmark_render_html(root, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// In a document: a fence with a language a lexer has becomes spans inside cmark's own
    /// elements (safe mode too); every other code block is written by cmark as before.
    @Test func fencedBlocksWithALanguageAreHighlightedInTheTree() {
        let highlighter = CodeHighlighter(processes: 1)
        let markdown = """
            Text.

            ```python
            x = 1
            ```

            ~~~ go {hl_lines=[1]}
            var s = "<b>"
            ~~~

            ```no-such-language
            <i>
            ```

            ```
            plain <b>
            ```

                indented & plain

            """
        #expect(
            Self.render(markdown, highlighter: highlighter) == """
                <p>Text.</p>
                <pre class="highlight"><code class="language-python"><span class="n">x</span> <span class="o">=</span> \
                <span class="mi">1</span>
                </code></pre>
                <pre class="highlight"><code class="language-go"><span class="hll"><span class="kd">var</span><span class="w"> </span>\
                <span class="nx">s</span><span class="w"> </span><span class="p">=</span><span class="w"> </span>\
                <span class="s">&quot;&lt;b&gt;&quot;</span>
                </span></code></pre>
                <pre><code class="language-no-such-language">&lt;i&gt;
                </code></pre>
                <pre><code>plain &lt;b&gt;
                </code></pre>
                <pre><code>indented &amp; plain
                </code></pre>

                """)
    }

    /// A body with no fenced block in a language starts no process (the interpreter given here
    /// could not start one), and its code blocks are cmark's.
    @Test func aBodyWithoutALanguageStartsNothing() {
        let highlighter = CodeHighlighter(processes: 1, interpreter: "/nonexistent/python3")
        let html = Self.render("```\nx\n```\n\n    y\n\n`z`\n", highlighter: highlighter)
        #expect(html == "<pre><code>x\n</code></pre>\n<pre><code>y\n</code></pre>\n<p><code>z</code></p>\n")
        #expect(!highlighter.isUnavailable)
        #expect(!HighlightedCodeBlocks.mayOccur(in: "No code here.\n"))
        #expect(HighlightedCodeBlocks.mayOccur(in: "~~~py\nx\n~~~\n"))
    }
}
