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
        var taking = JekyllInventoryTaking(tree: tree, config: config)
        for file in tree.files { taking.sort(file) }
        return taking.finished()
    }
}

/// One taking of a Jekyll site's inventory, file by file: Jekyll's own folders, excluded and
/// unpublished files left out, `_data/`, posts and drafts, collections, then pages and copies.
private struct JekyllInventoryTaking {
    let tree: SourceTree
    let config: OldSiteConfig
    /// The underscore folders `include:` publishes (`_pages`).
    let included: Set<String>
    /// `exclude:`'s folders and patterns, trimmed.
    let excluded: [String]
    var inventory = Inventory()
    var leftOutCounts: [String: (files: Int, reason: String)] = [:]

    init(tree: SourceTree, config: OldSiteConfig) {
        (self.tree, self.config) = (tree, config)
        included = Set(config.include.map { HugoConfigReader.trimmedFolder($0) })
        excluded = config.exclude.map { HugoConfigReader.trimmedFolder($0) }
    }

    mutating func leave(_ path: String, _ reason: String) { leftOutCounts[path, default: (0, reason)].files += 1 }

    /// The `exclude:` pattern that leaves a path out, if one does: a folder (and what is in it),
    /// or a pattern whose `*` stands for any part of one name.
    func excludingPattern(_ path: String) -> String? {
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

    /// One file of the site: left out, copied, or an item, by the first of Jekyll's rules that
    /// applies to it.
    mutating func sort(_ file: String) {
        let segments = file.split(separator: "/").map(String.init)
        let top = segments[0]
        if config.files.contains(file) || top.hasPrefix("_config.") { return }
        if let reason = JekyllInventory.leftOutFolders[top] {
            leave(top + "/", reason)
            return
        }
        if let pattern = excludingPattern(file) {
            leave(pattern + (file == pattern ? "" : "/"), "excluded by _config.yml")
            return
        }
        if JekyllInventory.neverPublished.contains(top) {
            leave(file, "not part of the published site")
            return
        }
        if top == "_data" {
            sortData(file, segments: segments)
            return
        }
        if let posts = segments.firstIndex(of: "_posts") ?? segments.firstIndex(of: "_drafts"),
            posts < segments.count - 1
        {
            sortPost(file, segments: segments, postsFolder: posts)
            return
        }
        if top.hasPrefix("_"), !included.contains(top) {
            sortUnderscoreFolder(file, segments: segments)
            return
        }
        if segments.contains(where: { $0.hasPrefix(".") }) {
            leave(file, "a hidden file Jekyll does not publish")
            return
        }
        sortPublished(file, segments: segments)
    }

    /// A file in `_data/`: the popularity Herald reads is copied; the rest fed the old theme.
    mutating func sortData(_ file: String, segments: [String]) {
        let name = segments.dropFirst().joined(separator: "/")
        if ["popularity.csv", "popularity.json"].contains(name) {
            inventory.copies.append((file, "data/" + name))
        } else {
            leave("_data/", "data for the old theme's templates")
        }
    }

    /// A file below `_posts/` or `_drafts/` (at `postsFolder`): a post or draft, in a section of
    /// its subfolder, with the folders above as its categories; a file not Markdown or HTML is copied.
    mutating func sortPost(_ file: String, segments: [String], postsFolder posts: Int) {
        let type = segments[posts] == "_posts" ? "posts" : "drafts"
        let below = segments[(posts + 1)...]
        guard HugoInventory.isMarkdown(file) || file.hasSuffix(".html") else {
            inventory.copies.append((file, "static/" + file))
            return
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
    }

    /// A file in an underscore folder `include:` does not name: a collection's document or other
    /// file, or a file Jekyll does not publish.
    mutating func sortUnderscoreFolder(_ file: String, segments: [String]) {
        let top = segments[0]
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
    }

    /// A file Jekyll publishes as it is or through Liquid: a Markdown page with front matter is an
    /// item; another file with front matter was made by the old theme; one without is copied.
    mutating func sortPublished(_ file: String, segments: [String]) {
        let top = segments[0]
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

    /// The inventory, with what was left out counted by folder or file, in order of path.
    func finished() -> Inventory {
        var inventory = inventory
        inventory.leftOut = leftOutCounts.map { LeftOut(path: $0.key, files: $0.value.files, reason: $0.value.reason) }
            .sorted { $0.path < $1.path }
        return inventory
    }
}
