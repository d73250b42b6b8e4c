import Foundation

/// Builds a multilingual site's model: one `Site` per language, in the order of `languages:`,
/// each with its language's items, and the items not translated into it shown from their own
/// language (unless the language leaves them out). Pure, like `SiteBuilder`.
///
/// Translations are the items that share a `translationKey` (their path without the language,
/// unless front matter gives one): one item in several languages, with one identity (the same
/// event is one event in every language's calendar).
public enum LanguageEditions {
    /// An author's page in the default language names them in an edition that has none of its
    /// own (`maya-patel/_index.md` without `_index.zh-CN.md`): a name is the same in every
    /// language, where a topic's title is not.
    static func withDefaultAuthorPages(_ termPages: [String: TermPages], config: SiteConfig) -> [String: TermPages] {
        guard let index = config.taxonomies.firstIndex(where: \.readsAuthors),
            let own = termPages[config.languages[SiteLanguage.defaultIndex].code]?[index]
        else { return termPages }
        var pages = termPages
        for language in config.languages.dropFirst() {
            pages[language.code, default: [:]][index, default: [:]].merge(own.filter { !$0.key.isEmpty }) { mine, _ in
                mine
            }
        }
        return pages
    }

    /// Every language's site, the default's first, or the problems that stop the build.
    public static func build(
        config: SiteConfig, items: [ContentItem], rules: PublishingRules, popularity: [PopularityRecord] = [],
        sections: [String: [ContentKind: SectionPage]] = [:], termPages: [String: TermPages] = [:]
    ) -> Result<[Site], BuildFailure> {
        let run = EditionRun(config: config, items: items, rules: rules)
        let termPages = withDefaultAuthorPages(termPages, config: config)
        // Each language's site is built on a core of its own: one after another, the model of a
        // two-language 10,000-item site took twice as long as one language's (perf).
        let outcomes = Array(run.languages.indices).parallelMap { current -> Result<Site, BuildFailure> in
            let code = run.languages[current].code
            return run.site(
                of: current, popularity: popularity, sections: sections[code] ?? [:], termPages: termPages[code] ?? [:])
        }
        var sites: [Site] = []
        var problems: [Diagnostic] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let site): sites.append(site)
            case .failure(let failure): problems += failure.diagnostics
            }
        }
        problems += folderClashes(sites)
        if !problems.isEmpty {
            return .failure(BuildFailure(step: .buildSiteModel, diagnostics: Array(Set(problems)).sorted()))
        }
        sites[SiteLanguage.defaultIndex].warnings += translationWarnings(
            items: items, versions: run.published, languages: run.languages, sites: sites, rules: rules)
        return .success(sites)
    }

    /// An item whose page would be inside another language's folder (`url: /en/about/` on the
    /// default language's page, or a page whose slug is a language's path): each is an error
    /// naming the item and the language's line of site.yml.
    static func folderClashes(_ sites: [Site]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for site in sites {
            let own = site.layout.root
            for id in site.items.indices where !site.isBorrowed(id) {
                let path = site.paths[id]
                for other in sites
                where !other.layout.root.isEmpty && other.layout.root != own && !own.hasPrefix(other.layout.root) {
                    let folder = other.layout.root
                    guard path.hasPrefix(folder) || path + "/" == folder, let language = other.languages?.language
                    else { continue }
                    let item = site.items[id]
                    problems.append(
                        Diagnostic(
                            path: item.sourcePath, line: item.fixedPath?.line ?? max(1, item.slugLine),
                            "is published at /\(path), inside the folder of language \(language.code) (/\(folder), site.yml line \(language.line)): change its slug or url, or the language's path"
                        ))
                }
            }
        }
        return problems
    }

    /// The written key a slip away from `key` (a translation's `union-elections` for the
    /// original's `union-election`) whose item the default language has and `language` has not:
    /// the version `key`'s file was most likely meant to pair with.
    private static func partner(near key: String, language: Int, versions: [String: [Int: Int]]) -> String? {
        let candidates = versions.filter {
            $0.key.hasPrefix("key:") && $0.key != key && $0.value[SiteLanguage.defaultIndex] != nil
                && $0.value[language] == nil
        }.keys
        let name = String(key.dropFirst(4))
        return NearestMatch(candidates.map { (String($0.dropFirst(4)), $0) }).nearest(
            to: name, within: max(2, name.utf8.count / 5))?.value
    }

    /// What `herald check` warns about a multilingual site's content: a `translationKey` no other
    /// file has (a slip in the key, most likely), two versions of one item in one language, and a
    /// category used in a language that gives it no name. A file named for a language alone
    /// (`notice.en.md`) is that language's item, as `herald new --lang en` writes one: no warning.
    static func translationWarnings(
        items: [ContentItem], versions: [String: [Int: Int]], languages: [SiteLanguage], sites: [Site],
        rules: PublishingRules
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let indexOfCode = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($0.element.code, $0.offset) })
        for (key, present) in versions.sorted(by: { $0.key < $1.key })
        where present[SiteLanguage.defaultIndex] == nil && present.count == 1 {
            guard key.hasPrefix("key:"), let (language, id) = present.first else { continue }
            let item = items[id]
            let suggestion =
                partner(near: key, language: language, versions: versions).map {
                    "; did you mean \($0.dropFirst(4)) (\(items[versions[$0]![SiteLanguage.defaultIndex]!].sourcePath):\(items[versions[$0]![SiteLanguage.defaultIndex]!].translationKeyLine))?"
                } ?? "; check the key's spelling"
            warnings.append(
                .warning(
                    path: item.sourcePath, line: item.translationKeyLine,
                    "has translationKey \(key.dropFirst(4)), which no other file published in this build has, so it pairs with no version in \(languages[SiteLanguage.defaultIndex].code)\(suggestion)"
                ))
        }
        var seen: [String: [Int: String]] = [:]
        for item in items where rules.exclusion(of: item) == nil {
            guard let language = indexOfCode[item.language] else { continue }
            if let first = seen[item.translationKey]?[language] {
                warnings.append(
                    .warning(
                        path: item.sourcePath, line: item.translationKeyLine,
                        "has the translationKey of \(first), also in \(item.language): that file is the \(item.language) version its translations link to, and this one is an item of its own; give one of them another translationKey"
                    ))
            } else {
                seen[item.translationKey, default: [:]][language] = item.sourcePath
            }
        }
        for site in sites.dropFirst() {
            guard let language = site.languages?.language else { continue }
            for category in site.categories
            where category.declared && language.categories[category.slug] == nil
                && category.items.contains(where: { !site.isBorrowed($0) })
            {
                warnings.append(
                    .warning(
                        path: SiteConfigFile.name, line: language.line,
                        "language \(language.code) has no name for category \(category.slug), which its items use: add `\(category.slug): …` under its categories"
                    ))
            }
        }
        return warnings
    }
}

/// What every language's edition is made from, worked out once and shared by the editions built
/// at once on their cores: only read, so no language copies the items or the tables.
private struct EditionRun: Sendable {
    let languages: [SiteLanguage]
    let configs: [SiteConfig]
    let layouts: [String: URLLayout]
    let indexOfCode: [String: Int]
    let items: [ContentItem]
    let rules: PublishingRules
    /// The published versions of each item, by key: language index → the item's index in `items`.
    let published: [String: [Int: Int]]
    /// Each item's language, by index in `languages` (nil for a language the site does not have).
    let languageOfItem: [Int?]

    init(config: SiteConfig, items: [ContentItem], rules: PublishingRules) {
        languages = config.languages
        configs = languages.map { LanguagesParser.config(of: $0, in: config) }
        layouts = Dictionary(uniqueKeysWithValues: zip(languages.map(\.code), configs.map(\.layout)))
        let indexOfCode = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($0.element.code, $0.offset) })
        var versions: [String: [Int: Int]] = [:]
        for (index, item) in items.enumerated() where rules.exclusion(of: item) == nil {
            guard let language = indexOfCode[item.language] else { continue }
            if versions[item.translationKey]?[language] == nil {
                versions[item.translationKey, default: [:]][language] = index
            }
        }
        self.indexOfCode = indexOfCode
        self.items = items
        self.rules = rules
        published = versions
        languageOfItem = items.map { indexOfCode[$0.language] }
    }

    /// The site of language `current`: its own items, and those it shows from another language.
    func site(
        of current: Int, popularity: [PopularityRecord], sections: [ContentKind: SectionPage], termPages: TermPages
    ) -> Result<Site, BuildFailure> {
        let (chosen, borrowedKeys) = chosenItems(of: current)
        return SiteBuilder.build(
            config: configs[current], items: chosen, rules: rules, popularity: popularity,
            sections: sections, termPages: termPages, layoutOfLanguage: layouts, everyLanguagesItems: items
        ).map { built in
            var site = built
            site.languages = edition(of: site, current: current, borrowedKeys: borrowedKeys)
            return site
        }
    }

    /// The items language `current` shows, and of those from another language, the language each
    /// is shown from (by source path).
    private func chosenItems(of current: Int) -> (chosen: [ContentItem], borrowedKeys: [String: Int]) {
        let language = languages[current]
        // By index: an item is looked at, and copied once, into the language's list.
        var chosen: [ContentItem] = []
        chosen.reserveCapacity(items.count)
        var borrowedKeys: [String: Int] = [:]
        for index in items.indices {
            guard let own = languageOfItem[index] else { continue }
            if own == current {
                chosen.append(items[index])
            } else if language.listsUntranslated, let present = published[items[index].translationKey],
                present[current] == nil,
                // Shown from the first language (in site.yml's order) that has it.
                present.keys.min() == own, present[own] == index
            {
                chosen.append(items[index])
                borrowedKeys[items[index].sourcePath] = own
            }
        }
        return (chosen, borrowedKeys)
    }

    /// How the built site of language `current` stands among the others: the items it borrows,
    /// each item's identity (the original's slug) and its translations' pages.
    private func edition(of site: Site, current: Int, borrowedKeys: [String: Int]) -> LanguageEdition {
        var edition = LanguageEdition(all: languages, current: current)
        for id in site.items.indices {
            let item = site.items[id]
            if let own = borrowedKeys[item.sourcePath] { edition.borrowed[id] = own }
            guard let present = published[item.translationKey] else { continue }
            if let first = present.keys.min(), let original = present[first] {
                edition.identity[id] = items[original].slug
            }
            guard present.count > 1 else { continue }
            edition.translations[id] = present.filter { $0.key != indexOfCode[item.language] }.sorted {
                $0.key < $1.key
            }
            .map { (language: $0.key, path: layouts[languages[$0.key].code]!.itemPath(items[$0.value])) }
        }
        return edition
    }
}
