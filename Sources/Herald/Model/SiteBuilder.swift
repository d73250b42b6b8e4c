import Foundation

/// Which items a build publishes, and against which "now".
public struct PublishingRules: Sendable {
    /// The moment treated as now (the clock, or `--now`).
    public var now: Date
    /// Include drafts.
    public var includeDrafts: Bool
    /// Include items whose publication date is after now.
    public var includeFuture: Bool

    /// The start of the hour `now` falls in (UTC hours), the clock that continuous measures read:
    /// trending ages and the publication date of an event that names none. Read on the hour,
    /// they change only when an hour begins, so builds within one hour agree and a rebuild has
    /// nothing to redo (see `OutputValidity`).
    public var hour: Date { Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600) }

    /// How far ahead of now a left-out item's date must be for the build to name it: a month, so
    /// that a slip of the year (`date: 2062-11-10`) is told, not only counted, while articles
    /// written ahead for next week are not (`herald check` names every one: 0).
    public var namesFutureItemsAfter: TimeInterval = 30 * 86_400

    public init(now: Date, includeDrafts: Bool = false, includeFuture: Bool = false, namesEveryFutureItem: Bool = false)
    {
        self.now = now
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        if namesEveryFutureItem { namesFutureItemsAfter = 0 }
    }

    /// The warning naming an item left out as future, when it is far enough ahead to be told.
    func futureWarning(for item: ContentItem, in zone: TimeZone) -> Diagnostic? {
        guard let live = item.goesLiveAt, live.timeIntervalSince(now) > namesFutureItemsAfter else { return nil }
        // Calendar days in the site's zone, as an editor counts them: later today is "today".
        // Counted on the days' numbers: Foundation's Calendar took a fifth of the site model's
        // time on a corpus with 12,000 future items.
        let (day, today) = (CivilDateTime(live, in: zone), CivilDateTime(now, in: zone))
        let days = day.daysSinceEpoch - today.daysSinceEpoch
        let when =
            days > 730
            ? "\(days / 365) years from now" : days == 0 ? "later today" : days == 1 ? "tomorrow" : "in \(days) days"
        let written = day.isoDate
        let slip = days > 365 ? "; if the year is a slip, correct it" : "; build with --future to see it now"
        let what = item.publishDate != nil ? "is to be published on" : "is dated"
        return .warning(
            path: item.sourcePath, line: item.dateLine,
            "\(what) \(written), \(when), so it is left out until then\(slip)")
    }

    /// Why an item is left out, or nil when it is published.
    func exclusion(of item: ContentItem) -> KeyPath<SkippedItems, Int>? {
        if item.draft && !includeDrafts { return \.drafts }
        if let live = item.goesLiveAt, live > now, !includeFuture { return \.future }
        if let expiry = item.expiryDate, expiry <= now { return \.expired }
        return nil
    }
}

/// Builds the site model from parsed items: publishing rules, categories, tags and the lists
/// pages show. Pure: no files, no clock.
public enum SiteBuilder {
    /// Builds the model, or returns the problems that stop it (two items at one URL,
    /// categories whose URLs collide).
    public static func build(
        config: SiteConfig, items allItems: [ContentItem], rules: PublishingRules,
        popularity records: [PopularityRecord] = [],
        sections: [ContentKind: SectionPage] = [:], termPages: TermPages = [:],
        layoutOfLanguage: [String: URLLayout] = [:], everyLanguagesItems: [ContentItem]? = nil
    ) -> Result<Site, BuildFailure> {
        var problems = DiagnosticList()
        var skipped = SkippedItems()
        var leftOut = DiagnosticList()
        let items = published(allItems, rules: rules, zone: config.timeZone, skipped: &skipped, leftOut: &leftOut)
        let layout = config.layout
        let paths = self.paths(of: items, layout: layout, layoutOfLanguage: layoutOfLanguage)
        reportSharedURLs(items, paths: paths, layout: layout, into: &problems)

        // The sort keys are taken out of the items once. The orderings below used to read them
        // from a copy of each item at every comparison (`let (x, y) = (items[a], items[b])`):
        // those copies were most of the site model's 85 ms, which runs on one core (perf).
        let sortDates = items.map(\.sortDate)
        let sourcePaths = items.map(\.sourcePath)
        let newestFirst: @Sendable (ItemID, ItemID) -> Bool = { a, b in
            sortDates[a] != sortDates[b] ? sortDates[a] > sortDates[b] : sourcePaths[a] < sourcePaths[b]
        }
        // Items kept out of lists (`build: {list: never}`) still get their page.
        let ids = items.indices.filter { items[$0].listed }
        // The lists and the terms do not depend on each other: made at once, on two cores, they
        // take half the 60 ms they took one after the other on the 10,000-item corpus.
        let (lists, terms) = concurrently(
            { [items] () -> Lists in
                // A popularity row names an item in any language, so it is unknown only if no language has it.
                Self.lists(
                    of: items, ids: ids, sourcePaths: sourcePaths, newestFirst: newestFirst, records: records,
                    allItems: everyLanguagesItems ?? allItems, config: config, rules: rules)
            },
            { [items, paths] () -> Terms in
                Self.terms(
                    of: items, ids: ids, newestFirst: newestFirst, layout: layout, config: config,
                    termPages: termPages, claimed: { claimedAddresses(of: items, paths: paths, sections: sections) })
            })
        problems.append(contentsOf: terms.problems.all)
        var warnings = terms.warnings
        warnAboutAuthorSlips(items, taxonomies: terms.taxonomies, warnings: &warnings)
        warnings.append(contentsOf: lists.warnings.all)
        warnings.append(contentsOf: leftOut.all)

        guard !problems.hasErrors else {
            return .failure(BuildFailure(step: .buildSiteModel, diagnostics: problems.all))
        }
        let (named, authorTerms) = authorsByTheirPages(items, taxonomies: terms.taxonomies)
        var site = Site(
            config: config, now: rules.now, hour: rules.hour,
            validity: OutputValidity.around(rules: rules, items: allItems, zone: config.timeZone), items: named,
            news: lists.news, upcomingEvents: lists.upcoming, pastEvents: lists.past,
            upcomingOccurrences: lists.upcomingOccurrences, pastOccurrences: lists.pastOccurrences,
            pages: lists.pages, featured: lists.featured,
            categories: terms.categories, tags: terms.tags, categoriesOfItem: terms.categoriesOfItem,
            tagsOfItem: terms.tagsOfItem, taxonomies: terms.taxonomies, skipped: skipped,
            popularity: lists.popularity, trending: lists.trending, trendingScore: lists.scores,
            warnings: warnings.all, paths: paths, sections: sections,
            layout: layout)
        site.authorTermsOfItem = authorTerms
        return .success(site)
    }

    /// The items this build publishes, in path order, counting those left out by why (`skipped`)
    /// and naming each far-future one (`leftOut`), so `build` goes on with the published alone.
    private static func published(
        _ allItems: [ContentItem], rules: PublishingRules, zone: TimeZone, skipped: inout SkippedItems,
        leftOut: inout DiagnosticList
    ) -> [ContentItem] {
        // Sorted by index, then copied once: sorting the items themselves copied each whole item.
        let order = allItems.indices.sorted { allItems[$0].sourcePath < allItems[$1].sourcePath }
        var items: [ContentItem] = []
        items.reserveCapacity(allItems.count)
        for index in order {
            if let reason = rules.exclusion(of: allItems[index]) {
                switch reason {
                case \SkippedItems.drafts: skipped.drafts += 1
                case \SkippedItems.future:
                    skipped.future += 1
                    if let warning = rules.futureWarning(for: allItems[index], in: zone) {
                        leftOut.append(contentsOf: [warning])
                    }
                default: skipped.expired += 1
                }
            } else {
                items.append(allItems[index])
            }
        }
        return items
    }

    /// Each item's page path. An item shown from another language (multilingual sites) keeps its
    /// own language's address.
    private static func paths(
        of items: [ContentItem], layout: URLLayout, layoutOfLanguage: [String: URLLayout]
    ) -> [String] {
        // Each item read in place through the buffer: `items.map` and `items[index]` copy the
        // whole item, every field retained, which was 10 ms on one core (perf).
        items.withUnsafeBufferPointer { items in
            layoutOfLanguage.isEmpty
                ? items.indices.map { layout.itemPath(items[$0]) }
                : items.indices.map { (layoutOfLanguage[items[$0].language] ?? layout).itemPath(items[$0]) }
        }
    }

    /// Files the listed items (`ids`) under their categories and tags, newest first in each: the
    /// half of the model that `build` makes on a core of its own, beside the lists.
    private static func terms(
        of items: [ContentItem], ids: [ItemID], newestFirst: (ItemID, ItemID) -> Bool, layout: URLLayout,
        config: SiteConfig, termPages: TermPages, claimed: () -> [String: String]
    ) -> Terms {
        let dated = ids.sorted(by: newestFirst)
        var (problems, warnings) = (DiagnosticList(), DiagnosticList())
        let (categories, categoriesOfItem) = fileIntoCategories(
            items, newestFirst: dated, layout: layout, declared: config.categories, problems: &problems,
            warnings: &warnings)
        let (tags, tagsOfItem) = fileIntoTerms(
            items, newestFirst: dated, kind: "tag", segment: "tags", references: \.tags, warnings: &warnings)
        let taxonomies = taxonomies(
            of: items, newestFirst: dated, declared: config.taxonomies, pages: termPages, claimed: claimed,
            warnings: &warnings)
        return Terms(
            categories: categories, categoriesOfItem: categoriesOfItem, tags: tags, tagsOfItem: tagsOfItem,
            taxonomies: taxonomies, problems: problems, warnings: warnings)
    }

    /// The site's lists of items, in their orders, with popularity and trending.
    private struct Lists: Sendable {
        var news, upcoming, past: [ItemID]
        var upcomingOccurrences, pastOccurrences: [EventOccurrence]
        var pages, featured: [ItemID]
        var popularity: [Popularity]
        var trending: [ItemID]
        var scores: [ItemID: Double]
        var warnings: DiagnosticList
    }

    /// The site's categories, tags and own taxonomies, with the problems found filing items under them.
    private struct Terms: Sendable {
        var categories: [Category]
        var categoriesOfItem: [[Int]]
        var tags: [Term]
        var tagsOfItem: [[Int]]
        var taxonomies: [Taxonomy]
        var problems: DiagnosticList
        var warnings: DiagnosticList
    }

    /// Puts the listed items (`ids`) in the orders the site shows them in.
    private static func lists(
        of items: [ContentItem], ids: [ItemID], sourcePaths: [String], newestFirst: (ItemID, ItemID) -> Bool,
        records: [PopularityRecord], allItems: [ContentItem], config: SiteConfig, rules: PublishingRules
    ) -> Lists {
        let news = ids.filter { items[$0].kind == .news }.sorted(by: newestFirst)
        // The parser gives every event its details; an item without them cannot be listed as one.
        let events = ids.filter { items[$0].kind == .event && items[$0].event != nil }
        // Upcoming events sort by their next occurrence; past ones by their last.
        let next = Dictionary(
            uniqueKeysWithValues: events.compactMap { id in
                items[id].event!.nextOccurrence(after: rules.now).map { (id, $0.start) }
            })
        let upcoming = next.keys.sorted { a, b in
            next[a]! != next[b]! ? next[a]! < next[b]! : sourcePaths[a] < sourcePaths[b]
        }
        let lastStart = Dictionary(
            uniqueKeysWithValues: events.filter { next[$0] == nil }.map {
                ($0, items[$0].event!.occurrences.last!.start)
            })
        let past = lastStart.keys.sorted { a, b in
            lastStart[a]! != lastStart[b]! ? lastStart[a]! > lastStart[b]! : sourcePaths[a] < sourcePaths[b]
        }
        let occurrences = events.flatMap { id in
            items[id].event!.occurrences.enumerated().map {
                EventOccurrence(item: id, index: $0.offset, occurrence: $0.element)
            }
        }
        let upcomingOccurrences = occurrences.filter { $0.occurrence.finish >= rules.now }.sorted { a, b in
            a.occurrence.start != b.occurrence.start
                ? a.occurrence.start < b.occurrence.start
                : (sourcePaths[a.item], a.index) < (sourcePaths[b.item], b.index)
        }
        let pastOccurrences = occurrences.filter { $0.occurrence.finish < rules.now }.sorted { a, b in
            a.occurrence.start != b.occurrence.start
                ? a.occurrence.start > b.occurrence.start
                : (sourcePaths[a.item], a.index) < (sourcePaths[b.item], b.index)
        }
        let pages = ids.filter { items[$0].kind == .page }.sorted {
            items[$0].title != items[$1].title ? items[$0].title < items[$1].title : sourcePaths[$0] < sourcePaths[$1]
        }
        let featured = ids.filter { items[$0].featured && items[$0].kind != .page }.sorted { a, b in
            let (x, y) = (items[a].weight ?? Int.max, items[b].weight ?? Int.max)
            return x != y ? x < y : newestFirst(a, b)
        }
        var warnings = DiagnosticList()
        let popularity = assignPopularity(records, to: items, allItems: allItems, warnings: &warnings)
        let (trending, scores) = rankTrending(
            items, popularity: popularity, options: config.trending, now: rules.now, hour: rules.hour)
        return Lists(
            news: news, upcoming: upcoming, past: past, upcomingOccurrences: upcomingOccurrences,
            pastOccurrences: pastOccurrences,
            pages: pages, featured: featured, popularity: popularity, trending: trending, scores: scores,
            warnings: warnings)
    }

    /// Ranks news and events that are not over by `points / (age in hours + 2) ^ gravity`, counting
    /// only items published within the window and with some popularity. Ties: newer first, then by path.
    /// Ages are measured to `hour`, the start of the hour `now` is in; an event is over at `now`.
    static func rankTrending(
        _ items: [ContentItem], popularity: [Popularity], options: TrendingOptions, now: Date, hour: Date
    ) -> ([ItemID], [ItemID: Double]) {
        var scores: [ItemID: Double] = [:]
        // By index: `enumerated()` copies each whole item.
        for id in items.indices where items[id].kind != .page && items[id].listed {
            if let finish = items[id].event?.finish, finish < now { continue }
            guard let published = items[id].publishedAt(now: hour) else { continue }
            let ageHours = max(0, hour.timeIntervalSince(published) / 3600)
            guard ageHours <= options.windowDays * 24 else { continue }
            let points = options.points(popularity[id])
            guard points > 0 else { continue }
            scores[id] = options.score(points: points, ageHours: ageHours)
        }
        let ranked = scores.keys.sorted { a, b in
            if scores[a]! != scores[b]! { return scores[a]! > scores[b]! }
            if items[a].sortDate != items[b].sortDate { return items[a].sortDate > items[b].sortDate }
            return items[a].sourcePath < items[b].sourcePath
        }
        let kept = Array(ranked.prefix(options.limit))
        return (kept, scores.filter { kept.contains($0.key) })
    }

    /// Two items at one address, by their pages or their old addresses (`aliases`), would
    /// overwrite each other; each clash is an error naming both.
    private static func reportSharedURLs(
        _ items: [ContentItem], paths: [String], layout: URLLayout, into problems: inout DiagnosticList
    ) {
        // Path → the item there, and whether by its page or an alias (by index: no item is copied).
        var firstAt: [String: (item: Int, isPage: Bool)] = [:]
        firstAt.reserveCapacity(items.count)
        for (index, path) in paths.enumerated() {
            if let first = firstAt[path] {
                let (item, other) = (items[index], items[first.item])
                // The same slug in other years (a yearly event) is what a dated pattern is for.
                func year(_ item: ContentItem) -> Int? {
                    (item.date ?? item.event?.start).map { CivilDateTime($0, in: layout.timeZone).year }
                }
                let dated =
                    layout.pattern(for: item.kind).isDefault && item.kind != .page && year(item) != nil
                    && year(other) != nil && year(item) != year(other)
                let hint =
                    dated
                    ? ", or give \(item.kind.folder) dated addresses in site.yml (`permalinks: {\(item.kind.folder): /\(item.kind.urlSection ?? item.kind.folder)/:year/:slug/}`)"
                    : ""
                problems.error(
                    item.sourcePath, item.fixedPath?.line ?? item.slugLine,
                    "the URL /\(path) is already used by \(other.sourcePath); give one of them another `slug:`\(hint)")
            } else {
                firstAt[path] = (index, true)
            }
        }
        for index in items.indices where !items[index].aliases.isEmpty {
            let item = items[index]
            for alias in item.aliases {
                let path = URLLayout.aliasPath(alias.name)
                if path.isEmpty {
                    problems.error(
                        item.sourcePath, alias.line, "alias '\(alias.name)' is the home page, which cannot redirect",
                        kind: .unkeptAlias(alias.name))
                } else if let first = firstAt[path] {
                    if first.item == index, first.isPage { continue }  // an alias of itself changes nothing
                    let owner = (first.isPage ? "the page of " : "an alias of ") + items[first.item].sourcePath
                    problems.error(
                        item.sourcePath, alias.line, "alias /\(path) is already \(owner); remove one of them",
                        kind: .unkeptAlias(alias.name))
                } else {
                    firstAt[path] = (index, false)
                }
            }
        }
    }
}
