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
    static let otherContentFormats: Set<String> = ["html", "htm", "org", "adoc", "asciidoc", "ad", "rst", "pandoc", "pdc"]

    /// Whether a path names a Markdown file.
    static func isMarkdown(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
    }

    /// The inventory of the Hugo site in `tree`; `read` splits and parses a content file.
    static func take(_ tree: SourceTree, config: OldSiteConfig) -> Inventory {
        var inventory = Inventory()
        let content = config.contentDir + "/"
        var leftOutCounts: [String: (files: Int, reason: String)] = [:]
        func leave(_ folder: String, _ reason: String) {
            leftOutCounts[folder, default: (0, reason)].files += 1
        }
        var contentFiles: [String] = []
        let taxonomyFolders = Set(config.taxonomies.map { content + $0.plural.lowercased() + "/" })
        let otherLanguageDirs = config.languageContentDirs.filter { $0.value != config.contentDir }.map { (language: $0.key, dir: $0.value) }.sorted { $0.dir > $1.dir }
        var translatedByFolder: [(language: String, path: String, relative: String)] = []
        for file in tree.files {
            if config.files.contains(file) { continue }
            if let folder = taxonomyFolders.first(where: { file.lowercased().hasPrefix($0) }) {
                leave(folder, "taxonomy pages: Herald makes its own category and tag pages")
                continue
            }
            if file.hasPrefix(content) { contentFiles.append(file); continue }
            // Another language's content folder: its Markdown is translations, found below by path.
            if let (language, dir) = otherLanguageDirs.first(where: { file.hasPrefix($0.dir + "/") }) {
                if isMarkdown(file) { translatedByFolder.append((language, file, String(file.dropFirst(dir.count + 1)))) } else { leave(dir + "/", "another language's content: the site is imported in its default language") }
                continue
            }
            if let dir = config.staticDirs.first(where: { file.hasPrefix($0 + "/") }) {
                inventory.copies.append((file, "static/" + file.dropFirst(dir.count + 1)))
                continue
            }
            if file.hasPrefix(config.dataDir + "/") {
                let name = String(file.dropFirst(config.dataDir.count + 1))
                if ["popularity.csv", "popularity.json"].contains(name) {
                    inventory.copies.append((file, "data/" + name))
                } else {
                    leave(config.dataDir + "/", "data for the old theme's templates")
                }
                continue
            }
            if file.hasPrefix(config.publishDir + "/") { leave(config.publishDir + "/", "the old site's generated output"); continue }
            if let folder = leftOutFolders.first(where: { file.hasPrefix($0.folder + "/") }) { leave(folder.folder + "/", folder.reason); continue }
            if !file.contains("/") {
                leave(file, "not part of the published site")
            } else {
                leave(String(file.split(separator: "/")[0]) + "/", "not a folder Hugo publishes")
            }
        }

        // A file's language, in its name (`post.es.md`, `index.en.md`): the default language's
        // files are the items, the others' their translations.
        let defaultLanguage = config.languages.first ?? "en"
        let languages = Set(config.languages).union([defaultLanguage])
        func split(_ name: String) -> (stem: String, language: String?, ext: String) {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 3, languages.contains(parts[parts.count - 2]) else {
                let dot = name.lastIndex(of: ".")
                return (dot.map { String(name[..<$0]) } ?? name, nil, dot.map { String(name[name.index(after: $0)...]) } ?? "")
            }
            return (parts.dropLast(2).joined(separator: "."), parts[parts.count - 2], parts.last!)
        }
        func isBundleIndex(_ path: String) -> Bool {
            guard isMarkdown(path) else { return false }
            // Any language's index heads a bundle: a post may exist only in a translation.
            return split((path as NSString).lastPathComponent).stem.lowercased() == "index"
        }

        // Leaf bundles: folders with an index.md; everything below one is its file.
        let bundleIndexes = contentFiles.filter(isBundleIndex)
        let bundleFolders = Set(bundleIndexes.map { ($0 as NSString).deletingLastPathComponent + "/" })
        func bundle(of path: String) -> String? {
            var folder = (path as NSString).deletingLastPathComponent
            while folder.count >= content.count {
                if bundleFolders.contains(folder + "/") { return folder + "/" }
                folder = (folder as NSString).deletingLastPathComponent
            }
            return nil
        }
        /// The item a content file is, placed as if its folder were `folder` under content/ and its
        /// name `plainName`; nil (and left out, with why) for the home page's and sub-sections' texts.
        func oldItem(_ path: String, folder folderPath: String, plainName: String, language: String? = nil) -> OldItem? {
            let segments = (String(folderPath.dropFirst(content.count - 1)).split(separator: "/").map(String.init)) + [plainName]
            if split(plainName).stem.lowercased() == "_index" {
                switch segments.count {
                case 1: leave(path, "the home page's text: Herald's home page is made of the site's news and events")
                case 2 where language == nil:
                    return OldItem(sourcePath: path, section: segments[0], role: .sectionPage, placement: "_index.md", document: SourceDocument.placeholder, fields: .empty)
                case 2: leave(path, "a section's own text (\(language!)) the site does not have in its default language")
                default: leave(path, "a sub-section's list page: Herald lists a kind's items on one list")
                }
                return nil
            }
            let section = segments.count == 1 ? "pages" : segments[0]
            let placement = segments.count == 1 ? plainName : segments.dropFirst().joined(separator: "/")
            var item = OldItem(sourcePath: path, section: section, placement: placement, document: SourceDocument.placeholder, fields: .empty)
            item.language = language
            if split(plainName).stem.lowercased() == "index" && isMarkdown(plainName) { item.bundleFolder = (path as NSString).deletingLastPathComponent }
            return item
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
            let name = (path as NSString).lastPathComponent
            let folderPath = (path as NSString).deletingLastPathComponent
            let (stem, language, ext) = split(name)
            let lowerStem = stem.lowercased()
            let folder = bundle(of: path)
            let isIndex = lowerStem == "index" && isMarkdown(path)
            // Another language's bundle index is that bundle's translation, not a resource.
            if let folder, !(isIndex && folderPath + "/" == folder) {
                // A bundle's file; Markdown in a bundle is a resource too, as in Hugo.
                resources[folder, default: []].append(String(path.dropFirst(folder.count)))
                continue
            }
            guard isMarkdown(path) else {
                // A page in another format Hugo renders (HTML, Org, AsciiDoc …): Herald's content is Markdown.
                if Self.otherContentFormats.contains((path as NSString).pathExtension.lowercased()), tree.read(path).map(SourceDocument.startsWithFrontMatter) == true {
                    inventory.unconverted.append((path, Diagnostic(path: path, line: 1, "a page written in \((path as NSString).pathExtension.uppercased()), not Markdown: Herald's content is Markdown")))
                    continue
                }
                // A file beside the content, published where it stands.
                inventory.copies.append((path, "static/" + relative))
                continue
            }
            // The key an item and its translations share: folder and name without language.
            let key = folderPath + "/" + lowerStem
            if let language, language != defaultLanguage {
                translations.append((key, language, path))
                continue
            }
            // The default language's file drops the language from its name (`index.en.md` → `index.md`).
            if let item = oldItem(path, folder: folderPath, plainName: stem + "." + ext) { items[key] = item }
        }
        // A translation in its language's own folder is the default language's file at the same path.
        for (language, path, relative) in translatedByFolder {
            let folder = (relative as NSString).deletingLastPathComponent
            let stem = split((relative as NSString).lastPathComponent).stem.lowercased()
            translations.append((content + (folder.isEmpty ? "" : folder + "/") + stem, language, path))
        }
        // A post the site has only in other languages is still a post: the first of its
        // languages (in the site's order) makes the item, in that language, and the others are
        // its translations. Herald builds it without an original; `herald check` says so.
        let languageOrder = Dictionary(config.languages.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        translations.sort { ($0.base, languageOrder[$0.language] ?? .max, $0.path) < ($1.base, languageOrder[$1.language] ?? .max, $1.path) }
        for (base, language, path) in translations {
            if items[base] != nil {
                // Imported beside the item as its translation (ImportPlan.translations(of:)).
                items[base]!.translations.append((language, path))
                continue
            }
            // Placed as the default language's file would be: its folder (under content/ for a
            // language folder's file) and its name without the language.
            let byFolder = !path.hasPrefix(content)
            let folder = byFolder ? (base as NSString).deletingLastPathComponent : (path as NSString).deletingLastPathComponent
            let name = split((path as NSString).lastPathComponent)
            if let item = oldItem(path, folder: folder, plainName: name.stem + "." + name.ext, language: language) { items[base] = item }
        }
        for (folder, files) in resources {
            if let key = items.first(where: { $0.value.bundleFolder.map { $0 + "/" } == folder })?.key { items[key]!.resources = files.sorted() }
        }
        inventory.items = items.values.sorted { $0.sourcePath < $1.sourcePath }
        inventory.leftOut = leftOutCounts.map { LeftOut(path: $0.key, files: $0.value.files, reason: $0.value.reason) }.sorted { $0.path < $1.path }
        return inventory
    }
}
