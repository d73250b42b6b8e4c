import ArgumentParser
import Foundation
import Herald

/// `herald new`: starts a site, or a news article, event or page in one.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a new site, or write a new news article, event or page with its front matter.",
        subcommands: [NewSiteCommand.self, NewNewsCommand.self, NewEventCommand.self, NewPageCommand.self]
    )
}

extension CIWorkflow: ExpressibleByArgument {}

/// `herald new site <folder>`.
struct NewSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Write a working starter site (site.yml, news, events, a page) into a new folder."
    )

    @Argument(help: "The folder to create (it must not exist, or be empty).")
    var folder: String

    @Option(name: .long, help: "The site's title (default: \"Our News and Events\", in the site's language).")
    var title: String?

    @Option(
        name: .long,
        help: "The site's language: the starter's text (en or zh-CN), the interface text and the date format.")
    var language: String = "en"

    @Option(name: .long, help: "The site's time zone (default: this machine's).")
    var timezone: String?

    @Flag(
        name: .customLong("with-templates"),
        help: "Also copy the default theme's templates, styles and strings into templates/, to change them.")
    var withTemplates = false

    @Option(
        name: .long,
        help:
            "Also write a CI workflow that installs Herald, builds the site and publishes it on every push: github (GitHub Pages) or gitlab (GitLab Pages)."
    )
    var ci: CIWorkflow?

    func run() throws {
        let (zone, zoneNote) = try siteZone(timezone, language: language)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard isFolder.boolValue, entries.isEmpty else {
                Terminal.printError(
                    "error: \(folder) already exists and is not an empty folder; choose a new one", warning: false)
                throw ExitCode.failure
            }
        }
        // A random identity, written once: event UIDs are made from it, not from baseURL.
        let siteID = UUID().uuidString.lowercased()
        let files = StarterSite.files(
            title: title, language: language, timeZone: zone, now: Date(), siteID: siteID, withTemplates: withTemplates,
            ci: ci)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            try writeNewFile(path, data, inSite: folder)
        }
        let news = files.keys.filter { $0.hasPrefix("content/news/") }.count
        let events = files.keys.filter { $0.hasPrefix("content/events/") }.count
        let templates = files.keys.filter { $0.hasPrefix("templates/") }.count
        print(
            "Created a site in \(folder)/: site.yml, \(news) news articles, \(events) events and an About page\(withTemplates ? ", and the default theme's \(templates) files in templates/" : "")."
        )
        if let zoneNote { print(zoneNote) }
        let source = folder.contains(" ") ? "'\(folder)'" : folder
        print(
            """

            Build it:    herald build --source \(source)
            Preview it:  herald serve --source \(source)

            Then edit \(source)/site.yml and add your own news with: herald new news "Title" --source \(source)
            """)
        if let ci {
            print(
                """

                Publishing: \(ci.path) installs Herald \(HeraldVersion.current), builds the site and publishes it on \(ci.serviceName)
                on every push. Push the folder to a new repository to start it (Herald's docs/ci.md says more).
                """)
        }
    }
}

/// What `herald new news|event|page` share: the site folder and an optional slug.
struct NewItemOptions: ParsableArguments {
    @Argument(help: "The title (with --translate, the translation's title; the original's is kept without it).")
    var title: String?

    @Option(
        name: .long,
        help:
            "On a multilingual site, the language to write in (en, zh-CN …): the file goes beside its original as NAME.en.md, or in the language's folder."
    )
    var lang: String?

    @Option(
        name: .long,
        help:
            "A content file to translate into --lang: its front matter is copied and its text kept to translate in place."
    )
    var translate: String?

    /// The title given, required unless translating.
    var newTitle: String {
        get throws {
            guard let title else { throw ValidationError("give the new item's title") }
            return title
        }
    }

    @Option(name: .long, help: "The site folder (with site.yml).")
    var source: String = "."

    @Option(name: .long, help: "The URL slug (default: made from the title; Chinese titles become pinyin).")
    var slug: String?

    @Flag(
        name: .long, help: "Make a page bundle: a folder with index.md, to put the item's images and files beside it.")
    var bundle = false

    /// The site's settings, read from its site.yml.
    func config() throws -> SiteConfig {
        switch SiteConfigFile.read(
            from: .disk(root: source), path: (source as NSString).appendingPathComponent(SiteConfigFile.name))
        {
        case .success(let reading):
            return reading.config
        case .failure(.missing):
            Terminal.printError(
                SiteConfigFile.notASite(source, advice: "run this in a site folder, or give --source").description,
                warning: false)
        case .failure(.refused(let diagnostics)):
            for diagnostic in diagnostics {
                Terminal.printError(diagnostic.description, warning: diagnostic.severity == .warning)
            }
        }
        throw ExitCode.failure
    }

    /// The slug to use: `--slug`, checked, or one made from the title.
    func chosenSlug() throws -> String {
        if let slug {
            if let problem = Slug.problem(with: slug) { throw ValidationError("--slug: \(problem)") }
            return slug
        }
        let title = try newTitle
        guard let made = NewItem.slug(forTitle: title) else {
            throw ValidationError(
                "the title '\(title)' has no letters or digits to make a slug from; give one with --slug")
        }
        if made.transliterated {
            print("Slug \(made.slug) made from the title's pinyin; give --slug to choose another.")
        }
        return made.slug
    }

    /// The language `--lang` names, or nil for the site's default.
    func language(_ config: SiteConfig) throws -> SiteLanguage? {
        guard let lang else { return nil }
        switch NewTranslation.language(lang, in: config) {
        case .success(let language): return language
        case .failure(let problem): throw ValidationError(problem.message)
        }
    }

    /// The config new text is written for: the site's, in `--lang`'s language when given (the
    /// placeholder text is that language's).
    func textConfig(_ config: SiteConfig) throws -> SiteConfig {
        var config = config
        if let language = try self.language(config) { config.language = language.code }
        return config
    }

    /// With `--translate`, writes the translation's first draft and returns true.
    func writeTranslation(_ config: SiteConfig) throws -> Bool {
        guard let translate else { return false }
        guard let language = try self.language(config) else {
            throw ValidationError("--translate needs --lang: the language to translate into")
        }
        let relative = translate.hasPrefix(source + "/") ? String(translate.dropFirst(source.count + 1)) : translate
        let path = (source as NSString).appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("--translate: \(path) does not exist")
        }
        switch NewTranslation.draft(
            of: String(decoding: data, as: UTF8.self), originalPath: relative, title: title, in: language,
            config: config)
        {
        case .success(let item): try write(item, asIs: true)
        case .failure(let problem): throw ValidationError("--translate: " + problem.message)
        }
        return true
    }

    /// Writes the item, refusing to replace a file, and says where it is.
    func write(_ item: NewItem, config: SiteConfig) throws {
        var item = item
        if let language = try self.language(config) {
            item.path = NewTranslation.path(bundle ? item.bundled().path : item.path, in: language, config: config)
        } else if bundle {
            item = item.bundled()
        }
        try write(item, asIs: true)
    }

    /// Writes the item, refusing to replace a file, and says where it is.
    func write(_ item: NewItem, asIs: Bool = false) throws {
        let item = bundle && !asIs ? item.bundled() : item
        let path = (source as NSString).appendingPathComponent(item.path)
        if FileManager.default.fileExists(atPath: path) {
            Terminal.printError("error: \(path) already exists; choose another title or --slug", warning: false)
            throw ExitCode.failure
        }
        try writeNewFile(item.path, Data(item.text.utf8), inSite: source)
        print("Created \(path)")
        if item.text.contains("\ndraft: true") {
            print("It is a draft: preview it with herald serve --drafts, and remove draft: true to publish it.")
        }
    }
}

/// `herald new news "<title>"`.
struct NewNewsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news", abstract: "Write a new news article, dated now in the site's time zone.")

    @OptionGroup var item: NewItemOptions

    func run() throws {
        try Self.showingUsage {
            let config = try item.config()
            if try item.writeTranslation(config) { return }
            let slug = try item.chosenSlug()
            try item.write(
                NewItem.news(title: try item.newTitle, slug: slug, now: Date(), config: try item.textConfig(config)),
                config: config)
        }
    }
}

/// `herald new event "<title>" --start <date>`.
struct NewEventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "event", abstract: "Write a new event.")

    @OptionGroup var item: NewItemOptions

    @Option(name: .long, help: "When it starts: 2026-12-01 (all day) or \"2026-12-01 19:00\", in the site's time zone.")
    var start: String?

    func run() throws {
        try Self.showingUsage {
            let config = try item.config()
            if try item.writeTranslation(config) { return }
            guard let start else { throw ValidationError("give --start: when the event starts") }
            let parsed: ParsedDate
            switch DateParser.parse(start, timeZone: config.timeZone) {
            case .success(let date): parsed = date
            case .failure(let problem): throw ValidationError("--start '\(start)': \(problem.message)")
            }
            let slug = try item.chosenSlug()
            try item.write(
                NewItem.event(
                    title: try item.newTitle, slug: slug, start: parsed, now: Date(),
                    config: try item.textConfig(config)), config: config)
        }
    }
}

/// `herald new page "<title>"`.
struct NewPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page", abstract: "Write a new page (About, Contact …).")

    @OptionGroup var item: NewItemOptions

    func run() throws {
        try Self.showingUsage {
            let config = try item.config()
            if try item.writeTranslation(config) { return }
            let language = try item.language(config)?.code ?? config.language
            try item.write(
                NewItem.page(title: try item.newTitle, slug: try item.chosenSlug(), language: language), config: config)
        }
    }
}

extension ParsableCommand {
    /// Runs `body`; a `ValidationError` it throws (a bad `--start`, a title with no slug) is shown
    /// with this subcommand's usage, as a wrong option would be, rather than the root command's.
    static func showingUsage(_ body: () throws -> Void) throws {
        do { try body() } catch let error as ValidationError {
            let usage = HeraldCommand.usageString(for: Self.self)
            let command = usage.split(separator: " ").prefix { $0.allSatisfy(\.isLowercase) }.joined(separator: " ")
            Terminal.printError(
                "Error: \(error.message)\nUsage: \(usage)\n  See '\(command) --help' for more information.",
                warning: false)
            throw ExitCode.validationFailure
        }
    }
}

/// `--timezone`, else the zone `StarterZone` chooses, with the line that says why when it guessed.
private func siteZone(_ name: String?, language: String) throws -> (zone: TimeZone, note: String?) {
    if let name {
        guard let zone = TimeZoneNames.zone(name) else {
            throw ValidationError("--timezone '\(name)' is not a time zone such as Asia/Shanghai or Europe/London")
        }
        return (zone, nil)
    }
    let machine = TimeZone.current.identifier
    let chosen = StarterZone.choose(machine: machine, language: language, regions: .system)
    return (TimeZone(identifier: chosen.identifier)!, chosen.explanation(machine: machine, language: language))
}

/// Writes a new file at `relative` in the site folder, making its folders: below the site
/// folder's descriptor, as every file Herald writes, so no name and no link leads out of the
/// site (a link inside it, such as `content -> ../shared-content`, is followed while it stays in).
private func writeNewFile(_ relative: String, _ data: Data, inSite site: String) throws {
    let shown = (site as NSString).appendingPathComponent(relative)
    do throws(ConfinedFolder.Failure) {
        let folder = try ConfinedFolder(path: site, kind: .site)
        if let parent = ConfinedFolder.split(relative).parent { try folder.makeFolders(parent) }
        let descriptor = try folder.open(relative, flags: O_WRONLY | O_CREAT | O_EXCL)
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw ConfinedFolder.Failure.system(errno) }
    } catch {
        let reason =
            if case .link(let target?) = error { "symbolic link points outside the site folder (to \(target))" } else {
                error.description
            }
        Terminal.printError("error: could not write \(shown): \(reason)", warning: false)
        throw ExitCode.failure
    }
}
