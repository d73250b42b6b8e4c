import Foundation
import Yams

/// Reads `languages:` of site.yml: an ordered list of the site's languages, the default first.
enum LanguagesParser {
    /// The keys one language's entry understands.
    static let knownKeys = [
        "code", "name", "path", "title", "description", "author", "timezone", "categories", "untranslated", "strings",
    ]

    /// The languages declared under `key` (`languages`, as SiteConfigParser declares it), or `[]`
    /// when site.yml has none; every problem is reported on its line. `defaultInSubfolder` gives
    /// the default language a folder of its own too.
    static func read(
        _ reader: inout YAMLReader, key: String, defaultInSubfolder: Bool, path file: String
    ) -> [SiteLanguage] {
        guard let entries = reader.mappingList(key) else { return [] }
        if entries.isEmpty {
            reader.problems.error(
                file, reader.line(of: reader.node(key)), "languages needs at least one language, such as `- code: en`")
            return []
        }
        var languages: [SiteLanguage] = []
        for (index, var entry) in entries.enumerated() {
            SiteConfigParser.warnAboutUnknownKeys(&entry, known: knownKeys, section: key)
            let line = entry.lineOffset + (entry.mapping.mark?.line ?? 1)
            guard let code = entry.text("code") else {
                entry.problems.error(file, line, "each language needs a code, such as `code: zh-CN` or `code: en`")
                reader.absorb(entry)
                continue
            }
            if !isLanguageCode(code) {
                entry.problems.error(
                    file, entry.line(of: entry.node("code")),
                    "language code '\(code)' is not a BCP 47 code such as en, zh-CN or pt-BR")
            }
            let isDefault = index == 0
            var folder = entry.text("path") ?? (isDefault && !defaultInSubfolder ? "" : code.lowercased())
            folder = folder.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if isDefault, !defaultInSubfolder, entry.node("path") != nil, !folder.isEmpty {
                entry.problems.error(
                    file, entry.line(of: entry.node("path")),
                    "the default language (the first) is at the site's root; to give it a folder of its own, set `defaultInSubfolder: true`"
                )
            }
            if !isDefault || defaultInSubfolder {
                if folder.isEmpty {
                    entry.problems.error(
                        file, entry.line(of: entry.node("path")),
                        "language \(code) needs a folder of its own (path), since only the default language is at the site's root"
                    )
                } else if folder.contains("/") || Slug.problem(with: folder) != nil {
                    entry.problems.error(
                        file, entry.line(of: entry.node("path")),
                        "language path '\(folder)' must be one folder name of letters, digits and '-', such as en")
                } else if URLLayout.reservedRootSegments.contains(folder.lowercased()) {
                    entry.problems.error(
                        file, entry.line(of: entry.node("path") ?? entry.node("code")),
                        "language path '\(folder)' is where Herald puts the site's \(folder) pages or files (/\(folder)/); choose another, such as \(code.lowercased() == folder.lowercased() ? "lang-" + folder : code.lowercased())"
                    )
                }
            }
            var language = SiteLanguage(
                code: code, name: entry.text("name") ?? SiteLanguage.nativeName(of: code), path: folder)
            language.line = line
            language.title = entry.text("title")
            language.description = entry.text("description")
            language.author = entry.text("author")
            if let zone = entry.text("timezone") {
                if let found = TimeZoneNames.zone(zone) {
                    language.timeZone = found
                } else {
                    entry.problems.error(
                        file, entry.line(of: entry.node("timezone")),
                        "timezone '\(zone)' is not an IANA time zone name such as Asia/Shanghai or Europe/London")
                }
            }
            if let untranslated = entry.text("untranslated") {
                switch untranslated {
                case "list": language.listsUntranslated = true
                case "leaveOut": language.listsUntranslated = false
                default:
                    entry.problems.error(
                        file, entry.line(of: entry.node("untranslated")),
                        "untranslated must be list (show items not translated into \(code), with a badge) or leaveOut, not '\(untranslated)'"
                    )
                }
            }
            if let node = entry.node("categories") {
                language.categories = readCategoryTexts(node, reader: &entry, file: file)
            }
            if var strings = entry.mapping("strings") {
                for (key, _) in strings.keys {
                    if let text = strings.text(key) { language.strings[key] = text }
                }
                entry.absorb(strings)
            }
            if let earlier = languages.first(where: { $0.code.lowercased() == code.lowercased() }) {
                entry.problems.error(file, line, "language \(code) is declared twice (also on line \(earlier.line))")
            } else if !folder.isEmpty,
                let earlier = languages.first(where: { $0.path.lowercased() == folder.lowercased() })
            {
                entry.problems.error(file, line, "languages \(earlier.code) and \(code) have the same path, \(folder)")
            }
            languages.append(language)
            reader.absorb(entry)
        }
        return languages
    }

    /// `categories:` of one language: `slug: Name`, or `slug: {name: …, description: …}`.
    private static func readCategoryTexts(
        _ node: Node, reader: inout YAMLReader, file: String
    ) -> [String: CategoryText] {
        guard case .mapping(let mapping) = node else {
            reader.problems.error(
                file, reader.line(of: node),
                "a language's categories must be `slug: name` lines (or `slug: {name: …, description: …}`)")
            return [:]
        }
        var texts: [String: CategoryText] = [:]
        var nested = YAMLReader(mapping: mapping, path: file, lineOffset: reader.lineOffset)
        for (slug, line) in nested.keys {
            if case .mapping = nested.node(slug), var entry = nested.mapping(slug) {
                SiteConfigParser.warnAboutUnknownKeys(
                    &entry, known: ["name", "description"], section: "languages categories")
                if let name = entry.text("name") {
                    texts[slug] = CategoryText(name: name, description: entry.text("description"))
                } else {
                    entry.problems.error(file, line, "category \(slug) needs a name in this language")
                }
                nested.absorb(entry)
            } else if let name = nested.text(slug) {
                texts[slug] = CategoryText(name: name)
            }
        }
        reader.absorb(nested)
        return texts
    }

    /// Whether a code is shaped like BCP 47: a 2–3 letter language, then subtags of 2–8 letters or digits.
    static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy {
            (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The config of one language's part of the site: the site's, with what the language says
    /// differently (title, description, zone, category names) and its folder as `languageRoot`.
    static func config(of language: SiteLanguage, in site: SiteConfig) -> SiteConfig {
        var config = site
        config.language = language.code
        config.title = language.title ?? site.title
        config.description = language.description ?? site.description
        config.author = language.author ?? site.author
        config.timeZone = language.timeZone ?? site.timeZone
        config.languageRoot = language.root
        config.categories = site.categories.map { category in
            var category = category
            if let text = language.categories[category.slug] {
                category.otherNames.append(category.name)
                category.name = text.name
                category.description = text.description ?? category.description
            }
            return category
        }
        return config
    }
}
