import CCmark
import Foundation

/// Fenced code blocks with a language, highlighted at build time (issue 36) on cmark's tree.
///
/// A block whose info string starts with a language a lexer has (```` ```python ````, ```` ```go
/// {linenos=true} ````) is replaced by a custom block that writes
/// `<pre class="highlight"><code class="language-python">` with `CodeHighlighter`'s spans inside:
/// the same elements and `language-` class cmark writes, and one class for the stylesheet to scope
/// the token classes by. cmark writes custom blocks in safe mode too; nothing from the author goes
/// into the tags but a language name `CodeHighlighter.isLanguageName` accepted (letters, digits,
/// `+#-._`), and every character of the code comes back escaped. Any other block (indented, no
/// language, a language no lexer has, Pygments missing) is left to cmark, as plain escaped text.
enum HighlightedCodeBlocks {
    /// Whether `source` could hold a fenced block at all (two backticks or two tildes in a row,
    /// a few `memchr`): a body without (inline `code` only, say) is not walked.
    static func mayOccur(in source: String) -> Bool {
        let (backtick, tilde) = (UInt8(ascii: "`"), UInt8(ascii: "~"))
        return ByteSearch.contains(source, backtick, followedByOneOf: backtick, backtick)
            || ByteSearch.contains(source, tilde, followedByOneOf: tilde, tilde)
    }

    /// Replaces each fenced block of the tree with a language by its highlighted HTML, its fence
    /// options (`FenceOptions`) given to Pygments; what could not be used is in the report.
    static func apply(to root: OpaquePointer, highlighter: CodeHighlighter) -> CodeBlockReport {
        var report = CodeBlockReport()
        for (node, language, rest) in fencedBlocks(in: root) {
            let code = String(decoding: CmarkNodes.literal(node), as: UTF8.self)
            let line = Int(cmark_node_get_start_line(node))
            let lineCount = code.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let (options, problems) = FenceOptions.parse(rest, lineCount: lineCount, line: line)
            report.problems += problems
            guard let html = highlighter.html(language: language, code: code, options: options.json) else {
                if report.plainLine == nil, highlighter.isUnavailable { report.plainLine = line }
                continue
            }
            let block = CmarkNodes.custom(
                CMARK_NODE_CUSTOM_BLOCK, enter: Self.block(html, language: language, wholeBlock: options.isWholeBlock),
                exit: "")
            _ = cmark_node_insert_before(node, block)
            cmark_node_free(node)
        }
        return report
    }

    /// The block's HTML: Pygments' spans inside cmark's own elements; or, with line numbers or
    /// line anchors, Pygments' whole block (`<div class="highlight">`), whose `<code>` is given
    /// the same `language-` class.
    private static func block(_ html: String, language: String, wholeBlock: Bool) -> String {
        let code = "<code class=\"language-\(language)\">"
        guard wholeBlock else { return "<pre class=\"highlight\">\(code)\(html)</code></pre>" }
        guard let range = html.range(of: "<code>") else { return html }
        return html.replacingCharacters(in: range, with: code)
    }

    /// The code blocks with an info string, its first word (as cmark takes it for the
    /// `language-` class) and the rest of it, in document order; gathered before any is replaced,
    /// since the tree must not change under cmark's iterator.
    private static func fencedBlocks(in root: OpaquePointer) -> [(OpaquePointer, String, Substring)] {
        var blocks: [(OpaquePointer, String, Substring)] = []
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                let info = cmark_node_get_fence_info(node)
            else { continue }
            let text = String(cString: info)
            guard let end = text.firstIndex(where: { $0 != " " && $0 != "\t" }) else { continue }
            let wordEnd = text[end...].firstIndex(where: { $0 == " " || $0 == "\t" }) ?? text.endIndex
            let word = String(text[end..<wordEnd])
            if CodeHighlighter.isLanguageName(word) { blocks.append((node, word, text[wordEnd...])) }
        }
        return blocks
    }
}
