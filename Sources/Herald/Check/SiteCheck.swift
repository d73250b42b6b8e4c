import Foundation

/// What `herald check` found.
public struct CheckReport: Sendable {
    /// Every finding: the build's warnings and the checks', sorted by path and line.
    public var findings: [Diagnostic]
    /// Items, pages and files the build made in memory.
    public var items: Int, pages: Int, files: Int

    /// The findings that are errors.
    public var errors: [Diagnostic] { findings.filter { $0.severity == .error } }
    /// The findings that are warnings.
    public var warnings: [Diagnostic] { findings.filter { $0.severity == .warning } }
}

/// `herald check`: builds the site in memory, writing nothing, and looks at the result for what an
/// editor should fix before publishing. A site that does not build fails with the build's
/// `BuildFailure`, as `herald build` would.
public enum SiteCheck {
    /// Builds the site read from `fileSystem` (the site folder on disk by default) and checks it.
    public static func run(_ options: BuildOptions, fileSystem: FileSystem? = nil) throws -> CheckReport {
        let fileSystem = fileSystem ?? .disk(root: options.sourcePath)
        // An editor checking the site is told of every item the site leaves out as future.
        var options = options
        options.namesEveryFutureItem = true
        options.describesModel = true
        let output = MemoryOutput()
        let report = try Build(options: options, fileSystem: fileSystem).run(into: output)
        guard let model = report.model else {
            return CheckReport(findings: report.warnings, items: report.items, pages: report.pages, files: report.files)
        }
        let files = output.files
        let findings = inspect(
            model: model, files: files, outputPath: options.outputPath,
            sourceText: { path in
                (try? fileSystem.readFile(path)).map { String(decoding: $0, as: UTF8.self) }
            })
        return CheckReport(
            findings: Array(Set(report.warnings + findings)).sorted(), items: report.items, pages: report.pages,
            files: files.count)
    }

    /// The checks proper, on a finished build held in memory (no I/O but `sourceText`, which reads
    /// a content or template file to find the line a finding is on).
    static func inspect(
        model: BuiltModel, files: [String: Data], outputPath: String, sourceText: @escaping (String) -> String?
    ) -> [Diagnostic] {
        let urls = SiteURLs(config: model.site.config)
        let check = LinkCheck(files: files, basePath: urls.basePath, baseURL: urls.baseURL)
        // Each source file is read once, however many findings it has.
        let sources = SourceTexts(read: sourceText)
        // Each language's items are checked in their own part (an item shown untranslated in
        // another language's is the same file, and its findings are told once).
        var findings = ([model.site] + model.otherLanguages).enumerated().flatMap { index, site in
            ContentCheck(site: site, links: check, urls: urls, sourceText: sources.text, sitewide: index == 0)
                .findings()
        }
        findings += links(model: model, check: check, urls: urls, sourceText: sources.text)
        findings += DocumentCheck(
            files: files, outputPath: outputPath, baseURL: urls.baseURL,
            apiFolders: ([model.site] + model.otherLanguages).map(\.layout.apiFolder)
        ).findings()
        findings += RedirectCheck(site: model.site, files: files, links: check, urls: urls, sourceText: sources.text)
            .findings()
        findings += AlternateLinkCheck(files: files, links: check).findings(pages: model.pages.map(\.path)).map {
            finding in
            let (page, alternate) = (
                "/" + URLLayout.pagePath(ofFile: finding.page), "/" + URLLayout.pagePath(ofFile: finding.alternate)
            )
            return Diagnostic(
                path: finding.exists ? "templates/layout.mustache" : page, line: 1,
                finding.exists
                    ? "\(page) names \(alternate) as its \(finding.language) version (hreflang), but \(alternate) does not name it back"
                    : "\(page) names \(alternate) as its \(finding.language) version (hreflang), and there is no such page",
                severity: .warning)
        }
        findings += model.theme.unknownNames()
        return findings
    }

    /// Broken links and images, each reported once where it was written: the line of the content
    /// file the page shows, else of the template that holds it, else the page's template.
    private static func links(
        model: BuiltModel, check: LinkCheck, urls: SiteURLs, sourceText: (String) -> String?
    ) -> [Diagnostic] {
        let pages = model.pages
        // A missing cover is reported once, at its `image:` line, not again on every page showing it.
        let missingCovers = Set(
            model.site.items.compactMap { $0.image.map(urls.asset) }.filter { cover in
                check.target(of: cover, from: "") != .outside && !check.leadsSomewhere(cover, from: "")
            })
        let broken = check.brokenLinks(pages: pages.map(\.path)).filter { !missingCovers.contains($0.link) }
        let pageInfo = Dictionary(
            pages.map { ($0.path, (template: $0.template, source: $0.source)) }, uniquingKeysWith: { a, _ in a })
        let templateTexts = model.theme.sources.sorted { $0.key < $1.key }
        let itemPaths = ItemPaths(([model.site] + model.otherLanguages).flatMap(\.paths))
        var grouped: [String: BrokenLinkGroup] = [:]
        var order: [String] = []
        for finding in broken {
            let info = pageInfo[finding.page]
            let (location, written) = whereWritten(
                finding, info: info, templateTexts: templateTexts, theme: model.theme, urls: urls,
                sourceText: sourceText)
            let place =
                location ?? (
                    info.map { model.theme.sourcePaths[$0.template] ?? "templates/\($0.template).mustache" }
                        ?? finding.page, 1
                )
            // A link not found as written anywhere is reported once, at the first page's template.
            let key = location == nil ? "?\u{0}\(finding.link)" : "\(place.0)\u{0}\(place.1)\u{0}\(finding.link)"
            if grouped[key] == nil {
                grouped[key] = BrokenLinkGroup(
                    location: (place.0, place.1), finding: finding, written: written, pages: [])
                order.append(key)
            }
            grouped[key]!.pages.append(finding.page)
        }
        return order.map { describe(grouped[$0]!, check: check, urls: urls, itemPaths: itemPaths) }
    }

    /// A broken link as it is reported: once for every place it is written, with the pages it is on.
    private struct BrokenLinkGroup {
        var location: (path: String, line: Int)
        var finding: LinkCheck.Broken
        /// The link as written in the source, which may lack the base path the page's link has.
        var written: String
        var pages: [String]
    }

    /// Where a broken link was written, and how: the line of the content file the page shows,
    /// else of the page's own template, else of another template (partials, the layout); nil
    /// when it is found written nowhere.
    private static func whereWritten(
        _ finding: LinkCheck.Broken, info: (template: String, source: String?)?,
        templateTexts: [(key: String, value: String)], theme: Theme, urls: SiteURLs,
        sourceText: (String) -> String?
    ) -> (location: (String, Int)?, written: String) {
        let forms = asWritten(finding.link, basePath: urls.basePath)
        if let source = info?.source, let content = sourceText(source),
            let (form, line) = firstLine(containingOneOf: forms, in: content)
        {
            return ((source, line), form)
        }
        // The page's own template is searched first, then the rest (partials, the layout).
        let own = templateTexts.filter { $0.key == info?.template }
        for (name, template) in own + templateTexts.filter({ $0.key != info?.template }) {
            if let line = forms.lazy.compactMap({ lineContaining($0, in: template) }).first {
                return ((theme.sourcePaths[name] ?? "templates/\(name).mustache", line), finding.link)
            }
        }
        return (nil, finding.link)
    }

    /// The finding told for a broken link, at the first place it is written, with a suggestion
    /// of what was meant when one is close.
    private static func describe(
        _ entry: BrokenLinkGroup, check: LinkCheck, urls: SiteURLs, itemPaths: ItemPaths
    ) -> Diagnostic {
        let firstPage = urls.path(URLLayout.pagePath(ofFile: entry.pages[0]))
        let on = entry.pages.count == 1 ? "on \(firstPage)" : "on \(entry.pages.count) pages, such as \(firstPage)"
        // A site path is put under the base path: say what it became, which is what is missing.
        let link =
            entry.written == entry.finding.link
            ? entry.finding.link : "\(entry.written) (\(entry.finding.link) on the page)"
        if let anchor = entry.finding.missingAnchor {
            return missingAnchor(anchor, link: link, on: on, finding: entry.finding, check: check, at: entry.location)
        }
        let what = entry.finding.attribute == "href" ? "links to" : "shows the image"
        let target = check.target(of: entry.finding.link, from: entry.pages[0])
        let reason = target == .aboveRoot ? "which climbs above the site's root" : "which is not in the site"
        let nearItem =
            entry.finding.attribute == "href"
            ? itemPaths.nearest(to: target, from: entry.pages[0]).map { "; did you mean \(urls.path($0))?" } : nil
        let suggestion =
            nearItem
            ?? (entry.finding.attribute == "href"
                ? Self.webAddress(entry.written).map { "; did you mean https://\($0)?" } : nil) ?? ""
        return Diagnostic(
            path: entry.location.path, line: entry.location.line, "\(what) \(link), \(reason) (\(on))\(suggestion)")
    }

    /// `kaggle.com` or `www.example.org/page` written as a link without its `https://`, which makes
    /// it a path of the site: the address meant, when the first segment is a host name whose last
    /// label is a top-level domain of the public suffix list and no file type (`report.pdf`,
    /// `setup.py` and `index.en` are files).
    static func webAddress(_ written: String) -> String? {
        guard !written.hasPrefix("/"), !written.hasPrefix("."), !written.contains(where: \.isWhitespace) else {
            return nil
        }
        let host = written.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2,
            labels.allSatisfy({
                !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }),
            let last = labels.last.map(String.init), topLevelDomains.contains(last),
            !fileTypes.contains(last) && !ImageFormat.readExtensions.contains(last) || host.hasPrefix("www.")
        else { return nil }
        return written
    }

    /// The top-level domains of the public suffix list (Debian's `publicsuffix`, which libpsl and
    /// curl use), read once, when a broken link is found; without it no address is suggested.
    static let topLevelDomains: Set<String> = {
        guard let text = try? String(contentsOfFile: "/usr/share/publicsuffix/public_suffix_list.dat", encoding: .utf8)
        else { return [] }
        return Set(
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter {
                    !$0.isEmpty && !$0.hasPrefix("//") && !$0.contains(".")
                        && $0.allSatisfy { $0.isASCII && $0.isLetter }
                })
    }()

    /// Endings that name a file here, though some are also countries' domains (`.md`, `.py`, `.pl`).
    private static let fileTypes: Set<String> = [
        "html", "htm", "md", "pdf", "css", "js", "json", "xml", "txt", "zip", "doc", "docx", "ppt",
        "pptx", "xls", "xlsx", "csv", "mp3", "mp4", "ics", "rss", "py", "pl", "sh", "rs", "ps", "so",
    ]

    /// A link to a heading, footnote or line the page does not have: the page opens at its top.
    /// A warning, as the link still leads to the page; the nearest id there is suggested.
    private static func missingAnchor(
        _ anchor: String, link: String, on: String, finding: LinkCheck.Broken, check: LinkCheck,
        at location: (path: String, line: Int)
    ) -> Diagnostic {
        let ids = check.anchors(of: finding.link, from: finding.page).map { ($0, $0) }
        let nearest =
            NearestMatch(ids).nearest(to: anchor, within: max(2, anchor.utf8.count / 5)).map {
                "; did you mean #\($0.value)?"
            } ?? ""
        let page = finding.link.hasPrefix("#") ? "the page" : "the page it leads to"
        return Diagnostic(
            path: location.path, line: location.line,
            "links to \(link), but \(page) has no heading or other element with the id '\(anchor)', so it opens at the top (\(on))\(nearest)",
            severity: .warning)
    }

    /// Every item's output path, to find the one a broken link most likely meant.
    struct ItemPaths {
        let match: NearestMatch

        init(_ paths: [String]) { match = NearestMatch(paths.map { ($0, $0) }) }

        /// The item path a slip or two away from where a link leads (`news/frist/` for
        /// `news/first/`, a missing or extra `/`), or nil when none is that close, or an item is
        /// there, or it is the page the link is on (`N` on `news/a/` is no slip for `news/a/`).
        func nearest(to target: LinkCheck.Target, from page: String) -> String? {
            guard case .file(let written) = target, !written.isEmpty else { return nil }
            let wanted = written.hasSuffix("/") || written.hasSuffix(".html") ? written : written + "/"
            guard let found = match.nearest(to: wanted, within: max(2, wanted.utf8.count / 6)), found.distance > 0
            else { return nil }
            let own = URLLayout.pagePath(ofFile: page)
            return found.value == own ? nil : found.value
        }
    }

    /// How a link in a page may have been written in its source: as it is, or (Herald puts site
    /// paths under the base path) without the base path, and with its percent-escapes decoded.
    static func asWritten(_ link: String, basePath: String) -> [String] {
        var forms = [link]
        if link.hasPrefix(basePath) {
            let rest = link.dropFirst(basePath.count)
            if basePath != "/" { forms.append("/" + rest) }
            // A template writes a site link after the base path's variable.
            forms += ["{{site.root}}" + rest, "{{{site.root}}}" + rest]
        }
        forms += forms.compactMap { $0.removingPercentEncoding }.filter { !forms.contains($0) }
        return forms
    }

    /// The first of `forms` (the ways one link may be written) found in `text`, with its line.
    static func firstLine(containingOneOf forms: [String], in text: String) -> (form: String, line: Int)? {
        for form in forms {
            if let line = lineContaining(form, in: text) { return (form, line) }
        }
        return nil
    }

    /// The 1-based line where `needle` is written as a link's target: the first occurrence set
    /// apart as Markdown and HTML write an address (`](N)`, `<N>`, `]: N`, `href="N"`), else the
    /// first occurrence at all. A short target (`N`, `x.png`) is also found in ordinary words.
    static func lineContaining(_ needle: String, in text: String) -> Int? {
        guard !needle.isEmpty, let first = text.range(of: needle) else { return nil }
        let opening: Set<Character> = ["(", "<", "\"", "'", "=", " ", "\t", "\n"]
        let closing: Set<Character> = [")", ">", "\"", "'", " ", "\t", "\n", "#", "?"]
        var search = first
        var found = first
        while true {
            let before = search.lowerBound > text.startIndex ? text[text.index(before: search.lowerBound)] : "\n"
            let after = search.upperBound < text.endIndex ? text[search.upperBound] : "\n"
            if opening.contains(before) && closing.contains(after) {
                found = search
                break
            }
            guard let next = text.range(of: needle, range: search.upperBound..<text.endIndex) else { break }
            search = next
        }
        return text.utf8[..<found.lowerBound].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}

/// Source files read for `herald check`, each once.
private final class SourceTexts {
    private let read: (String) -> String?
    private var cache: [String: String?] = [:]

    init(read: @escaping (String) -> String?) { self.read = read }

    /// A file's text (nil when it cannot be read), with CRLF and CR line breaks made LF as the
    /// build reads them, so a finding's line number is counted the same way on any file.
    func text(_ path: String) -> String? {
        if let known = cache[path] { return known }
        var text = read(path)
        if let read = text, read.utf8.contains(0x0D) {
            text = read.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        cache[path] = text
        return text
    }
}
