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
        let otherLanguages = Set(config.languages.dropFirst())
        var contentFiles: [String] = []
        let taxonomyFolders = Set(config.taxonomies.map { content + $0.plural.lowercased() + "/" })
        for file in tree.files {
            if config.files.contains(file) { continue }
            if let folder = taxonomyFolders.first(where: { file.lowercased().hasPrefix($0) }) {
                leave(folder, "taxonomy pages: Herald makes its own category and tag pages")
                continue
            }
            if file.hasPrefix(content) { contentFiles.append(file); continue }
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

        // Leaf bundles: folders with an index.md; everything below one is its file.
        let bundleIndexes = contentFiles.filter { path in
            let name = (path as NSString).lastPathComponent.lowercased()
            return name == "index.md" || name == "index.markdown"
        }
        let bundleFolders = Set(bundleIndexes.map { ($0 as NSString).deletingLastPathComponent + "/" })
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
            if config.ignoreFiles.contains(where: { $0.firstMatch(in: relative, range: NSRange(relative.startIndex..., in: relative)) != nil }) {
                leave(path, "matched by the old site's ignoreFiles")
                continue
            }
            let name = (path as NSString).lastPathComponent
            let lowerName = name.lowercased()
            let folder = bundle(of: path)
            let isIndex = lowerName == "index.md" || lowerName == "index.markdown"
            if let folder, !(isIndex && (path as NSString).deletingLastPathComponent + "/" == folder) {
                // A bundle's file; Markdown in a bundle is a resource too, as in Hugo.
                resources[folder, default: []].append(String(path.dropFirst(folder.count)))
                continue
            }
            guard isMarkdown(path) else {
                // A file beside the content, published where it stands.
                inventory.copies.append((path, "static/" + relative))
                continue
            }
            // `post.es.md`: a translation, whose address is kept as an old address of `post.md`.
            let parts = name.split(separator: ".")
            if parts.count >= 3, otherLanguages.contains(String(parts[parts.count - 2])) {
                let base = (path as NSString).deletingLastPathComponent + "/" + parts.prefix(parts.count - 2).joined(separator: ".") + "." + parts.last!
                translations.append((base, String(parts[parts.count - 2]), path))
                continue
            }
            let segments = relative.split(separator: "/").map(String.init)
            if lowerName == "_index.md" || lowerName == "_index.markdown" {
                switch segments.count {
                case 1: leave(path, "the home page's text: Herald's home page is made of the site's news and events")
                case 2: items[path] = OldItem(sourcePath: path, section: segments[0], role: .sectionPage, placement: "_index.md",
                                              document: SourceDocument.placeholder, fields: .empty)
                default: leave(path, "a sub-section's list page: Herald lists a kind's items on one list")
                }
                continue
            }
            let section = segments.count == 1 ? "pages" : segments[0]
            let placement = segments.count == 1 ? relative : segments.dropFirst().joined(separator: "/")
            var item = OldItem(sourcePath: path, section: section, placement: placement, document: SourceDocument.placeholder, fields: .empty)
            if isIndex { item.bundleFolder = String(((path as NSString).deletingLastPathComponent)) }
            items[path] = item
        }
        for (base, language, path) in translations {
            if items[base] != nil {
                items[base]!.translations.append((language, path))
            } else {
                leave(path, "a translation (\(language)) of an item the site does not have in its default language")
            }
        }
        for (folder, files) in resources {
            let index = bundleIndexes.first { ($0 as NSString).deletingLastPathComponent + "/" == folder }
            if let index, items[index] != nil { items[index]!.resources = files.sorted() }
        }
        inventory.items = items.values.sorted { $0.sourcePath < $1.sourcePath }
        inventory.leftOut = leftOutCounts.map { LeftOut(path: $0.key, files: $0.value.files, reason: $0.value.reason) }.sorted { $0.path < $1.path }
        return inventory
    }
}

extension SourceDocument {
    /// A document not read yet.
    static let placeholder = SourceDocument(syntax: .none, frontMatter: "", frontMatterLine: 1, body: "", bodyLine: 1, newline: "\n")
}
