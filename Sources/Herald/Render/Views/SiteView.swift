import Foundation
import HeraldTemplates

/// The site as every page sees it.
struct SiteView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var description: String
    var language: String
    /// The site's root (`/`, `/union/`): where its assets and images are.
    var root: String
    /// The home page of the language a page is in: the root, or its language's folder (`/en/`),
    /// under which that language's lists and feeds are.
    var home: String
    var baseURL: String
    /// The categories `site.yml` declares, then the first few others (`LimitOptions.termsShownInLists`).
    var categories: [TermView]
    /// The categories left out of `categories`, when there are: every page shows these, and
    /// every category has a page.
    var moreCategories: MoreTermsView? = nil
    var pages: [LinkView]
    var year: Int
    var stylesheet: String
    var generator: String
    var feeds: [FeedLink]
    /// The search page's link.
    var search: String
    /// The search index's link (`search/index.json`).
    var searchIndex: String
    /// The theme's search script, when it has one.
    var searchScript: String?
    /// Of a multilingual site, the other languages' search indexes (`code`, `name`, `url`), which
    /// the search page can search too.
    var otherSearchIndexes: [LanguageLinkView] = []
    /// Whether the site has trending items (reading figures in `data/popularity.*`, or views or
    /// likes in front matter): without them the trending page is empty, so the menu leaves it out.
    var trending = false

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<SiteView>(
        "site", about: "the site, the same on every page of a language",
        [
            TemplateField("title", .text, "from `site.yml`") { .text($0.title) },
            TemplateField("description", .text, "from `site.yml`") {
                $0.description.isEmpty ? .absent : .text($0.description)
            },
            TemplateField("language", .text, "the page's language code, from `site.yml`") { .text($0.language) },
            TemplateField("root", .text, "the base path, e.g. `/cs/`: prefix links to assets and static files with it")
            { .text($0.root) },
            TemplateField(
                "home", .text,
                "the home page of the page's language (`/cs/`, or `/cs/en/` on a multilingual site): prefix links to lists, categories and feeds with it"
            ) { .text($0.home) },
            TemplateField("baseURL", .text, "the absolute base URL") { .text($0.baseURL) },
            TemplateField(
                "categories", .list(.view { TermView.fields.description }),
                "the categories `site.yml` declares, then the first \(LimitOptions.termsShownInLists) of the others by name"
            ) { $0.categories.templateValue },
            TemplateField(
                "moreCategories", .view { MoreTermsView.fields.description },
                "when `categories` leaves some out: how many, and the categories page"
            ) { present($0.moreCategories) },
            TemplateField("pages", .list(.view { LinkView.fields.description }), "the plain pages, for the menu") {
                $0.pages.templateValue
            },
            TemplateField("year", .number, "the year of the build, for the footer") { .number($0.year) },
            TemplateField("stylesheet", .text, "the theme's stylesheet") { .text($0.stylesheet) },
            TemplateField("generator", .text, "Herald and its version, for `<meta name=\"generator\">`") {
                .text($0.generator)
            },
            TemplateField(
                "feeds", .list(.view { FeedLink.fields.description }),
                "the site's feeds, for `<link rel=\"alternate\">`"
            ) { $0.feeds.templateValue },
            TemplateField("search", .text, "the search page") { .text($0.search) },
            TemplateField("searchIndex", .text, "the search index") { .text($0.searchIndex) },
            TemplateField("searchScript", .text, "the theme's search script, when it has one") {
                present($0.searchScript)
            },
            TemplateField(
                "otherSearchIndexes", .list(.view { LanguageLinkView.fields.description }),
                "of a multilingual site, the other languages' search indexes"
            ) { $0.otherSearchIndexes.templateValue },
            TemplateField(
                "trending", .flag,
                "whether the site has trending items (reading figures, or `views`/`likes` in front matter); the default menu shows the trending page only then"
            ) { .bool($0.trending) },
        ])
}
