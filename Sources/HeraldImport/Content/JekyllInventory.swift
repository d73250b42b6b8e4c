import Foundation
import Herald

/// Sorts a Jekyll site's files: posts, drafts, collections and Markdown pages into items, the
/// other files Jekyll copies into copies, and layouts, includes, Sass and `_site/` into what is
/// left out.
enum JekyllInventory {
    /// Jekyll's own folders an import leaves out, and why.
    static let leftOutFolders: [String: String] = [
        "_layouts": "the old site's templates: Herald uses its own",
        "_includes": "the old site's template pieces: Herald uses its own templates",
        "_sass": "the old theme's Sass",
        "_site": "the old site's generated output",
        "_plugins": "Ruby plugins of the old site",
        ".jekyll-cache": "Jekyll's cache",
        ".sass-cache": "Jekyll's cache",
        "vendor": "Ruby gems",
        "node_modules": "JavaScript packages",
    ]
    /// Files Jekyll never publishes.
    static let neverPublished: Set<String> = [
        "Gemfile", "Gemfile.lock", "gemfiles", "package.json", "package-lock.json", "yarn.lock",
    ]

    /// The inventory of the Jekyll site in `tree`.
    static func take(_ tree: SourceTree, config: OldSiteConfig) -> Inventory {
        var inventory = Inventory()
        var leftOutCounts: [String: (files: Int, reason: String)] = [:]
        func leave(_ path: String, _ reason: String) { leftOutCounts[path, default: (0, reason)].files += 1 }
        let included = Set(config.include.map { HugoConfigReader.trimmedFolder($0) })
        let excluded = config.exclude.map { HugoConfigReader.trimmedFolder($0) }
        func isExcluded(_ path: String) -> String? {
            excluded.first { pattern in
                if pattern.contains("*") {
                    let regex =
                        "^"
                        + NSRegularExpression.escapedPattern(for: pattern).replacingOccurrences(
                            of: "\\*", with: "[^/]*") + "(/|$)"
                    return path.range(of: regex, options: .regularExpression) != nil
                }
                return path == pattern || path.hasPrefix(pattern + "/")
            }
        }
        for file in tree.files {
            let segments = file.split(separator: "/").map(String.init)
            let top = segments[0]
            if config.files.contains(file) || top.hasPrefix("_config.") { continue }
            if let reason = leftOutFolders[top] {
                leave(top + "/", reason)
                continue
            }
            if let pattern = isExcluded(file) {
                leave(pattern + (file == pattern ? "" : "/"), "excluded by _config.yml")
                continue
            }
            if neverPublished.contains(top) {
                leave(file, "not part of the published site")
                continue
            }
            if top == "_data" {
                let name = segments.dropFirst().joined(separator: "/")
                if ["popularity.csv", "popularity.json"].contains(name) {
                    inventory.copies.append((file, "data/" + name))
                } else {
                    leave("_data/", "data for the old theme's templates")
                }
                continue
            }
            if let posts = segments.firstIndex(of: "_posts") ?? segments.firstIndex(of: "_drafts"),
                posts < segments.count - 1
            {
                let type = segments[posts] == "_posts" ? "posts" : "drafts"
                let below = segments[(posts + 1)...]
                guard HugoInventory.isMarkdown(file) || file.hasSuffix(".html") else {
                    inventory.copies.append((file, "static/" + file))
                    continue
                }
                let section = "_" + type + (below.count > 1 ? "/" + below.first! : "")
                var placement = (below.count > 1 ? below.dropFirst() : below).joined(separator: "/")
                // An HTML post: its body stays HTML, which Markdown lets through, in a file Herald reads.
                if placement.lowercased().hasSuffix(".html") { placement = String(placement.dropLast(5)) + ".md" }
                var item = OldItem(
                    sourcePath: file, section: section, placement: placement, document: .placeholder, fields: .empty)
                item.jekyllType = type
                item.folderCategories = Array(segments[..<posts])
                inventory.items.append(item)
                continue
            }
            if top.hasPrefix("_"), !included.contains(top) {
                let name = String(top.dropFirst())
                if config.collections[name] != nil, segments.count > 1,
                    HugoInventory.isMarkdown(file) || file.hasSuffix(".html")
                {
                    var placement = segments.dropFirst().joined(separator: "/")
                    if placement.lowercased().hasSuffix(".html") { placement = String(placement.dropLast(5)) + ".md" }
                    var item = OldItem(
                        sourcePath: file, section: top, placement: placement, document: .placeholder, fields: .empty)
                    item.jekyllType = name
                    inventory.items.append(item)
                } else if config.collections[name] != nil {
                    // Jekyll publishes a collection's other files under its name (`/talks/slides.pdf`).
                    inventory.copies.append(
                        (file, "static/" + name + "/" + segments.dropFirst().joined(separator: "/")))
                } else {
                    leave(
                        top + "/",
                        top.hasSuffix(".yml") || !file.contains("/")
                            ? "a file Jekyll does not publish" : "a folder Jekyll does not publish")
                }
                continue
            }
            if segments.contains(where: { $0.hasPrefix(".") }) {
                leave(file, "a hidden file Jekyll does not publish")
                continue
            }
            let hasFrontMatter = tree.read(file).map(SourceDocument.startsWithFrontMatter) ?? false
            if HugoInventory.isMarkdown(file), hasFrontMatter {
                // A page in an included `_pages/` folder goes into pages/ without the underscore folder.
                let placement =
                    top.hasPrefix("_") && segments.count > 1 ? segments.dropFirst().joined(separator: "/") : file
                var item = OldItem(
                    sourcePath: file, section: "pages", placement: placement, document: .placeholder, fields: .empty)
                item.jekyllType = "pages"
                inventory.items.append(item)
            } else if hasFrontMatter {
                leave(file, "made by the old theme's Liquid (a layout page, a feed or Sass): Herald makes its own")
            } else {
                inventory.copies.append((file, "static/" + file))
            }
        }
        inventory.leftOut = leftOutCounts.map { LeftOut(path: $0.key, files: $0.value.files, reason: $0.value.reason) }
            .sorted { $0.path < $1.path }
        return inventory
    }
}
