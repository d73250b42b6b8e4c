import Foundation
import Yams

/// Reads `site.yml` into a `SiteConfig`, reporting every problem with its line.
public enum SiteConfigParser {
    /// The keys `site.yml` understands at the top level; anything else draws a warning.
    static let knownKeys = ["title", "description", "baseURL", "language", "timezone", "pageSize", "author", "markdown", "home", "categories", "trending", "feeds", "publish", "permalinks", "siteID", "images", "socialCards",
                            "languages", "defaultInSubfolder", "translationsInFolders", "limits"]

    /// The `images:` section: widths, qualities, formats, the card crop and the originals.
    static func readImageOptions(_ reader: inout YAMLReader, path: String = "site.yml") -> ImageOptions {
        var options = ImageOptions()
        guard var section = reader.mapping("images") else { return options }
        warnAboutUnknownKeys(&section, known: ["process", "widths", "cardWidths", "cardRatio", "thumbnailSize", "quality", "avif", "maxOriginalBytes", "keepOriginal", "maxPixels"], section: "images")
        options.process = section.bool("process") ?? true
        options.avif = section.bool("avif") ?? false
        options.keepOriginal = section.bool("keepOriginal") ?? false
        func widths(_ key: String, in section: inout YAMLReader) -> [Int]? {
            guard let list = section.stringList(key) else { return nil }
            var found: [Int] = []
            for (text, line) in list {
                guard let width = Int(text), (16...8192).contains(width) else {
                    section.problems.error(path, line, "images \(key) must be whole numbers of pixels from 16 to 8192, not '\(text)'")
                    continue
                }
                found.append(width)
            }
            if list.isEmpty { section.problems.error(path, section.line(of: section.node(key)), "images \(key) needs at least one width") }
            return Array(Set(found)).sorted()
        }
        options.widths = widths("widths", in: &section) ?? options.widths
        options.cardWidths = widths("cardWidths", in: &section) ?? options.cardWidths
        if let ratio = section.text("cardRatio") {
            let parts = ratio.split(whereSeparator: { $0 == ":" || $0 == "x" || $0 == "/" }).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if parts.count == 2, parts.allSatisfy({ (1...10_000).contains($0) }) {
                options.cardRatio = (parts[0], parts[1])
            } else {
                section.problems.error(path, section.line(of: section.node("cardRatio")), "images cardRatio must be a width and a height such as \"1200:630\" or \"16:9\", not '\(ratio)'")
            }
        }
        if var quality = section.mapping("quality") {
            warnAboutUnknownKeys(&quality, known: ["jpeg", "webp", "avif"], section: "images.quality")
            for (key, value) in [("jpeg", \ImageOptions.jpegQuality), ("webp", \ImageOptions.webpQuality), ("avif", \ImageOptions.avifQuality)] {
                guard let number = quality.int(key) else { continue }
                if (1...100).contains(number) { options[keyPath: value] = number } else {
                    quality.problems.error(path, quality.line(of: quality.node(key)), "images quality \(key) must be from 1 to 100, not \(number)")
                }
            }
            section.absorb(quality)
        }
        if let size = section.int("thumbnailSize") {
            if (16...2048).contains(size) { options.thumbnailSize = size } else {
                section.problems.error(path, section.line(of: section.node("thumbnailSize")), "images thumbnailSize must be from 16 to 2048 pixels, not \(size)")
            }
        }
        if let bytes = section.count("maxOriginalBytes") { options.maxOriginalBytes = bytes }
        if let pixels = section.int("maxPixels") {
            if pixels >= 1 { options.maxPixels = pixels } else { section.problems.error(path, section.line(of: section.node("maxPixels")), "images maxPixels must be at least 1") }
        }
        reader.absorb(section)
        return options
    }

    /// Parses the text of `site.yml` (found at `path`). Errors fail; warnings ride along.
    public static func parse(_ text: String, path: String = "site.yml") -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        var reader: YAMLReader
        switch YAMLReader.parse(text, path: path, lineOffset: 0, what: "site.yml") {
        case .success(let parsed): reader = parsed
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        // The bounds every structured input keeps (depth, keys, aliases), as front matter and the
        // import's configurations do: a site.yml of 400,000 keys is a mistake or an attack.
        if let excess = InputLimits.excess(in: reader.mapping, bytes: text.utf8.count) {
            return (nil, [Diagnostic(path: path, line: excess.line, excess.message(what: "site.yml"))])
        }
        warnAboutUnknownKeys(&reader, known: knownKeys, section: nil)

        let title = reader.text("title")
        if title == nil { reader.problems.error(path, reader.line(ofKey: "title"), "site.yml needs a title") }

        var baseURL = URL(string: "/")!
        if let text = reader.text("baseURL") {
            switch parseBaseURL(text) {
            case .success(let url): baseURL = url
            case .failure(let problem): reader.problems.error(path, reader.line(of: reader.node("baseURL")), "baseURL \(problem.message)")
            }
        }


        var timeZone = TimeZone(identifier: "UTC")!
        if let name = reader.text("timezone") {
            if let zone = TimeZoneNames.zone(name) { timeZone = zone } else {
                reader.problems.error(path, reader.line(of: reader.node("timezone")), "timezone '\(name)' is not an IANA time zone name such as Asia/Shanghai or Europe/London")
            }
        }

        var pageSize = 10
        if let size = reader.int("pageSize") {
            if (1...10_000).contains(size) { pageSize = size } else {
                reader.problems.error(path, reader.line(of: reader.node("pageSize")), "pageSize must be between 1 and 10000")
            }
        }

        var markdown = MarkdownOptions()
        if var section = reader.mapping("markdown") {
            warnAboutUnknownKeys(&section, known: MarkdownOptions.switches.map(\.key) + ["toc", "headingIDPrefix"], section: "markdown")
            for (key, field) in MarkdownOptions.switches {
                if let value = section.bool(key) { markdown[keyPath: field] = value }
            }
            if let prefix = section.text("headingIDPrefix"), !prefix.isEmpty {
                if let safe = HeadingIDs.safePrefix(prefix) {
                    markdown.headingIDPrefix = safe
                } else {
                    section.problems.error(path, section.line(of: section.node("headingIDPrefix")), "markdown.headingIDPrefix '\(prefix)' may hold only letters, digits, '-', '_', '.' and ':' (at most \(HeadingIDs.prefixLimit)), as it goes into every heading's id")
                }
            }
            // `toc: true` is a table for every item with a heading listed, `toc: false` only for
            // items that ask; a mapping sets the levels and the threshold.
            if case .scalar? = section.node("toc"), let every = section.bool("toc") {
                markdown.toc.minHeadings = every ? 1 : 0
            } else if var toc = section.mapping("toc") {
                markdown.toc = readTableOfContents(&toc, path: path)
                section.absorb(toc)
            }
            reader.absorb(section)
        }

        var home = HomeOptions()
        if var section = reader.mapping("home") {
            warnAboutUnknownKeys(&section, known: ["recent", "featured", "upcoming", "trending", "recentIncludesFeatured"], section: "home")
            home.recentIncludesFeatured = section.bool("recentIncludesFeatured") ?? false
            home.trending = section.count("trending") ?? home.trending
            home.recent = section.count("recent") ?? home.recent
            home.featured = section.count("featured") ?? home.featured
            home.upcoming = section.count("upcoming") ?? home.upcoming
            reader.absorb(section)
        }

        var trending = TrendingOptions()
        if var section = reader.mapping("trending") {
            warnAboutUnknownKeys(&section, known: ["window", "gravity", "weights", "limit"], section: "trending")
            func positive(_ key: String, in reader: inout YAMLReader) -> Double? {
                guard let node = reader.node(key) else { return nil }
                guard let value = node.float ?? node.int.map(Double.init), value >= 0, value.isFinite else {
                    reader.problems.error(path, reader.line(of: node), "\(key) must be a number of at least 0")
                    return nil
                }
                return value
            }
            trending.windowDays = positive("window", in: &section) ?? trending.windowDays
            trending.gravity = positive("gravity", in: &section) ?? trending.gravity
            if let limit = section.int("limit") {
                if limit >= 1 { trending.limit = limit } else { section.problems.error(path, section.line(of: section.node("limit")), "trending limit must be at least 1") }
            }
            if trending.windowDays == 0 { section.problems.error(path, section.line(of: section.node("window")), "trending window must be more than 0 days") }
            if var weights = section.mapping("weights") {
                warnAboutUnknownKeys(&weights, known: ["views", "likes", "comments"], section: "trending.weights")
                trending.viewWeight = positive("views", in: &weights) ?? trending.viewWeight
                trending.likeWeight = positive("likes", in: &weights) ?? trending.likeWeight
                trending.commentWeight = positive("comments", in: &weights) ?? trending.commentWeight
                section.absorb(weights)
            }
            reader.absorb(section)
        }

        var feeds = FeedOptions()
        if var section = reader.mapping("feeds") {
            warnAboutUnknownKeys(&section, known: ["limit", "content"], section: "feeds")
            if let limit = section.int("limit") {
                if limit >= 1 { feeds.limit = limit } else { section.problems.error(path, section.line(of: section.node("limit")), "feeds limit must be at least 1") }
            }
            if let content = section.text("content") {
                switch content {
                case "full": feeds.fullContent = true
                case "summary": feeds.fullContent = false
                default: section.problems.error(path, section.line(of: section.node("content")), "feeds content must be full or summary, not '\(content)'")
                }
            }
            reader.absorb(section)
        }

        let limits = readLimits(&reader, path: path)

        var categories: [CategoryDeclaration] = []
        for var entry in reader.mappingList("categories") ?? [] {
            warnAboutUnknownKeys(&entry, known: ["slug", "name", "description", "color", "icon"], section: "categories")
            let line = entry.lineOffset + (entry.mapping.mark?.line ?? 1)
            let name = entry.text("name")
            let slug = entry.text("slug") ?? name.map(Slug.make(from:))
            let color = entry.text("color")
            if let color, !isCSSColor(color) {
                entry.problems.error(path, entry.line(of: entry.node("color")), "color '\(color)' is not a CSS colour such as \"#b8400d\", teal or rgb(184 64 13)")
            }
            if let name, let slug {
                if let problem = Slug.problem(with: slug) {
                    entry.problems.error(path, entry.line(of: entry.node("slug")), "category \(problem)")
                } else {
                    categories.append(CategoryDeclaration(
                        slug: slug, name: name, description: entry.text("description"),
                        color: color, icon: entry.text("icon"), line: line))
                }
            } else {
                entry.problems.error(path, line, "each category needs a name (and may give a slug)")
            }
            reader.absorb(entry)
        }
        for (index, category) in categories.enumerated() {
            if let earlier = categories[..<index].first(where: { $0.slug == category.slug || $0.name == category.name }) {
                reader.problems.error(path, category.line, "category '\(category.name)' has the same \(earlier.slug == category.slug ? "slug '\(category.slug)'" : "name") as the category on line \(earlier.line)")
            }
        }

        let images = readImageOptions(&reader)
        var socialCards = SocialCardMode.on
        if let node = reader.node("socialCards") {
            if let flag = node.bool, case .scalar(let scalar) = node, scalar.style == .plain {
                socialCards = flag ? .on : .off
            } else if reader.text("socialCards") == "coverFirst" {
                socialCards = .coverFirst
            } else {
                reader.problems.error(path, reader.line(of: node), "socialCards must be true, false or coverFirst")
            }
        }
        let defaultInSubfolder = reader.bool("defaultInSubfolder") ?? false
        let translationsInFolders = reader.bool("translationsInFolders") ?? false
        var languages = LanguagesParser.read(&reader, defaultInSubfolder: defaultInSubfolder, path: path)
        if !languages.isEmpty, let written = reader.text("language"), !languages[SiteLanguage.defaultIndex].isNamed(by: written) {
            reader.problems.warning(path, reader.line(of: reader.node("language")), "language \(written) is not the first of languages (\(languages[SiteLanguage.defaultIndex].code)), which is the default: language is ignored")
        }
        // Every language's name for a category, so that an item may name it in its own language.
        for index in categories.indices {
            categories[index].otherNames = languages.compactMap { $0.categories[categories[index].slug]?.name }.filter { $0 != categories[index].name }
        }
        for language in languages {
            for (slug, _) in language.categories.sorted(by: { $0.key < $1.key }) where !categories.contains(where: { $0.slug == slug }) {
                reader.problems.warning(path, language.line, "language \(language.code) names category '\(slug)', which categories does not declare: the name is not used")
            }
        }
        if languages.count == 1 { languages[0].path = defaultInSubfolder ? languages[0].path : "" }
        let publish = readPublishTargets(&reader)
        let permalinks = readPermalinks(&reader)
        let siteID = reader.text("siteID")
        if let siteID, !isSiteID(siteID) {
            reader.problems.error(path, reader.line(of: reader.node("siteID")), "siteID '\(siteID)' must be letters, digits, '.', '-' and '_' only (such as the UUID herald new site writes); once calendars are subscribed to, never change it")
        }

        // Worth saying only of a site.yml that is otherwise right.
        if baseURL.host == nil, !reader.problems.hasErrors {
            reader.problems.warning(path, reader.line(ofKey: "baseURL"), relativeBaseURLWarning)
        }
        let diagnostics = reader.problems.all
        guard let title, !reader.problems.hasErrors else { return (nil, diagnostics) }
        let config = SiteConfig(
            title: title, description: reader.text("description") ?? "", baseURL: baseURL,
            language: languages.first?.code ?? reader.text("language") ?? "en", timeZone: timeZone, pageSize: pageSize,
            author: reader.text("author"), markdown: markdown, home: home, categories: categories)
        var configured = config
        configured.trending = trending
        configured.feeds = feeds
        configured.images = images
        configured.limits = limits
        configured.socialCards = socialCards
        configured.publish = publish
        configured.permalinks = permalinks
        configured.siteID = siteID
        configured.languages = languages
        configured.defaultLanguageInSubfolder = defaultInSubfolder
        configured.translationsInFolders = translationsInFolders
        if let zone = languages.first?.timeZone { configured.timeZone = zone }
        return (configured, diagnostics)
    }

    /// Reads `limits: {termsPerItem: 100}`; a key not given keeps its default (`LimitOptions`).
    static func readLimits(_ reader: inout YAMLReader, path: String) -> LimitOptions {
        var limits = LimitOptions()
        guard var section = reader.mapping("limits") else { return limits }
        defer { reader.absorb(section) }
        warnAboutUnknownKeys(&section, known: ["termsPerItem"], section: "limits")
        if let count = section.int("termsPerItem") {
            // Beyond 10,000 one item's terms write tens of thousands of pages and feeds.
            if (1...10_000).contains(count) { limits.termsPerItem = count } else {
                section.problems.error(path, section.line(of: section.node("termsPerItem")), "limits termsPerItem must be from 1 to 10000, not \(count)")
            }
        }
        return limits
    }

    /// Reads `permalinks: {news: /blog/:year/:month/:day/:slug/, events: …, pages: …}`.
    static func readPermalinks(_ reader: inout YAMLReader) -> [ContentKind: PermalinkPattern] {
        guard var section = reader.mapping("permalinks") else { return [:] }
        defer { reader.absorb(section) }
        let kinds = ContentKind.allCases.map(\.folder)
        warnAboutUnknownKeys(&section, known: kinds, section: "permalinks")
        var patterns: [ContentKind: PermalinkPattern] = [:]
        for kind in ContentKind.allCases {
            guard let text = section.text(kind.folder) else { continue }
            if let problem = WrittenAddress.problem(text, key: "permalinks: \(kind.folder)", siteHost: nil) {
                section.problems.error(section.path, section.line(of: section.node(kind.folder)), problem)
                continue
            }
            switch PermalinkPattern.parse(text) {
            case .success(let pattern): patterns[kind] = pattern
            case .failure(let problem): section.problems.error(section.path, section.line(of: section.node(kind.folder)), problem.message)
            }
        }
        return patterns
    }

    /// Why a base URL without a host is worth a warning.
    static let relativeBaseURLWarning = "baseURL is not an absolute URL such as https://example.org/, so feeds, the sitemap, calendars and the API will hold links that readers and apps cannot follow"

    /// Reads a base URL: an absolute http(s) URL (or a site path starting with `/`) with no query
    /// or fragment, made to end in `/`. Used for `site.yml` and `--base-url` alike.
    /// `markdown: {toc: {startLevel: 2, endLevel: 3, minHeadings: 4, ordered: false}}`.
    private static func readTableOfContents(_ section: inout YAMLReader, path: String) -> TableOfContentsOptions {
        var options = TableOfContentsOptions()
        warnAboutUnknownKeys(&section, known: TableOfContentsOptions.numbers.map(\.key) + ["ordered"], section: "markdown.toc")
        for (key, field, range) in TableOfContentsOptions.numbers {
            guard let value = section.int(key) else { continue }
            if range.contains(value) { options[keyPath: field] = value } else {
                section.problems.error(path, section.line(of: section.node(key)), "markdown.toc.\(key) must be between \(range.lowerBound) and \(range.upperBound)")
            }
        }
        if options.startLevel > options.endLevel {
            section.problems.error(path, section.line(of: section.node("endLevel") ?? section.node("startLevel")), "markdown.toc.endLevel (\(options.endLevel)) is below startLevel (\(options.startLevel))")
        }
        options.ordered = section.bool("ordered") ?? options.ordered
        return options
    }

    public static func parseBaseURL(_ text: String) -> Result<URL, InputProblem> {
        let normalized = text.hasSuffix("/") ? text : text + "/"
        let problem = InputProblem(message: "'\(text)' must be an absolute http(s) URL such as https://example.org/union/ (or a path starting with /), without ? or #")
        guard !text.contains("?"), !text.contains("#"), let url = URL(string: normalized) else { return .failure(problem) }
        if ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil { return .success(url) }
        if url.scheme == nil, normalized.hasPrefix("/"), !normalized.hasPrefix("//") { return .success(url) }
        return .failure(problem)
    }

    /// Whether `text` can stand after the `@` of an iCalendar UID: 1 to 100 ASCII letters, digits,
    /// `.`, `-` and `_`.
    static func isSiteID(_ text: String) -> Bool {
        (1...100).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) }
    }

    /// Whether `text` is a plain CSS colour: `#rgb`…`#rrggbbaa`, a colour name, or a colour function
    /// of numbers. It goes into a `style` attribute, so nothing that could end the declaration passes.
    static func isCSSColor(_ text: String) -> Bool {
        let hex = text.first == "#" && [4, 5, 7, 9].contains(text.count) && text.dropFirst().allSatisfy(\.isHexDigit)
        let name = !text.isEmpty && text.count <= 30 && text.allSatisfy { $0.isASCII && $0.isLetter }
        let function = ["rgb(", "rgba(", "hsl(", "hsla(", "oklch(", "oklab(", "lab(", "lch("].contains { text.lowercased().hasPrefix($0) }
            && text.hasSuffix(")") && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " .,%/()-".contains($0)) }
            && text.filter { $0 == "(" }.count == 1 && text.filter { $0 == ")" }.count == 1
        return hex || name || function
    }

    /// Warns about each key that is not in `known`, suggesting the nearest known key for a typo.
    static func warnAboutUnknownKeys(_ reader: inout YAMLReader, known: [String], section: String?) {
        for (key, line) in reader.keys where !known.contains(key) {
            let place = section.map { " in \($0)" } ?? ""
            var message = "unknown key '\(key)'\(place) is ignored"
            if let split = reader.commaSplit(key, place: place) {
                guard let split else { continue }
                message = split
            } else if let suggestion = closest(to: key, in: known) { message += "; did you mean '\(suggestion)'?" }
            reader.problems.warning(reader.path, line, message)
        }
    }

    /// The known key within a small edit distance of `key`, if one is.
    static func closest(to key: String, in known: [String]) -> String? {
        let candidates = known.map { ($0, editDistance($0.lowercased(), key.lowercased())) }
        // Close enough to be a typo, and at least half the key right: "d" is not a typo of "end".
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 3), best.1 <= key.count / 2 else { return nil }
        return best.0
    }

    /// The edit distance between two strings, with two neighbours swapped counted as one edit
    /// (optimal string alignment): `strat` is one slip from `start`, as `stat` is, not two.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
