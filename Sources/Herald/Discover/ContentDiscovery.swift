/// A content file found under `content/`, with the kind its folder gives it.
public struct ContentSource: Sendable, Equatable {
    /// What a content file is to the site.
    public enum Role: Sendable, Equatable {
        /// An item: a news article, an event or a page.
        case item
        /// A section's own page (`content/news/_index.md`): its title and text head the list page.
        case section
        /// The page of a term of one of the site's own taxonomies (`content/topics/housing/_index.md`,
        /// Hugo's form): its title names the term, and its text heads the term's list. `taxonomy`
        /// is the taxonomy's index in `SiteConfig.taxonomies`; `term` is the term's folder, nil
        /// for the taxonomy's own page (`content/topics/_index.md`).
        case term(taxonomy: Int, term: String?)
    }

    /// Path relative to the site folder, e.g. `content/news/2026/hello.md`.
    public var path: String
    /// News, event or page, from the folder it is in.
    public var kind: ContentKind
    /// An item, or a section's own page.
    public var role: Role = .item
    /// The page bundle the file heads (`<name>/index.md`), with its resources.
    public var bundle: ItemBundle? = nil
    /// Of a multilingual site, the code of the language the file is in (by its name, `gala.en.md`,
    /// or its folder, `content/en/`), and its path without the language, which its translations
    /// share; nil on a site in one language.
    public var language: String? = nil
    public var pathWithoutLanguage: String? = nil
}

/// Finds the Markdown files of a site: `content/news/**`, `content/events/**`, `content/pages/**`.
///
/// A folder holding an `index.md` is a page bundle (as in Hugo): that file is the item, and every
/// other file below the folder is a resource published beside the item's page. Markdown files
/// inside a bundle other than its `index.md` are not pages (Hugo reads them as text resources).
/// `content/<kind>/_index.md` is the section's own page; other `_index.md` files head Hugo's
/// branch folders, which Herald's sections do not have, so they are left out.
public enum ContentDiscovery {
    /// Whether a path names a Markdown file: `.md` or `.markdown`, in any case.
    static func isMarkdown(_ path: String) -> Bool {
        // On the last bytes, any case, without lower-casing the whole path.
        let tail = path.utf8.suffix(9).map { $0 | 0x20 }
        return tail.count >= 3 && tail.suffix(3).elementsEqual(".md".utf8)
            || tail.suffix(9).elementsEqual(".markdown".utf8)
    }

    /// What discovery found: the files to parse, the warnings, and how many Markdown files are
    /// not pages by design (text inside bundles, `_index.md` of sub-folders, translations).
    public struct Found: Sendable {
        public var sources: [ContentSource]
        public var warnings: [Diagnostic]
        public var notPages: Int
    }

    /// Of a file and its translations (`post.md`, `post.es.md`, `post.fr.md`), the one a site in
    /// `language` builds: the file without a language, else the site's language, else the first.
    /// A site has one language (until multilingual sites), so the others are left out, and told:
    /// returns those, sorted.
    static func translationsLeftOut(_ paths: [String], language: String) -> [String] {
        // Only names with a language, and the plain names beside them, can be translations.
        func parts(_ path: String) -> (folder: Substring, name: Substring) {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path[...]) }
            return (path[..<slash], path[path.utf8.index(after: slash)...])
        }
        var groups: [String: [(path: String, code: String?)]] = [:]
        for path in paths {
            let (folder, name) = parts(path)
            guard TranslationName.mayHaveLanguage(name), let split = TranslationName.split(String(name)) else {
                continue
            }
            groups[folder + "/" + split.plain.lowercased(), default: []].append((path, split.language))
        }
        guard !groups.isEmpty else { return [] }
        for path in paths {
            let (folder, name) = parts(path)
            let key = folder + "/" + name.lowercased()
            if groups[key] != nil, !TranslationName.mayHaveLanguage(name) || TranslationName.split(String(name)) == nil
            {
                groups[key]!.append((path, nil))
            }
        }
        var leftOut: [String] = []
        for members in groups.values {
            let sorted = members.sorted { $0.path < $1.path }
            let chosen =
                sorted.first { $0.code == nil } ?? sorted.first { TranslationName.matches($0.code!, site: language) }
                ?? sorted[0]
            leftOut += sorted.map(\.path).filter { $0 != chosen.path }
        }
        return leftOut.sorted()
    }

    /// Lists the site's content files, sorted by path. Markdown files directly under `content/`
    /// or in another folder are reported as warnings, since they would otherwise vanish silently.
    public static func discover(in fileSystem: FileSystem, language: String = "en") throws -> Found {
        discover(files: try fileSystem.listFiles("content") ?? [], language: language, taxonomies: [])
    }

    /// Lists the content files of a site in its config's languages: those of every language, when
    /// it has more than one (see `LanguageFiles`), else those of its one language.
    public static func discover(in fileSystem: FileSystem, config: SiteConfig) throws -> Found {
        let files = try fileSystem.listFiles("content") ?? []
        let taxonomies = config.taxonomies.map(\.name)
        guard config.languages.count > 1 else {
            return discover(files: files, language: config.language, taxonomies: taxonomies)
        }
        return LanguageFiles.discover(
            files: files, languages: config.languages, inFolders: config.translationsInFolders,
            taxonomies: taxonomies)
    }

    /// Discovery over a list of files under `content/`, for a site in one language whose own
    /// taxonomies are `taxonomies` (their names, which are their folders' under `content/`).
    static func discover(files allFiles: [String], language: String, taxonomies: [String]) -> Found {
        var found = Found(sources: [], warnings: [], notPages: 0)
        let known = Set(ContentKind.allCases.map { "content/\($0.folder)/" })
        var files = allFiles
        leaveOutTranslations(from: &files, language: language, found: &found)
        let bundles = bundleFolders(in: files)
        var resources: [String: [String]] = [:]
        var heads: [String: String] = [:]
        for path in files {
            guard let folder = enclosingBundle(of: path, bundles: bundles) else { continue }
            let name = String(path.dropFirst(folder.count + 1))
            if name.split(separator: "/").count == 1, isBundleIndex(name) {
                heads[folder] = path
            } else if isMarkdown(path) {
                found.notPages += 1
            } else {
                resources[folder, default: []].append(name)
            }
        }
        for path in files where isMarkdown(path) {
            guard let kind = ContentKind.allCases.first(where: { path.hasPrefix("content/\($0.folder)/") }) else {
                if let role = termPageRole(of: path, taxonomies: taxonomies) {
                    found.sources.append(ContentSource(path: path, kind: .page, role: role))
                } else if isSectionPage(fileName(of: path)) {
                    found.notPages += 1
                } else {
                    found.warnings.append(
                        .warning(path: path, line: 1, notBuilt(path, known: known, taxonomies: taxonomies)))
                }
                continue
            }
            if let folder = enclosingBundle(of: path, bundles: bundles) {
                guard heads[folder] == path else { continue }  // counted above
                found.sources.append(
                    ContentSource(
                        path: path, kind: kind,
                        bundle: ItemBundle(folder: folder, resources: (resources[folder] ?? []).sorted())))
                continue
            }
            if isSectionPage(fileName(of: path)) {
                if path.split(separator: "/").count == 3 {
                    found.sources.append(ContentSource(path: path, kind: kind, role: .section))
                } else {
                    found.notPages += 1
                }
                continue
            }
            found.sources.append(ContentSource(path: path, kind: kind))
        }
        return found
    }

    /// A site in one language builds each item in its own: the translations beside it
    /// (`gala.en.md`) are left out, with one warning for all.
    private static func leaveOutTranslations(from files: inout [String], language: String, found: inout Found) {
        let translations = translationsLeftOut(files.filter(isMarkdown), language: language)
        guard !translations.isEmpty else { return }
        let count = translations.count
        found.notPages += count
        found.warnings.append(
            .warning(
                path: translations[0], line: 1,
                "is a translation, left out with \(count - 1) other\(count == 2 ? "" : "s"): a site has one language, and each item is built in its own (the file without a language in its name, else the site's)"
            ))
        let dropped = Set(translations)
        files.removeAll { dropped.contains($0) }
    }

    /// Why a Markdown file outside the kinds' folders is not built, and where content goes; an
    /// author's profile (`content/authors/ann.md`) is told how to give authors pages.
    static func notBuilt(_ path: String, known: some Collection<String>, taxonomies: [String]) -> String {
        let folders = "content goes in \(known.sorted().joined(separator: ", "))"
        let parts = path.split(separator: "/")
        if parts.count >= 3, let taxonomy = taxonomies.first(where: { $0.lowercased() == parts[1].lowercased() }) {
            return
                "is not built: a term's page (taxonomy \(taxonomy)) is content/\(parts[1])/<term>.md or content/\(parts[1])/<term>/_index.md; other \(folders)"
        }
        guard parts.count >= 3, ["authors", "author"].contains(parts[1].lowercased()) else {
            return "is not built: \(folders)"
        }
        return
            "is not built: an author's page needs the site to declare `taxonomies: [\(parts[1])]` in site.yml, which gives each author a page; other \(folders)"
    }

    /// A term's page (`content/topics/housing/_index.md`, or `content/topics/housing.md`) or a
    /// taxonomy's own (`content/topics/_index.md`), of one of `taxonomies`; nil for any other file.
    static func termPageRole(of path: String, taxonomies: [String]) -> ContentSource.Role? {
        guard !taxonomies.isEmpty else { return nil }
        let parts = path.split(separator: "/")
        guard parts.count == 3 || parts.count == 4,
            let index = taxonomies.firstIndex(where: { $0.lowercased() == parts[1].lowercased() })
        else { return nil }
        let name = fileName(of: path)
        if isSectionPage(name) { return .term(taxonomy: index, term: parts.count == 4 ? String(parts[2]) : nil) }
        // A term's page as one file (`content/authors/maya-patel.md`, `maya-patel.zh-CN.md`), as
        // a profile is most often written.
        guard parts.count == 3 else { return nil }
        let plain =
            TranslationName.mayHaveLanguage(name)
            ? TranslationName.split(String(name))?.plain ?? String(name) : String(name)
        let term = plain.lastIndex(of: ".").map { String(plain[..<$0]) } ?? plain
        return term.isEmpty || term.hasPrefix("_") ? nil : .term(taxonomy: index, term: term)
    }

    /// Whether a file name is a section's own page, Hugo's `_index.md`.
    static func isSectionPage(_ name: some StringProtocol) -> Bool {
        name.utf8.first == UInt8(ascii: "_") && name.lowercased().hasPrefix("_index.")
    }

    /// Whether a file name is a bundle's head: `index.md` or `index.markdown`, or a translation of
    /// one (`index.en.md`) where it is the one kept.
    static func isBundleIndex(_ name: some StringProtocol) -> Bool {
        // Looked at byte by byte first: nearly every name is not an index.
        guard let first = name.utf8.first, first | 0x20 == UInt8(ascii: "i"), name.utf8.count >= 8 else { return false }
        let lower = TranslationName.split(String(name))?.plain.lowercased() ?? name.lowercased()
        return lower == "index.md" || lower == "index.markdown"
    }

    /// The folders under `content/<kind>/` (not the kind's folder itself) that hold an `index.md`;
    /// a bundle inside another is part of the outer one, as Hugo's leaf bundles have no sub-bundles.
    static func bundleFolders(in files: [String]) -> Set<String> {
        var candidates: [String] = []
        for path in files where isBundleIndex(fileName(of: path)) {
            let folder = String(path.dropLast(fileName(of: path).count + 1))  // only for the few indexes
            // content/<kind>/<name> at least.
            if folder.split(separator: "/").count >= 3 { candidates.append(folder) }
        }
        var bundles = Set<String>()
        for folder in candidates.sorted() where !folder.enclosingFolders.contains(where: bundles.contains) {
            bundles.insert(folder)
        }
        return bundles
    }

    /// The bundle folder a path lies in, if any.
    static func enclosingBundle(of path: String, bundles: Set<String>) -> String? {
        guard !bundles.isEmpty else { return nil }
        return path.enclosingFolders.last(where: bundles.contains)
    }

    private static func fileName(of path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }
}
