import Foundation

/// The static JSON API's documents: home, trending, categories and the terms of the site's own
/// taxonomies (paged like the HTML), and one per item.
enum APIPlan {
    static func files(site: Site, urls: SiteURLs, facts: [ItemFacts]) -> [GeneratedFile] {
        let cards = self.cards(site: site, facts: facts)
        let categories = site.categories.map { category in
            APICategory(
                slug: category.slug, name: category.name, description: category.description, color: category.color,
                icon: category.icon, count: category.items.count,
                url: urls.absolute(site.layout.categoryPath(category.slug)),
                api: urls.absolute(site.layout.apiCategoryPath(category.slug, page: 1)))
        }
        let trending = site.trending.enumerated().map { rank, id in
            let popularity = site.popularity[id]
            // Rounded so the document does not change with the last bits of floating point.
            let score = ((site.trendingScore[id] ?? 0) * 1_000_000).rounded() / 1_000_000
            return APITrendingEntry(
                rank: rank + 1, score: score, views: popularity.views, likes: popularity.likes,
                comments: popularity.comments, item: cards[id])
        }
        var files = indexFiles(site: site, urls: urls, cards: cards, categories: categories, trending: trending)
        appendCategoryPages(to: &files, site: site, urls: urls, cards: cards, categories: categories)
        appendTaxonomyDocuments(to: &files, site: site, urls: urls, cards: cards)
        appendItemDocuments(to: &files, site: site, facts: facts, cards: cards)
        return files
    }

    /// Each item's card, as every list of the API shows it, by item id.
    private static func cards(site: Site, facts: [ItemFacts]) -> [APICard] {
        let zone = site.config.timeZone
        // One per image, whose JSON is then written once for every card that shows it.
        var images: [ImageFacts: APIImage] = [:]
        return facts.map { fact in
            let image = fact.image.map { facts in
                if let made = images[facts] { return made }
                let made = APIImage(facts)
                images[facts] = made
                return made
            }
            return card(of: fact, image: image, zone: zone, now: site.now)
        }
    }

    /// An item's card, from its facts and its cover's (one `APIImage` per cover, shared).
    static func card(of fact: ItemFacts, image: APIImage?, zone: TimeZone, now: Date) -> APICard {
        APICard(
            id: fact.id, kind: fact.kind.rawValue, title: fact.title, summary: fact.summaryText, image: image,
            date: fact.dated ? TimestampFormat.rfc3339(fact.published, in: zone) : nil, author: fact.author,
            category: fact.categories.first.map(APICategoryRef.init), url: fact.permalink, api: fact.apiURL,
            event: fact.event.map { APIEvent($0, now: now) })
    }

    /// The documents that lead into the API: the home document, trending and the categories.
    private static func indexFiles(
        site: Site, urls: SiteURLs, cards: [APICard], categories: [APICategory], trending: [APITrendingEntry]
    ) -> [GeneratedFile] {
        let zone = site.config.timeZone
        let home = site.config.home
        let siteInfo = APISite(
            title: site.config.title, description: site.config.description, url: urls.absolute(site.layout.homePath),
            language: site.config.language)
        return [
            GeneratedFile(
                path: site.layout.apiHomePath, owner: "the JSON API",
                make: {
                    JSONOutput.encode(
                        APIHome(
                            site: siteInfo, recent: site.recentNews(home).map { cards[$0] },
                            featured: site.featured.prefix(home.featured).map { cards[$0] },
                            upcoming: site.upcomingEvents.prefix(home.upcoming).map { cards[$0] },
                            trending: Array(trending.prefix(home.trending)),
                            categories: categories.filter { $0.count > 0 }))
                }
            ).readingBodies(),
            GeneratedFile(
                path: site.layout.apiTrendingPath, owner: "the JSON API",
                make: {
                    JSONOutput.encode(APITrending(asOf: TimestampFormat.rfc3339(site.hour, in: zone), items: trending))
                }
            ).readingBodies(),
            GeneratedFile(
                path: site.layout.apiCategoriesPath, owner: "the JSON API",
                make: { JSONOutput.encode(APICategories(categories: categories)) }
            ).readingBodies(),
        ]
    }

    /// Each category's items, paged as its HTML pages are.
    private static func appendCategoryPages(
        to files: inout [GeneratedFile], site: Site, urls: SiteURLs, cards: [APICard], categories: [APICategory]
    ) {
        for (index, category) in site.categories.enumerated() {
            let (slug, info) = (category.slug, categories[index])
            appendPages(
                of: category.items, to: &files, site: site, urls: urls, cards: cards,
                path: { site.layout.apiCategoryPath(slug, page: $0) },
                document: { APICategoryPage(category: info, items: $0, page: $1) })
        }
    }

    /// A list's items, paged as its HTML pages are: `document` makes each page's document from
    /// its cards and its links to the pages beside it; `path` gives page N's output path.
    private static func appendPages<Document: JSONWritable & Sendable>(
        of ids: [ItemID], to files: inout [GeneratedFile], site: Site, urls: SiteURLs, cards: [APICard],
        path: @escaping @Sendable (Int) -> String, document: @escaping @Sendable ([APICard], APIPage) -> Document
    ) {
        let slices = Pagination.paginate(
            ids, pageSize: site.config.pageSize, basePath: path(1), pathOfPage: path)
        for slice in slices {
            let page = APIPage(
                number: slice.number, total: slice.totalPages,
                previous: slice.previousPath.map(urls.absolute), next: slice.nextPath.map(urls.absolute))
            let items = slice.elements.map { cards[$0] }
            files.append(
                GeneratedFile(
                    path: slice.path, owner: "the JSON API", make: { JSONOutput.write(document(items, page)) }
                )
                .readingBodies())
        }
    }

    /// Each of the site's own taxonomies' terms, and each term's items, paged as its HTML pages are.
    private static func appendTaxonomyDocuments(
        to files: inout [GeneratedFile], site: Site, urls: SiteURLs, cards: [APICard]
    ) {
        for taxonomy in site.taxonomies {
            let declaration = taxonomy.declaration
            let info = APITaxonomy(
                name: declaration.name, title: taxonomy.title,
                url: urls.absolute(site.layout.taxonomyPath(declaration)),
                api: urls.absolute(site.layout.apiTaxonomyPath(declaration)))
            let terms = taxonomy.terms.map { term in
                APITerm(
                    slug: term.slug, name: term.name, count: term.items.count, description: term.page?.description,
                    url: urls.absolute(site.layout.termPath(declaration, term.slug)),
                    api: urls.absolute(site.layout.apiTermPath(declaration, term.slug, page: 1)))
            }
            files.append(
                GeneratedFile(
                    path: site.layout.apiTaxonomyPath(declaration), owner: "the JSON API",
                    make: { JSONOutput.write(APITaxonomyTerms(taxonomy: info, terms: terms)) }
                ).readingBodies())
            for (term, ref) in zip(taxonomy.terms, terms) {
                let slug = term.slug
                appendPages(
                    of: term.items, to: &files, site: site, urls: urls, cards: cards,
                    path: { site.layout.apiTermPath(declaration, slug, page: $0) },
                    document: { APITermPage(taxonomy: info, term: ref, items: $0, page: $1) })
            }
        }
    }

    /// One document per item, with its whole text. An item shown untranslated from another
    /// language has its document in that language's API.
    private static func appendItemDocuments(
        to files: inout [GeneratedFile], site: Site, facts: [ItemFacts], cards: [APICard]
    ) {
        let zone = site.config.timeZone
        for (id, fact) in facts.enumerated() where !site.isBorrowed(id) {
            files.append(
                itemDocument(APIItemInputs(fact, card: cards[id], html: site.items[id].body.html, zone: zone))
                    .readingBodies(of: [id]))
        }
    }

    /// An item's own document, made from `inputs` alone.
    static func itemDocument(_ inputs: APIItemInputs) -> GeneratedFile {
        GeneratedFile(path: inputs.path, owner: "the JSON API", inputs: inputs) { inputs in
            let card = inputs.card
            let html = AbsoluteURLs.rewrite(inputs.html, pageURL: card.url)
            return JSONOutput.write(
                APIItem(
                    id: card.id, kind: card.kind, title: card.title, summary: card.summary,
                    contentHTML: html, image: card.image,
                    date: card.date, updated: inputs.updated, author: card.author, authors: inputs.authors,
                    category: card.category, categories: inputs.categories,
                    tags: inputs.tags, taxonomies: inputs.taxonomies, readingMinutes: inputs.readingMinutes,
                    url: card.url, api: card.api,
                    event: card.event, previous: inputs.previous, next: inputs.next), capacity: html.utf8.count + 4096)
        }
    }

    /// Everything an item's own document is made from (its card holds the id, title, summary,
    /// image, dates, author, URLs and event), so a rebuild can tell whether it changed.
    struct APIItemInputs: Hashable, Sendable {
        /// The document's output path.
        var path: String
        var card: APICard
        var html: String
        var categories: [APICategoryRef]
        var tags: [APITag]
        var taxonomies: APIItemTerms?
        var readingMinutes: Int
        var authors: [String]
        var updated: String?
        var previous: APIItemLink?
        var next: APIItemLink?

        /// What the document of the item with `fact` and `card` is made from, with its body `html`.
        init(_ fact: ItemFacts, card: APICard, html: String, zone: TimeZone) {
            path = fact.apiPath
            self.card = card
            self.html = html
            categories = fact.categories.map(APICategoryRef.init)
            tags = fact.tags.map { APITag(slug: $0.slug, name: $0.name) }
            taxonomies = fact.taxonomies
            readingMinutes = fact.readingMinutes
            authors = fact.authors
            updated = fact.updated.map { TimestampFormat.rfc3339($0, in: zone) }
            (previous, next) = (fact.previous, fact.next)
        }
    }
}
