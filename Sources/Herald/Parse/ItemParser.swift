import Foundation

/// Turns one content file into a `ContentItem`, or into the list of what is wrong with it.
public struct ItemParser: Sendable {
    /// The site's settings (time zone, Markdown options, base path).
    public let config: SiteConfig
    /// The Markdown renderer, set up for the site.
    public var markdown: MarkdownRenderer
    /// The site's URL layout, made once: a bundle's links point where its files are published.
    let urlLayout: URLLayout
    /// Of a multilingual site, each language's layout, by code: a translation's page is in its
    /// language's folder, and so are its bundle's files.
    let layoutOfLanguage: [String: URLLayout]
    /// Of a multilingual site, each language's default author, by code (`languages: … author:`).
    let authorOfLanguage: [String: String]
    /// The names of the site's own taxonomies, whose front matter keys name an item's terms.
    let taxonomyNames: [String]
    /// Times the Markdown of each file, for `--timings`.
    var partClock = PartClock(enabled: false)

    /// Creates a parser for a site.
    public init(config: SiteConfig) {
        self.config = config
        self.markdown = MarkdownRenderer(options: config.markdown, basePath: config.basePath)
        self.urlLayout = config.layout
        taxonomyNames = config.taxonomies.map(\.name)
        layoutOfLanguage =
            config.languages.count > 1
            ? Dictionary(
                uniqueKeysWithValues: config.languages.map {
                    ($0.code, LanguagesParser.config(of: $0, in: config).layout)
                }) : [:]
        authorOfLanguage = Dictionary(
            config.languages.compactMap { language in language.author.map { (language.code, $0) } },
            uniquingKeysWith: { a, _ in a })
    }

    /// What parsing one file gave: the item (unless it had errors) and every diagnostic.
    public struct Outcome: Sendable {
        /// The item, when the file had no errors.
        public var item: ContentItem?
        /// Errors and warnings, each `path:line: message`.
        public var diagnostics: [Diagnostic]
        /// CPU seconds spent rendering Markdown (the rest of parsing is the front matter), for `--timings`.
        public var markdownSeconds: Double = 0
        /// Why a file that parsed is not a page by design (`headless: true`, `published: false`,
        /// `build: {render: never}`), for the summary line; nil for an item or a failure.
        public var notPage: String? = nil
        /// A section's own page (`_index.md`), when the file is one.
        public var section: SectionPage? = nil
        /// The file line of the first raw HTML that safe mode left out of the body, told once per
        /// build for all files (`Build`), not once per file.
        public var omittedHTMLLine: Int? = nil
        /// The file line of the first code block left plain because Pygments is missing, told once per build.
        public var plainCodeLine: Int? = nil
    }

    /// What an outcome tells beside its item and section: an edit that changes any of it changes
    /// the build's warnings, so a rebuild after edits to bodies alone compares it.
    struct Report: Sendable, Equatable {
        var diagnostics: [Diagnostic]
        var notPage: String?
        var omittedHTMLLine: Int?
        var plainCodeLine: Int?

        init(_ outcome: Outcome) {
            self.init(
                diagnostics: outcome.diagnostics, notPage: outcome.notPage, omittedHTMLLine: outcome.omittedHTMLLine,
                plainCodeLine: outcome.plainCodeLine)
        }

        init(diagnostics: [Diagnostic], notPage: String?, omittedHTMLLine: Int?, plainCodeLine: Int?) {
            self.diagnostics = diagnostics
            self.notPage = notPage
            self.omittedHTMLLine = omittedHTMLLine
            self.plainCodeLine = plainCodeLine
        }
    }

    /// The largest content file Herald reads: 16 MiB. A long article is well under 1 MB; a file
    /// beyond this is almost always pasted data (an image as base64, a table export), and would
    /// be copied whole into its page and every feed, at some fifteen times its size in memory.
    public static let largestFile = 16 * 1024 * 1024

    /// The diagnostic for a content file of `size` bytes, over `largestFile`.
    static func tooLarge(_ size: Int, path: String) -> Diagnostic {
        let megabytes = String(format: "%.1f", Double(size) / 1_048_576)
        return Diagnostic(
            path: path, line: 1,
            "file is \(megabytes) MB; content files may be at most \(largestFile / 1_048_576) MB: put images and documents in static/ and link to them, or split the text into several items"
        )
    }

    /// Parses the file at `path` (relative to the site folder) of the given kind.
    public func parse(_ data: Data, path: String, kind: ContentKind) -> Outcome {
        parse(data, source: ContentSource(path: path, kind: kind))
    }

    /// Parses a content file as discovery found it (an item, a bundle's head or a section's page):
    /// the front matter into an item, then its body.
    public func parse(_ data: Data, source content: ContentSource) -> Outcome {
        let path = content.path
        if data.count > Self.largestFile {
            return Outcome(item: nil, diagnostics: [Self.tooLarge(data.count, path: path)])
        }
        let source: (fields: YAMLReader, body: String, bodyLine: Int)
        switch FrontMatter.read(data, path: path) {
        case .success(let read): source = read
        case .failure(let diagnostic): return Outcome(item: nil, diagnostics: [diagnostic])
        }
        var fields = source.fields
        var keys = FrontMatterKeys.spelling(of: fields.keys, path: path)
        let taxonomyKeys = keys.claim(taxonomies: taxonomyNames)
        fields.problems.append(contentsOf: keys.conflicts)
        Self.warnAboutUnknownKeys(keys, in: &fields, taxonomies: taxonomyNames, path: path)
        // A term's page is read as a section's: a title, a description, a text and old addresses.
        if content.role != .item {
            return parseSection(&fields, keys: keys, body: source.body, path: path, role: content.role)
        }
        if let reason = notAPage(&fields, keys: keys) {
            return Outcome(item: nil, diagnostics: fields.problems.all, notPage: reason)
        }
        guard var item = readItem(&fields, keys: keys, taxonomyKeys: taxonomyKeys, content: content) else {
            return Outcome(item: nil, diagnostics: fields.problems.all)
        }
        let urlLayout = layoutOfLanguage[item.language] ?? self.urlLayout
        if let problem = urlLayout.missingDate(item) {
            return Outcome(
                item: nil,
                diagnostics: fields.problems.all + [Diagnostic(path: path, line: fields.lineOffset + 1, problem)])
        }
        return renderBody(
            of: &item, source: (source.body, source.bodyLine), content: content, urlLayout: urlLayout, fields: &fields)
    }

    /// Warns of each key Herald does not read that looks like one it does (a slip, `strat:`), or
    /// that holds several keys run together with commas; other unknown keys are kept as params.
    /// The site's own taxonomies are keys it reads too (`topic:` for `topics:`).
    private static func warnAboutUnknownKeys(
        _ keys: FrontMatterKeys.Spelling, in fields: inout YAMLReader, taxonomies: [String], path: String
    ) {
        for (key, line) in keys.unknown {
            var known = FrontMatterKeys.suggestions(for: key)
            if known.isEmpty, !taxonomies.isEmpty {
                known = taxonomies.filter { SiteConfigParser.editDistance($0.lowercased(), key.lowercased()) == 1 }
            }
            if let split = fields.commaSplit(key, place: "") {
                if let split { fields.problems.warning(path, line, split) }
            } else if !known.isEmpty {
                fields.problems.warning(
                    path, line,
                    "unknown key '\(key)' is kept for templates as params.\(key); \(FrontMatterKeys.didYouMean(known))")
            }
        }
    }

    /// `categories:` (and a single `category:`, named first) and `tags:`.
    private func readCategoriesAndTags(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, path: String
    ) -> (categories: [TermReference], tags: [TermReference]) {
        var writtenCategories = fields.termList(keys["categories"]) ?? []
        if let single = fields.text(keys["category"]) {
            writtenCategories.insert((single, fields.line(of: fields.node(keys["category"]))), at: 0)
        }
        let categories = readTerms(writtenCategories, kind: "category", path: path, problems: &fields.problems)
        let tags = readTerms(fields.termList(keys["tags"]) ?? [], kind: "tag", path: path, problems: &fields.problems)
        return (categories, tags)
    }

    /// `author:`, one name or several; else the site's default author, as the item's language writes it.
    private func readAuthors(_ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, language: String?) -> [String]
    {
        let authors = fields.names(keys["author"])
        if authors.isEmpty, let fallback = language.flatMap({ authorOfLanguage[$0] }) ?? config.author {
            return [fallback]
        }
        return authors
    }

    /// `views:`, `likes:` and `comments:`, when any is written (trending scores them).
    private func readPopularity(_ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling) -> Popularity? {
        guard
            fields.node(keys["views"]) != nil || fields.node(keys["likes"]) != nil
                || fields.node(keys["comments"]) != nil
        else { return nil }
        return Popularity(
            views: fields.count(keys["views"]) ?? 0, likes: fields.count(keys["likes"]) ?? 0,
            comments: fields.count(keys["comments"]) ?? 0)
    }

    /// The item the front matter describes (its body not yet rendered), or nil when it has errors.
    private func readItem(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, taxonomyKeys: [String?], content: ContentSource
    ) -> ContentItem? {
        let (path, kind) = (content.path, content.kind)
        // By scalars, as the file system reads a path (PathText): splitting by Characters was
        // 20 ms of CPU over 10,000 items.
        let fileName = PathText.lastSegment(path)
        // A bundle is named by its folder: `content/news/gala/index.md` is `gala`.
        let nameForSlug = content.bundle.map { PathText.lastSegment($0.folder) + ".md" } ?? fileName
        let title = readTitle(&fields, keys: keys, path: path)
        let (slug, slugLine) = readSlug(&fields, keys: keys, nameForSlug: nameForSlug, path: path)
        let zone = readZone(&fields, keys: keys, kind: kind, path: path)
        let fileDate = Slug.datePrefix(of: nameForSlug)
        let dates = readDates(&fields, keys: keys, kind: kind, zone: zone, fileDate: fileDate, path: path)
        let (categories, tags) = readCategoriesAndTags(&fields, keys: keys, path: path)
        let terms = readTaxonomyTerms(&fields, written: taxonomyKeys, path: path)
        let (featured, weight, draft) = (
            fields.bool(keys["featured"]) ?? false, fields.int(keys["weight"]), fields.bool(keys["draft"]) ?? false
        )
        let cover = readCover(&fields, keys: keys, path: path)
        let summary = fields.text(keys["summary"])
        let authors = readAuthors(&fields, keys: keys, language: content.language)
        let popularity = readPopularity(&fields, keys: keys)
        let layout = fields.text(keys["layout"]).map {
            TermReference(name: $0, line: fields.line(of: fields.node(keys["layout"])))
        }
        let addresses = readAddresses(&fields, keys: keys, path: path)
        let event = readEventOrWarn(&fields, keys: keys, kind: kind, zone: zone, path: path, fileDate: fileDate)
        let params = fields.params(unknown: keys.unknown.map(\.key), nested: keys["params"])
        let (translationKey, toc) = (fields.text(keys["translationKey"]), fields.bool(keys["toc"]))
        guard !fields.problems.hasErrors, let title else { return nil }
        var item = ContentItem(
            kind: kind, sourcePath: path, slug: slug, slugLine: slugLine, title: title, date: dates.date,
            publishDate: dates.publishDate, expiryDate: dates.expiryDate,
            categories: categories, tags: tags,
            featured: featured, weight: weight, image: cover.image, summary: summary,
            author: authors.isEmpty ? nil : authors.joined(separator: ", "), draft: draft,
            layout: layout, body: RenderedMarkdown(), summaryHTML: "", summaryText: "", event: event,
            popularity: popularity, imageAlt: cover.alt)
        item.authors = authors
        (item.imageLine, item.imageFocus) = (cover.line, cover.focus)
        item.updated = dates.updated
        (item.aliases, item.fixedPath, item.listed) = addresses
        item.titleLine = fields.line(ofKey: keys["title"])
        item.dateLine = fields.line(ofKey: dates.publishDate != nil ? keys["publishDate"] : keys["date"])
        item.bundle = content.bundle
        (item.params, item.toc, item.terms) = (params, toc, terms)
        if let language = content.language {
            item.language = language
            item.translationKey = translationKey.map { "key:" + $0 } ?? content.pathWithoutLanguage ?? path
            if translationKey != nil { item.translationKeyLine = fields.line(ofKey: keys["translationKey"]) }
        }
        return item
    }

    /// The title, or nil with an error at its line (missing or empty).
    private func readTitle(_ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, path: String) -> String? {
        let title = fields.text(keys["title"])
        if title == nil {
            switch fields.node(keys["title"]) {
            case nil:
                fields.problems.error(
                    path, fields.line(ofKey: keys["title"]), "a title is required (add `title: …` to the front matter)")
            case .scalar?: fields.problems.error(path, fields.line(ofKey: keys["title"]), "title is empty")
            default: break  // a list or mapping was already reported as the wrong type
            }
        }
        return title
    }

    /// The slug: `slug:` as written, else one made of the file (or bundle) name; and its line.
    private func readSlug(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, nameForSlug: String, path: String
    ) -> (slug: String, line: Int) {
        var slug = Slug.fromFileName(nameForSlug)
        var slugLine = 1
        if let written = fields.text(keys["slug"]) {
            slugLine = fields.line(of: fields.node(keys["slug"]))
            if let problem = Slug.problem(with: written) {
                fields.problems.error(path, slugLine, problem)
            } else {
                slug = written
            }
        } else if let problem = Slug.problem(with: slug) {
            // Hugo and Jekyll make a URL of any file name; only a name nothing can be made of is refused.
            let made = Slug.make(from: slug)
            if made.isEmpty || Slug.problem(with: made) != nil {
                fields.problems.error(
                    path, 1,
                    "the file name gives a bad URL: \(Slug.problem(with: made) ?? problem); rename the file or set `slug:`"
                )
            } else {
                slug = made
            }
        }
        return (slug, slugLine)
    }

    /// The zone the item's dates are read in: an event's own `timezone:`, else the site's.
    private func readZone(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, kind: ContentKind, path: String
    ) -> TimeZone {
        guard kind == .event, let name = fields.text(keys["timezone"]) else { return config.timeZone }
        if let eventZone = TimeZoneNames.zone(name) { return eventZone }
        fields.problems.error(
            path, fields.line(of: fields.node(keys["timezone"])),
            "timezone '\(name)' is not an IANA time zone name such as Asia/Shanghai or America/New_York")
        return config.timeZone
    }

    /// The item's publication, update and expiry dates.
    private func readDates(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, kind: ContentKind, zone: TimeZone,
        fileDate: String?, path: String
    )
        -> (date: Date?, publishDate: Date?, updated: Date?, expiryDate: Date?)
    {
        // An event that names its day only by `date` (Jekyll, many Hugo themes) happens on that
        // day: the date is its start, not a publication date that would hide it as a future post.
        let dateIsEventDay = kind == .event && !fields.hasValue(keys["start"])
        var date = dateIsEventDay ? nil : fields.date(keys["date"], timeZone: zone)?.instant
        // A file-name date is a publication date; an event's file name names the day it happens,
        // which must not make it a "future post".
        if date == nil, !fields.hasValue(keys["date"]), kind != .event, let prefix = fileDate {
            switch DateParser.parse(prefix, timeZone: zone) {
            case .success(let parsed): date = parsed.instant
            case .failure(let problem): fields.problems.error(path, 1, "the file name's date: \(problem.message)")
            }
        }
        if kind == .news, date == nil, !fields.hasValue(keys["date"]) {
            fields.problems.error(
                path, fields.lineOffset + 1,
                "news needs a date: add `date: YYYY-MM-DD` (or start the file name with YYYY-MM-DD-)")
        }
        // `published: true` is Jekyll's flag (handled above), not a date.
        let publishDate =
            fields.isPlainBool(keys["publishDate"]) ? nil : fields.date(keys["publishDate"], timeZone: zone)?.instant
        return (
            date, publishDate, fields.date(keys["updated"], timeZone: zone)?.instant,
            fields.date(keys["expiryDate"], timeZone: zone)?.instant
        )
    }

    /// The cover: the image as written, its alt text, its line and its focus point.
    private func readCover(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, path: String
    ) -> (image: String?, alt: String?, line: Int, focus: ImageFocus?) {
        let image = fields.firstText(keys["image"], inMapping: ["image", "src", "url"])
        // `imageAlt: ""` says the cover is decorative (an empty alt), which is not the same as no imageAlt.
        let imageAlt = fields.string(keys["imageAlt"])?.trimmed() ?? fields.coverAlt(keys["image"])
        var imageFocus: ImageFocus?
        if let focus = fields.text(keys["imageFocus"]) {
            imageFocus = ImageFocus(parsing: focus)
            if imageFocus == nil {
                fields.problems.error(
                    path, fields.line(of: fields.node(keys["imageFocus"])),
                    "imageFocus must be two fractions of the cover's width and height, such as 0.5,0.3, not '\(focus)'")
            }
        }
        return (image, imageAlt, fields.line(ofKey: keys["image"]), imageFocus)
    }

    /// An event's details; of another kind, a warning at each event key it gives.
    private func readEventOrWarn(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, kind: ContentKind, zone: TimeZone, path: String,
        fileDate: String?
    ) -> EventDetails? {
        if kind == .event { return readEvent(&fields, keys: keys, zone: zone, path: path, fileDate: fileDate) }
        for key in ["start", "end", "location", "status"] where fields.node(keys[key]) != nil {
            fields.problems.warning(
                path, fields.line(ofKey: keys[key]),
                "'\(keys[key])' is for events; this file is under content/\(kind.folder)/ so it is ignored")
        }
        return nil
    }

    /// Where the item is found besides its pattern's address: its old addresses (`aliases:`), a
    /// fixed `url:`, and whether lists show it (`build: {list: never}`).
    private func readAddresses(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, path: String
    ) -> (aliases: [TermReference], fixedPath: TermReference?, listed: Bool) {
        let aliases = readAliases(&fields, keys: keys, path: path)
        var fixedPath = fields.text(keys["url"]).map {
            TermReference(name: $0, line: fields.line(of: fields.node(keys["url"])))
        }
        if let written = fixedPath,
            let problem = WrittenAddress.problem(written.name, key: keys["url"], siteHost: config.baseURL.host)
        {
            fields.problems.error(path, written.line, problem)
            fixedPath = nil
        }
        let listed =
            fields.mapping(keys["build"]).map { build -> Bool in
                var build = build
                return build.text("list")?.lowercased() != "never"
            } ?? true
        return (aliases, fixedPath, listed)
    }

    /// Renders the item's body and summary, and reports what rendering found at its lines.
    private func renderBody(
        of item: inout ContentItem, source: (body: String, bodyLine: Int), content: ContentSource, urlLayout: URLLayout,
        fields: inout YAMLReader
    ) -> Outcome {
        // A bundle's files are published beside its page, so links to them point there.
        var resourceLinks: BundleLinks?
        if let bundle = content.bundle {
            let links = BundleLinks(bundle: bundle, itemPath: urlLayout.itemPath(item), basePath: config.basePath)
            if let written = item.image, let resource = links.sitePath(of: written) { item.image = resource }
            resourceLinks = links
        }
        let markdownStart = partClock.thread()
        item.body = markdown.render(source.body, resources: resourceLinks, firstContentLink: 0)
        let findings = item.body.takeFindings()
        item.body.tableOfContents = TableOfContents(options: markdown.options.toc).html(
            for: findings.headings, wanted: item.toc)
        item.summaryHTML = item.body.leadHTML
        item.summaryText = item.body.leadText
        let bodyLine = source.bodyLine - 1
        item.contentLinks = findings.contentLinks.map { ContentLink(written: $0.written, line: bodyLine + $0.line) }
        item.bodyImages = findings.bodyImages.map {
            BodyImage(written: $0.written, path: $0.path, link: $0.link, line: bodyLine + $0.line)
        }
        if let summary = item.summary {
            let rendered = markdown.render(
                summary, wantPlainText: true, resources: resourceLinks, firstContentLink: item.contentLinks.count)
            // A summary's links are reported at the front matter's first line.
            item.contentLinks += rendered.contentLinks.map {
                ContentLink(written: $0.written, line: fields.lineOffset + 1)
            }
            item.summaryHTML = rendered.html
            item.summaryText = rendered.plainText.isEmpty ? summary.collapsingWhitespace() : rendered.plainText
        }
        let markdownSeconds = partClock.thread() - markdownStart
        report(findings, of: item.body, at: bodyLine, path: item.sourcePath, into: &fields.problems)
        var outcome = Outcome(item: item, diagnostics: fields.problems.all, markdownSeconds: markdownSeconds)
        outcome.plainCodeLine = findings.codeBlocks.plainLine.map { bodyLine + $0 }
        outcome.omittedHTMLLine = item.body.omittedHTMLLine.map { bodyLine + $0 }
        return outcome
    }

    /// What rendering a body found, each at its file line (`bodyLine` is the line before the body's first).
    private func report(
        _ findings: MarkdownFindings, of body: RenderedMarkdown, at bodyLine: Int, path: String,
        into problems: inout DiagnosticList
    ) {
        if let excess = body.tableExcess {
            problems.error(path, bodyLine + excess.line, excess.message)
        }
        for problem in findings.headingProblems {
            problems.warning(path, bodyLine + problem.line, problem.message)
        }
        if let syntax = body.templateSyntax {
            problems.warning(
                path, bodyLine + syntax.line,
                "\(syntax.generator) `\(syntax.snippet)` is shown as text: Herald does not run other generators' templates (herald import converts them)"
            )
        }
        for problem in findings.footnoteProblems.map({ $0.moved(by: bodyLine) }) {
            problems.warning(path, problem.line, problem.message)
        }
        if findings.footnoteProblemsLeftOut > 0 {
            problems.append(contentsOf: [
                DiagnosticCap.summary(path: path, severity: .warning, omitted: findings.footnoteProblemsLeftOut)
            ])
        }
        for problem in findings.codeBlocks.problems {
            problems.warning(path, bodyLine + problem.line, problem.message)
        }
    }

    /// One warning for all the files whose raw HTML safe mode left out (sites moved from Jekyll
    /// or Hugo often rely on it), at the first of them.
    static func omittedHTMLWarning(_ places: [(path: String, line: Int)]) -> [Diagnostic] {
        guard let first = places.min(by: { ($0.path, $0.line) < ($1.path, $1.line) }) else { return [] }
        let others = places.count - 1
        return [
            .warning(
                path: first.path, line: first.line,
                "raw HTML is left out of this file\(others == 0 ? "" : " and \(others) other\(others == 1 ? "" : "s")") (Markdown's safe mode); set `markdown: {unsafe: true}` in site.yml if the content's HTML can be trusted"
            )
        ]
    }

    /// Why a file is not a page by the rules of the generator it was written for, or nil:
    /// Hugo's `headless: true` and `build: {render: never}`, Jekyll's `published: false`.
    private func notAPage(_ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling) -> String? {
        if fields.bool(keys["headless"]) == true { return "headless" }
        if var build = fields.mapping(keys["build"]) {
            for (key, line) in build.keys where !["render", "list", "publishResources"].contains(key) {
                build.problems.warning(
                    fields.path, line, "build has no key '\(key)'; it takes render, list and publishResources")
            }
            let render = build.text("render")?.lowercased()
            fields.absorb(build)
            if render == "never" || render == "false" { return "not rendered" }
        }
        // Jekyll's flag shares its name with Hugo's publication date (`published: 2026-01-02`).
        let published = keys["publishDate"]
        if published.lowercased() == "published", case .scalar(let scalar)? = fields.node(published),
            scalar.style == .plain,
            let flag = fields.node(published)?.bool
        {
            return flag ? nil : "unpublished"
        }
        return nil
    }

    /// Reads a section's own page (`content/news/_index.md`): its title and text.
    private func parseSection(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, body: String, path: String,
        role: ContentSource.Role
    ) -> Outcome {
        var (title, summary) = (fields.text(keys["title"]), fields.text(keys["summary"]))
        if case .term(let taxonomy, let term) = role, term != nil {
            // A person's page is often written as a profile: `name:` and `bio:`.
            title = title ?? fields.text("name")
            summary = summary ?? fields.text("bio")
            if title == nil, taxonomy < config.taxonomies.count, config.taxonomies[taxonomy].readsAuthors {
                fields.problems.error(
                    path, 1, "an author's page gives the name readers see: add `title:` (or `name:`)")
            }
        }
        let aliases = readAliases(&fields, keys: keys, path: path)
        guard !fields.problems.hasErrors else { return Outcome(item: nil, diagnostics: fields.problems.all) }
        let rendered = markdown.render(body)
        let description = summary ?? (rendered.leadText.isEmpty ? nil : rendered.leadText)
        return Outcome(
            item: nil, diagnostics: fields.problems.all,
            section: SectionPage(
                sourcePath: path, title: title, description: description, html: rendered.html, aliases: aliases))
    }

    /// An item's or a section's old addresses (`aliases:`, `redirect_from:`), each with its line;
    /// an address that could lead out of the site is an error at its line.
    private func readAliases(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, path: String
    ) -> [TermReference] {
        (fields.stringList(keys["aliases"]) ?? []).compactMap { entry -> TermReference? in
            let trimmed = entry.value.trimmed()
            if let problem = WrittenAddress.problem(trimmed, key: keys["aliases"], siteHost: config.baseURL.host) {
                fields.problems.error(path, entry.line, problem)
                return nil
            }
            return trimmed.isEmpty ? nil : TermReference(name: trimmed, line: entry.line)
        }
    }
}
