import CCmark
import Foundation

/// A Markdown body turned into HTML by cmark, with what Herald learns from the same parse.
public struct RenderedMarkdown: Sendable, Equatable {
    /// The whole body as HTML (the `<!--more-->` marker removed).
    public var html: String
    /// The lead as HTML: the blocks before `<!--more-->`, else the first paragraph; may be empty.
    public var leadHTML: String
    /// The lead as plain text with whitespace collapsed, for cards and descriptions.
    public var leadText: String
    /// Whether the body had a `<!--more-->` marker.
    public var hasMoreMarker: Bool
    /// What the reader has to read, for reading time.
    public var statistics: TextStatistics
    /// All the text, whitespace collapsed (image descriptions left out); only when asked for.
    public var plainText: String
    /// The body line (1-based) of the first raw HTML that safe mode left out, if any.
    public var omittedHTMLLine: Int? = nil
    /// Another generator's template syntax left in the text (a Hugo shortcode, a Liquid tag).
    public var templateSyntax: TemplateSyntax? = nil
    /// Where the tables went past `TableLimits` (they are then left as paragraphs); the document
    /// is to be refused. The line is the body's.
    var tableExcess: TableLimits.Excess? = nil
    /// What the parse found for the item's parser alone, which takes it (see `MarkdownFindings`).
    public var findings: MarkdownFindings? = nil
    /// The table of contents an item shows (`{{{item.toc}}}`), or "": set by the item's parser,
    /// which knows its `toc:` and the site's options.
    public var tableOfContents = ""
    /// Whether the HTML has a GitHub alert (`Alerts`): set by the parser, so that putting the
    /// titles in the page's language (`AlertTitles`) need not search every other body.
    public var hasAlerts = false

    /// Everything a parse gives, or an empty body.
    public init(
        html: String = "", leadHTML: String = "", leadText: String = "", hasMoreMarker: Bool = false,
        statistics: TextStatistics = TextStatistics(), plainText: String = ""
    ) {
        self.html = html
        self.leadHTML = leadHTML
        self.leadText = leadText
        self.hasMoreMarker = hasMoreMarker
        self.statistics = statistics
        self.plainText = plainText
    }
}

/// Template syntax of another generator found in a body's text, where it shows as text.
public struct TemplateSyntax: Sendable, Equatable {
    /// A Hugo shortcode (`{{< figure >}}`) or a Liquid tag (`{% include %}`).
    public var generator: String
    /// The start of it, as written.
    public var snippet: String
    /// The body line (1-based) it is on.
    public var line: Int

    /// Looks for it in a text node's literal: `{{<`, `{{%` (Hugo) and `{%`, `{{ ` (Liquid).
    static func find(in text: String, line: Int) -> TemplateSyntax? {
        // Every marker starts `{{` or `{%`: a text without either is not searched.
        guard ByteSearch.contains(text, UInt8(ascii: "{"), followedByOneOf: UInt8(ascii: "{"), UInt8(ascii: "%")) else {
            return nil
        }
        for (marker, generator) in [
            ("{{<", "Hugo shortcode"), ("{{%", "Hugo shortcode"), ("{%", "Liquid tag"), ("{{ ", "Liquid output"),
        ] {
            if let range = text.range(of: marker) {
                let rest = text[range.lowerBound...]
                let end = rest.range(of: generator == "Liquid tag" ? "%}" : "}}").map { $0.upperBound } ?? rest.endIndex
                var snippet = String(rest[..<end])
                if snippet.count > 40 { snippet = String(snippet.prefix(37)) + "…" }
                return TemplateSyntax(generator: generator, snippet: snippet, line: line)
            }
        }
        return nil
    }
}

/// Renders Markdown with cmark (the only Markdown parser in Herald), plus GitHub Flavored
/// Markdown's tables, strikethrough and footnotes built on cmark's tree (`GFMTables`,
/// `Strikethrough`, `Footnotes`).
///
/// One parse gives the HTML, the lead (summary) and the word counts. Site-absolute links and
/// images (`/images/a.jpg`) are rewritten under the base path (`/union/images/a.jpg`) so a site
/// hosted in a sub-folder keeps working.
public struct MarkdownRenderer: Sendable {
    /// Safe mode, smart punctuation, tables and strikethrough.
    public var options: MarkdownOptions
    /// The site's base path (`/` or e.g. `/union/`); site-absolute URLs are moved under it.
    public var basePath: String
    /// Highlights fenced code when `options.highlight` is on.
    public var highlighter = CodeHighlighter.shared

    /// Creates a renderer for a site's options and base path.
    public init(options: MarkdownOptions = MarkdownOptions(), basePath: String = "/") {
        self.options = options
        self.basePath = basePath
    }

    private var cmarkOptions: Int32 {
        var flags = CMARK_OPT_DEFAULT
        if options.unsafe { flags |= CMARK_OPT_UNSAFE }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        return flags
    }

    /// Renders a Markdown document; `plainText` is filled only when `wantPlainText` (summaries need
    /// it, whole bodies do not, and collecting it for every body would cost for nothing).
    /// Relative links to a page bundle's files (`resources`) are pointed at where they are published.
    /// An item's body passes `firstContentLink`: its links to Markdown files then get markers
    /// numbered from it (see `ContentLink`); other Markdown keeps them as written.
    /// Footnote IDs get `footnotePrefix` (`fn-<prefix>-1`) when given.
    public func render(
        _ markdown: String, wantPlainText: Bool = false, resources: BundleLinks? = nil, firstContentLink: Int? = nil,
        footnotePrefix: String? = nil
    ) -> RenderedMarkdown {
        let flags = cmarkOptions
        var root: OpaquePointer = markdown.withCString { chars in
            cmark_parse_document(chars, markdown.utf8.count, flags)
        }
        defer { cmark_node_free(root) }
        var tableExcess: TableLimits.Excess? = nil
        var footnotes: Footnotes? = nil
        var hasAlerts = false
        root = applyExtensions(
            to: root, markdown: markdown, flags: flags, tableExcess: &tableExcess, footnotes: &footnotes,
            footnotePrefix: footnotePrefix, hasAlerts: &hasAlerts)
        // Refused anyway: the rest of the work would be for nothing.
        if let tableExcess {
            var refused = RenderedMarkdown()
            refused.tableExcess = tableExcess
            return refused
        }

        var walk = TreeWalk(
            root: root, basePath: basePath == "/" ? nil : basePath, resources: resources, collectAllText: wantPlainText,
            safe: !options.unsafe)
        // Other generators' templates start with `{`: a body without one has none to look for.
        walk.lookForTemplateSyntax = Self.contains(markdown, byte: UInt8(ascii: "{"))
        // The marker is raw HTML, so its text is in the source: without it, the text before it
        // (all of the body's) is not gathered for nothing.
        walk.mayHaveMoreMarker = ByteSearch.contains(markdown, "<!--more-->")
        walk.firstContentLink = firstContentLink
        walk.run()
        // After the walk, which found the headings (and the lead's nodes, which this leaves be).
        // The footnotes' IDs are taken first: a heading `## fn1` must not take a note's.
        let anchors =
            options.headingIDs
            ? HeadingAnchors.apply(
                to: walk.headings, emoji: options.emoji, prefix: options.headingIDPrefix, reserved: footnotes?.ids ?? []
            ) : HeadingAnchors.Applied()
        // After the walk, which counts code blocks' words; before the lead is written, which may hold them.
        let codeBlocks =
            options.highlight && HighlightedCodeBlocks.mayOccur(in: markdown)
            ? HighlightedCodeBlocks.apply(to: root, highlighter: highlighter) : CodeBlockReport()

        let lead = leadHTML(of: root, walk: walk, footnotes: footnotes, flags: flags)
        let html = Self.html(of: root, flags: flags)
        let leadText = walk.moreMarker != nil ? walk.textBeforeMarker : walk.firstParagraphText
        var rendered = RenderedMarkdown(
            html: html, leadHTML: lead, leadText: String(decoding: leadText, as: UTF8.self).collapsingWhitespace(),
            hasMoreMarker: walk.moreMarker != nil, statistics: walk.statistics,
            plainText: walk.allText.isEmpty ? "" : String(decoding: walk.allText, as: UTF8.self).collapsingWhitespace())
        rendered.omittedHTMLLine = walk.omittedHTMLLine
        rendered.templateSyntax = walk.templateSyntax
        rendered.hasAlerts = hasAlerts
        rendered.findings = MarkdownFindings(
            contentLinks: walk.contentLinks, bodyImages: walk.bodyImages, footnoteProblems: footnotes?.problems ?? [],
            footnoteProblemsLeftOut: footnotes?.problemsLeftOut ?? 0,
            headings: anchors.headings, headingProblems: anchors.problems, codeBlocks: codeBlocks)
        return rendered
    }

    /// The lead's HTML: what comes before `<!--more-->` (which is then taken out of the tree),
    /// else the first paragraph with words of its own. The lead is shown away from the notes (in
    /// lists, cards, other pages): its footnote references are plain numbers there, without
    /// links or IDs, and are linked again for the body.
    private func leadHTML(
        of root: OpaquePointer, walk: TreeWalk, footnotes: Footnotes?, flags: Int32
    ) -> String {
        var lead = ""
        for reference in footnotes?.references ?? [] { _ = cmark_node_set_on_enter(reference.node, reference.plain) }
        defer {
            for reference in footnotes?.references ?? [] {
                _ = cmark_node_set_on_enter(reference.node, reference.linked)
            }
        }
        if let marker = walk.moreMarker {
            var node = cmark_node_first_child(root)
            while let current = node, current != marker {
                lead += Self.html(of: current, flags: flags)
                node = cmark_node_next(current)
            }
            cmark_node_unlink(marker)
            cmark_node_free(marker)
        } else if let paragraph = walk.firstParagraph {
            lead = Self.html(of: paragraph, flags: flags)
        }
        return lead
    }

    /// Tables, strikethrough, alerts, task lists and autolinks, each skipped after a byte search
    /// when the source has no character it needs. Tables may parse the source again (and then give
    /// a new tree), so they run strikethrough themselves, on the tree they settle on and in their
    /// cells; the others work on the tree tables settle on (autolinks after strikethrough: they
    /// read the text it has split).
    ///
    /// Footnotes come first and last: their definitions are rewritten in the source (and the
    /// source parsed again) before the others, and their references are made after them.
    private func applyExtensions(
        to root: OpaquePointer, markdown: String, flags: Int32, tableExcess: inout TableLimits.Excess?,
        footnotes: inout Footnotes?, footnotePrefix: String?, hasAlerts: inout Bool
    ) -> OpaquePointer {
        var root = root
        var markdown = markdown
        let hasFootnotes = options.footnotes && Footnotes.mayOccur(in: markdown)
        let definitions = hasFootnotes ? Footnotes.prepare(&root, source: &markdown, flags: flags) : nil
        var insertedLines: [Int] = []
        let strikethrough = options.strikethrough && Strikethrough.mayOccur(in: markdown)
        if options.tables, GFMTables.mayOccur(in: markdown) {
            root = GFMTables.apply(
                to: root, source: markdown, flags: flags, strikethrough: strikethrough, excess: &tableExcess,
                closingLines: &insertedLines)
        } else if strikethrough {
            Strikethrough.apply(to: root, source: Array(markdown.utf8), flags: flags)
        }
        let alerts = options.alerts && Alerts.mayOccur(in: markdown)
        // Both read the source back, to tell `\[` from `[`.
        let source =
            hasFootnotes || alerts ? TreeSource(bytes: Array(markdown.utf8), insertedLines: insertedLines) : nil
        if alerts, let source { hasAlerts = Alerts.apply(to: root, source: source) }
        if options.taskLists, TaskLists.mayOccur(in: markdown) { TaskLists.apply(to: root, source: markdown) }
        if options.autolinks { Autolinks.apply(to: root, source: markdown) }
        // After autolinks, which it leaves alone; headings' wait for their IDs (HeadingAnchors).
        if options.emoji, Emoji.mayOccur(in: markdown) { Emoji.apply(to: root, skippingHeadings: options.headingIDs) }
        if hasFootnotes, tableExcess == nil, let source {
            footnotes = Footnotes(root: root, definitions: definitions, source: source, idPrefix: footnotePrefix)
        }
        return root
    }

    /// Whether the text holds a byte, found with `memchr`.
    static func contains(_ text: String, byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    private static func html(of node: OpaquePointer, flags: Int32) -> String {
        guard let pointer = cmark_render_html(node, flags) else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// One pass over cmark's tree: rewrites URLs, finds the lead and counts words.
private struct TreeWalk {
    let root: OpaquePointer
    let basePath: String?
    let resources: BundleLinks?
    /// Whether cmark leaves raw HTML out (safe mode), so the first such node is worth telling.
    let safe: Bool
    var omittedHTMLLine: Int?
    var templateSyntax: TemplateSyntax?
    var moreMarker: OpaquePointer?
    /// Whether the source holds `<!--more-->` at all; without it no text is gathered for a marker.
    var mayHaveMoreMarker = true
    var firstParagraph: OpaquePointer?
    // The texts gathered are UTF-8 bytes, appended from cmark's literals in place and made text
    // once at the end: a String per text node, validated and then appended to three others, was
    // a fifth of the walk (perf, 10,000-item corpus).
    var textBeforeMarker: [UInt8] = []
    var firstParagraphText: [UInt8] = []
    var statistics = TextStatistics()

    let collectAllText: Bool
    /// Whether text may hold a Hugo shortcode or a Liquid tag worth a warning (false when the
    /// source has no `{` at all, which is most bodies).
    var lookForTemplateSyntax = true
    /// Links to Markdown files found so far, and the number of the first one's marker.
    var contentLinks: [ContentLink] = []
    var firstContentLink: Int?
    /// The body's images of the site, marked (see `BodyImage`).
    var bodyImages: [BodyImage] = []
    /// The headings, in document order.
    var headings: [OpaquePointer] = []

    init(root: OpaquePointer, basePath: String?, resources: BundleLinks?, collectAllText: Bool, safe: Bool) {
        self.root = root
        self.safe = safe
        self.basePath = basePath
        self.resources = resources
        self.collectAllText = collectAllText
    }

    /// All the text, image descriptions included (they read as part of the sentence around them).
    var allText: [UInt8] = []

    /// The top-level paragraph being read as a candidate lead, and its text so far: the lead is
    /// the first paragraph with words of its own (a paragraph holding only a photo is skipped).
    private var candidate: OpaquePointer?
    private var candidateText: [UInt8] = []
    private var candidateHasOwnWords = false
    /// How many images the walk is inside (their descriptions are text, but not a lead's words).
    private var imageDepth = 0

    mutating func run() {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_EXIT {
                leave(node, type: type)
            } else {
                enter(node, type: type)
            }
        }
    }

    private mutating func leave(_ node: OpaquePointer, type: cmark_node_type) {
        if type == CMARK_NODE_IMAGE { imageDepth -= 1 }
        if node == candidate {
            if candidateHasOwnWords {
                firstParagraph = node
                firstParagraphText = candidateText
            }
            candidate = nil
            candidateText = []
            candidateHasOwnWords = false
        }
        // A table cell (a custom inline in a row) ends its words like a paragraph does.
        if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
            || (type == CMARK_NODE_CUSTOM_INLINE
                && cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_CUSTOM_BLOCK)
        {
            if gathersBeforeMarker { textBeforeMarker.append(0x20) }
            if collectAllText { allText.append(0x20) }
        }
    }

    /// Whether text goes to `textBeforeMarker`: while no marker has been met, if there may be one.
    private var gathersBeforeMarker: Bool { mayHaveMoreMarker && moreMarker == nil }

    private mutating func enter(_ node: OpaquePointer, type: cmark_node_type) {
        switch type {
        case CMARK_NODE_PARAGRAPH:
            if firstParagraph == nil, candidate == nil, cmark_node_parent(node) == root {
                candidate = node
            }
        case CMARK_NODE_IMAGE:
            enterImage(node)
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            read(CmarkNodes.literalBytes(node), of: node, type: type)
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            if collectAllText { allText.append(0x20) }
            if candidate != nil { candidateText.append(0x20) }
            if gathersBeforeMarker { textBeforeMarker.append(0x20) }
        case CMARK_NODE_HEADING:
            headings.append(node)
        case CMARK_NODE_CODE_BLOCK:
            statistics.count(utf8: CmarkNodes.literalBytes(node))
        case CMARK_NODE_HTML_BLOCK:
            if gathersBeforeMarker, cmark_node_parent(node) == root, literal(node).trimmed() == "<!--more-->" {
                moreMarker = node
            } else if safe, omittedHTMLLine == nil {
                omittedHTMLLine = blockLine(of: node)
            }
        case CMARK_NODE_HTML_INLINE:
            if safe, omittedHTMLLine == nil { omittedHTMLLine = blockLine(of: node) }
        case CMARK_NODE_LINK:
            enterLink(node)
        default:
            break
        }
    }

    private mutating func enterImage(_ node: OpaquePointer) {
        imageDepth += 1
        rebase(node)
        // An item's body (the one render given `firstContentLink`) marks its images of the
        // site, to be shown in the sizes made of them.
        if firstContentLink != nil, let original = originalURL,
            let path = BodyImage.path(of: original, resources: resources),
            let pointer = cmark_node_get_url(node)
        {
            let link = String(cString: pointer)
            bodyImages.append(BodyImage(written: original, path: path, link: link, line: blockLine(of: node)))
            _ = cmark_node_set_url(node, BodyImage.marker(bodyImages.count - 1, link: link))
        }
    }

    /// A text or code span's words: counted, looked at for other generators' template syntax,
    /// and added to the texts being gathered.
    private mutating func read(_ text: UnsafeBufferPointer<UInt8>, of node: OpaquePointer, type: cmark_node_type) {
        statistics.count(utf8: text)
        if lookForTemplateSyntax, templateSyntax == nil, type == CMARK_NODE_TEXT {
            templateSyntax = TemplateSyntax.find(in: String(decoding: text, as: UTF8.self), line: blockLine(of: node))
        }
        // An image's description reads as part of the sentence around it, but a paragraph
        // holding only a photo is not a lead.
        if candidate != nil {
            candidateText.append(contentsOf: text)
            if imageDepth == 0, !candidateHasOwnWords, !Self.isBlank(text) { candidateHasOwnWords = true }
        }
        if collectAllText { allText.append(contentsOf: text) }
        if gathersBeforeMarker { textBeforeMarker.append(contentsOf: text) }
    }

    /// Whether the text is only whitespace, as `Character.isWhitespace` has it. ASCII is read by
    /// byte; only text with other characters (U+00A0, U+3000 …) is decoded.
    private static func isBlank(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if text.allSatisfy({ $0 < 0x80 }) { return text.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) } }
        return String(decoding: text, as: UTF8.self).allSatisfy(\.isWhitespace)
    }

    /// A link to a Markdown file of the site gets a marker (see `ContentLink`); any other is rebased.
    private mutating func enterLink(_ node: OpaquePointer) {
        if let first = firstContentLink, let pointer = cmark_node_get_url(node),
            case let url = String(cString: pointer),
            ContentLink.namesMarkdownFile(url), resources?.link(for: url) == nil
        {
            _ = cmark_node_set_url(node, ContentLink.marker(first + contentLinks.count))
            contentLinks.append(ContentLink(written: url, line: blockLine(of: node)))
        } else {
            rebase(node)
        }
    }

    /// The URL of the last node `rebase` looked at, as written.
    private var originalURL: String?

    /// Moves a site-absolute URL (`/x`, not `//host/x`) under the base path, and points a relative
    /// link to a bundle's file at where the file is published.
    private mutating func rebase(_ node: OpaquePointer) {
        originalURL = cmark_node_get_url(node).map { String(cString: $0) }
        if let resources, let pointer = cmark_node_get_url(node),
            let link = resources.link(for: String(cString: pointer))
        {
            _ = cmark_node_set_url(node, link)
            return
        }
        guard let basePath, let pointer = cmark_node_get_url(node) else { return }
        let url = String(cString: pointer)
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return }
        _ = cmark_node_set_url(node, basePath + url.dropFirst())
    }

    /// The line a node's block starts on (cmark gives positions to blocks, not to inlines).
    private func blockLine(of node: OpaquePointer) -> Int {
        var current: OpaquePointer? = node
        while let block = current {
            let line = Int(cmark_node_get_start_line(block))
            if line > 0 { return line }
            current = cmark_node_parent(block)
        }
        return 1
    }

    private func literal(_ node: OpaquePointer) -> String {
        guard let pointer = cmark_node_get_literal(node) else { return "" }
        return String(cString: pointer)
    }
}

extension String {
    /// Runs of whitespace (including newlines) turned into one space, ends trimmed.
    func collapsingWhitespace() -> String {
        // On UTF-8 bytes: ASCII whitespace is tested per byte, and only characters of two or more
        // bytes are decoded to ask Unicode whether they are spaces (U+00A0, U+3000 …). Appending
        // scalar by scalar to a String cost as much as parsing the Markdown.
        // Text between spaces is copied a run at a time, not a character at a time (which was
        // two thirds of this function's 45 ms on the 10,000-item corpus, perf).
        var text = self
        return text.withUTF8 { bytes in
            // Most text has nothing to collapse (a heading, a short lead): it is returned as it is,
            // and otherwise the part that has nothing is taken whole.
            let clean = Self.collapsedPrefixLength(bytes)
            if clean == bytes.count { return self }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var pendingSpace = false
            var runStart: Int? = clean > 0 ? 0 : nil
            func flush(to end: Int) {
                if let start = runStart {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<min(end, bytes.count)]))
                }
                runStart = nil
            }
            var index = clean
            while index < bytes.count {
                let lead = bytes[index]
                let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let isSpace: Bool
                if size == 1 {
                    isSpace = lead == 0x20 || (0x09...0x0D).contains(lead)
                } else if lead != 0xC2 && lead != 0xE1 && lead != 0xE2 && lead != 0xE3 {
                    // Every other Unicode space (U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028,
                    // U+2029, U+202F, U+205F, U+3000) starts with one of those four bytes; Chinese
                    // text, 3 bytes a character, is not decoded and looked up character by character.
                    isSpace = false
                } else {
                    var iterator = bytes[index..<min(index + size, bytes.count)].makeIterator()
                    var decoder = UTF8()
                    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                        isSpace = scalar.properties.isWhitespace
                    } else {
                        isSpace = false
                    }
                }
                if isSpace {
                    flush(to: index)
                    pendingSpace = !output.isEmpty
                } else if runStart == nil {
                    if pendingSpace { output.append(0x20) }
                    pendingSpace = false
                    runStart = index
                }
                index += size
            }
            flush(to: index)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// How many bytes at the start `collapsingWhitespace` keeps as they are: text that does not
    /// start with whitespace, whose spaces are single ASCII spaces between other characters, up to
    /// the first byte that may start another space (a tab, a newline, or one of the four lead bytes
    /// of Unicode's other spaces, `collapsingWhitespace` says which). It ends before a non-space.
    static func collapsedPrefixLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        func plain(_ byte: UInt8) -> Bool {
            byte < 0x80
                ? byte != 0x20 && !(0x09...0x0D).contains(byte)
                : byte != 0xC2 && byte != 0xE1 && byte != 0xE2 && byte != 0xE3
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 {
                guard index > 0, index + 1 < bytes.count, plain(bytes[index + 1]) else { return index }
            } else if !plain(byte) {
                return index
            }
            index += 1
        }
        return index
    }
}
