import Foundation
import Herald
import Yams

/// Reads a Hugo site's configuration: `hugo.*` or `config.*` at the root, then
/// `config/_default/`, then `config/production/` (the environment `hugo` builds for).
enum HugoConfigReader {
    static let extensions = ["toml", "yaml", "yml", "json"]

    /// The configuration of the Hugo site in `tree`.
    static func read(_ tree: SourceTree) -> OldSiteConfig {
        var config = OldSiteConfig(kind: .hugo)
        let layers = readLayers(tree, into: &config)
        let defaultLanguage = layers.text("defaultContentLanguage")?.value ?? "en"
        readSite(layers, defaultLanguage: defaultLanguage, into: &config)
        readAddresses(layers, into: &config)
        readFolders(layers, defaultLanguage: defaultLanguage, into: &config)
        readIgnoreFiles(layers, into: &config)
        for (key, value, _) in layers.mapping("params") { flatten(value, key: key.lowercased(), into: &config.params) }
        readLanguages(layers, defaultLanguage: defaultLanguage, into: &config)
        return config
    }

    /// Every configuration file, in the order Hugo lays them over each other: one root file
    /// (`hugo.*` before `config.*`), then `config/_default/` and `config/production/`, each with its
    /// main file first, so the files named after a key (`params.toml`) add to it.
    static func readLayers(_ tree: SourceTree, into config: inout OldSiteConfig) -> ConfigLayers {
        var layers = ConfigLayers()
        func add(_ file: String, under: [String]) { layers.add(file, under: under, from: tree, into: &config) }
        if let root = OldSiteKind.hugoConfigNames.first(where: tree.has) { add(root, under: []) }
        for folder in ["config/_default/", "config/production/"] {
            let files = tree.files.filter { $0.hasPrefix(folder) && !$0.dropFirst(folder.count).contains("/") }
            // The main file first, so the files named after a key (params.toml) add to it.
            let ordered = files.filter { isMainFile($0) } + files.filter { !isMainFile($0) }
            for file in ordered {
                let name = (file as NSString).lastPathComponent
                let parts = name.split(separator: ".").map(String.init)
                guard parts.count >= 2, extensions.contains(parts.last!) else { continue }
                if isMainFile(file) {
                    add(file, under: [])
                } else if parts.count == 2 {
                    add(file, under: [parts[0]])
                } else if parts.count == 3 {
                    // `languages.es.toml` holds `languages.es`; `params.es.toml` and `menus.es.toml` that language's own.
                    add(
                        file,
                        under: parts[0] == "languages" ? ["languages", parts[1]] : ["languages", parts[1], parts[0]])
                }
            }
        }
        return layers
    }

    /// The site's own settings: title, description, address, language, zone, page size, author and Markdown.
    static func readSite(_ layers: ConfigLayers, defaultLanguage: String, into config: inout OldSiteConfig) {
        let languageTable = ["languages", defaultLanguage]
        config.title = (layers.text("title") ?? layers.text(languageTable[0], languageTable[1], "title")).map {
            Setting(value: $0.value, origin: $0.origin)
        }
        config.description =
            (layers.text("params", "description") ?? layers.text("description")
            ?? layers.text("languages", defaultLanguage, "params", "description"))
            .map { Setting(value: $0.value, origin: $0.origin) }
        config.baseURL = (layers.text("baseURL")).map { Setting(value: $0.value, origin: $0.origin) }
        config.language =
            (layers.text("languages", defaultLanguage, "languageCode") ?? layers.text("languageCode")
            ?? layers.text("defaultContentLanguage"))
            .map { Setting(value: $0.value, origin: $0.origin) }
        config.timeZone = (layers.text("languages", defaultLanguage, "timeZone") ?? layers.text("timeZone")).map {
            Setting(value: $0.value, origin: $0.origin)
        }
        if let size = layers.text("pagination", "pagerSize") ?? layers.text("paginate"), let count = Int(size.value),
            count > 0
        {
            config.pageSize = Setting(value: count, origin: size.origin)
        }
        if let author = layers.value(["params", "author"]) ?? layers.value(["author"]) {
            let name =
                author.node.string ?? author.node.mapping.flatMap { ConfigLayers.entry("name", in: $0)?.1.string }
            if let name, !name.isEmpty { config.author = Setting(value: name, origin: author.origin) }
        }
        if let unsafe = layers.value(["markup", "goldmark", "renderer", "unsafe"]) {
            config.unsafeHTML = Setting(
                value: unsafe.node.bool ?? (unsafe.node.string == "true"), origin: unsafe.origin)
        }
        config.highlightStyle = layers.text("markup", "highlight", "style").map {
            Setting(value: $0.value, origin: $0.origin)
        }
        if let emoji = layers.value(["enableEmoji"]), emoji.node.bool ?? (emoji.node.string == "true") {
            config.emoji = Setting(value: true, origin: emoji.origin)
        }
        if let fences = layers.value(["markup", "highlight", "codeFences"]), fences.node.bool == false {
            config.highlightOff = Setting(value: true, origin: fences.origin)
        }
        config.tableOfContents = readTableOfContents(layers)
    }

    /// `markup.tableOfContents` (startLevel, endLevel, ordered), when the site sets any of them.
    static func readTableOfContents(_ layers: ConfigLayers) -> OldSiteConfig.TableOfContents? {
        let pairs = layers.mapping("markup", "tableOfContents")
        guard let first = pairs.first else { return nil }
        var toc = OldSiteConfig.TableOfContents(origin: first.origin)
        for (key, value, _) in pairs {
            switch key.lowercased() {
            case "startlevel": toc.startLevel = value.int ?? value.string.flatMap { Int($0) }
            case "endlevel": toc.endLevel = value.int ?? value.string.flatMap { Int($0) }
            case "ordered": toc.ordered = value.bool ?? value.string.map { $0 == "true" }
            default: continue
            }
        }
        return toc.startLevel == nil && toc.endLevel == nil && toc.ordered == nil ? nil : toc
    }

    /// The addresses: `permalinks` (and Hugo's newer `permalinks.page.<section>`), the taxonomies, ugly URLs and lower-cased paths.
    static func readAddresses(_ layers: ConfigLayers, into config: inout OldSiteConfig) {
        for (section, value, origin) in layers.mapping("permalinks") {
            if let pattern = value.string {
                config.permalinks[section.lowercased()] = Setting(value: pattern, origin: origin)
            } else if section.lowercased() == "page", let pages = value.mapping {
                // Hugo's newer form: permalinks.page.<section>.
                for (key, pattern) in pages {
                    if let name = key.string, let text = pattern.string {
                        config.permalinks[name.lowercased()] = Setting(value: text, origin: origin)
                    }
                }
            }
        }
        let taxonomies = layers.mapping("taxonomies")
        if !taxonomies.isEmpty {
            config.taxonomies = taxonomies.compactMap { singular, plural, origin in
                plural.string.map { ($0, singular, origin) }
            }
        }
        config.uglyURLs = layers.value(["uglyURLs"])?.node.bool ?? false
        config.lowerCasePaths = !(layers.value(["disablePathToLower"])?.node.bool ?? false)
    }

    /// Where the content, static files, data and output are.
    static func readFolders(_ layers: ConfigLayers, defaultLanguage: String, into config: inout OldSiteConfig) {
        if let dir = layers.text("contentDir") { config.contentDir = trimmedFolder(dir.value) }
        // A site with a content folder per language: the default language's is the content; the
        // others hold translations, found by their path in it.
        for (code, value, _) in layers.mapping("languages") {
            guard let dir = value.mapping.flatMap({ ConfigLayers.entry("contentDir", in: $0)?.1.string }) else {
                continue
            }
            config.languageContentDirs[code] = trimmedFolder(dir)
        }
        if let dir = config.languageContentDirs[defaultLanguage] { config.contentDir = dir }
        if let dir = layers.value(["staticDir"]) { config.staticDirs = dir.node.texts.map(trimmedFolder) }
        if let dir = layers.text("dataDir") { config.dataDir = trimmedFolder(dir.value) }
        if let dir = layers.text("publishDir") { config.publishDir = trimmedFolder(dir.value) }
    }

    /// The languages, the default first, then by weight and code; each one's name and title.
    static func readLanguages(_ layers: ConfigLayers, defaultLanguage: String, into config: inout OldSiteConfig) {
        let languages = layers.mapping("languages")
        if !languages.isEmpty {
            let weighted = languages.map { code, value, _ -> (String, Int) in
                let weight = value.mapping.flatMap { ConfigLayers.entry("weight", in: $0)?.1.int } ?? 0
                return (code, weight)
            }
            let others = weighted.filter { $0.0 != defaultLanguage }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            config.languages = [defaultLanguage] + others
            for (code, value, _) in languages {
                guard let table = value.mapping else { continue }
                if let name = ConfigLayers.entry("languageName", in: table)?.1.string {
                    config.languageNames[code] = name
                }
                if let title = ConfigLayers.entry("title", in: table)?.1.string { config.languageTitles[code] = title }
            }
        }
        config.defaultLanguageInSubdir = layers.value(["defaultContentLanguageInSubdir"])?.node.bool ?? false
    }

    /// Hugo's `ignoreFiles`, compiled by RE2 (Go's syntax, linear time). A pattern that does not
    /// compile stops the import: Hugo refuses it too, and without it files the old site left out
    /// would be imported.
    static func readIgnoreFiles(_ layers: ConfigLayers, into config: inout OldSiteConfig) {
        guard let found = layers.value(["ignoreFiles"]) else { return }
        let colon = found.origin.lastIndex(of: ":") ?? found.origin.endIndex
        let file = String(found.origin[..<colon])
        let keyLine = Int(found.origin[colon...].dropFirst()) ?? 1
        let patterns: [Node] = found.node.sequence.map(Array.init) ?? [found.node]
        for node in patterns {
            guard let pattern = node.string, !pattern.isEmpty else { continue }
            let line = node.mark?.line ?? keyLine
            do {
                config.ignoreFiles.append(try GoRegularExpression(pattern))
            } catch {
                config.refusals.append(
                    Diagnostic(
                        path: file, line: line,
                        "ignoreFiles: '\(pattern)' is not a Go regular expression: \(error.reason)"))
            }
        }
    }

    /// Whether a file in a config folder holds the top-level settings (`hugo.toml`, `config.yaml`).
    static func isMainFile(_ file: String) -> Bool {
        let name = (file as NSString).lastPathComponent
        return name.hasPrefix("hugo.") || name.hasPrefix("config.")
    }

    /// A folder as written (`/static/`, `./content`) as a path in the site.
    static func trimmedFolder(_ text: String) -> String {
        var folder = text
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        while folder.hasPrefix("/") { folder.removeFirst() }
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    /// The scalars of a parameter tree, by dotted key (`social.twitter`).
    static func flatten(_ node: Node, key: String, into params: inout [String: String]) {
        switch node {
        case .scalar(let scalar): params[key] = scalar.string
        case .mapping(let mapping):
            for (child, value) in mapping {
                flatten(value, key: key + "." + (child.string ?? "").lowercased(), into: &params)
            }
        default: break
        }
    }
}
