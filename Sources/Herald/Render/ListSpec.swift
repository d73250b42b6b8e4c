import Foundation

/// What a paged list is: its kind, title and looks, where it lives and how it is paged.
struct ListSpec {
    var kind: ListKind
    var title: String
    var description: String? = nil
    var color: String? = nil
    var icon: String? = nil
    /// The first page's path; later pages are under `page/N/`.
    var basePath: String
    /// The navigation section its pages belong to (`page.section`).
    var section: String
    /// Cards per page; the site's `pageSize` when nil.
    var pageSize: Int? = nil
    /// The list's own feeds, for `<link rel="alternate">`.
    var feeds: [FeedLink] = []
    /// A term's list: its taxonomy, as a link to the list of its terms.
    var taxonomy: LinkView? = nil
    /// Each entry's date for `lastmod`, when not the cards' publication dates.
    var lastModified: [Date?]? = nil
}
