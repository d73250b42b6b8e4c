/// The templates every theme has, by the part each plays: the one list of their names, which the
/// planner, the theme's loading, `herald check` and `herald import` ask.
public enum ThemeTemplate: String, CaseIterable, Sendable {
    case layout, home, article, event, page, list, terms, calendar
    case notFound = "404"
    case search
    /// Each item's card, rendered once per build and placed by every list.
    case card = "partials/card"

    /// The template of an item's own page, by its kind.
    static func itemPage(_ kind: ContentKind) -> ThemeTemplate {
        switch kind {
        case .news: return .article
        case .event: return .event
        case .page: return .page
        }
    }

    /// The layouts Jekyll and Hugo themes name for ordinary posts, pages and events: an item that
    /// names one of them, and which the site has no template of, gets its kind's own template
    /// (and `herald import` keeps such a `layout:` as it is).
    public static let otherGeneratorsLayouts: Set<String> = [
        "post", "posts", "page", "default", "single", "event", "events", "blog", "article", "news",
    ]
}
