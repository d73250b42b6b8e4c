import Foundation

/// Builds a multilingual site's model: one `Site` per language, in the order of `languages:`,
/// each with its language's items, and the items not translated into it shown from their own
/// language (unless the language leaves them out). Pure, like `SiteBuilder`.
///
/// Translations are the items that share a `translationKey` (their path without the language,
/// unless front matter gives one): one item in several languages, with one identity (the same
/// event is one event in every language's calendar).
public enum LanguageEditions {
    /// Every language's site, the default's first, or the problems that stop the build.
    public static func build(config: SiteConfig, items: [ContentItem], rules: PublishingRules, popularity: [PopularityRecord] = [],
                             sections: [String: [ContentKind: SectionPage]] = [:]) -> Result<[Site], BuildFailure> {
        let languages = config.languages
        let configs = languages.map { LanguagesParser.config(of: $0, in: config) }
        let layouts = Dictionary(uniqueKeysWithValues: zip(languages.map(\.code), configs.map(\.layout)))
        let indexOfCode = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($0.element.code, $0.offset) })
        // The published versions of each item, by key: language index → the item's index in `items`.
        var versions: [String: [Int: Int]] = [:]
        for (index, item) in items.enumerated() where rules.exclusion(of: item) == nil {
            guard let language = indexOfCode[item.language] else { continue }
            if versions[item.translationKey]?[language] == nil { versions[item.translationKey, default: [:]][language] = index }
        }
        var sites: [Site] = []
        var problems: [Diagnostic] = []
        for (current, language) in languages.enumerated() {
            var chosen: [ContentItem] = []
            var borrowedKeys: [String: Int] = [:]
            for item in items {
                guard let own = indexOfCode[item.language] else { continue }
                if own == current {
                    chosen.append(item)
                } else if language.listsUntranslated, rules.exclusion(of: item) == nil, let present = versions[item.translationKey], present[current] == nil,
                          // Shown from the first language (in site.yml's order) that has it.
                          present.keys.min() == own, present[own].map({ items[$0].sourcePath == item.sourcePath }) ?? false {
                    chosen.append(item)
                    borrowedKeys[item.sourcePath] = own
                }
            }
            switch SiteBuilder.build(config: configs[current], items: chosen, rules: rules, popularity: popularity,
                                     sections: sections[language.code] ?? [:], layoutOfLanguage: layouts) {
            case .failure(let failure): problems += failure.diagnostics
            case .success(var site):
                var edition = LanguageEdition(all: languages, current: current)
                for id in site.items.indices {
                    let item = site.items[id]
                    if let own = borrowedKeys[item.sourcePath] { edition.borrowed[id] = own }
                    guard let present = versions[item.translationKey] else { continue }
                    if let first = present.keys.min(), let original = present[first] { edition.identity[id] = items[original].slug }
                    edition.translations[id] = present.filter { $0.key != indexOfCode[item.language] }.sorted { $0.key < $1.key }
                        .map { (language: $0.key, path: layouts[languages[$0.key].code]!.itemPath(items[$0.value])) }
                }
                site.languages = edition
                sites.append(site)
            }
        }
        if !problems.isEmpty { return .failure(BuildFailure(step: .buildSiteModel, diagnostics: Array(Set(problems)).sorted())) }
        return .success(sites)
    }
}
