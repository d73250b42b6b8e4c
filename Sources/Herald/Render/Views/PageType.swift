/// What kind of page a page is (`page.type` in templates, and the `page-…` class of the body).
enum PageType: String, Sendable, CaseIterable {
    case home, news, event, page, list, categories, tags, taxonomy, months, calendar, search
    case notFound = "404"

    /// An item's own page.
    init(_ kind: ContentKind) {
        switch kind {
        case .news: self = .news
        case .event: self = .event
        case .page: self = .page
        }
    }
}
