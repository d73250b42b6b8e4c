import Foundation
import Yams

/// Reads `languages:` of site.yml: an ordered list of the site's languages, the default first.
enum LanguagesParser {
    /// One entry of the list as it is read: the language so far, and what its keys' checks need.
    struct Entry {
        var language = SiteLanguage(code: "", name: "", path: "")
        /// Whether the entry has a code: without one, nothing more of it is read or kept.
        var hasCode = true
        /// The default language is the first (`SiteLanguage.defaultIndex`).
        let isDefault: Bool
        let defaultInSubfolder: Bool
        let file: String
    }

    /// The keys of one language's entry, each declared once, in the order they are read: the
    /// code first, since the others' defaults and messages name it, then its folder.
    static var entryKeys: [SiteConfigKey<Entry>] {
        [
            codeKey, pathKey,
            SiteConfigKey("name") { reader, place, entry in
                guard entry.hasCode else { return }
                entry.language.name = reader.text(place.name) ?? SiteLanguage.nativeName(of: entry.language.code)
            },
            text("title", \.title), text("description", \.description), text("author", \.author),
            timeZoneKey, untranslatedKey,
            SiteConfigKey("categories") { reader, place, entry in
                guard entry.hasCode, let node = reader.node(place.name) else { return }
                entry.language.categories = readCategoryTexts(node, reader: &reader, file: entry.file)
            },
            SiteConfigKey("strings") { reader, place, entry in
                guard entry.hasCode, var strings = reader.mapping(place.name) else { return }
                for (key, _) in strings.keys {
                    if let text = strings.text(key) { entry.language.strings[key] = text }
                }
                reader.absorb(strings)
            },
        ]
    }

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
        for (index, var fields) in entries.enumerated() {
            var entry = Entry(
                isDefault: index == SiteLanguage.defaultIndex, defaultInSubfolder: defaultInSubfolder, file: file)
            entry.language.line = fields.lineOffset + (fields.mapping.mark?.line ?? 1)
            SiteConfigKey.read(&fields, by: entryKeys, into: &entry, section: key)
            if entry.hasCode {
                reportDuplicate(of: entry.language, among: languages, problems: &fields.problems, file: file)
                languages.append(entry.language)
            }
            reader.absorb(fields)
        }
        return languages
    }

    /// A language declared twice, or at the same folder as another.
    private static func reportDuplicate(
        of language: SiteLanguage, among languages: [SiteLanguage], problems: inout DiagnosticList, file: String
    ) {
        let (code, folder, line) = (language.code, language.path, language.line)
        if let earlier = languages.first(where: { $0.code.lowercased() == code.lowercased() }) {
            problems.error(file, line, "language \(code) is declared twice (also on line \(earlier.line))")
        } else if !folder.isEmpty,
            let earlier = languages.first(where: { $0.path.lowercased() == folder.lowercased() })
        {
            problems.error(file, line, "languages \(earlier.code) and \(code) have the same path, \(folder)")
        }
    }

    /// A key of text that sets `field` of the language.
    private static func text(_ name: String, _ field: WritableKeyPath<SiteLanguage, String?>) -> SiteConfigKey<Entry> {
        SiteConfigKey(name) { reader, place, entry in
            guard entry.hasCode else { return }
            entry.language[keyPath: field] = reader.text(place.name)
        }
    }

    private static var codeKey: SiteConfigKey<Entry> {
        SiteConfigKey("code") { reader, place, entry in
            guard let code = reader.text(place.name) else {
                reader.problems.error(
                    entry.file, entry.language.line, "each language needs a code, such as `code: zh-CN` or `code: en`")
                entry.hasCode = false
                return
            }
            if !isLanguageCode(code) {
                reader.problems.error(
                    entry.file, reader.line(of: reader.node(place.name)),
                    "language code '\(code)' is not a BCP 47 code such as en, zh-CN or pt-BR")
            }
            entry.language.code = code
        }
    }

    /// `path:`, the language's folder: the default language's is the site's root unless
    /// `defaultInSubfolder`; every other language needs one folder name of its own.
    private static var pathKey: SiteConfigKey<Entry> {
        SiteConfigKey("path") { reader, place, entry in
            guard entry.hasCode else { return }
            let code = entry.language.code
            let atRoot = entry.isDefault && !entry.defaultInSubfolder
            let folder = (reader.text(place.name) ?? (atRoot ? "" : code.lowercased()))
                .trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            entry.language.path = folder
            if atRoot {
                if reader.node(place.name) != nil, !folder.isEmpty {
                    reader.problems.error(
                        entry.file, reader.line(of: reader.node(place.name)),
                        "the default language (the first) is at the site's root; to give it a folder of its own, set `defaultInSubfolder: true`"
                    )
                }
            } else if let problem = folderProblem(folder, code: code) {
                // A folder made from the code (no `path:`) is reported at the code.
                let node = reader.node(place.name) ?? reader.node("code")
                reader.problems.error(entry.file, reader.line(of: node), problem)
            }
        }
    }

    /// Why `folder` cannot hold a language's pages, if it cannot.
    private static func folderProblem(_ folder: String, code: String) -> String? {
        if folder.isEmpty {
            return
                "language \(code) needs a folder of its own (path), since only the default language is at the site's root"
        } else if folder.contains("/") || Slug.problem(with: folder) != nil {
            return "language path '\(folder)' must be one folder name of letters, digits and '-', such as en"
        } else if URLLayout.reservedRootSegments.contains(folder.lowercased()) {
            let other = code.lowercased() == folder.lowercased() ? "lang-" + folder : code.lowercased()
            return
                "language path '\(folder)' is where Herald puts the site's \(folder) pages or files (/\(folder)/); choose another, such as \(other)"
        }
        return nil
    }

    private static var timeZoneKey: SiteConfigKey<Entry> {
        SiteConfigKey("timezone") { reader, place, entry in
            guard entry.hasCode, let zone = reader.text(place.name) else { return }
            if let found = TimeZoneNames.zone(zone) {
                entry.language.timeZone = found
            } else {
                reader.problems.error(
                    entry.file, reader.line(of: reader.node(place.name)),
                    "timezone '\(zone)' is not an IANA time zone name such as Asia/Shanghai or Europe/London")
            }
        }
    }

    private static var untranslatedKey: SiteConfigKey<Entry> {
        SiteConfigKey("untranslated") { reader, place, entry in
            guard entry.hasCode, let untranslated = reader.text(place.name) else { return }
            switch untranslated {
            case "list": entry.language.listsUntranslated = true
            case "leaveOut": entry.language.listsUntranslated = false
            default:
                reader.problems.error(
                    entry.file, reader.line(of: reader.node(place.name)),
                    "untranslated must be list (show items not translated into \(entry.language.code), with a badge) or leaveOut, not '\(untranslated)'"
                )
            }
        }
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
        config.taxonomies = site.taxonomies.map { taxonomy in
            var taxonomy = taxonomy
            taxonomy.title = taxonomy.title(in: language.code)
            return taxonomy
        }
        return config
    }
}
