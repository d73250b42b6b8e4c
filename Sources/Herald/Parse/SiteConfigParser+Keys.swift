import Foundation
import Yams

/// The top-level keys of site.yml, each declared once, in the order they are read: a key read
/// after another may use what that one set (`languages` uses `defaultInSubfolder` and
/// `categories`, and `taxonomies` the languages). Their defaults are `SiteConfig`'s.
extension SiteConfigParser {
    static var keys: [SiteConfigKey<SiteConfig>] {
        [
            titleKey,
            SiteConfigKey("description") { reader, place, config in
                config.description = reader.text(place.name) ?? config.description
            },
            baseURLKey, timeZoneKey, pageSizeKey,
            SiteConfigKey("author") { reader, place, config in config.author = reader.text(place.name) ?? config.author
            },
            .section("markdown", \.markdown, markdownKeys), .section("home", \.home, homeKeys),
            .section("trending", \.trending, trendingKeys),
            .section("feeds", \.feeds, feedKeys), .section("limits", \.limits, limitKeys),
            SiteConfigKey("categories", nested: SiteConfigKey.paths(of: categoryKeys)) { reader, place, config in
                config.categories = readCategories(&reader, place)
            },
            .section("images", \.images, imageKeys), socialCardsKey,
            .flag("defaultInSubfolder", \.defaultLanguageInSubfolder),
            .flag("translationsInFolders", \.translationsInFolders),
            languagesKey, languageKey, taxonomiesKey,
            SiteConfigKey("publish", nested: SiteConfigKey.paths(of: publishTargetKeys)) { reader, place, config in
                config.publish = readPublishTargets(&reader, place)
            },
            SiteConfigKey("permalinks", nested: ContentKind.allCases.map(\.folder)) { reader, place, config in
                config.permalinks = readPermalinks(&reader, place)
            },
            siteIDKey,
        ]
    }

    private static var titleKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("title") { reader, place, config in
            if let title = reader.text(place.name) {
                config.title = title
            } else {
                reader.problems.error(reader.path, reader.line(ofKey: place.name), "site.yml needs a title")
            }
        }
    }

    static var baseURLKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("baseURL") { reader, place, config in
            guard let text = reader.text(place.name) else { return }
            switch parseBaseURL(text) {
            case .success(let url): config.baseURL = url
            case .failure(let problem):
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)), "baseURL \(problem.message)")
            }
        }
    }

    private static var timeZoneKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("timezone") { reader, place, config in
            guard let name = reader.text(place.name) else { return }
            if let zone = TimeZoneNames.zone(name) {
                config.timeZone = zone
            } else {
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)),
                    "timezone '\(name)' is not an IANA time zone name such as Asia/Shanghai or Europe/London")
            }
        }
    }

    private static var pageSizeKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("pageSize") { reader, place, config in
            guard let size = reader.int(place.name) else { return }
            if (1...10_000).contains(size) {
                config.pageSize = size
            } else {
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)), "pageSize must be between 1 and 10000")
            }
        }
    }

    private static var socialCardsKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("socialCards") { reader, place, config in
            guard let node = reader.node(place.name) else { return }
            if let flag = node.bool, case .scalar(let scalar) = node, scalar.style == .plain {
                config.socialCards = flag ? .on : .off
            } else if reader.text(place.name) == "coverFirst" {
                config.socialCards = .coverFirst
            } else {
                reader.problems.error(
                    reader.path, reader.line(of: node), "socialCards must be true, false or coverFirst")
            }
        }
    }

    private static var siteIDKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("siteID") { reader, place, config in
            guard let siteID = reader.text(place.name) else { return }
            if isSiteID(siteID) {
                config.siteID = siteID
            } else {
                reader.problems.error(
                    reader.path, reader.line(of: reader.node(place.name)),
                    "siteID '\(siteID)' must be letters, digits, '.', '-' and '_' only (such as the UUID herald new site writes); once calendars are subscribed to, never change it"
                )
            }
        }
    }

    /// `languages:`, read after `defaultInSubfolder` and `categories`, whose names it gives in
    /// each language. The default language's code and zone are the site's.
    private static var languagesKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("languages", nested: SiteConfigKey.paths(of: LanguagesParser.entryKeys)) {
            reader, place, config in
            var languages = LanguagesParser.read(
                &reader, key: place.name, defaultInSubfolder: config.defaultLanguageInSubfolder, path: reader.path)
            // Every language's name for a category, so that an item may name it in its own language.
            for index in config.categories.indices {
                let category = config.categories[index]
                config.categories[index].otherNames = languages.compactMap { $0.categories[category.slug]?.name }.filter
                { $0 != category.name }
            }
            for language in languages {
                for (slug, _) in language.categories.sorted(by: { $0.key < $1.key })
                where !config.categories.contains(where: { $0.slug == slug }) {
                    reader.problems.warning(
                        reader.path, language.line,
                        "language \(language.code) names category '\(slug)', which categories does not declare: the name is not used"
                    )
                }
            }
            if languages.count == 1 { languages[0].path = config.defaultLanguageInSubfolder ? languages[0].path : "" }
            config.languages = languages
            if let first = languages.first { config.language = first.code }
            if let zone = languages.first?.timeZone { config.timeZone = zone }
        }
    }

    /// `language:`, the site's one language; with `languages:` the first of those is, and this
    /// one, if written, must name it.
    private static var languageKey: SiteConfigKey<SiteConfig> {
        SiteConfigKey("language") { reader, place, config in
            guard let written = reader.text(place.name) else { return }
            guard !config.languages.isEmpty else {
                config.language = written
                return
            }
            let first = config.languages[SiteLanguage.defaultIndex]
            if !first.isNamed(by: written) {
                reader.problems.warning(
                    reader.path, reader.line(of: reader.node(place.name)),
                    "language \(written) is not the first of languages (\(first.code)), which is the default: language is ignored"
                )
            }
        }
    }

    /// The keys of one category under `categories:`; its slug, if not written, is made from its name.
    static var categoryKeys: [SiteConfigKey<CategoryDeclaration>] {
        let color = SiteConfigKey<CategoryDeclaration>("color") { entry, place, category in
            guard let color = entry.text(place.name) else { return }
            if isCSSColor(color) {
                category.color = color
            } else {
                entry.problems.error(
                    entry.path, entry.line(of: entry.node(place.name)),
                    "color '\(color)' is not a CSS colour such as \"#b8400d\", teal or rgb(184 64 13)")
            }
        }
        return [
            categorySlugKey,
            SiteConfigKey("name") { entry, place, category in category.name = entry.text(place.name) ?? "" },
            SiteConfigKey("description") { entry, place, category in category.description = entry.text(place.name) },
            color, SiteConfigKey("icon") { entry, place, category in category.icon = entry.text(place.name) },
        ]
    }

    /// A category's `slug:`, whose line a bad slug is reported at.
    private static var categorySlugKey: SiteConfigKey<CategoryDeclaration> {
        SiteConfigKey("slug") { entry, place, category in category.slug = entry.text(place.name) ?? "" }
    }

    /// Reads `categories:`, in display order; a slug or a name declared twice is an error.
    private static func readCategories(
        _ reader: inout YAMLReader, _ place: SiteConfigKey<SiteConfig>.Place
    ) -> [CategoryDeclaration] {
        var categories: [CategoryDeclaration] = []
        for var entry in reader.mappingList(place.name) ?? [] {
            var category = CategoryDeclaration(
                slug: "", name: "", line: entry.lineOffset + (entry.mapping.mark?.line ?? 1))
            SiteConfigKey.read(&entry, by: categoryKeys, into: &category, section: place.path)
            if category.name.isEmpty {
                entry.problems.error(reader.path, category.line, "each category needs a name (and may give a slug)")
            } else {
                if category.slug.isEmpty { category.slug = Slug.make(from: category.name) }
                if let problem = Slug.problem(with: category.slug) {
                    entry.problems.error(
                        reader.path, entry.line(of: entry.node(categorySlugKey.name)), "category \(problem)")
                } else {
                    categories.append(category)
                }
            }
            reader.absorb(entry)
        }
        for (index, category) in categories.enumerated() {
            if let earlier = categories[..<index].first(where: { $0.slug == category.slug || $0.name == category.name })
            {
                reader.problems.error(
                    reader.path, category.line,
                    "category '\(category.name)' has the same \(earlier.slug == category.slug ? "slug '\(category.slug)'" : "name") as the category on line \(earlier.line)"
                )
            }
        }
        return categories
    }

    /// Reads `permalinks: {news: /blog/:year/:month/:day/:slug/, events: …, pages: …}`.
    static func readPermalinks(
        _ reader: inout YAMLReader, _ place: SiteConfigKey<SiteConfig>.Place
    ) -> [ContentKind: PermalinkPattern] {
        guard var section = reader.mapping(place.name) else { return [:] }
        defer { reader.absorb(section) }
        let kinds = ContentKind.allCases.map(\.folder)
        warnAboutUnknownKeys(&section, known: kinds, section: place.path)
        var patterns: [ContentKind: PermalinkPattern] = [:]
        for kind in ContentKind.allCases {
            guard let text = section.text(kind.folder) else { continue }
            if let problem = WrittenAddress.problem(text, key: "\(place.path): \(kind.folder)", siteHost: nil) {
                section.problems.error(section.path, section.line(of: section.node(kind.folder)), problem)
                continue
            }
            switch PermalinkPattern.parse(text) {
            case .success(let pattern): patterns[kind] = pattern
            case .failure(let problem):
                section.problems.error(section.path, section.line(of: section.node(kind.folder)), problem.message)
            }
        }
        return patterns
    }
}
