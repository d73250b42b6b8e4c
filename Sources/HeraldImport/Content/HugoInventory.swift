import Foundation
import Herald

/// Sorts a Hugo site's files: content into items, `static/` and bundle files into copies, and
/// the theme, layouts and generated output into what is left out.
enum HugoInventory {
    /// The folders of a Hugo site that an import leaves out, and why.
    static let leftOutFolders: [(folder: String, reason: String)] = [
        ("themes", "the old theme: Herald uses its own templates (templates/)"),
        ("layouts", "the old site's templates and shortcodes: Herald uses its own templates"),
        ("archetypes", "Hugo's templates for new content: `herald new` makes Herald's"),
        ("assets", "Hugo Pipes sources (Sass, scripts) of the old theme"),
        ("resources", "Hugo's cache of processed files"),
        ("i18n", "the old theme's translations"),
        ("config", "configuration for other environments than production"),
    ]

    /// The other formats Hugo renders content from.
    static let otherContentFormats: Set<String> = [
        "html", "htm", "org", "adoc", "asciidoc", "ad", "rst", "pandoc", "pdc",
    ]

    /// Whether a path names a Markdown file.
    static func isMarkdown(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// The inventory of the Hugo site in `tree`.
    static func take(_ tree: SourceTree, config: OldSiteConfig) -> Inventory {
        var taking = HugoInventoryTaking(config: config)
        let (contentFiles, translatedByFolder) = taking.sortFiles(tree)
        var (items, translations, resources) = taking.placeContentFiles(contentFiles, tree: tree)
        // A translation in its language's own folder is the default language's file at the same path.
        for (language, path, relative) in translatedByFolder {
            let folder = (relative as NSString).deletingLastPathComponent
            let stem = taking.split((relative as NSString).lastPathComponent).stem.lowercased()
            translations.append((taking.content + (folder.isEmpty ? "" : folder + "/") + stem, language, path))
        }
        taking.placeTranslations(translations, into: &items)
        for (folder, files) in resources {
            if let key = items.first(where: { $0.value.bundleFolder.map { $0 + "/" } == folder })?.key {
                items[key]!.resources = files.sorted()
            }
        }
        taking.inventory.items = items.values.sorted { $0.sourcePath < $1.sourcePath }
        taking.inventory.leftOut = taking.leftOutCounts.map {
            LeftOut(path: $0.key, files: $0.value.files, reason: $0.value.reason)
        }.sorted { $0.path < $1.path }
        return taking.inventory
    }
}

/// One taking of a Hugo site's inventory, step by step: the site's files sorted, its content
/// files placed as items, bundle resources and copies, then the translations.
private struct HugoInventoryTaking {
    let config: OldSiteConfig
    /// The content folder, with its `/`.
    let content: String
    let defaultLanguage: String
    let languages: Set<String>
    /// The taxonomies the new site declares, whose term pages come across.
    let ownTaxonomies: [String]
    var inventory = Inventory()
    var leftOutCounts: [String: (files: Int, reason: String)] = [:]

    init(config: OldSiteConfig) {
        self.config = config
        content = config.contentDir + "/"
        defaultLanguage = config.languages.first ?? "en"
        languages = Set(config.languages).union([defaultLanguage])
        ownTaxonomies = config.ownTaxonomies.map(\.name)
    }

    mutating func leave(_ folder: String, _ reason: String) {
        leftOutCounts[folder, default: (0, reason)].files += 1
    }

    /// Every file of the site sorted: content files (returned), another language's content
    /// (returned with its path in that folder), static files and data copied, the rest left out.
    mutating func sortFiles(
        _ tree: SourceTree
    ) -> (content: [String], translatedByFolder: [(language: String, path: String, relative: String)]) {
        var contentFiles: [String] = []
        let taxonomyFolders = Set(config.taxonomies.map { content + $0.plural.lowercased() + "/" })
        let otherLanguageDirs = config.languageContentDirs.filter { $0.value != config.contentDir }.map {
            (language: $0.key, dir: $0.value)
        }.sorted { $0.dir > $1.dir }
        var translatedByFolder: [(language: String, path: String, relative: String)] = []
        for file in tree.files {
            if config.files.contains(file) { continue }
            if let folder = taxonomyFolders.first(where: { file.lowercased().hasPrefix($0) }) {
                if let page = termPage(file, in: folder) {
                    inventory.termPages.append(page)
                } else if ownTaxonomies.contains(where: { content + $0.lowercased() + "/" == folder }) {
                    leave(folder, "not a term's page (content/<taxonomy>/<term>/_index.md, in a language the site has)")
                } else {
                    leave(folder, "taxonomy pages: Herald makes its own pages for categories and tags")
                }
                continue
            }
            if file.hasPrefix(content) {
                contentFiles.append(file)
                continue
            }
            // Another language's content folder: its Markdown is translations, found below by path.
            if let (language, dir) = otherLanguageDirs.first(where: { file.hasPrefix($0.dir + "/") }) {
                if HugoInventory.isMarkdown(file) {
                    translatedByFolder.append((language, file, String(file.dropFirst(dir.count + 1))))
                } else {
                    leave(dir + "/", "another language's content: the site is imported in its default language")
                }
                continue
            }
            sortOtherFile(file)
        }
        return (contentFiles, translatedByFolder)
    }

    /// A taxonomy's or a term's own page (`authors/_index.md`, `authors/gray-brooks/_index.es.md`)
    /// of a taxonomy the new site declares, in a language it has; nil for anything else in a
    /// taxonomy's folder (its other files, categories' and tags' pages).
    func termPage(_ file: String, in folder: String) -> OldTermPage? {
        guard let taxonomy = ownTaxonomies.first(where: { content + $0.lowercased() + "/" == folder }),
            HugoInventory.isMarkdown(file)
        else { return nil }
        let below = file.dropFirst(folder.count).split(separator: "/", omittingEmptySubsequences: false)
        let (stem, language, _) = split(String(below.last!))
        guard stem.lowercased() == "_index", below.count <= 2 else { return nil }
        return OldTermPage(
            sourcePath: file, taxonomy: taxonomy, term: below.count == 2 ? String(below[0]) : nil,
            language: language == defaultLanguage ? nil : language)
    }

    /// A file outside the content folders: static and data files are copied, the rest left out with why.
    private mutating func sortOtherFile(_ file: String) {
        if let dir = config.staticDirs.first(where: { file.hasPrefix($0 + "/") }) {
            inventory.copies.append((file, "static/" + file.dropFirst(dir.count + 1)))
            return
        }
        if file.hasPrefix(config.dataDir + "/") {
            let name = String(file.dropFirst(config.dataDir.count + 1))
            if ["popularity.csv", "popularity.json"].contains(name) {
                inventory.copies.append((file, "data/" + name))
            } else {
                leave(config.dataDir + "/", "data for the old theme's templates")
            }
            return
        }
        if file.hasPrefix(config.publishDir + "/") {
            leave(config.publishDir + "/", "the old site's generated output")
            return
        }
        if let folder = HugoInventory.leftOutFolders.first(where: { file.hasPrefix($0.folder + "/") }) {
            leave(folder.folder + "/", folder.reason)
            return
        }
        if !file.contains("/") {
            leave(file, "not part of the published site")
        } else {
            leave(String(file.split(separator: "/")[0]) + "/", "not a folder Hugo publishes")
        }
    }

    /// A file's language, in its name (`post.es.md`, `index.en.md`): the default language's
    /// files are the items, the others' their translations.
    func split(_ name: String) -> (stem: String, language: String?, ext: String) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, languages.contains(parts[parts.count - 2]) else {
            let dot = name.lastIndex(of: ".")
            return (
                dot.map { String(name[..<$0]) } ?? name, nil, dot.map { String(name[name.index(after: $0)...]) } ?? ""
            )
        }
        return (parts.dropLast(2).joined(separator: "."), parts[parts.count - 2], parts.last!)
    }

    /// Whether a file heads a leaf bundle: any language's index, since a post may exist only in a translation.
    func isBundleIndex(_ path: String) -> Bool {
        guard HugoInventory.isMarkdown(path) else { return false }
        return split((path as NSString).lastPathComponent).stem.lowercased() == "index"
    }

    /// The item a content file is, placed as if its folder were `folder` under content/ and its
    /// name `plainName`; nil (and left out, with why) for the home page's and sub-sections' texts.
    mutating func oldItem(
        _ path: String, folder folderPath: String, plainName: String, language: String? = nil
    ) -> OldItem? {
        let segments =
            (String(folderPath.dropFirst(content.count - 1)).split(separator: "/").map(String.init)) + [plainName]
        if split(plainName).stem.lowercased() == "_index" {
            switch segments.count {
            case 1: leave(path, "the home page's text: Herald's home page is made of the site's news and events")
            case 2 where language == nil:
                return OldItem(
                    sourcePath: path, section: segments[0], role: .sectionPage, placement: "_index.md",
                    document: SourceDocument.placeholder, fields: .empty)
            case 2: leave(path, "a section's own text (\(language!)) the site does not have in its default language")
            default: leave(path, "a sub-section's list page: Herald lists a kind's items on one list")
            }
            return nil
        }
        let section = segments.count == 1 ? "pages" : segments[0]
        let placement = segments.count == 1 ? plainName : segments.dropFirst().joined(separator: "/")
        var item = OldItem(
            sourcePath: path, section: section, placement: placement, document: SourceDocument.placeholder,
            fields: .empty)
        item.language = language
        if split(plainName).stem.lowercased() == "index" && HugoInventory.isMarkdown(plainName) {
            item.bundleFolder = (path as NSString).deletingLastPathComponent
        }
        return item
    }

    /// The content files placed: the default language's items by key (folder and name without
    /// language), the other languages' files as translations, and each leaf bundle's files
    /// (everything below a folder with an index.md) as its resources.
    mutating func placeContentFiles(
        _ contentFiles: [String], tree: SourceTree
    )
        -> (
            items: [String: OldItem], translations: [(base: String, language: String, path: String)],
            resources: [String: [String]]
        )
    {
        let bundleFolders = Set(
            contentFiles.filter(isBundleIndex).map { ($0 as NSString).deletingLastPathComponent + "/" })
        func bundle(of path: String) -> String? {
            var folder = (path as NSString).deletingLastPathComponent
            while folder.count >= content.count {
                if bundleFolders.contains(folder + "/") { return folder + "/" }
                folder = (folder as NSString).deletingLastPathComponent
            }
            return nil
        }
        var resources: [String: [String]] = [:]
        var items: [String: OldItem] = [:]
        var translations: [(base: String, language: String, path: String)] = []
        for path in contentFiles {
            let relative = String(path.dropFirst(content.count))
            if config.ignoreFiles.contains(where: { $0.matches(relative) }) {
                leave(path, "matched by the old site's ignoreFiles")
                continue
            }
            let folderPath = (path as NSString).deletingLastPathComponent
            let (stem, language, ext) = split((path as NSString).lastPathComponent)
            let isIndex = stem.lowercased() == "index" && HugoInventory.isMarkdown(path)
            // Another language's bundle index is that bundle's translation, not a resource.
            if let folder = bundle(of: path), !(isIndex && folderPath + "/" == folder) {
                // A bundle's file; Markdown in a bundle is a resource too, as in Hugo.
                resources[folder, default: []].append(String(path.dropFirst(folder.count)))
                continue
            }
            guard HugoInventory.isMarkdown(path) else {
                placeOtherContent(path, relative: relative, tree: tree)
                continue
            }
            // The key an item and its translations share: folder and name without language.
            let key = folderPath + "/" + stem.lowercased()
            if let language, language != defaultLanguage {
                translations.append((key, language, path))
                continue
            }
            // The default language's file drops the language from its name (`index.en.md` → `index.md`).
            if let item = oldItem(path, folder: folderPath, plainName: stem + "." + ext) { items[key] = item }
        }
        return (items, translations, resources)
    }

    /// A content file that is not Markdown: a page in another format Hugo renders (HTML, Org,
    /// AsciiDoc …) is not converted, since Herald's content is Markdown; any other file is
    /// published where it stands.
    private mutating func placeOtherContent(_ path: String, relative: String, tree: SourceTree) {
        if HugoInventory.otherContentFormats.contains((path as NSString).pathExtension.lowercased()),
            tree.read(path).map(SourceDocument.startsWithFrontMatter) == true
        {
            inventory.unconverted.append(
                (
                    path,
                    Diagnostic(
                        path: path, line: 1,
                        "a page written in \((path as NSString).pathExtension.uppercased()), not Markdown: Herald's content is Markdown"
                    )
                ))
            return
        }
        inventory.copies.append((path, "static/" + relative))
    }

    /// Each translation joins its item. A post the site has only in other languages is still a
    /// post: the first of its languages (in the site's order) makes the item, in that language,
    /// and the others are its translations. Herald builds it without an original; `herald check`
    /// says so.
    mutating func placeTranslations(
        _ found: [(base: String, language: String, path: String)], into items: inout [String: OldItem]
    ) {
        let languageOrder = Dictionary(
            config.languages.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let translations = found.sorted {
            ($0.base, languageOrder[$0.language] ?? .max, $0.path) < (
                $1.base, languageOrder[$1.language] ?? .max, $1.path
            )
        }
        for (base, language, path) in translations {
            if items[base] != nil {
                // Imported beside the item as its translation (ImportPlan.translations(of:)).
                items[base]!.translations.append((language, path))
                continue
            }
            // Placed as the default language's file would be: its folder (under content/ for a
            // language folder's file) and its name without the language.
            let byFolder = !path.hasPrefix(content)
            let folder =
                byFolder ? (base as NSString).deletingLastPathComponent : (path as NSString).deletingLastPathComponent
            let name = split((path as NSString).lastPathComponent)
            if let item = oldItem(path, folder: folder, plainName: name.stem + "." + name.ext, language: language) {
                items[base] = item
            }
        }
    }
}
