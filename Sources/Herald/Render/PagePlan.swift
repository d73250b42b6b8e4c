import Foundation

/// One page to render: where it goes, with which template, and what the template sees.
public struct PageJob: Sendable {
    /// The output file, relative to the output folder (`news/hello/index.html`).
    public var path: String
    /// The template's name (`article`, `list` …).
    public var template: String
    /// The view the template renders.
    var context: PageContext
    /// When what the page shows last changed (for the sitemap's `lastmod`).
    var lastModified: Date? = nil
    /// Whether the page belongs in the sitemap (the 404 page does not).
    var inSitemap = true
    /// The content file (and its slug line) an item page comes from.
    var source: (path: String, line: Int)? = nil
    /// Of a multilingual site, the language the page is in: 0 for the default, which renders with
    /// the plan's `theme`, else 1 + an index into its `otherThemes`.
    var language = 0

    /// The page in words, for a message about a clash with another output.
    var owner: String { source.map { "the page of \($0.path)" } ?? "the page /\(path)" }
}

/// Decides every page of the site and makes its view: the home page, one page per item,
/// paged lists (news, events, each category and tag), the lists of categories and tags, and 404.
///
/// Views of items, categories and tags are made once and shared by every page that shows them;
/// so is each item's card, which is rendered here (the one rendering a plan does).
public struct PagePlan: Sendable {
    /// The pages, in a fixed order.
    public internal(set) var jobs: [PageJob] = []
    /// The theme pages are rendered with: the site's, with its `partials/site/` partials rendered
    /// once for this site.
    var theme: Theme
    /// A multilingual site's other languages' themes (their strings, and partials rendered for them).
    var otherThemes: [Theme] = []
    /// Each item's view, card included, by item (when planned with a render cache); and the
    /// site's, which cards are rendered with. For `herald serve`'s rebuild after an edit to
    /// bodies alone (BodyEditRebuild).
    var itemViews: [ItemView] = []
    var siteView: SiteView? = nil

    /// Plans the pages of `site` for `theme`. Fails when an item names a template that does not
    /// exist or when an item's URL is also a page Herald makes (a page with slug `news`).
    /// `other` runs on another core while the lists and item pages are planned, which is one
    /// core's work once the views are made (on all cores) before them.
    static func make<Other: Sendable>(
        site: Site, theme: Theme, facts: [ItemFacts], images: ImageLinks, cache: (any RenderCache)? = nil,
        besideLists other: @escaping @Sendable () -> Other
    ) -> (plan: Result<PagePlan, BuildFailure>, other: Other) {
        var builder = PagePlanner(site: site, theme: theme, facts: facts, images: images)
        builder.cache = cache
        builder.reservePages()
        builder.makeSharedViews()
        let besides = BackgroundWork(other)
        builder.planAll()
        return (builder.result, besides.wait())
    }
}

extension PagePlanner {
    /// The plan made, or the problems that stop it.
    var result: Result<PagePlan, BuildFailure> {
        if problems.hasErrors {
            return .failure(BuildFailure(step: .planPages, diagnostics: problems.all))
        }
        // The views are kept only for a build that keeps its work for the next (`herald serve`):
        // held through rendering, they were 12 MB more at peak on the 10,000-item corpus.
        return .success(
            PagePlan(jobs: jobs, theme: renderTheme, itemViews: cache == nil ? [] : itemViews, siteView: siteView))
    }
}

/// The working state of `PagePlan.make`; event lists and calendars are in PagePlanner+Events.swift.
struct PagePlanner {
    let site: Site
    /// The theme as loaded.
    let theme: Theme
    /// The theme with its constant partials rendered for this site; cards and pages use it.
    var renderTheme: Theme
    let facts: [ItemFacts]
    /// The covers' views, made once per image.
    let images: ImageLinks
    let urls: SiteURLs
    let dates: DateText
    let strings: InterfaceStrings
    var jobs: [PageJob] = []
    var problems = DiagnosticList()
    /// Output path → who made it, to catch two pages at one path.
    var owners: [String: String] = [:]
    var categoryViews: [TermView] = []
    var tagViews: [TermView] = []
    /// Each of the site's own taxonomies' terms as links (`Site.taxonomies`, in that order).
    var termViews: [[TermView]] = []
    var itemViews: [ItemView] = []
    var siteView: SiteView!
    /// How this site's cards are made, once `siteView` and `renderTheme` are.
    var itemCard: ItemCard!
    /// Cards and structured data of the previous build, reused for items whose view is unchanged.
    /// Cards kept from an earlier build (`herald serve`).
    var cache: (any RenderCache)? = nil

    init(site: Site, theme: Theme, facts: [ItemFacts], images: ImageLinks) {
        self.site = site
        self.theme = theme
        renderTheme = theme
        self.facts = facts
        self.images = images
        urls = SiteURLs(config: site.config)
        dates = DateText(language: site.config.language, strings: theme.strings.table)
        strings = theme.strings
    }

    func text(_ key: String) -> String { strings.table[key] ?? key }

    /// A term's items counted by kind, in the interface's words: articles and events are told
    /// apart (`3 articles · 2 events`), as a category holds both.
    func countText(_ ids: [ItemID]) -> String {
        var counts: [ContentKind: Int] = [:]
        for id in ids { counts[site.items[id].kind, default: 0] += 1 }
        let words: [(ContentKind, String, String)] = [
            (.news, "articleCount", "articlesCount"), (.event, "eventCount", "eventsCount"),
            (.page, "pageCount", "pagesCount"),
        ]
        return words.compactMap { kind, one, many in
            guard let count = counts[kind], count > 0 else { return nil }
            return text(count == 1 ? one : many).replacingOccurrences(of: "{count}", with: String(count))
        }.joined(separator: " · ")
    }

    /// Makes room for every page before any is planned.
    mutating func reservePages() {
        // A page job holds its whole view, so growing the list copied every job made so far:
        // room for every page is made up front (one per item, the pages of each list, a page per
        // term and per month of events), as is room for their owners.
        let pageSize = max(1, site.config.pageSize)
        let listed =
            [site.news.count, site.upcomingOccurrences.count, site.pastOccurrences.count, site.trending.count]
            + site.categories.map(\.items.count) + site.tags.map(\.items.count)
            + site.taxonomies.flatMap { $0.terms.map(\.items.count) }
        let pages =
            site.items.count + listed.reduce(0) { $0 + $1 / pageSize + 1 }
            + (site.upcomingOccurrences.count + site.pastOccurrences.count) / 8 + 64
        jobs.reserveCapacity(pages)
        owners.reserveCapacity(pages)
    }

    /// Plans every page, once the shared views are made (`makeSharedViews`).
    mutating func planAll() {
        // Herald's own pages are planned first, so an item whose URL collides with one of them
        // is the one reported (a page with `slug: news` cannot replace the news list).
        planHome()
        let section = site.sections[.news]
        planList(
            ListSpec(
                kind: .news, title: section?.title ?? text("news"), description: section?.description,
                basePath: site.layout.listPath(.news), section: "news"), items: site.news)
        planEventLists()
        planCalendar()
        planList(
            ListSpec(
                kind: .trending, title: text("trending"), description: text("trendingDescription"),
                basePath: site.layout.trendingPath, section: "trending", pageSize: max(1, site.trending.count)),
            items: site.trending)
        planTerms(
            kind: .categories, title: text("categories"), terms: categoryViews, basePath: site.layout.categoriesPath)
        for category in site.categories {
            planList(
                ListSpec(
                    kind: .category, title: category.name, description: category.description, color: category.color,
                    icon: category.icon, basePath: site.layout.categoryPath(category.slug), section: "categories",
                    feeds: feedLinks(folder: site.layout.categoryPath(category.slug), title: category.name)),
                items: category.items)
        }
        planTerms(kind: .tags, title: text("tags"), terms: tagViews, basePath: site.layout.tagsPath)
        for tag in site.tags {
            planList(
                ListSpec(kind: .tag, title: "#" + tag.name, basePath: site.layout.tagPath(tag.slug), section: "tags"),
                items: tag.items)
        }
        planTaxonomies()
        let notFound = PageMeta(
            title: text("notFoundTitle"), description: "", url: urls.path(site.layout.notFoundPath),
            permalink: urls.absolute(site.layout.notFoundPath), image: nil, type: .notFound, section: nil)
        add(
            PageJob(
                path: site.layout.notFoundPath, template: ThemeTemplate.notFound.rawValue, context: context(notFound),
                inSitemap: false), owner: "the 404 page")
        // The search page works without a query too (a reader may arrive from the masthead's box
        // with JavaScript off), but it is no page to send a search engine to.
        let search = PageMeta(
            title: text("search"), description: "", url: urls.path(site.layout.searchPath),
            permalink: urls.absolute(site.layout.searchPath), image: nil, type: .search, section: nil)
        add(
            PageJob(
                path: URLLayout.pageFile(site.layout.searchPath), template: ThemeTemplate.search.rawValue,
                context: context(search), inSitemap: false), owner: "the search page")
        planItems()
    }

    /// The views every page shares, made once before any page is planned: the categories' and
    /// tags', the site's, and each item's (which lists and pages then only look up).
    mutating func makeSharedViews() {
        categoryViews = site.categories.map {
            TermView(
                name: $0.name, slug: $0.slug, url: urls.path(site.layout.categoryPath($0.slug)), count: $0.items.count,
                countText: countText($0.items),
                description: $0.description, color: $0.color, icon: $0.icon)
        }
        tagViews = site.tags.map {
            TermView(
                name: $0.name, slug: $0.slug, url: urls.path(site.layout.tagPath($0.slug)), count: $0.items.count,
                countText: countText($0.items),
                description: nil, color: nil, icon: nil)
        }
        termViews = site.taxonomies.map { taxonomy in
            taxonomy.terms.map {
                let path = site.layout.termPath(taxonomy.declaration, $0.slug)
                return TermView(
                    name: $0.name, slug: $0.slug, url: urls.path(path), count: $0.items.count,
                    countText: countText($0.items), description: $0.page?.description, color: nil, icon: nil)
            }
        }
        // Every page shows the categories site.yml declares and the first few of the others: every
        // category has a page, so showing all of them on each made the output grow with their square.
        let shownCategories = site.categories.prefix { $0.declared }.count + LimitOptions.termsShownInLists
        let stylesheet =
            theme.assets.first { $0.path.hasSuffix(".css") }.map { urls.path($0.path) }
            ?? urls.path(URLLayout.assetsFolder + "herald.css")
        siteView = SiteView(
            title: site.config.title, description: site.config.description, language: site.config.language,
            root: urls.basePath, home: urls.path(site.layout.homePath), baseURL: urls.baseURL,
            categories: Array(categoryViews.prefix(shownCategories)),
            moreCategories: MoreTermsView(
                total: categoryViews.count, shown: shownCategories, phrase: text("moreTerms"),
                url: urls.path(site.layout.categoriesPath)),
            pages: site.pages.map {
                LinkView(
                    title: site.items[$0].title, url: urls.path(site.paths[$0]),
                    language: site.languages?.borrowed[$0].map { site.languages!.all[$0].code })
            },
            year: CivilDateTime(site.now, in: site.config.timeZone).year,
            stylesheet: stylesheet, generator: "Herald",
            feeds: feedLinks(folder: site.layout.homePath, title: site.config.title),
            search: urls.path(site.layout.searchPath), searchIndex: urls.path(site.layout.searchIndexPath),
            searchScript: theme.assets.contains { $0.path == URLLayout.assetsFolder + "search.js" }
                ? urls.path(URLLayout.assetsFolder + "search.js") : nil,
            otherSearchIndexes: otherSearchIndexes(), trending: !site.trending.isEmpty)
        renderTheme = theme.fixingConstantPartials(site: siteView)
        itemCard = ItemCard(theme: renderTheme, site: siteView, strings: strings)
        makeItemViews()
    }

    /// Each item's view, with its card and structured data. Each card is rendered once here, on
    /// all cores, and reused by the home page and every list that shows the item, rather than once
    /// per list page. Structured data is made in the same pass: encoding JSON is the other slow
    /// part of a view. So are the views themselves: made one after another, they were 85 ms of the
    /// planning's wall time on the 10,000-item corpus (perf).
    mutating func makeItemViews() {
        let (planner, cards, shared, model, allFacts, links, cache) = (
            self, itemCard!, self.siteView!, self.site, self.facts, self.urls, self.cache
        )
        let neighbours = site.neighbours()
        itemViews = Array(site.items.indices).parallelMap { id in
            let view = planner.makeItemView(id, neighbours: neighbours[id])
            // The card and JSON-LD are made from the item's view and the site's alone. A local
            // function, not a closure value: a closure copied the site, the card maker and the
            // facts into a new context for every item (1% of a build's CPU, perf).
            func make() -> (card: String, jsonLD: String?) {
                (cards.card(of: view), ItemCard.jsonLD(of: id, site: model, facts: allFacts, urls: links))
            }
            let source = model.items[id].sourcePath
            let made = cache?.card(source: source, view: view, site: shared, make: make) ?? make()
            var finished = view
            finished.card = made.card
            finished.jsonLD = made.jsonLD
            return finished
        }
    }

    /// A multilingual site's other languages' search indexes, in the order of `languages:`.
    func otherSearchIndexes() -> [LanguageLinkView] {
        guard let languages = site.languages else { return [] }
        return languages.all.indices.filter { $0 != languages.current }.map { index in
            var layout = site.layout
            layout.root = languages.all[index].root
            return LanguageLinkView(
                code: languages.all[index].code, name: languages.all[index].name,
                url: urls.path(layout.searchIndexPath),
                permalink: urls.absolute(layout.searchIndexPath), translated: true, current: false,
                isDefault: index == 0)
        }
    }

    /// The three feeds of a folder (`` for the whole site), for `<link rel="alternate">`.
    func feedLinks(folder: String, title: String) -> [FeedLink] {
        [
            FeedLink(title: "\(title) (RSS)", url: urls.path(URLLayout.rssPath(folder)), type: "application/rss+xml"),
            FeedLink(
                title: "\(title) (Atom)", url: urls.path(URLLayout.atomPath(folder)), type: "application/atom+xml"),
            FeedLink(
                title: "\(title) (JSON Feed)", url: urls.path(URLLayout.jsonFeedPath(folder)),
                type: "application/feed+json"),
        ]
    }

    /// The newest publication date among items (nil for none).
    func newest(_ ids: some Sequence<ItemID>) -> Date? { ids.map { facts[$0].published }.max() }

    func makeItemView(_ id: ItemID, neighbours: Neighbours) -> ItemView {
        // Each field read on its own before it is used: a `let` of the whole item, or a call
        // given one of its fields in place, copied the whole item, every field retained (perf).
        let (kind, title, date, event, image, imageAlt, focus) = (
            site.items[id].kind, site.items[id].title, site.items[id].date, site.items[id].event,
            site.items[id].image, site.items[id].imageAlt, site.items[id].imageFocus
        )
        let (summaryText, summaryHTML, author, authors, params, featured, body) = (
            site.items[id].summaryText, site.items[id].summaryHTML, site.items[id].author, site.items[id].authors,
            site.items[id].params, site.items[id].featured, site.items[id].body
        )
        let path = site.paths[id]
        let zone = event?.timeZone ?? site.config.timeZone
        var dateText: String?
        var dateISO: String?
        if let date {
            dateText = dates.date(CivilDateTime(date, in: zone))
            dateISO = TimestampFormat.rfc3339(date, in: zone)
        }
        let eventView = event.map { makeEventView($0, id: id, path: path) }
        let alt = imageAlt ?? title
        var view = ItemView(
            ItemViewFields(
                kind: kind, title: title, url: urls.path(path), permalink: urls.absolute(path),
                date: dateText, dateISO: dateISO, summary: summaryText, summaryHTML: summaryHTML,
                image: image.map { images.view(written: $0, focus: focus, alt: alt) }, imageAlt: alt,
                imageAbsolute: image.map { images.view(written: $0, focus: focus, alt: alt, absolute: true) },
                categories: site.categoriesOfItem[id].map { categoryViews[$0] },
                tags: site.tagsOfItem[id].map { tagViews[$0] },
                moreCategories: MoreTermsView(
                    total: site.categoriesOfItem[id].count, phrase: text("moreTerms"), url: urls.path(path)),
                moreTags: MoreTermsView(
                    total: site.tagsOfItem[id].count, phrase: text("moreTerms"), url: urls.path(path)),
                author: author, authors: authors, params: params, readingTime: "",
                readingMinutes: 0, wordCount: 0,
                featured: featured, content: "", event: eventView, jsonLD: nil,
                published: kind == .page ? nil : facts[id].published))
        view.setBody(body, dates: dates)
        if !site.taxonomies.isEmpty { view.setTaxonomies(itemTerms(id)) }
        view.setPeople(facts[id].people.map { PersonView(name: $0.name, url: $0.path.map(urls.path)) })
        // Not `.map(link)`: a method given as a closure copied the whole planner, each time.
        if neighbours.previous != nil || neighbours.next != nil {
            var (previous, next): (LinkView?, LinkView?) = (nil, nil)
            if let id = neighbours.previous { previous = link(id) }
            if let id = neighbours.next { next = link(id) }
            view.setNeighbours(previous: previous, next: next)
        }
        if let own = site.languages?.borrowed[id], let language = site.languages?.all[own] {
            view.setOtherLanguage(
                LanguageLinkView(
                    code: language.code, name: language.name, url: urls.path(path), permalink: urls.absolute(path),
                    translated: false, current: false, isDefault: own == 0))
        }
        return view
    }

    /// A link to item `id`'s page, with its title.
    func link(_ id: ItemID) -> LinkView {
        let title = site.items[id].title
        return LinkView(title: title, url: urls.path(site.paths[id]))
    }

    /// The image a page is shared with (`og:image`): its social card, or with `socialCards:
    /// coverFirst` its cover when it has one, or with `socialCards: false` its cover alone.
    func socialImage(page: String, cover: ImageView?) -> ImageView? {
        if site.config.socialCards == .coverFirst, let cover { return cover }
        guard let card = site.images.socialCards[page] else { return cover }
        let layout = site.images.socialCardLayout
        let files = ImageView.Files(
            src: urls.absolute(card.path), width: layout.width, height: layout.height, type: SocialCard.format.mediaType
        )
        return ImageView(files: files, card: files, alt: card.title)
    }

    func context(_ page: PageMeta) -> PageContext {
        PageContext(site: siteView, page: page, strings: strings)
    }

    mutating func add(_ job: consuming PageJob, owner: String, source: (path: String, line: Int)? = nil) {
        job.source = source
        if let existing = owners[job.path] {
            let (path, line) = source ?? (SiteConfigFile.name, 1)
            problems.error(
                path, line,
                "\(owner) would be written to /\(job.path), where \(existing) already is; choose another slug")
            return
        }
        owners[job.path] = owner
        jobs.append(job)
    }

    mutating func planHome() {
        let config = site.config
        let home = HomeView(
            recent: site.recentNews(config.home).map { itemViews[$0] },
            featured: site.featured.prefix(config.home.featured).map { itemViews[$0] },
            upcoming: site.upcomingEvents.prefix(config.home.upcoming).map { itemViews[$0] },
            trending: site.trending.prefix(config.home.trending).map { itemViews[$0] },
            categories: categoryViews.filter { $0.count > 0 })
        var page = context(
            PageMeta(
                title: config.title, description: config.description, url: urls.path(site.layout.homePath),
                permalink: urls.absolute(site.layout.homePath),
                image: socialImage(page: site.layout.homePath, cover: nil), type: .home, section: nil))
        page.home = home
        add(
            PageJob(
                path: URLLayout.pageFile(site.layout.homePath), template: ThemeTemplate.home.rawValue, context: page,
                lastModified: newest(site.items.indices)), owner: "the home page")
    }

    mutating func planItems() {
        // Each item's page is made on all cores, then added in order: made one after another,
        // they were 45 ms of planning on one core on the 10,000-item corpus (perf).
        let planner = pageMaker
        // An item shown untranslated from another language has its page there, not here.
        let ids = site.languages == nil ? Array(site.items.indices) : site.items.indices.filter { !site.isBorrowed($0) }
        for (id, made) in zip(ids, ids.parallelMap({ planner.itemPage($0) })) {
            // Read in place: a copy of each item was most of this loop.
            let path = site.items[id].sourcePath
            switch made {
            case .success(let job): add(job, owner: path, source: (path, site.items[id].slugLine))
            case .failure(let problem): problems.error(path, problem.line, problem.message)
            }
        }
    }

    /// The page of item `id`, or the problem with its `layout`.
    func itemPage(_ id: ItemID) -> Result<PageJob, LayoutProblem> {
        // The fields used, read one by one before any call: a call given anything of an item
        // read in place copied the whole item first, every field retained (perf).
        let (kind, title, summary, updated, listed) = (
            site.items[id].kind, site.items[id].title, site.items[id].summaryText, site.items[id].updated,
            site.items[id].listed
        )
        let view = itemViews[id]
        var template = ThemeTemplate.itemPage(kind).rawValue
        if let layout = site.items[id].layout {
            if theme.templateNames.contains(layout.name) {
                template = layout.name
            } else if !ThemeTemplate.otherGeneratorsLayouts.contains(layout.name.lowercased()) {
                return .failure(
                    LayoutProblem(
                        line: layout.line,
                        message:
                            "layout '\(layout.name)' is not a template; the templates are: \(theme.templateNames.filter { !$0.hasPrefix("partials/") }.sorted().joined(separator: ", "))"
                    ))
            }
        }
        let description = summary.prefix(characters: 200)
        var page = context(
            PageMeta(
                title: title, description: description, url: view.url, permalink: view.permalink,
                image: socialImage(page: site.paths[id], cover: view.imageAbsolute), type: PageType(kind),
                section: kind.urlSection))
        page.item = view
        let published = facts[id].published
        // An item kept out of lists is kept out of the sitemap too, as Hugo does.
        return .success(
            PageJob(
                path: URLLayout.pageFile(site.paths[id]), template: template, context: page,
                lastModified: kind == .page ? updated : max(updated ?? published, published), inSitemap: listed))
    }

    /// An item's `layout` that names no template.
    struct LayoutProblem: Error {
        var line: Int
        var message: String
    }

    /// A copy of the planner for making pages on all cores. It holds none of the pages planned so
    /// far: a copy that shared them made the next `add` copy every one (70 ms on one core, perf).
    var pageMaker: PagePlanner {
        var maker = self
        maker.jobs = []
        maker.owners = [:]
        maker.problems = DiagnosticList()
        return maker
    }

    /// Plans a paged list of the cards of `items`.
    mutating func planList(_ spec: ListSpec, items: [ItemID]) {
        let views = itemViews
        planList(spec, count: items.count) { views[items[$0]] }
    }

    /// Plans a paged list of cards.
    mutating func planList(_ spec: ListSpec, entries: [ItemView]) {
        planList(spec, count: entries.count) { entries[$0] }
    }

    /// Plans a paged list of `count` cards, `entry(n)` the nth. The pages are made on all cores,
    /// then added in order: one after another, they were 60 ms on one core of the 10,000-item
    /// corpus's 3,700 list pages (perf).
    private mutating func planList(_ spec: ListSpec, count: Int, entry: @Sendable (Int) -> ItemView) {
        let planner = pageMaker
        let slices = Pagination.paginate(
            Array(0..<count), pageSize: spec.pageSize ?? site.config.pageSize, basePath: spec.basePath)
        for job in slices.parallelMap({ planner.listPage(spec, slice: $0, entry: entry) }) {
            add(job, owner: "the list '\(spec.title)'")
        }
    }

    /// One page of a paged list. A page of the upcoming-events list is split into sections:
    /// today, the next seven days, and later.
    private func listPage(_ spec: ListSpec, slice: PageSlice<Int>, entry: (Int) -> ItemView) -> PageJob {
        let (kind, title, description, section) = (spec.kind, spec.title, spec.description, spec.section)
        let pager = PagerView(
            number: slice.number, total: slice.totalPages,
            previous: slice.previousPath.map(urls.path), next: slice.nextPath.map(urls.path),
            links: slice.pagerNumbers().map { number in
                number.map {
                    PagerLink(number: $0, url: urls.path(slice.path(ofPage: $0)), current: $0 == slice.number)
                }
                    ?? PagerLink(number: 0, url: "", current: false, gap: true)
            })
        let views = slice.elements.map(entry)
        var sections = [ListSection(title: nil, items: views)]
        if kind == .events {
            sections = [
                ListSection(title: text("today"), items: views.filter { $0.event?.today == true }),
                ListSection(title: text("nextSevenDays"), items: views.filter { $0.event?.thisWeek == true }),
                ListSection(
                    title: text("later"),
                    items: views.filter { $0.event?.today != true && $0.event?.thisWeek != true }),
            ].filter { !$0.items.isEmpty }
            // One group needs no heading.
            if sections.count == 1 { sections[0].title = nil }
        }
        let calendarURL = section == "events" ? urls.path(currentMonthPath) : nil
        let list = ListView(
            kind: kind, title: title, description: description, color: spec.color, icon: spec.icon, items: views,
            pager: pager,
            sections: sections, calendarURL: calendarURL, taxonomy: spec.taxonomy)
        let pageTitle = slice.number > 1 ? "\(title) · \(slice.number)/\(slice.totalPages)" : title
        var page = context(
            PageMeta(
                title: pageTitle, description: description ?? "", url: urls.path(slice.path),
                permalink: urls.absolute(slice.path), image: socialImage(page: spec.basePath, cover: nil),
                type: .list, section: section, feeds: spec.feeds))
        page.list = list
        let modified =
            spec.lastModified.map { dates in slice.elements.compactMap { dates[$0] }.max() }
            ?? views.compactMap(\.published).max()
        return PageJob(
            path: URLLayout.pageFile(slice.path), template: ThemeTemplate.list.rawValue, context: page,
            lastModified: modified)
    }

    mutating func planTerms(
        kind: TermsKind, title: String, terms: [TermView], basePath: String, section: String? = nil,
        owner: String? = nil
    ) {
        let type: PageType =
            switch kind {
            case .categories: .categories
            case .tags: .tags
            case .taxonomy: .taxonomy
            case .months: .months
            }
        var page = context(
            PageMeta(
                title: title, description: "", url: urls.path(basePath), permalink: urls.absolute(basePath), image: nil,
                type: type, section: section ?? kind.rawValue))
        page.terms = TermsView(kind: kind, title: title, terms: terms)
        add(
            PageJob(
                path: URLLayout.pageFile(basePath), template: ThemeTemplate.terms.rawValue, context: page,
                lastModified: newest(site.items.indices)), owner: owner ?? "the list of \(kind.rawValue)")
    }
}
