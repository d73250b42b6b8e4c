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
        var run = BodyConversionRun(converter: self, body: body, path: path, constructs: constructs, fields: fields)
        return run.convert()
    }

    /// Why an unconverted shortcode stays.
    func knownReason(_ name: String) -> String {
        switch name.lowercased() {
        case "youtube", "vimeo", "gist", "tweet", "instagram", "ref", "relref", "param", "figure":
            return "its arguments could not be read"
        case "highlight": return "it is never closed"
        case "details":
            return allowHTML ? "it is never closed" : "it needs HTML, which the old site did not let through"
        default: return "a shortcode of the old theme, with no Markdown equivalent"
        }
    }

    /// A `param` shortcode's value: the page's front matter (or its `params`), else the site's.
    func param(_ name: String, fields: FrontMatterFields) -> String? {
        if let text = fields.text(name) { return text }
        if let params = fields.field("params")?.value.mapping,
            let value = ConfigLayers.entry(name, in: params)?.1.string
        {
            return value
        }
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
            var image =
                "<img src=\"\(HTMLEscaping.escape(src, keepingApostrophes: true))\" alt=\"\(HTMLEscaping.escape(alt, keepingApostrophes: true))\""
            if let width = arguments.value("width") {
                image += " width=\"\(HTMLEscaping.escape(width, keepingApostrophes: true))\""
            }
            if let height = arguments.value("height") {
                image += " height=\"\(HTMLEscaping.escape(height, keepingApostrophes: true))\""
            }
            image += ">"
            if let link { image = "<a href=\"\(HTMLEscaping.escape(link, keepingApostrophes: true))\">\(image)</a>" }
            let captionHTML = caption.map { HTMLEscaping.escape($0, keepingApostrophes: true) }.joined(separator: " — ")
            return "<figure>\(image)<figcaption>\(captionHTML)</figcaption></figure>"
        }
        var markdown =
            "![\(MarkdownText.escapeLinkText(alt))](\(MarkdownText.destination(src))\(caption.isEmpty ? "" : " \"" + caption.joined(separator: " — ").replacingOccurrences(of: "\"", with: "\\\"") + "\""))"
        if let link { markdown = "[\(markdown)](\(MarkdownText.destination(link)))" }
        if !caption.isEmpty { markdown += "\n*\(MarkdownText.escapeLinkText(caption.joined(separator: " — ")))*" }
        return markdown
    }

    /// A video as a privacy-friendly embed, or a link when HTML is not allowed.
    func video(url: String, link: String, title: String, result: inout BodyConversion) -> String {
        guard allowHTML else { return "[▶ \(MarkdownText.escapeLinkText(title))](\(link))" }
        result.usesHTML = true
        return
            "<iframe src=\"\(HTMLEscaping.escape(url, keepingApostrophes: true))\" title=\"\(HTMLEscaping.escape(title, keepingApostrophes: true))\" loading=\"lazy\" allow=\"fullscreen; picture-in-picture\" allowfullscreen style=\"width:100%;aspect-ratio:16/9;border:0\"></iframe>"
    }

    /// Code as a fenced block, with a fence longer than any run of backticks inside.
    /// `code` as a fenced block, its fence longer than any run of backticks inside; `options`
    /// (`{linenos=true}`) follow a language, which they need to be read as options.
    func fenced(_ code: String, language: String, options: String = "") -> String {
        var lines = code
        while lines.hasPrefix("\n") || lines.hasPrefix("\r\n") {
            lines = String(lines.drop { $0 == "\n" || $0 == "\r\n" })
        }
        while lines.hasSuffix("\n") || lines.hasSuffix("\r\n") || lines.hasSuffix(" ") { lines.removeLast() }
        var longest = 0
        var run = 0
        for character in lines {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + language + (language.isEmpty || options.isEmpty ? "" : " " + options) + "\n" + lines + "\n"
            + fence
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
        guard parts.count == 2, let quote = parts[0].first, quote == "'" || quote == "\"", parts[0].last == quote,
            parts[0].count >= 2
        else { return nil }
        var path = String(parts[0].dropFirst().dropLast())
        if !path.hasPrefix("/") { path = "/" + path }
        switch parts[1] {
        case "relative_url": return base + path
        case "absolute_url": return origin + basePath + path
        default: return nil
        }
    }
}
