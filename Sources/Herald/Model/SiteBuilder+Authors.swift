/// Authors as people: on a site whose taxonomy reads the author key (`taxonomies: [authors]`),
/// each author an item names is a term, and the term's page (`content/authors/ann-lee/_index.md`)
/// is that person's: its title is how every byline, feed and document names them.
extension SiteBuilder {
    /// The items with each author named as their page names them (`ann-lee` → `Ann Lee`), and for
    /// each item its authors' terms (nil for one with no term: an item kept out of lists, a name
    /// with nothing to make an address of). Unchanged, with no terms, on a site without such a taxonomy.
    static func authorsByTheirPages(
        _ items: [ContentItem], taxonomies: [Taxonomy]
    ) -> (items: [ContentItem], terms: [[Int?]]) {
        guard let index = taxonomies.firstIndex(where: { $0.declaration.readsAuthors }) else { return (items, []) }
        let authors = taxonomies[index]
        let termOfSlug = Dictionary(
            authors.terms.indices.map { (authors.terms[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
        var items = items
        var terms: [[Int?]] = Array(repeating: [], count: items.count)
        for id in items.indices where !items[id].authors.isEmpty {
            // The terms as the taxonomy read them (`authors: Ann, Bo` is two). The site's default
            // author, on an item that names none, is not one of them: their page would not list it.
            let written = index < items[id].terms.count ? items[id].terms[index].map(\.name) : []
            guard !written.isEmpty else {
                terms[id] = Array(repeating: nil, count: items[id].authors.count)
                continue
            }
            terms[id] = written.map { termOfSlug[Slug.make(from: $0)] }
            let named = zip(written, terms[id]).map { name, term in
                term.flatMap { authors.terms[$0].page?.title } ?? name
            }
            guard named != items[id].authors else { continue }
            items[id].authors = named
            items[id].author = named.joined(separator: ", ")
        }
        return (items, terms)
    }
}

extension SiteBuilder {
    /// Tells of an author with no page whose address is a slip or two from one who has a page
    /// (`ann-le` beside `content/authors/ann-lee/`): the byline would name a stranger. A name far
    /// from every page is a guest's, and says nothing.
    static func warnAboutAuthorSlips(
        _ items: [ContentItem], taxonomies: [Taxonomy], warnings: inout DiagnosticList
    ) {
        guard let index = taxonomies.firstIndex(where: { $0.declaration.readsAuthors }) else { return }
        let terms = taxonomies[index].terms
        let withPages = NearestMatch(terms.filter { $0.page != nil }.map { ($0.slug, $0.slug) })
        for term in terms where term.page == nil && term.slug.utf8.count >= 4 {
            guard let near = withPages.nearest(to: term.slug, within: 2), near.distance > 0,
                let id = term.items.last, index < items[id].terms.count,
                let reference = items[id].terms[index].first(where: { Slug.make(from: $0.name) == term.slug })
            else { continue }
            let page = terms.first { $0.slug == near.value }!
            warnings.warning(
                items[id].sourcePath, reference.line,
                "author '\(reference.name)' has no page, but \(page.page!.sourcePath) is \(page.name)'s; if it means them, write \(near.value)"
            )
        }
    }
}
