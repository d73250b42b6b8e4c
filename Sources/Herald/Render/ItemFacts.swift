import Foundation

/// What feeds, the JSON API, the sitemap and structured data say about an item, worked out once:
/// absolute URLs, a stable id, dates as standards write them, the primary category.
struct ItemFacts: Sendable, Equatable {
    /// The item's id in feeds and the API: a `tag:` URI (RFC 4151) from the host, the date it was
    /// first published and its URL path, so it does not change when the title does. A page without
    /// a date has its absolute URL as its id.
    var id: String
    var kind: ContentKind
    var title: String
    /// The page's absolute URL.
    var permalink: String
    /// The item's own JSON document, absolute.
    var apiURL: String
    /// The output path of that JSON document.
    var apiPath: String
    var summaryText: String
    var summaryHTML: String
    /// The cover, with its sizes (nil without one).
    var image: ImageFacts?
    /// Everyone who wrote it, in order; `author` is them joined for display.
    var authors: [String]
    var author: String?
    /// The same people, each with their page's path where they have one (an authors taxonomy's term).
    var people: [Byline] = []
    /// When it was last updated (`updated:`, `lastmod:`), else nil.
    var updated: Date?
    /// Publication date (an event without one: its start); the epoch for an undated page, which
    /// only sorts it last.
    var published: Date
    /// Whether the item has a publication date at all.
    var dated: Bool
    var categories: [Category]
    var tags: [Term]
    /// Its terms in each of the site's own taxonomies, with their links; nil on a site that
    /// declares none.
    var taxonomies: APIItemTerms?
    var readingMinutes: Int
    var event: EventDetails?
    /// Its neighbours in date order (`Site.neighbours()`), as its page and document link them.
    var previous: APIItemLink? = nil
    var next: APIItemLink? = nil

    /// Works out the facts of every item of a site, its covers' from `images`.
    static func all(site: Site, urls: SiteURLs, images: ImageLinks) -> [ItemFacts] {
        let host = URL(string: urls.baseURL)?.host ?? "localhost"
        let termLinks = site.taxonomies.map { taxonomy in
            taxonomy.terms.map { term in
                APITerm(
                    slug: term.slug, name: term.name, count: nil,
                    url: urls.absolute(site.layout.termPath(taxonomy.declaration, term.slug)),
                    api: urls.absolute(site.layout.apiTermPath(taxonomy.declaration, term.slug, page: 1)))
            }
        }
        let authorPaths = site.authorTaxonomy.map { index in
            site.taxonomies[index].terms.map { site.layout.termPath(site.taxonomies[index].declaration, $0.slug) }
        }
        // On all cores: 30 ms of serial work on the 10,000-item corpus, mostly making URLs.
        var facts = Array(site.items.indices).parallelMap { id in
            // Each field read on its own before it is used: a `let` of the whole item, or a call
            // given one of its fields in place, copied the whole item, every field retained (perf).
            let (kind, title, date, event, image, focus) = (
                site.items[id].kind, site.items[id].title, site.items[id].date, site.items[id].event,
                site.items[id].image, site.items[id].imageFocus
            )
            let (summaryText, summaryHTML, author, authors, updated, readingMinutes) = (
                site.items[id].summaryText, site.items[id].summaryHTML, site.items[id].author,
                site.items[id].authors, site.items[id].updated, site.items[id].body.statistics.readingMinutes
            )
            let path = site.paths[id]
            // An item shown untranslated from another language has its document in that language's API.
            let apiPath =
                site.languages?.borrowed[id].map { own in
                    var layout = site.layout
                    layout.root = site.languages!.all[own].root
                    return layout.apiItemPath(kind: kind, itemPath: path)
                } ?? site.layout.apiItemPath(kind: kind, itemPath: path)
            let dated = ContentItem.publishedAt(date: date, event: event, now: site.hour)
            let published = dated ?? Date(timeIntervalSince1970: 0)
            // The id's date must not move: an undated event is named by its start, not by "now".
            let day = CivilDateTime(date ?? event?.start ?? published, in: TimeZone(identifier: "UTC")!).isoDate
            let authorTerms = authorPaths == nil ? [] : site.authorTermsOfItem[id]
            let people = authors.indices.map { index in
                Byline(
                    name: authors[index],
                    path: index < authorTerms.count ? authorTerms[index].map { authorPaths![$0] } : nil)
            }
            return ItemFacts(
                id: kind == .page && date == nil
                    ? urls.absolute(path) : "tag:\(host),\(day):\(SiteURLs.encode(urls.basePath + path))",
                kind: kind, title: title, permalink: urls.absolute(path),
                apiURL: urls.absolute(apiPath), apiPath: apiPath,
                summaryText: summaryText, summaryHTML: summaryHTML,
                image: image.map { images.facts(written: $0, focus: focus) }, authors: authors,
                author: author, people: people, updated: updated, published: published, dated: dated != nil,
                categories: site.categoriesOfItem[id].map { site.categories[$0] },
                tags: site.tagsOfItem[id].map { site.tags[$0] },
                taxonomies: termLinks.isEmpty
                    ? nil
                    : APIItemTerms(
                        byTaxonomy: site.taxonomies.indices.map { index in
                            (
                                site.taxonomies[index].declaration.name,
                                site.taxonomies[index].termsOfItem[id].map { termLinks[index][$0] }
                            )
                        }),
                readingMinutes: readingMinutes, event: event)
        }
        linkNeighbours(&facts, site.neighbours())
        return facts
    }

    /// Gives each item its neighbours' titles and addresses.
    private static func linkNeighbours(_ facts: inout [ItemFacts], _ neighbours: [Neighbours]) {
        let links = neighbours.map { [facts] neighbours in
            [neighbours.previous, neighbours.next].map { id in
                id.map { APIItemLink(title: facts[$0].title, url: facts[$0].permalink, api: facts[$0].apiURL) }
            }
        }
        for id in facts.indices { (facts[id].previous, facts[id].next) = (links[id][0], links[id][1]) }
    }
}
