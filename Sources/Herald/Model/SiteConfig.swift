import Foundation

/// The site's settings, read from `site.yml`.
public struct SiteConfig: Sendable, Equatable {
    /// The site's name, shown in every page's header and title.
    public var title: String
    /// One or two sentences about the site, for the home page and search engines.
    public var description: String
    /// Where the site is hosted, always ending in `/`; it may have a path (`https://example.org/union/`).
    public var baseURL: URL
    /// The BCP 47 language of the site's text, e.g. `zh-CN` or `en`.
    public var language: String
    /// The zone dates without an offset are read in and shown in.
    public var timeZone: TimeZone
    /// Items per page of a paged list (categories, tags, sections).
    public var pageSize: Int
    /// The default author of items that name none.
    public var author: String?
    /// How Markdown is turned into HTML.
    public var markdown: MarkdownOptions
    /// How many items each strip of the home page shows.
    public var home: HomeOptions
    /// The categories declared in `site.yml`, in display order.
    public var categories: [CategoryDeclaration]
    /// The site's own taxonomies beyond categories and tags (`taxonomies:`), in the order declared.
    public var taxonomies: [TaxonomyDeclaration] = []
    /// How trending is scored.
    public var trending = TrendingOptions()
    /// What feeds carry.
    public var feeds = FeedOptions()
    /// Image processing (`images:`).
    public var images = ImageOptions()
    /// Bounds on what one content file may ask for (`limits:`).
    public var limits = LimitOptions()
    /// Generated social cards (`socialCards:`).
    public var socialCards = SocialCardMode.on
    /// Where `herald publish` may put the site, in the order written (the first is the default).
    public var publish: [PublishTarget] = []
    /// The URL pattern of each kind's items (`permalinks:`); kinds not named keep Herald's own.
    public var permalinks: [ContentKind: PermalinkPattern] = [:]
    /// A name for the site that never changes (`herald new site` writes a UUID): event UIDs in
    /// calendar files are made from it, so moving the site to another address does not make
    /// subscribers see every event twice. Without it, UIDs are made from `baseURL`'s host.
    public var siteID: String?
    /// The languages of a multilingual site (`languages:`), the default first; empty for a site
    /// in one language (`language:`), which is built exactly as before languages existed.
    public var languages: [SiteLanguage] = []
    /// Whether the default language's pages go under its own folder too (`/zh-cn/`), the site's
    /// root then sending readers there (`defaultInSubfolder:`).
    public var defaultLanguageInSubfolder = false
    /// Whether translations live in a folder per language (`content/en/news/…`) rather than
    /// beside their originals (`gala.en.md`) (`translationsInFolders:`). Both are read either way
    /// for a file's own name; this only says whether `content/<path>/` is a language's folder.
    public var translationsInFolders = false
    /// The output folder of the language this config is for (`en/`), or `""`: every page, list,
    /// feed and API document of that language goes under it (see `URLLayout`).
    public var languageRoot = ""

    /// Where everything the site publishes goes.
    public var layout: URLLayout { URLLayout(config: self) }

    /// A config with defaults for everything but the title; used by tests and `herald new`.
    public init(
        title: String, description: String = "", baseURL: URL = URL(string: "/")!, language: String = "en",
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, pageSize: Int = 10, author: String? = nil,
        markdown: MarkdownOptions = MarkdownOptions(), home: HomeOptions = HomeOptions(),
        categories: [CategoryDeclaration] = []
    ) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.language = language
        self.timeZone = timeZone
        self.pageSize = pageSize
        self.author = author
        self.markdown = markdown
        self.home = home
        self.categories = categories
    }

    /// The path part of `baseURL`, always starting and ending with `/` (e.g. `/union/`).
    public var basePath: String {
        // The encoded path, so `/a%20b/` stays a valid link rather than turning into `/a b/`.
        var path = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? baseURL.path
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        return path
    }
}

/// Feed settings (`feeds:` in `site.yml`).
public struct FeedOptions: Sendable, Equatable {
    /// Items per feed, newest first.
    public var limit: Int = 20
    /// Whether entries carry the whole article (true) or only its summary.
    public var fullContent: Bool = true

    /// The defaults above, with what is given instead (a default is written once, on its field).
    public init(limit: Int? = nil, fullContent: Bool? = nil) {
        if let limit { self.limit = limit }
        if let fullContent { self.fullContent = fullContent }
    }
}

/// Markdown settings (`markdown:` in `site.yml`).
public struct MarkdownOptions: Sendable, Equatable {
    /// Let raw HTML in Markdown through; otherwise cmark's safe mode omits it.
    public var unsafe: Bool = false
    /// Turn straight quotes, `--` and `...` into typographic punctuation.
    public var smartPunctuation: Bool = false
    /// GitHub Flavored Markdown tables (pipes, a delimiter row, alignment).
    public var tables: Bool = true
    /// GitHub Flavored Markdown strikethrough: `~~text~~` (and `~text~`) as `<del>`.
    public var strikethrough: Bool = true
    /// GitHub Flavored Markdown task lists: `- [ ]` and `- [x]` items as disabled checkboxes.
    public var taskLists: Bool = true
    /// GitHub Flavored Markdown extended autolinks: bare `https://…`, `www.…` and e-mail addresses as links.
    public var autolinks: Bool = true
    /// GitHub's alerts: a blockquote led by `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` as a titled aside.
    public var alerts: Bool = true
    /// GitHub Flavored Markdown footnotes: `text[^1]` and `[^1]: note`, the notes at the end.
    public var footnotes: Bool = true
    /// An `id` on every heading (GitHub's, or `{#id}`) and a link to it: in-page links and
    /// tables of contents.
    public var headingIDs: Bool = true
    /// Put before every automatic heading ID (not a `{#id}`), as kramdown's `auto_id_prefix`:
    /// `id-` gives `## Join` the ID `id-join`, so a Jekyll site's old anchors keep working.
    /// Letters, digits, `-`, `_`, `.` and `:` only (`HeadingIDs.safePrefix`); empty by default.
    public var headingIDPrefix = ""

    /// Which headings a table of contents lists, and when an item gets one without `toc:`.
    public var toc = TableOfContentsOptions()
    /// Fenced code with a language highlighted at build time by Pygments (`HighlightedCodeBlocks`).
    public var highlight: Bool = true
    /// Emoji shortcodes: `:tada:` as 🎉 (`Emoji`), as Hugo's `enableEmoji`. Off by default, as
    /// there: a colon-delimited word in a post is otherwise text the author meant.
    public var emoji: Bool = false

    /// Every switch under `markdown:` in site.yml and the field it sets, whose declaration above
    /// holds its default: the one list SiteConfigParser reads the section by.
    static var switches: [(key: String, field: WritableKeyPath<MarkdownOptions, Bool>)] {
        [
            ("unsafe", \.unsafe), ("smartPunctuation", \.smartPunctuation), ("tables", \.tables),
            ("strikethrough", \.strikethrough),
            ("taskLists", \.taskLists), ("autolinks", \.autolinks), ("alerts", \.alerts), ("footnotes", \.footnotes),
            ("headingIDs", \.headingIDs),
            ("highlight", \.highlight), ("emoji", \.emoji),
        ]
    }

    /// The defaults above, with the switches given instead (a default is written once, on its field).
    public init(
        unsafe: Bool? = nil, smartPunctuation: Bool? = nil, tables: Bool? = nil, strikethrough: Bool? = nil,
        taskLists: Bool? = nil, autolinks: Bool? = nil, alerts: Bool? = nil, footnotes: Bool? = nil
    ) {
        if let unsafe { self.unsafe = unsafe }
        if let smartPunctuation { self.smartPunctuation = smartPunctuation }
        if let tables { self.tables = tables }
        if let strikethrough { self.strikethrough = strikethrough }
        if let taskLists { self.taskLists = taskLists }
        if let autolinks { self.autolinks = autolinks }
        if let alerts { self.alerts = alerts }
        if let footnotes { self.footnotes = footnotes }
    }
}

/// Tables of contents (`markdown: {toc: …}` in site.yml), as Hugo's `markup.tableOfContents`.
public struct TableOfContentsOptions: Sendable, Equatable {
    /// The first heading level listed (`##` is 2; an article's title is its page's `h1`).
    public var startLevel = 2
    /// The last heading level listed.
    public var endLevel = 3
    /// An item without `toc:` gets a table when it has at least this many headings listed; 0
    /// gives one only to items that ask (`toc: true`).
    public var minHeadings = 4
    /// A numbered list (`<ol>`) rather than bullets.
    public var ordered = false

    public init() {}

    /// The keys under `markdown: {toc: …}` and the field each sets, whose declaration above holds
    /// its default: the one list SiteConfigParser reads the section by.
    static var numbers: [(key: String, field: WritableKeyPath<TableOfContentsOptions, Int>, range: ClosedRange<Int>)] {
        [
            ("startLevel", \.startLevel, 1...6), ("endLevel", \.endLevel, 1...6),
            ("minHeadings", \.minHeadings, 0...1000),
        ]
    }
}

/// How many items each strip of the home page shows (`home:` in `site.yml`).
public struct HomeOptions: Sendable, Equatable {
    /// News cards in "recent news".
    public var recent: Int = 6
    /// Editor's picks in "featured".
    public var featured: Int = 4
    /// Events in "upcoming events".
    public var upcoming: Int = 4
    /// Items in "trending".
    public var trending: Int = 5
    /// Whether "recent news" also shows the picks "featured" shows above it; by default a pick is
    /// shown once, as news apps do.
    public var recentIncludesFeatured = false

    /// The defaults above, with what is given instead (a default is written once, on its field).
    public init(
        recent: Int? = nil, featured: Int? = nil, upcoming: Int? = nil, trending: Int? = nil,
        recentIncludesFeatured: Bool? = nil
    ) {
        if let recent { self.recent = recent }
        if let featured { self.featured = featured }
        if let upcoming { self.upcoming = upcoming }
        if let trending { self.trending = trending }
        if let recentIncludesFeatured { self.recentIncludesFeatured = recentIncludesFeatured }
    }
}

/// A category as declared in `site.yml`.
public struct CategoryDeclaration: Sendable, Equatable {
    /// The URL name, e.g. `campus-life`.
    public var slug: String
    /// The name readers see, e.g. `学院活动`.
    public var name: String
    /// A sentence shown on the category's page.
    public var description: String?
    /// A CSS colour for the category's badge and card accent.
    public var color: String?
    /// A short symbol (an emoji or a few letters) shown with the name.
    public var icon: String?
    /// Where it was declared, for diagnostics.
    public var line: Int
    /// Its names in the site's other languages (`languages: … categories:`): an item may name it
    /// by any of them, in any language's part of the site.
    public var otherNames: [String] = []

    public init(
        slug: String, name: String, description: String? = nil, color: String? = nil, icon: String? = nil, line: Int = 1
    ) {
        self.slug = slug
        self.name = name
        self.description = description
        self.color = color
        self.icon = icon
        self.line = line
    }
}
