import Foundation
import Herald
import Yams

/// An import under way: what was read from the old site, and the new site taking shape.
/// Each step of `SiteImport.run()` is one method, in `ImportPlan+…` files.
struct ImportPlan: Sendable {
    let tree: SourceTree
    var config: OldSiteConfig
    var inventory: Inventory
    let options: ImportOptions
    /// Every item, once read and placed.
    var items: [ImportedItem] = []
    /// The term pages of the taxonomies the new site declares, once read.
    var termPages: [ImportedTermPage] = []
    /// What each section became.
    var choices: [String: SectionChoice] = [:]
    /// The new site's `permalinks:`, by kind, with where each came from.
    var permalinks: [ContentKind: Setting<String>] = [:]
    /// The section whose old pattern a kind's Herald pattern keeps.
    var primarySections: [ContentKind: String] = [:]
    var report: ImportReport
    /// Files the import writes that no old file became (a section page holding old list addresses).
    var extraFiles: [String: String] = [:]
    /// Whether any body needs raw HTML let through.
    var bodiesUseHTML = false
    var rawHTMLFiles = 0
    /// The time zone dates are read in, as the old site read them.
    var zone: TimeZone
    /// The new site's zone when the old configuration named none (see `guessSettings()`).
    var guessedZone: Setting<String>? = nil
    /// Whether converted bodies may hold HTML: the old site let raw HTML through (Jekyll always;
    /// Hugo when `markup.goldmark.renderer.unsafe` says so), so the new one will too.
    var allowHTML: Bool { config.unsafeHTML?.value ?? false }

    init(tree: SourceTree, config: OldSiteConfig, inventory: Inventory, options: ImportOptions) {
        self.tree = tree
        self.config = config
        self.inventory = inventory
        self.options = options
        zone = config.timeZone.flatMap { TimeZone(identifier: $0.value) } ?? TimeZone(identifier: "UTC")!
        report = ImportReport(kind: config.kind, source: options.sourceName, destination: options.destinationName)
        report.leftOut = inventory.leftOut
        self.inventory.unconverted = []
        for (_, diagnostic) in inventory.unconverted { notConverted(diagnostic) }
        for diagnostic in config.unsafeSettings {
            report.notes.append(ImportNote(diagnostic: diagnostic, kind: "unsafe permalink left out"))
        }
        for diagnostic in config.diagnostics {
            report.notes.append(
                ImportNote(
                    diagnostic: .warning(
                        path: diagnostic.path, line: diagnostic.line,
                        diagnostic.message + "; its settings were not read"), kind: "configuration not read"))
        }
    }

    /// Jekyll's defaults for a file, in order (later ones win).
    func defaults(for item: OldItem) -> [(key: String, value: Node)] {
        guard config.kind == .jekyll else { return [] }
        let type = item.jekyllType ?? "pages"
        return config.defaults.filter { $0.covers(item.sourcePath, type: type) }.flatMap(\.values)
    }

    /// Records a note on a file of the old site.
    mutating func note(_ path: String, _ line: Int, _ message: String, kind: String) {
        report.notes.append(ImportNote(diagnostic: .warning(path: path, line: line, message), kind: kind))
    }

    // MARK: Read the content

    /// Reads and splits every item's file, in parallel. A file that is not UTF-8 or whose front
    /// matter does not parse is not converted: it is copied to `unconverted/` and listed.
    mutating func readItems() {
        let tree = self.tree
        let outcomes = inventory.items.parallelMap { item -> Result<OldItem, Diagnostic> in
            ImportPlan.readSource(item.sourcePath, in: tree).map { document, fields in
                var read = item
                read.document = document
                read.fields = fields
                return read
            }
        }
        var read: [OldItem] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let item):
                read.append(item)
                for repeated in item.fields.repeats {
                    note(item.sourcePath, repeated.line, repeated.message, kind: "repeated key")
                }
            case .failure(let diagnostic): notConverted(diagnostic)
            }
        }
        inventory.items = read
        guessSettings()
    }

    /// A content file read (at most `InputLimits.largestFile`) and split into its front matter's
    /// fields and its body; a diagnostic at its line when it is too large, not UTF-8, or its front
    /// matter does not parse.
    static func readSource(
        _ path: String, in tree: SourceTree
    ) -> Result<(SourceDocument, FrontMatterFields), Diagnostic> {
        let bytes: Data?
        do throws(FileTooLarge) {
            bytes = try tree.read(path, atMost: InputLimits.largestFile)
        } catch {
            return .failure(
                Diagnostic(path: path, line: 1, InputLimits.excess(ofFileSize: error.size)!.message(what: "the file")))
        }
        guard let data = bytes else { return .failure(Diagnostic(path: path, line: 1, "could not be read")) }
        switch SourceDocument.split(data) {
        case .failure(let problem): return .failure(Diagnostic(path: path, line: problem.line, problem.message))
        case .success(let document):
            switch FrontMatterFields.parse(document) {
            case .failure(let problem): return .failure(Diagnostic(path: path, line: problem.line, problem.message))
            case .success(let fields): return .success((document, fields))
            }
        }
    }

    /// Copies a file to `unconverted/` as it is, and lists it with why.
    mutating func notConverted(_ diagnostic: Diagnostic) {
        inventory.copies.append((diagnostic.path, "unconverted/" + diagnostic.path))
        report.unconverted.append(diagnostic)
        report.notes.append(
            ImportNote(
                diagnostic: Diagnostic(
                    path: diagnostic.path, line: diagnostic.line,
                    diagnostic.message + "; copied to unconverted/ as it is", severity: .warning), kind: "not converted"
            ))
    }

    // MARK: The result

    /// The new site's files, the copies and the report.
    func result() -> ImportResult {
        var files: [String: Data] = [:]
        files[SiteConfigFile.name] = Data(siteYAML().utf8)
        for item in items { files[item.path] = Data(item.fileText().utf8) }
        for page in termPages { files[page.old.newPath] = Data(page.fileText().utf8) }
        for (path, text) in extraFiles { files[path] = Data(text.utf8) }
        var report = self.report
        let copies = allCopies()
        report.staticFiles = copies.filter { $0.to.hasPrefix("static/") }.count
        report.dataFiles = copies.filter { $0.to.hasPrefix("data/") }.count
        report.bundleFiles = copies.filter { $0.to.hasPrefix("content/") }.count
        report.sections = choices.values.sorted { $0.section < $1.section }
        report.settings = settingNotes()
        report.notes.sort()
        files["import-report.txt"] = Data(report.text.utf8)
        return ImportResult(files: files, copies: copies, report: report)
    }

    /// Every copy: static and data files, bundle files beside their item, unconverted files.
    func allCopies() -> [(from: String, to: String)] {
        var copies = inventory.copies
        for item in items {
            guard let folder = item.old.bundleFolder, let target = item.bundleFolder else { continue }
            for resource in item.old.resources { copies.append((folder + "/" + resource, target + "/" + resource)) }
        }
        return copies
    }

    /// The settings of the new site.
    func settings() -> SiteYAMLWriter.Settings {
        let generator = config.kind == .hugo ? "Hugo" : "Jekyll"
        let notes: [String] = []

        let title =
            config.title
            ?? Setting(
                value: (options.sourceName as NSString).lastPathComponent,
                origin: "the folder's name (the old configuration has no title)")
        let baseURL =
            config.baseURL.flatMap { setting -> Setting<String>? in
                guard case .success = SiteConfigParser.parseBaseURL(setting.value) else { return nil }
                return setting
            }
            ?? Setting(
                value: "/",
                origin: "the old configuration gives no usable address: set the address the site is published at")
        let timeZone =
            config.timeZone.flatMap { TimeZone(identifier: $0.value) != nil ? $0 : nil } ?? guessedZone
            ?? Setting(
                value: "UTC",
                origin: config.kind == .hugo
                    ? "Hugo read dates without an offset as UTC (the old configuration names no zone); set the zone your dates mean"
                    : "Jekyll read dates without an offset in the zone of the machine that built the site (the old configuration names none); set the zone your dates mean"
            )
        var unsafe: Setting<Bool>? = nil
        if allowHTML, bodiesUseHTML || rawHTMLFiles > 0 {
            var reasons: [String] = []
            if rawHTMLFiles > 0 {
                reasons.append(
                    "raw HTML in \(rawHTMLFiles) file\(rawHTMLFiles == 1 ? "" : "s"), which \(config.unsafeHTML?.origin ?? generator) let through"
                )
            }
            if bodiesUseHTML { reasons.append("shortcodes converted to HTML (figures with captions, videos)") }
            unsafe = Setting(value: true, origin: reasons.joined(separator: "; "))
        }
        var settings = SiteYAMLWriter.Settings(
            kind: config.kind, title: title, description: config.description, baseURL: baseURL,
            language: config.language,
            timeZone: timeZone, pageSize: config.pageSize, author: config.author, unsafeHTML: unsafe,
            permalinks: permalinks, notes: notes)
        settings.emoji = config.emoji
        settings.headingIDPrefix = config.headingIDPrefix.flatMap { HeadingIDs.safePrefix($0.value) != nil ? $0 : nil }
        settings.tableOfContents = config.tableOfContents.flatMap { $0.isValid ? $0 : nil }
        settings.categories = categoriesUsed()
        settings.taxonomies = config.ownTaxonomies
        if config.languages.count > 1 {
            settings.languages = config.languages.map { code in
                (code, config.languageNames[code] ?? SiteLanguage.nativeName(of: code), config.languageTitles[code])
            }
            settings.languagesOrigin =
                "Hugo's languages, \(config.languages[0]) (defaultContentLanguage) first, the others by weight"
            settings.defaultInSubfolder = config.defaultLanguageInSubdir
        }
        return settings
    }

    /// The categories the items use, one spelling per slug (the most used), most used first, with
    /// the slug to declare when Herald's own would not give the old addresses.
    func categoriesUsed() -> [(name: String, slug: String?)] {
        var uses: [String: [String: Int]] = [:]
        for item in items {
            for key in ["categories", "category"] {
                guard let index = item.frontMatter.index(of: key) else { continue }
                for name in item.frontMatter.entries[index].value.texts where !name.isEmpty {
                    let slug = Slug.make(from: name)
                    guard !slug.isEmpty else { continue }
                    uses[slug, default: [:]][name, default: 0] += 1
                }
            }
        }
        let ranked = uses.map { slug, spellings -> (name: String, count: Int, slug: String) in
            let best = spellings.max { ($0.value, $1.key) < ($1.value, $0.key) }!
            return (best.key, spellings.values.reduce(0, +), slug)
        }
        return ranked.sorted { ($0.count, $1.slug) > ($1.count, $0.slug) }.map { category in
            // Jekyll put a category in addresses lower-cased, as written (`zh_cn`); the slug keeps
            // that form where Herald's own would differ (`zh-cn`), so `:categories` stays the same.
            let jekyll = category.name.lowercased()
            let slug =
                config.kind == .jekyll && jekyll != category.slug && Slug.problem(with: jekyll) == nil
                    && !jekyll.contains("/") ? jekyll : nil
            return (category.name, slug)
        }
    }

    /// The new site's site.yml.
    func siteYAML() -> String { SiteYAMLWriter.text(settings()) }

    /// What the report says about site.yml: raw HTML, guesses, languages.
    func settingNotes() -> [String] {
        var notes: [String] = []
        let settings = settings()
        if let unsafe = settings.unsafeHTML {
            notes.append("Raw HTML: site.yml lets it through (markdown.unsafe: true), for \(unsafe.origin)")
        } else if rawHTMLFiles > 0, let old = config.unsafeHTML {
            notes.append(
                "Raw HTML: \(rawHTMLFiles) file\(rawHTMLFiles == 1 ? " has" : "s have") some, which stays left out as the old site left it out (\(old.origin))"
            )
        } else if rawHTMLFiles > 0 {
            notes.append(
                "Raw HTML: \(rawHTMLFiles) file\(rawHTMLFiles == 1 ? " has" : "s have") some, which stays left out as Hugo left it out by default; set markdown.unsafe: true to let it through"
            )
        }
        notes += CodeHighlightNote.notes(config)
        if let prefix = config.headingIDPrefix {
            notes.append(
                settings.headingIDPrefix != nil
                    ? "Heading IDs: automatic ones start with '\(prefix.value)' as before (markdown.headingIDPrefix, from \(prefix.origin))"
                    : "Heading IDs: kramdown's auto_id_prefix '\(prefix.value)' (\(prefix.origin)) is not carried over, as markdown.headingIDPrefix takes letters, digits, '-', '_', '.' and ':' only: links to the old anchors lose it"
            )
        }
        if let toc = config.tableOfContents {
            let levels = "headings of levels \(toc.startLevel ?? 2) to \(toc.endLevel ?? 3)"
            let kind = toc.ordered == true ? ", numbered" : ""
            notes.append(
                settings.tableOfContents != nil
                    ? "Tables of contents: \(levels)\(kind), as before (markdown.toc, from \(toc.origin))"
                    : "Tables of contents: markup.tableOfContents (\(toc.origin)) is not carried over, as its levels are not each 1 to 6 with the end not before the start: Herald lists levels 2 to 3"
            )
        }
        if settings.timeZone.origin.hasPrefix("guessed") {
            notes.append("Time zone: \(settings.timeZone.value), \(settings.timeZone.origin)")
        }
        if let language = settings.language, language.origin.hasPrefix("guessed") {
            notes.append("Language: \(language.value), \(language.origin)")
        }
        if config.languages.count > 1 {
            notes.append(
                "Languages: \(config.languages[0]) (the default), \(config.languages.dropFirst().joined(separator: ", ")); \(report.translations) translations are imported beside their items, with their language in their names"
            )
        }
        return notes
    }
}
