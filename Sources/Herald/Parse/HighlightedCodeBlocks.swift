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
    /// Whether `source` could hold a fenced block at all (a backtick or a tilde, one `memchr`
    /// each): a body without either is not walked.
    static func mayOccur(in source: String) -> Bool {
        ByteSearch.contains(source, UInt8(ascii: "`")) || ByteSearch.contains(source, UInt8(ascii: "~"))
    }

    /// Replaces each fenced block of the tree with a language by its highlighted HTML.
    static func apply(to root: OpaquePointer, highlighter: CodeHighlighter) {
        for (node, language) in fencedBlocks(in: root) {
            let code = String(decoding: CmarkNodes.literal(node), as: UTF8.self)
            guard let spans = highlighter.html(language: language, code: code) else { continue }
            let block = CmarkNodes.custom(CMARK_NODE_CUSTOM_BLOCK,
                                          enter: "<pre class=\"highlight\"><code class=\"language-\(language)\">\(spans)</code></pre>",
                                          exit: "")
            _ = cmark_node_insert_before(node, block)
            cmark_node_free(node)
        }
    }

    /// The code blocks with an info string, and its first word (as cmark takes it for the
    /// `language-` class), in document order; gathered before any is replaced, since the tree
    /// must not change under cmark's iterator.
    private static func fencedBlocks(in root: OpaquePointer) -> [(OpaquePointer, String)] {
        var blocks: [(OpaquePointer, String)] = []
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                  let info = cmark_node_get_fence_info(node) else { continue }
            let word = String(cString: info).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
            if let word, CodeHighlighter.isLanguageName(word) { blocks.append((node, word)) }
        }
        return blocks
    }
}
