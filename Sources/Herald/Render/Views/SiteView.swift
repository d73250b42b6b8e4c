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

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .description: return description.isEmpty ? .absent : .text(description)
        case .language: return .text(language)
        case .root: return .text(root)
        case .home: return .text(home)
        case .baseURL: return .text(baseURL)
        case .categories: return categories.templateValue
        case .moreCategories: return present(moreCategories)
        case .pages: return pages.templateValue
        case .year: return .number(year)
        case .stylesheet: return .text(stylesheet)
        case .generator: return .text(generator)
        case .feeds: return feeds.templateValue
        case .search: return .text(search)
        case .searchIndex: return .text(searchIndex)
        case .searchScript: return present(searchScript)
        case .otherSearchIndexes: return otherSearchIndexes.templateValue
        case .trending: return .bool(trending)
        default: return nil
        }
    }
}
