import Foundation
import Herald

/// Rewrites the shortcodes and Liquid of a body that have a plain Markdown or HTML equivalent,
/// and lists the others, which stay in the text as they were.
struct BodyConverter: Sendable {
    var dialect: OldSiteKind
    /// Whether HTML may be written (the new site lets raw HTML through); otherwise Markdown.
    var allowHTML: Bool
    /// The site's base path without a trailing `/` (`/club`, or empty), for `site.baseurl`. Herald
    /// puts it before a Markdown link's site path itself, so it is written only where Herald does
    /// not look: in raw HTML (`src="…"`) and in absolute addresses.
    var basePath: String
    /// The site's scheme and host (`https://club.example.org`), for `site.url`.
    var origin: String
    var resolver: ReferenceResolver
    /// Site parameters by lower-cased dotted key, for `{{< param >}}`.
    var siteParams: [String: String]

    /// Converts `body`, whose first line is file line `firstLine` of `path`; `fields` are the
    /// item's front matter, for `param`.
    func convert(_ body: String, path: String, firstLine: Int, fields: FrontMatterFields) -> BodyConversion {
        let constructs = MarkupScanner.scan(body, dialect: dialect, firstLine: firstLine)
        guard !constructs.isEmpty else { return BodyConversion(text: body) }
        var result = BodyConversion(text: "")
        var output = ""
        output.reserveCapacity(body.utf8.count)
        var position = body.startIndex
        var index = 0
        var reported = false
        var silentClosers = Set<Int>()
        // Callouts open: closer's index → where their text starts in the output, and the alert.
        var openAlerts: [Int: (start: Int, alert: ShortcodeAlert)] = [:]
        func count(_ name: String) { result.converted[name, default: 0] += 1 }
        func leave(_ construct: MarkupConstruct, kind: String, reason: String) {
            reported = true
            var shown = String(body[construct.range].prefix { $0 != "\n" })
            if shown.count > 60 { shown = String(shown.prefix(57)) + "…" }
            result.leftovers.append(Leftover(line: construct.line, kind: kind, text: shown, reason: reason))
        }
        /// The index of the construct that closes the one at `open` (by name), if any.
        func closer(of open: Int, closes: (MarkupConstruct) -> Bool) -> Int? {
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
        func inMarkdownLink() -> Bool { output.hasSuffix("](") || output.hasSuffix("](<") || output.hasSuffix("]: ") }
        /// A site path (`/news/x/`) as it must be written here.
        func sitePath(_ path: String) -> String { inMarkdownLink() ? path : basePath + path }
        while index < constructs.count {
            let construct = constructs[index]
            reported = false
            output += body[position..<construct.range.lowerBound]
            position = construct.range.upperBound
            var replacement: String? = nil
            switch construct.form {
            case .escapedShortcode(let shown):
                replacement = shown
                count("escaped shortcode")
            case .shortcode(_, let closing, let selfClosing):
                if closing {
                    if let open = openAlerts.removeValue(forKey: index) {
                        // The text since the callout opened, its shortcodes converted, quoted.
                        let start = output.utf8.index(output.startIndex, offsetBy: open.start)
                        let inner = String(output[start...])
                        output = ShortcodeAlert.blankLineBefore(String(output[..<start])) + open.alert.markdown(inner)
                            + ShortcodeAlert.blankLineAfter(body[position...])
                        replacement = ""
                        break
                    }
                    if silentClosers.contains(index) { break }
                    leave(construct, kind: "shortcode \(construct.name)", reason: "closes a shortcode that was not opened")
                    break
                }
                let arguments = ShortcodeArguments.parse(construct.arguments)
                let closeIndex = selfClosing ? nil : closer(of: index) { other in
                    if case .shortcode(_, true, _) = other.form { return other.name == construct.name }
                    return false
                }
                switch construct.name.lowercased() {
                case "figure":
                    replacement = figure(arguments, result: &result)
                    count("figure")
                case "youtube":
                    if let id = arguments.value("id", at: 0) {
                        replacement = video(url: "https://www.youtube-nocookie.com/embed/\(id)", link: "https://www.youtube.com/watch?v=\(id)",
                                            title: arguments.value("title") ?? "YouTube video", result: &result)
                        count("youtube")
                    }
                case "vimeo":
                    if let id = arguments.value("id", at: 0) {
                        replacement = video(url: "https://player.vimeo.com/video/\(id)?dnt=1", link: "https://vimeo.com/\(id)",
                                            title: arguments.value("title") ?? "Vimeo video", result: &result)
                        count("vimeo")
                    }
                case "gist":
                    if let user = arguments.value("user", at: 0), let id = arguments.value("id", at: 1) {
                        let file = arguments.value("file", at: 2).map { " (\($0))" } ?? ""
                        replacement = "[Code on GitHub Gist: \(user)/\(id)\(file)](https://gist.github.com/\(user)/\(id))"
                        count("gist")
                    }
                case "tweet", "twitter", "x":
                    if let id = arguments.value("id", at: arguments.named["user"] == nil && arguments.positional.count == 1 ? 0 : 1) {
                        let user = arguments.value("user", at: arguments.positional.count >= 2 ? 0 : nil)
                        replacement = user.map { "[Post by @\($0) on X](https://x.com/\($0)/status/\(id))" } ?? "[Post on X](https://x.com/i/status/\(id))"
                        count("tweet")
                    }
                case "instagram":
                    if let id = arguments.value("id", at: 0) {
                        replacement = "[Post on Instagram](https://www.instagram.com/p/\(id)/)"
                        count("instagram")
                    }
                case "ref", "relref":
                    if let target = arguments.value("path", at: 0) {
                        if let url = resolver.hugoRef(path, target) {
                            replacement = sitePath(url)
                            count(construct.name.lowercased())
                        } else {
                            leave(construct, kind: "shortcode \(construct.name)", reason: "its target '\(target)' is not a page of the site")
                        }
                    }
                case "param":
                    if let name = arguments.value("name", at: 0) {
                        if let value = param(name, fields: fields) {
                            replacement = value
                            count("param")
                        } else {
                            leave(construct, kind: "shortcode param", reason: "no parameter '\(name)' in the page or the site configuration")
                        }
                    }
                case "highlight":
                    if let closeIndex {
                        let code = body[construct.range.upperBound..<constructs[closeIndex].range.lowerBound]
                        let options = HighlightFenceOptions.hugo(arguments.value("options", at: 1) ?? "")
                        replacement = fenced(String(code), language: arguments.value("lang", at: 0) ?? "", options: options)
                        position = constructs[closeIndex].range.upperBound
                        count("highlight")
                        index = closeIndex
                    }
                case _ where ShortcodeAlert.names.contains(construct.name.lowercased()):
                    if let closeIndex, let alert = ShortcodeAlert.from(name: construct.name, arguments: arguments) {
                        openAlerts[closeIndex] = (output.utf8.count, alert)
                        replacement = ""
                        count(construct.name.lowercased() + " (as an alert)")
                    }
                case "details":
                    if let closeIndex, allowHTML {
                        let inner = body[construct.range.upperBound..<constructs[closeIndex].range.lowerBound]
                        let summary = arguments.value("summary", at: 0) ?? "Details"
                        replacement = "<details>\n<summary>\(HTMLEscaping.escape(summary, keepingApostrophes: true))</summary>\n\n\(inner.trimmingCharacters(in: .newlines))\n\n</details>"
                        result.usesHTML = true
                        position = constructs[closeIndex].range.upperBound
                        count("details")
                        index = closeIndex
                    }
                default:
                    break
                }
                if replacement == nil, !closing {
                    if !reported { leave(construct, kind: "shortcode \(construct.name)", reason: knownReason(construct.name)) }
                    // Its closing tag is part of it: not reported again.
                    if let closeIndex { silentClosers.insert(closeIndex) }
                }
            case .liquidTag:
                switch construct.name {
                case "raw":
                    // The text between stays as it is, without the tags: Liquid would have shown it so.
                    if index + 1 < constructs.count, constructs[index + 1].name == "endraw" {
                        replacement = String(body[construct.range.upperBound..<constructs[index + 1].range.lowerBound])
                        position = constructs[index + 1].range.upperBound
                        index += 1
                        count("raw")
                    }
                case "comment":
                    if index + 1 < constructs.count, constructs[index + 1].name == "endcomment" {
                        replacement = ""
                        position = constructs[index + 1].range.upperBound
                        index += 1
                        count("comment (removed)")
                    }
                case "highlight":
                    if let closeIndex = closer(of: index, closes: { $0.form == .liquidTag && $0.name == "endhighlight" }) {
                        let code = body[construct.range.upperBound..<constructs[closeIndex].range.lowerBound]
                        let arguments = ShortcodeArguments.parse(construct.arguments)
                        let language = arguments.positional.first ?? ""
                        replacement = fenced(String(code), language: language, options: HighlightFenceOptions.jekyll(arguments))
                        position = constructs[closeIndex].range.upperBound
                        count("highlight")
                        index = closeIndex
                    }
                case "post_url":
                    let name = construct.arguments.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
                    if let url = resolver.postURL(name) {
                        replacement = sitePath(url)
                        count("post_url")
                    } else {
                        leave(construct, kind: "Liquid post_url", reason: "no post '\(name)' in the site")
                    }
                case "link":
                    let target = construct.arguments.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
                    if let url = resolver.link(target) {
                        replacement = sitePath(url)
                        count("link")
                    } else {
                        leave(construct, kind: "Liquid link", reason: "no file '\(target)' in the site")
                    }
                default:
                    break
                }
                // A block's later tags (`else`, `endif`) belong to the tag that opened it, reported once.
                let continuation = construct.name.hasPrefix("end") || ["else", "elsif", "when", "break", "continue"].contains(construct.name)
                if replacement == nil, !reported, !continuation {
                    let kind = construct.name == "include" ? "Liquid include" : "Liquid \(construct.name)"
                    let reason: String
                    switch construct.name {
                    case "include", "include_relative": reason = "includes a piece of the old theme"
                    case "if", "unless", "for", "case", "capture", "assign", "increment", "decrement", "cycle", "tablerow": reason = "Liquid logic has no Markdown equivalent"
                    default: reason = "a tag of a Jekyll plugin or of the old theme, with no Markdown equivalent"
                    }
                    leave(construct, kind: kind, reason: reason)
                }
            case .liquidOutput:
                let afterSiteURL = !origin.isEmpty && output.hasSuffix(origin + basePath)
                if let value = liquidOutput(construct.name, inMarkdownLink: inMarkdownLink(), afterSiteURL: afterSiteURL) {
                    replacement = value
                    count("site.baseurl / site.url")
                } else {
                    leave(construct, kind: "Liquid output", reason: "a value of the old site's templates")
                }
            }
            output += replacement ?? String(body[construct.range])
            index += 1
        }
        output += body[position...]
        result.text = output
        return result
    }

    /// Why an unconverted shortcode stays.
    func knownReason(_ name: String) -> String {
        switch name.lowercased() {
        case "youtube", "vimeo", "gist", "tweet", "instagram", "ref", "relref", "param", "figure": return "its arguments could not be read"
        case "highlight": return "it is never closed"
        case "details": return allowHTML ? "it is never closed" : "it needs HTML, which the old site did not let through"
        default: return "a shortcode of the old theme, with no Markdown equivalent"
        }
    }

    /// A `param` shortcode's value: the page's front matter (or its `params`), else the site's.
    func param(_ name: String, fields: FrontMatterFields) -> String? {
        if let text = fields.text(name) { return text }
        if let params = fields.field("params")?.value.mapping, let value = ConfigLayers.entry(name, in: params)?.1.string { return value }
        return siteParams[name.lowercased()]
    }

    /// Hugo's `figure` as Markdown, or as `<figure>` HTML when it has a caption and HTML is allowed.
    func figure(_ arguments: ShortcodeArguments, result: inout BodyConversion) -> String {
        let src = arguments.value("src") ?? ""
        let alt = arguments.value("alt") ?? arguments.value("title") ?? arguments.value("caption") ?? ""
        let caption = [arguments.value("title"), arguments.value("caption")].compactMap { $0 }.filter { !$0.isEmpty }
        let link = arguments.value("link")
        if !caption.isEmpty, allowHTML {
            result.usesHTML = true
            var image = "<img src=\"\(HTMLEscaping.escape(src, keepingApostrophes: true))\" alt=\"\(HTMLEscaping.escape(alt, keepingApostrophes: true))\""
            if let width = arguments.value("width") { image += " width=\"\(HTMLEscaping.escape(width, keepingApostrophes: true))\"" }
            if let height = arguments.value("height") { image += " height=\"\(HTMLEscaping.escape(height, keepingApostrophes: true))\"" }
            image += ">"
            if let link { image = "<a href=\"\(HTMLEscaping.escape(link, keepingApostrophes: true))\">\(image)</a>" }
            let captionHTML = caption.map { HTMLEscaping.escape($0, keepingApostrophes: true) }.joined(separator: " — ")
            return "<figure>\(image)<figcaption>\(captionHTML)</figcaption></figure>"
        }
        var markdown = "![\(MarkdownText.escapeLinkText(alt))](\(MarkdownText.destination(src))\(caption.isEmpty ? "" : " \"" + caption.joined(separator: " — ").replacingOccurrences(of: "\"", with: "\\\"") + "\""))"
        if let link { markdown = "[\(markdown)](\(MarkdownText.destination(link)))" }
        if !caption.isEmpty { markdown += "\n*\(MarkdownText.escapeLinkText(caption.joined(separator: " — ")))*" }
        return markdown
    }

    /// A video as a privacy-friendly embed, or a link when HTML is not allowed.
    func video(url: String, link: String, title: String, result: inout BodyConversion) -> String {
        guard allowHTML else { return "[▶ \(MarkdownText.escapeLinkText(title))](\(link))" }
        result.usesHTML = true
        return "<iframe src=\"\(HTMLEscaping.escape(url, keepingApostrophes: true))\" title=\"\(HTMLEscaping.escape(title, keepingApostrophes: true))\" loading=\"lazy\" allow=\"fullscreen; picture-in-picture\" allowfullscreen style=\"width:100%;aspect-ratio:16/9;border:0\"></iframe>"
    }

    /// Code as a fenced block, with a fence longer than any run of backticks inside.
    /// `code` as a fenced block, its fence longer than any run of backticks inside; `options`
    /// (`{linenos=true}`) follow a language, which they need to be read as options.
    func fenced(_ code: String, language: String, options: String = "") -> String {
        var lines = code
        while lines.hasPrefix("\n") || lines.hasPrefix("\r\n") { lines = String(lines.drop { $0 == "\n" || $0 == "\r\n" }) }
        while lines.hasSuffix("\n") || lines.hasSuffix("\r\n") || lines.hasSuffix(" ") { lines.removeLast() }
        var longest = 0, run = 0
        for character in lines { run = character == "`" ? run + 1 : 0; longest = max(longest, run) }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + language + (language.isEmpty || options.isEmpty ? "" : " " + options) + "\n" + lines + "\n" + fence
    }

    /// `{{ site.baseurl }}`, `{{ site.url }}` and the `relative_url`/`absolute_url` filters. The site's
    /// address (`site.url`) is written with its base path, and `site.baseurl` then as nothing, so
    /// that `{{ site.url }}{{ site.baseurl }}/x` and `[a]({{ site.baseurl }}/x)` both come out right.
    func liquidOutput(_ expression: String, inMarkdownLink: Bool, afterSiteURL: Bool = false) -> String? {
        let base = inMarkdownLink ? "" : basePath
        let compact = expression.replacingOccurrences(of: " ", with: "")
        switch compact {
        case "site.baseurl": return afterSiteURL ? "" : base
        case "site.url": return origin.isEmpty ? "" : origin + basePath
        default: break
        }
        // `'/path' | relative_url` or `"/path" | absolute_url`.
        let parts = expression.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let quote = parts[0].first, quote == "'" || quote == "\"", parts[0].last == quote, parts[0].count >= 2 else { return nil }
        var path = String(parts[0].dropFirst().dropLast())
        if !path.hasPrefix("/") { path = "/" + path }
        switch parts[1] {
        case "relative_url": return base + path
        case "absolute_url": return origin + basePath + path
        default: return nil
        }
    }
}
