import Foundation

/// Where everything a site publishes goes: the one place that knows the site's URL layout.
///
/// Every output path is relative to the site root (no leading `/`). A path ending in `/` is a
/// folder whose page is its `index.html`; any other path is a file (`2014/11/01/slug.html`).
/// Pages, feeds, the API, calendars, the sitemap, search, `herald check`, `herald serve` and the
/// rebuild memo all ask this type, so a permalink pattern changes every link at once.
public struct URLLayout: Sendable, Equatable {
    /// The pattern of each kind's item pages (site.yml `permalinks:`), or the default.
    public var permalinks: [ContentKind: PermalinkPattern]
    /// The declared categories' slugs, by every way an item may name one: its name, its slug, both
    /// lower-cased, and the slug its name makes.
    private var declaredSlugs: [String: String] = [:]
    /// The site's zone, in which `:year`, `:month` and `:day` are read.
    public var timeZone: TimeZone
    /// The folder of the language this layout places (`en/`), or `""`: its home page, lists,
    /// feeds, calendars, search and API go under it, as do its items' pages (but not a `url:`).
    public var root: String

    /// Herald's own layout of a site in one language, with no `permalinks:` (for `herald import`).
    public static let standard = URLLayout(config: SiteConfig(title: "Herald"))

    /// The layout of a site.
    public init(config: SiteConfig) {
        // Every kind has its pattern at hand, Herald's own where site.yml names none.
        permalinks = Dictionary(
            uniqueKeysWithValues: ContentKind.allCases.map {
                ($0, config.permalinks[$0] ?? PermalinkPattern.defaultPattern(for: $0))
            })
        timeZone = config.timeZone
        root = config.languageRoot
        // Earlier declarations win, as site.yml lists them.
        for category in config.categories.reversed() {
            for name in category.otherNames where !name.isEmpty {
                for key in [Slug.make(from: name), name.lowercased(), name] where !key.isEmpty {
                    declaredSlugs[key] = category.slug
                }
            }
            for key in [
                Slug.make(from: category.name), category.name.lowercased(), category.slug.lowercased(), category.name,
                category.slug,
            ] where !key.isEmpty {
                declaredSlugs[key] = category.slug
            }
        }
    }

    // MARK: Items

    /// The pattern in force for a kind.
    public func pattern(for kind: ContentKind) -> PermalinkPattern {
        permalinks[kind] ?? PermalinkPattern.defaultPattern(for: kind)
    }

    /// Where an item's page goes: its `url:` if it gives one, else its kind's pattern filled in.
    /// An item without a date under a pattern that needs one is refused by the parser
    /// (`missingDate`), so here the epoch only keeps the function total.
    public func itemPath(_ item: ContentItem) -> String {
        if let fixed = item.fixedPath { return Self.sitePath(fixed.name) }
        let pattern = pattern(for: item.kind)
        if pattern.isDefault { return root + pattern.fill(slug: item.slug) }
        let day = CivilDateTime(
            item.date ?? item.event?.start ?? Date(timeIntervalSince1970: 0), in: item.event?.timeZone ?? timeZone)
        let categories = pattern.usesCategories ? item.categories.map { categorySlug(for: $0.name) } : []
        return root
            + pattern.fill(
                slug: item.slug, section: item.kind.folder, day: day, categories: categories,
                fileName: Self.fileName(of: item), slugWritten: item.slugLine > 1)
    }

    /// An item's file name without its extension or language (`2024-02-15-orientation`), or its
    /// bundle's folder name.
    static func fileName(of item: ContentItem) -> String {
        if let bundle = item.bundle { return PathText.lastSegment(PathText.droppingTrailingSlash(bundle.folder)) }
        let name = PathText.lastSegment(item.sourcePath)
        let plain = TranslationName.split(name)?.plain ?? name
        return PathText.withoutExtension(plain) ?? plain
    }

    /// Why an item cannot be placed by its kind's pattern (a date token and no date), or nil.
    public func missingDate(_ item: ContentItem) -> String? {
        guard item.fixedPath == nil, item.date == nil, item.event == nil else { return nil }
        let pattern = pattern(for: item.kind)
        guard pattern.usesDate else { return nil }
        return
            "the permalink pattern for \(item.kind.folder) (\(pattern.text)) needs a date, and this item has none: add `date:`"
    }

    /// The page file of an output path: `news/a/` → `news/a/index.html`, `a.html` → `a.html`.
    public static func pageFile(_ path: String) -> String {
        path.isEmpty || PathText.endsWithSlash(path) ? path + "index.html" : path
    }

    /// The page file at the root of the output: the home page, or a multilingual site's
    /// redirect to the default language's.
    public static let rootPage = pageFile("")

    /// The address of a page file, `pageFile`'s inverse: `en/news/index.html` → `en/news/`,
    /// `index.html` → `` (a file of another name, `2014/11/01/slug.html`, is its own address).
    public static func pagePath(ofFile file: String) -> String {
        file == "index.html" || file.hasSuffix("/index.html") ? String(file.dropLast("index.html".count)) : file
    }

    /// The folder an item's files go in: its own folder, or for `…/slug.html` the folder `…/slug/`.
    public static func folder(of itemPath: String) -> String {
        if PathText.endsWithSlash(itemPath) || itemPath.isEmpty { return itemPath }
        return (PathText.withoutExtension(itemPath) ?? itemPath) + "/"
    }

    /// Where a bundle's resource is published: beside the item's page.
    public static func resourcePath(itemPath: String, resource: String) -> String { folder(of: itemPath) + resource }

    /// Where a file made of an image is published: beside the original, named after it, with
    /// its size and a hash of its bytes' recipe, so that a changed image gets a new address and
    /// every address can be cached for good (`images/gala.jpg` → `images/gala.480.3f2a9c1b07.webp`).
    public static func processedImagePath(original: String, size: String, hash: String, format: ImageFormat) -> String {
        let name = PathText.lastSegment(original)
        let folder = String(decoding: original.utf8.dropLast(name.utf8.count), as: UTF8.self)
        let stem = PathText.withoutExtension(name) ?? name
        return folder + stem + "." + size + "." + hash + "." + format.fileExtension
    }

    /// Where a page's social card is published: under `social/`, named after the page (`news/gala/`
    /// → `social/news/gala.3f2a9c1b07.jpg`, the home page → `social/home.….jpg`), with a hash of
    /// what it shows, so that a changed card gets a new address that networks fetch again.
    public static func socialCardPath(page: String, hash: String) -> String {
        var name = PathText.droppingTrailingSlash(page)
        if PathText.hasSuffix(name, ".html") { name = String(decoding: name.utf8.dropLast(5), as: UTF8.self) }
        return "social/" + (name.isEmpty ? "home" : name) + "." + hash + ".jpg"
    }

    /// An item's own JSON document: `api/news/<slug>.json` under the default pattern; under another,
    /// the item's path below its section (`api/news/blog/2019/01/14/slug.json`), so it stays unique.
    public func apiItemPath(kind: ContentKind, itemPath: String) -> String {
        let inLanguage =
            !root.isEmpty && PathText.hasPrefix(itemPath, root)
            ? PathText.dropFirst(itemPath, bytes: root.utf8.count) : itemPath
        var key = PathText.droppingTrailingSlash(inLanguage)
        if !PathText.endsWithSlash(itemPath), let stem = PathText.withoutExtension(key) { key = stem }
        if let section = kind.urlSection, PathText.hasPrefix(key, section + "/") {
            key = PathText.dropFirst(key, bytes: section.utf8.count + 1)
        }
        return apiFolder + "\(kind.folder)/\(key).json"
    }

    /// An event's own calendar file, in its page's folder.
    public static func eventCalendarPath(itemPath: String) -> String { folder(of: itemPath) + "event.ics" }

    /// The slug an item's category name files it under: the declared category it names (by
    /// name or slug, in any case or spelling that gives the same slug), else a slug of the name.
    public func categorySlug(for name: String) -> String {
        if let slug = declaredSlugs[name] ?? declaredSlugs[name.lowercased()] { return slug }
        let made = Slug.make(from: name)
        return declaredSlugs[made] ?? made
    }

    // MARK: Lists, terms, feeds, API and calendars (each under the language's folder, `root`)

    /// The home page: `""`, or the language's folder (`en/`).
    public var homePath: String { root }
    /// The list of all items of a kind: `news/`, `events/`.
    public func listPath(_ kind: ContentKind) -> String { root + (kind.urlSection ?? kind.folder) + "/" }
    /// Past events: `events/past/`.
    public var pastEventsPath: String { root + "events/past/" }
    /// The month calendars' folder: `events/calendar/`.
    public var calendarMonthsPath: String { root + "events/calendar/" }
    /// One month's calendar page: `events/calendar/2026/11/`.
    public func calendarMonthPath(year: Int, month: Int) -> String {
        root + "events/calendar/\(year.padded(4))/\(month.padded(2))/"
    }
    /// Page `page` of a paged list: the list's own path for page 1, then `…/page/2/`, `…/page/3/`.
    public static func pagerPath(_ listPath: String, page: Int) -> String {
        page <= 1 ? listPath : listPath + "page/\(page)/"
    }
    /// The trending list: `trending/`.
    public var trendingPath: String { root + "trending/" }

    /// The search page: `search/`.
    public var searchPath: String { root + "search/" }
    /// The page servers show for a missing address: `404.html`.
    public var notFoundPath: String { root + "404.html" }
    /// The pages every site has at fixed addresses (the home page is `""`): an item, an alias
    /// or an imported page cannot take them.
    public var fixedPagePaths: [String] {
        [
            homePath, listPath(.news), listPath(.event), pastEventsPath, calendarMonthsPath, categoriesPath, tagsPath,
            searchPath, notFoundPath,
        ]
    }

    /// The list of categories: `categories/`.
    public var categoriesPath: String { root + "categories/" }
    /// A category's page: `categories/<slug>/`.
    public func categoryPath(_ slug: String) -> String { root + "categories/\(slug)/" }
    /// The list of tags: `tags/`.
    public var tagsPath: String { root + "tags/" }
    /// A tag's page: `tags/<slug>/`.
    public func tagPath(_ slug: String) -> String { root + "tags/\(slug)/" }

    /// A taxonomy's list of terms: `topics/`.
    public func taxonomyPath(_ taxonomy: TaxonomyDeclaration) -> String { root + taxonomy.segment + "/" }
    /// A term's page: `topics/<slug>/`.
    public func termPath(_ taxonomy: TaxonomyDeclaration, _ slug: String) -> String {
        taxonomyPath(taxonomy) + slug + "/"
    }

    /// The feeds of a folder (`homePath` for the whole site).
    public static func rssPath(_ folder: String) -> String { folder + "feed.xml" }
    public static func atomPath(_ folder: String) -> String { folder + "atom.xml" }
    public static func jsonFeedPath(_ folder: String) -> String { folder + "feed.json" }

    /// The site's calendar of every event, and a category's.
    public var eventsCalendarPath: String { root + "events.ics" }
    public func categoryCalendarPath(_ slug: String) -> String { categoryPath(slug) + "events.ics" }
    /// A term's calendar: `topics/<slug>/events.ics`.
    public func termCalendarPath(_ taxonomy: TaxonomyDeclaration, _ slug: String) -> String {
        termPath(taxonomy, slug) + "events.ics"
    }

    /// The search index the search page reads: `search/index.json`.
    public var searchIndexPath: String { root + "search/index.json" }

    /// The folder of the API's documents, none of which is a feed (`api/pages/feed.json` is the
    /// API document of a page whose slug is `feed`).
    public var apiFolder: String { root + "api/" }
    /// The API's documents.
    public var apiHomePath: String { apiFolder + "home.json" }
    public var apiTrendingPath: String { apiFolder + "trending.json" }
    public var apiCategoriesPath: String { apiFolder + "categories.json" }
    /// A category's API pages: `api/categories/<slug>.json`, then `…/<slug>/page/2.json`.
    public func apiCategoryPath(_ slug: String, page: Int) -> String {
        apiFolder + (page <= 1 ? "categories/\(slug).json" : "categories/\(slug)/page/\(page).json")
    }

    /// A taxonomy's terms in the API: `api/taxonomies/topics.json`. Under a folder of their own,
    /// so that no taxonomy's address can be one of the API's other documents (`api/home.json`).
    public func apiTaxonomyPath(_ taxonomy: TaxonomyDeclaration) -> String {
        apiFolder + "taxonomies/\(taxonomy.segment).json"
    }
    /// A term's API pages: `api/taxonomies/topics/<slug>.json`, then `…/<slug>/page/2.json`.
    public func apiTermPath(_ taxonomy: TaxonomyDeclaration, _ slug: String, page: Int) -> String {
        let folder = apiFolder + "taxonomies/\(taxonomy.segment)/"
        return folder + (page <= 1 ? "\(slug).json" : "\(slug)/page/\(page).json")
    }

    // MARK: Search engines

    /// The sitemap, or the sitemap index when the site needs more than one sitemap.
    public static let sitemapPath = "sitemap.xml"
    /// The `number`th sitemap (from 1) listed by the sitemap index.
    public static func numberedSitemapPath(_ number: Int) -> String { "sitemap-\(number).xml" }
    /// Search engines' instructions, which name the sitemap.
    public static let robotsPath = "robots.txt"

    // MARK: The theme's files, and the names taken at the root

    /// The folder of the theme's files (stylesheet, scripts, icon), copied as they are.
    public static let assetsFolder = "assets/"

    /// The first segments of the paths Herald's own pages and files take at the root of a site
    /// (or of a language's folder): a language's folder may not take one, or its pages would
    /// mix with the default language's.
    public static let reservedRootSegments: Set<String> = {
        let layout = URLLayout.standard
        let paths =
            layout.fixedPagePaths + ContentKind.allCases.map(layout.listPath) + [
                layout.trendingPath, layout.apiFolder, assetsFolder, socialCardPath(page: "home", hash: ""),
                rssPath(layout.homePath), atomPath(layout.homePath), jsonFeedPath(layout.homePath),
                layout.eventsCalendarPath, sitemapPath, robotsPath,
            ]
        return Set(paths.compactMap { $0.split(separator: "/").first.map(String.init) })
    }()

    // MARK: Old addresses

    /// The output path an alias (an old address, as written) occupies: `/old/post/` → `old/post/`,
    /// `/2014/11/01/slug.html` stays a file, and `/old/post` (no extension) is a folder.
    public static func aliasPath(_ written: String) -> String { sitePath(written) }

    /// The netlify/Cloudflare `_redirects` file at the root of the output.
    public static let redirectsFile = "_redirects"

    /// A path as an editor writes it (`/a/b`, `a/b/`, `/a/b.html`, `https://host/a/`) as an output
    /// path: leading `/` and a host dropped, `/` added unless it names a file.
    static func sitePath(_ written: String) -> String {
        var path = written.trimmed()
        if let scheme = path.range(of: "://") {
            let afterHost = path[scheme.upperBound...].firstIndex(of: "/") ?? path.endIndex
            path = String(path[afterHost...])
        }
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        // Split on scalars, not characters: a `/` followed by a combining mark is one character but
        // still a separator to the file system (found by FuzzPaths).
        var segments = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map {
            String(String.UnicodeScalarView($0))
        }
        // A token with nothing to fill in before `.html` (`/:slug/:category.html`, no category)
        // leaves the extension alone: it belongs to the segment before it.
        if segments.count > 1, let last = segments.last, PathText.hasPrefix(last, "."),
            !last.utf8.dropFirst().contains(UInt8(ascii: "."))
        {
            segments.removeLast()
            segments[segments.count - 1] += last
        }
        path = segments.joined(separator: "/")
        if path.isEmpty { return "" }
        let last = PathText.lastSegment(path)
        return last.utf8.contains(UInt8(ascii: ".")) && !PathText.endsWithSlash(written) ? path : path + "/"
    }
}
