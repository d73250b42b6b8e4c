import Foundation
import Herald
import Yams

/// Keep old addresses: each kind's permalink pattern from its main section's old one, a slug
/// where Herald's would differ from the old, then, for every item still published elsewhere,
/// its old address as an alias (pages: as `url:`, as do items whose new address two would share).
extension ImportPlan {
    mutating func keepOldAddresses() {
        translatePermalinks()
        pinSlugs()
        let addresses = SiteAddresses.find(in: provisionalSite())
        for index in items.indices {
            items[index].newPath = addresses.entries[items[index].path]?.path
            if addresses.entries[items[index].path]?.hasRawHTML == true { rawHTMLFiles += 1 }
        }
        keepPageAddresses()
        separateSharedAddresses()
        writeAliases()
        keepListAddresses()
    }

    /// Hugo published a list at each section's folder (`/posts/`): it leads to the kind's list
    /// (`/news/`), through the aliases of the kind's section page, made when there is none.
    mutating func keepListAddresses() {
        guard config.kind == .hugo else { return }
        var taken = Set(items.compactMap { $0.newPath?.lowercased() })
        for item in items {
            for key in ["aliases", "redirect_from"] {
                guard let index = item.frontMatter.index(of: key) else { continue }
                for alias in item.frontMatter.entries[index].value.texts {
                    taken.insert(URLText.sitePath(alias).lowercased())
                }
            }
        }
        for kind in [ContentKind.news, .event] {
            let list = URLLayout.standard.listPath(kind)
            let old = choices.values.filter { $0.kind == kind }.map {
                (config.lowerCasePaths ? $0.section.lowercased() : $0.section) + "/"
            }
            .filter { $0 != list && !taken.contains($0.lowercased()) }.sorted()
            guard !old.isEmpty else { continue }
            let path = "content/\(kind.folder)/_index.md"
            if let index = items.firstIndex(where: { $0.path == path }) {
                items[index].frontMatter.appendAliases(old.map { "/" + $0 })
            } else {
                var front = EditableFrontMatter(fields: .empty)
                front.appendAliases(old.map { "/" + $0 })
                extraFiles[path] = "---\n" + front.text(newline: "\n") + "---\n"
            }
            report.listRedirects += old.map { "/\($0) → /\(list)" }
        }
    }

    // MARK: Patterns

    /// The Herald pattern of each kind whose main section had an old pattern Herald can write.
    mutating func translatePermalinks() {
        for kind in [ContentKind.news, .event] {
            guard let section = primarySections[kind] else { continue }
            let members = items.filter { $0.old.section == section && $0.old.role == .item }
            // Items straight in the section's folder (or in a bundle there) are what a slug can place.
            let flat = members.allSatisfy {
                $0.old.placement.split(separator: "/").count - ($0.old.bundleFolder == nil ? 0 : 1) == 1
            }
            let old: Setting<String>
            switch config.kind {
            case .hugo:
                if let pattern = config.permalinks[section.lowercased()] {
                    old = Setting(
                        value: pattern.value,
                        origin: "[permalinks] \(section) = \"\(pattern.value)\" (\(pattern.origin))")
                } else {
                    let folder = config.lowerCasePaths ? section.lowercased() : section
                    old = Setting(
                        value: "/\(folder)/:slug" + (config.uglyURLs ? ".html" : "/"),
                        origin:
                            "Hugo's addresses of the \(section) section: its folder and each page's slug or file name")
                }
            case .jekyll:
                let type = members.first?.old.jekyllType ?? "posts"
                if type == "posts" || type == "drafts" {
                    let pattern = config.permalinks["posts"]!
                    old = Setting(value: pattern.value, origin: "permalink: \(pattern.value) (\(pattern.origin))")
                } else {
                    let pattern = (config.collections[type] ?? nil) ?? "/:collection/:path:output_ext"
                    old = Setting(value: pattern, origin: "the \(type) collection's permalink \(pattern)")
                }
            }
            guard let herald = Self.heraldPattern(from: old.value, generator: config.kind, section: section, flat: flat)
            else {
                note(
                    config.files.first ?? ".", 1,
                    "the \(section) section's addresses (\(old.value)) have no Herald pattern; its items keep them as aliases",
                    kind: "permalink not translated")
                continue
            }
            if herald != PermalinkPattern.defaultPattern(for: kind).text {
                permalinks[kind] = Setting(value: herald, origin: old.origin)
            }
        }
    }

    /// An old permalink pattern in Herald's tokens, or nil when it uses one Herald has not.
    static func heraldPattern(from old: String, generator: OldSiteKind, section: String, flat: Bool) -> String? {
        var result = ""
        var rest = Substring(old)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let token = rest[rest.index(after: colon)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            rest = rest[rest.index(after: colon)...].dropFirst(token.count)
            switch (generator, token.lowercased()) {
            case (_, "year"), (_, "month"), (_, "day"): result += ":" + token.lowercased()
            case (.hugo, "slug"), (.hugo, "title"), (.hugo, "filename"), (.hugo, "slugorfilename"),
                (.hugo, "contentbasename"), (.hugo, "slugorcontentbasename"):
                result += ":slug"
            case (.hugo, "section"): result += section.lowercased()
            case (.jekyll, "title"), (.jekyll, "slug"), (.jekyll, "name"), (.jekyll, "basename"): result += ":slug"
            case (.jekyll, "categories"): result += ":categories"
            case (.jekyll, "output_ext"): result += ".html"
            case (.jekyll, "collection"): result += section.trimmingPrefix("_")
            case (.jekyll, "path") where flat: result += ":slug"
            default: return nil
            }
        }
        result += rest
        guard result.contains(":slug"), case .success = PermalinkPattern.parse(result) else { return nil }
        return result
    }

    // MARK: Slugs

    /// Gives `slug:` to the items of each kind's main section whose slug Herald would make
    /// differently from the old site's (Hugo's slug from the title, lower-cased file names).
    mutating func pinSlugs() {
        for index in items.indices {
            let item = items[index]
            guard item.kind != .page, item.old.role == .item, primarySections[item.kind] == item.old.section,
                permalinks[item.kind] != nil || config.kind == .hugo,
                let address = item.oldAddress, let wanted = address.slug, !wanted.isEmpty,
                item.old.fields.text("url") == nil, address.rule != "permalink:"
            else { continue }
            if Self.heraldSlug(of: item) == wanted || Slug.problem(with: wanted) != nil { continue }
            items[index].frontMatter.set("slug", Node(wanted))
            count("slug kept from the old address")
        }
    }

    /// The slug Herald gives an item: its `slug:`, else its file's (or bundle's) name without date.
    static func heraldSlug(of item: ImportedItem) -> String {
        if let index = item.frontMatter.index(of: "slug"), let written = item.frontMatter.entries[index].value.string {
            return written
        }
        let name =
            item.bundleFolder.map { ($0 as NSString).lastPathComponent } ?? (item.path as NSString).lastPathComponent
        let slug = Slug.fromFileName(name)
        return Slug.problem(with: slug) == nil ? slug : Slug.make(from: slug)
    }

    // MARK: The new site so far

    /// The new site as it stands, for Herald to place its items: site.yml and every item (bodies
    /// not converted yet; they do not move an item).
    func provisionalSite() -> FileSystem {
        var files: [String: Data] = [SiteConfigFile.name: Data(siteYAML().utf8)]
        for item in items { files[item.path] = Data(item.fileText().utf8) }
        for (path, text) in extraFiles { files[path] = Data(text.utf8) }
        for item in items where item.bundleFolder != nil {
            for resource in item.old.resources { files[item.bundleFolder! + "/" + resource] = Data() }
        }
        return .memory(files)
    }

    // MARK: Pages, shared addresses, aliases

    /// A page keeps its old address with `url:`: pages have no pattern, and two pages of
    /// different sections may share a name.
    mutating func keepPageAddresses() {
        let fixed = Set(URLLayout.standard.fixedPagePaths)
        for index in items.indices.reversed() where items[index].kind == .page {
            guard let old = items[index].oldAddress else { continue }
            // The old site's search page or news list: Herald makes its own there.
            if fixed.contains(old.path) {
                let item = items.remove(at: index)
                report.items[.page, default: 0] -= 1
                report.leftOut.append(
                    LeftOut(path: item.old.sourcePath, files: 1, reason: "Herald makes its own page at /\(old.path)"))
                continue
            }
            if items[index].newPath != old.path { setURL(index, old.path) }
        }
        report.leftOut.sort { $0.path < $1.path }
    }

    /// Items Herald would publish at one address keep their old ones with `url:`.
    mutating func separateSharedAddresses() {
        let groups = Dictionary(
            grouping: items.indices.filter { items[$0].newPath != nil }, by: { items[$0].newPath!.lowercased() })
        for (_, members) in groups where members.count > 1 {
            let moved = members.filter {
                items[$0].oldAddress != nil && items[$0].oldAddress!.path != items[$0].newPath
            }
            for index in moved.isEmpty ? members : moved {
                guard let old = items[index].oldAddress else { continue }
                setURL(index, old.path)
            }
        }
    }

    /// Gives an item `url:` with its old address.
    mutating func setURL(_ index: Int, _ path: String) {
        items[index].frontMatter.set("url", Node("/" + path))
        items[index].newPath = path
        report.urlsWritten += 1
    }

    /// Every item (and translation) published elsewhere than before gets its old address
    /// as an alias, unless another item is now published there.
    mutating func writeAliases() {
        let published = Set(items.compactMap { $0.newPath?.lowercased() })
        for index in items.indices {
            let item = items[index]
            guard let newPath = item.newPath else { continue }
            var wanted: [String] = []
            if let old = item.oldAddress {
                if old.path == newPath { report.addressesUnchanged += 1 } else { wanted.append(old.path) }
            }
            let existing = Set(
                item.old.fields.texts("aliases").map { URLText.sitePath($0) }
                    + item.old.fields.texts("redirect_from").map { URLText.sitePath($0) })
            var added: [String] = []
            for path in wanted where !existing.contains(path) && !added.contains(path) {
                if published.contains(path.lowercased()) {
                    note(
                        item.old.sourcePath, 1,
                        "its old address /\(path) is now another item's page, so it cannot redirect here",
                        kind: "old address taken")
                    continue
                }
                added.append(path)
            }
            guard !added.isEmpty else { continue }
            items[index].frontMatter.appendAliases(added.map { "/" + $0 })
            report.aliasesWritten += added.count
        }
    }
}
