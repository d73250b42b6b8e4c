import Foundation
import Herald

/// One body's conversion (`BodyConverter.convert`), construct by construct: the text between
/// constructs copied, each shortcode, Liquid tag or Liquid output replaced by its Markdown or
/// HTML equivalent when it has one, and left as it was, with why, when it has none.
struct BodyConversionRun {
    let converter: BodyConverter
    let body: String
    let path: String
    let constructs: [MarkupConstruct]
    let fields: FrontMatterFields
    var result = BodyConversion(text: "")
    var output = ""
    /// Where the text not yet copied starts.
    var position: String.Index
    /// The construct being converted; a block's conversion moves it to its closer.
    var index = 0
    /// Whether the construct being converted was already reported as left.
    var reported = false
    /// Closers of shortcodes already reported whole: not reported again.
    var silentClosers = Set<Int>()
    /// Callouts open: closer's index → where their text starts in the output, and the alert.
    var openAlerts: [Int: (start: Int, alert: ShortcodeAlert)] = [:]

    init(converter: BodyConverter, body: String, path: String, constructs: [MarkupConstruct], fields: FrontMatterFields)
    {
        (self.converter, self.body, self.path, self.constructs, self.fields) = (
            converter, body, path, constructs, fields
        )
        position = body.startIndex
        output.reserveCapacity(body.utf8.count)
    }

    /// The body converted, with what was converted and what was left.
    mutating func convert() -> BodyConversion {
        while index < constructs.count {
            let construct = constructs[index]
            reported = false
            output += body[position..<construct.range.lowerBound]
            position = construct.range.upperBound
            let replacement: String?
            switch construct.form {
            case .escapedShortcode(let shown):
                replacement = shown
                count("escaped shortcode")
            case .shortcode(_, let closing, let selfClosing):
                replacement = closing ? shortcodeCloser(construct) : shortcode(construct, selfClosing: selfClosing)
            case .liquidTag:
                replacement = liquidTag(construct)
            case .liquidOutput:
                replacement = liquidOutput(construct)
            }
            output += replacement ?? String(body[construct.range])
            index += 1
        }
        output += body[position...]
        result.text = output
        return result
    }

    // MARK: Hugo's shortcodes

    /// A shortcode's closing tag: the end of a callout (its text since it opened, quoted), the
    /// closer of one already reported, or one that closes nothing.
    private mutating func shortcodeCloser(_ construct: MarkupConstruct) -> String? {
        if let open = openAlerts.removeValue(forKey: index) {
            // The text since the callout opened, its shortcodes converted, quoted.
            let start = output.utf8.index(output.startIndex, offsetBy: open.start)
            let inner = String(output[start...])
            output =
                ShortcodeAlert.blankLineBefore(String(output[..<start])) + open.alert.markdown(inner)
                + ShortcodeAlert.blankLineAfter(body[position...])
            return ""
        }
        if !silentClosers.contains(index) {
            leave(construct, kind: "shortcode \(construct.name)", reason: "closes a shortcode that was not opened")
        }
        return nil
    }

    /// An opening or self-closing shortcode, converted; one that is not is reported with its
    /// closing tag, which is part of it.
    private mutating func shortcode(_ construct: MarkupConstruct, selfClosing: Bool) -> String? {
        let arguments = ShortcodeArguments.parse(construct.arguments)
        let closeIndex =
            selfClosing
            ? nil
            : closer(of: index) { other in
                if case .shortcode(_, true, _) = other.form { return other.name == construct.name }
                return false
            }
        let name = construct.name.lowercased()
        let replacement =
            embed(name, arguments) ?? reference(construct, arguments)
            ?? block(construct, arguments, closeIndex: closeIndex)
        if replacement == nil {
            if !reported {
                leave(construct, kind: "shortcode \(construct.name)", reason: converter.knownReason(construct.name))
            }
            if let closeIndex { silentClosers.insert(closeIndex) }
        }
        return replacement
    }

    /// The shortcodes that show something from elsewhere: a figure, a video, a gist, a post.
    private mutating func embed(_ name: String, _ arguments: ShortcodeArguments) -> String? {
        var made: String?
        switch name {
        case "figure":
            made = converter.figure(arguments, result: &result)
        case "youtube":
            made = arguments.value("id", at: 0).map { id in
                converter.video(
                    url: "https://www.youtube-nocookie.com/embed/\(id)", link: "https://www.youtube.com/watch?v=\(id)",
                    title: arguments.value("title") ?? "YouTube video", result: &result)
            }
        case "vimeo":
            made = arguments.value("id", at: 0).map { id in
                converter.video(
                    url: "https://player.vimeo.com/video/\(id)?dnt=1", link: "https://vimeo.com/\(id)",
                    title: arguments.value("title") ?? "Vimeo video", result: &result)
            }
        case "gist":
            if let user = arguments.value("user", at: 0), let id = arguments.value("id", at: 1) {
                let file = arguments.value("file", at: 2).map { " (\($0))" } ?? ""
                made = "[Code on GitHub Gist: \(user)/\(id)\(file)](https://gist.github.com/\(user)/\(id))"
            }
        case "tweet", "twitter", "x":
            if let id = arguments.value(
                "id", at: arguments.named["user"] == nil && arguments.positional.count == 1 ? 0 : 1)
            {
                let user = arguments.value("user", at: arguments.positional.count >= 2 ? 0 : nil)
                made =
                    user.map { "[Post by @\($0) on X](https://x.com/\($0)/status/\(id))" }
                    ?? "[Post on X](https://x.com/i/status/\(id))"
            }
        case "instagram":
            made = arguments.value("id", at: 0).map { "[Post on Instagram](https://www.instagram.com/p/\($0)/)" }
        default:
            return nil
        }
        if made != nil { count(["twitter", "x"].contains(name) ? "tweet" : name) }
        return made
    }

    /// The shortcodes that name something of the site: a page (`ref`, `relref`) or a parameter.
    private mutating func reference(_ construct: MarkupConstruct, _ arguments: ShortcodeArguments) -> String? {
        switch construct.name.lowercased() {
        case "ref", "relref":
            guard let target = arguments.value("path", at: 0) else { return nil }
            guard let url = converter.resolver.hugoRef(path, target) else {
                leave(
                    construct, kind: "shortcode \(construct.name)",
                    reason: "its target '\(target)' is not a page of the site")
                return nil
            }
            count(construct.name.lowercased())
            return sitePath(url)
        case "param":
            guard let name = arguments.value("name", at: 0) else { return nil }
            guard let value = converter.param(name, fields: fields) else {
                leave(
                    construct, kind: "shortcode param",
                    reason: "no parameter '\(name)' in the page or the site configuration")
                return nil
            }
            count("param")
            return value
        default:
            return nil
        }
    }

    /// The shortcodes that hold a block up to their closer: highlighted code, a callout (an
    /// alert, finished at its closer), a `details` element.
    private mutating func block(
        _ construct: MarkupConstruct, _ arguments: ShortcodeArguments, closeIndex: Int?
    ) -> String? {
        let name = construct.name.lowercased()
        guard let closeIndex else { return nil }
        if ShortcodeAlert.names.contains(name) {
            guard let alert = ShortcodeAlert.from(name: construct.name, arguments: arguments) else { return nil }
            openAlerts[closeIndex] = (output.utf8.count, alert)
            count(name + " (as an alert)")
            return ""
        }
        let inner = body[construct.range.upperBound..<constructs[closeIndex].range.lowerBound]
        let made: String
        switch name {
        case "highlight":
            let options = HighlightFenceOptions.hugo(arguments.value("options", at: 1) ?? "")
            made = converter.fenced(String(inner), language: arguments.value("lang", at: 0) ?? "", options: options)
        case "details" where converter.allowHTML:
            let summary = arguments.value("summary", at: 0) ?? "Details"
            made =
                "<details>\n<summary>\(HTMLEscaping.escape(summary, keepingApostrophes: true))</summary>\n\n\(inner.trimmingCharacters(in: .newlines))\n\n</details>"
            result.usesHTML = true
        default:
            return nil
        }
        count(name)
        skip(to: closeIndex)
        return made
    }

    // MARK: Liquid

    /// A Liquid tag, converted; one that is not is reported once for its block (its `else` and
    /// `end…` tags belong to it).
    private mutating func liquidTag(_ construct: MarkupConstruct) -> String? {
        let replacement = liquidBlock(construct) ?? liquidLink(construct)
        let continuation =
            construct.name.hasPrefix("end") || ["else", "elsif", "when", "break", "continue"].contains(construct.name)
        if replacement == nil, !reported, !continuation {
            let kind = construct.name == "include" ? "Liquid include" : "Liquid \(construct.name)"
            let reason: String
            switch construct.name {
            case "include", "include_relative": reason = "includes a piece of the old theme"
            case "if", "unless", "for", "case", "capture", "assign", "increment", "decrement", "cycle", "tablerow":
                reason = "Liquid logic has no Markdown equivalent"
            default: reason = "a tag of a Jekyll plugin or of the old theme, with no Markdown equivalent"
            }
            leave(construct, kind: kind, reason: reason)
        }
        return replacement
    }

    /// The Liquid blocks with a plain equivalent: `raw` (its text as it is, without the tags, as
    /// Liquid would have shown it), `comment` (removed) and `highlight` (a fenced block).
    private mutating func liquidBlock(_ construct: MarkupConstruct) -> String? {
        let next = index + 1 < constructs.count ? constructs[index + 1].name : nil
        switch construct.name {
        case "raw" where next == "endraw":
            count("raw")
            defer { skip(to: index + 1) }
            return String(body[construct.range.upperBound..<constructs[index + 1].range.lowerBound])
        case "comment" where next == "endcomment":
            count("comment (removed)")
            skip(to: index + 1)
            return ""
        case "highlight":
            guard let closeIndex = closer(of: index, closes: { $0.form == .liquidTag && $0.name == "endhighlight" })
            else { return nil }
            let code = body[construct.range.upperBound..<constructs[closeIndex].range.lowerBound]
            let arguments = ShortcodeArguments.parse(construct.arguments)
            count("highlight")
            skip(to: closeIndex)
            return converter.fenced(
                String(code), language: arguments.positional.first ?? "",
                options: HighlightFenceOptions.jekyll(arguments))
        default:
            return nil
        }
    }

    /// `post_url` and `link`: the address of a post or a file of the site.
    private mutating func liquidLink(_ construct: MarkupConstruct) -> String? {
        let target = construct.arguments.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        switch construct.name {
        case "post_url":
            guard let url = converter.resolver.postURL(target) else {
                leave(construct, kind: "Liquid post_url", reason: "no post '\(target)' in the site")
                return nil
            }
            count("post_url")
            return sitePath(url)
        case "link":
            guard let url = converter.resolver.link(target) else {
                leave(construct, kind: "Liquid link", reason: "no file '\(target)' in the site")
                return nil
            }
            count("link")
            return sitePath(url)
        default:
            return nil
        }
    }

    /// `{{ site.baseurl }}` and `{{ site.url }}`; any other value of the old site's templates stays.
    private mutating func liquidOutput(_ construct: MarkupConstruct) -> String? {
        let afterSiteURL = !converter.origin.isEmpty && output.hasSuffix(converter.origin + converter.basePath)
        guard
            let value = converter.liquidOutput(
                construct.name, inMarkdownLink: inMarkdownLink(), afterSiteURL: afterSiteURL)
        else {
            leave(construct, kind: "Liquid output", reason: "a value of the old site's templates")
            return nil
        }
        count("site.baseurl / site.url")
        return value
    }

    // MARK: Helpers

    private mutating func count(_ name: String) { result.converted[name, default: 0] += 1 }

    /// Reports `construct` as left as it was, with why (its first line, at most 60 characters).
    private mutating func leave(_ construct: MarkupConstruct, kind: String, reason: String) {
        reported = true
        var shown = String(body[construct.range].prefix { $0 != "\n" })
        if shown.count > 60 { shown = String(shown.prefix(57)) + "…" }
        result.leftovers.append(Leftover(line: construct.line, kind: kind, text: shown, reason: reason))
    }

    /// Goes on after the construct at `closer`, the text up to it being taken by a block.
    private mutating func skip(to closer: Int) {
        position = constructs[closer].range.upperBound
        index = closer
    }

    /// The index of the construct that closes the one at `open` (by name), if any.
    private func closer(of open: Int, closes: (MarkupConstruct) -> Bool) -> Int? {
        var depth = 0
        for later in (open + 1)..<constructs.count {
            if constructs[later].name == constructs[open].name, !closes(constructs[later]) {
                if case .shortcode(_, false, false) = constructs[later].form { depth += 1 }
            }
            if closes(constructs[later]) {
                if depth == 0 { return later }
                depth -= 1
            }
        }
        return nil
    }

    /// Whether the text so far ends where a Markdown link's destination starts (`](`, `]: `).
    private func inMarkdownLink() -> Bool {
        output.hasSuffix("](") || output.hasSuffix("](<") || output.hasSuffix("]: ")
    }

    /// A site path (`/news/x/`) as it must be written here.
    private func sitePath(_ path: String) -> String { inMarkdownLink() ? path : converter.basePath + path }
}
