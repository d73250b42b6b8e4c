import Foundation

/// The pages of the site's own taxonomies (site.yml `taxonomies:`): each one's list of terms, each
/// term's paged list with its feeds, and what an item's view shows of its terms.
extension PagePlanner {
    /// Each taxonomy's list of terms and each term's paged list, as tags have, with feeds as
    /// categories have.
    mutating func planTaxonomies() {
        for (index, taxonomy) in site.taxonomies.enumerated() {
            let declaration = taxonomy.declaration
            planTerms(
                kind: .taxonomy, title: taxonomy.title, terms: termViews[index],
                basePath: site.layout.taxonomyPath(declaration), section: declaration.segment,
                owner: "the list of \(declaration.name)")
            let link = LinkView(
                title: taxonomy.title, url: urls.path(site.layout.taxonomyPath(declaration)))
            for term in taxonomy.terms {
                let path = site.layout.termPath(declaration, term.slug)
                planList(
                    ListSpec(
                        kind: .term, title: term.name, description: term.page?.description, basePath: path,
                        section: declaration.segment,
                        feeds: feedLinks(folder: path, title: term.name), taxonomy: link),
                    items: term.items)
            }
        }
    }

    /// Item `id`'s terms in each of the site's own taxonomies that it names any of.
    func itemTerms(_ id: ItemID) -> [ItemTermsView] {
        site.taxonomies.indices.compactMap { index in
            let (taxonomy, own) = (site.taxonomies[index], site.taxonomies[index].termsOfItem[id])
            // The authors are the byline's (`item.people`), not a row of terms under the text.
            guard !own.isEmpty, !taxonomy.declaration.readsAuthors else { return nil }
            return ItemTermsView(
                name: taxonomy.declaration.name, title: taxonomy.title,
                url: urls.path(site.layout.taxonomyPath(taxonomy.declaration)),
                terms: own.map { termViews[index][$0] },
                more: MoreTermsView(total: own.count, phrase: text("moreTerms"), url: urls.path(site.paths[id])))
        }
    }
}
