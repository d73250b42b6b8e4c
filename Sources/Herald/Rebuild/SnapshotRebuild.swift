import Foundation

/// For `herald build`: the files an edit to content files' bodies alone changes, made from the
/// last build's snapshot (`BuildSnapshot`) as `herald serve` makes them from the last build in
/// memory (`BuildMemo.rebuildBodyEdits`), and the same files: the pages that show an edited item
/// (its own, and each list, strip and calendar date with its card), its API document and the
/// feeds that carry its text. Only those pages' records and those items' are read.
///
/// A multilingual site's edited file is put into every edition that shows it: its own language's,
/// and those that list it untranslated, each with that language's settings, interface text and
/// dates, as the build made each edition's pages.
///
/// Nil when the edits are more than bodies, by the same test as `herald serve`'s: a file's new
/// parse must be its last one in all but the body, with the same warnings (its links to content
/// files among them, which then lead where they led). The caller then builds everything;
/// SnapshotRebuildTests and CommandLineRebuildTests compare the two.
struct SnapshotRebuild {
    let snapshot: BuildSnapshot
    let config: SiteConfig
    let now: Date
    /// The content files the last build told a warning about (paths relative to the site folder).
    let warned: Set<String>
    /// Each edition's settings and theme, by `PageJob.language`; empty when the site's languages
    /// are not the snapshot's.
    let editions: [Edition]

    /// What one language's pages and documents are made with, as the build made them.
    struct Edition {
        /// The site's settings as the language has them (`LanguagesParser.config`).
        let config: SiteConfig
        /// The theme speaking the language, its constant partials fixed for the language's site.
        let theme: Theme
        /// Dates on pages (with the theme's strings), and in feeds (with the language's alone).
        let dates: DateText
        let feedDates: DateText
        let maker: ItemCard
        let alerts: [(english: String, localized: String)]

        init(config: SiteConfig, theme: Theme, shared: BuildSnapshot.Language) {
            self.config = config
            self.theme = theme.fixingConstantPartials(site: shared.site)
            dates = DateText(language: config.language, strings: theme.strings.table)
            feedDates = DateText(language: config.language)
            maker = ItemCard(theme: self.theme, site: shared.site, strings: shared.strings)
            alerts = AlertTitles.replacements(strings: theme.strings)
        }
    }

    /// What the rebuild made: every file it made again (most with the bytes they had); and for
    /// the snapshot (`BuildSnapshot.append`), each page it rendered, by its number, and each
    /// edited item's record, by its id.
    struct Result {
        var files: [(path: String, bytes: Data)] = []
        var pages = 0
        var documents = 0
        var jobs: [(number: Int, job: PageJob)] = []
        var records: [(id: Int, record: BuildSnapshot.ItemRecord)] = []
    }

    /// A rebuild from `snapshot` with the site's settings and loaded `theme` (as `Theme.load`
    /// gives it for the site's language), at `now`, after a build that told warnings about the
    /// files `warned`.
    init(snapshot: BuildSnapshot, config: SiteConfig, theme: Theme, now: Date, warned: Set<String> = []) {
        self.snapshot = snapshot
        self.config = config
        self.now = now
        self.warned = warned
        let shared = snapshot.index.languages
        if config.languages.count <= 1 {
            editions = shared.count == 1 ? [Edition(config: config, theme: theme, shared: shared[0])] : []
        } else if config.languages.count == shared.count {
            // As the build's `loadTemplates` and `LanguageEditions` make each language's.
            var ignored: [Diagnostic] = []
            editions = zip(config.languages, shared).map { language, shared in
                Edition(
                    config: LanguagesParser.config(of: language, in: config),
                    theme: theme.speaking(language.code, strings: language.strings, warnings: &ignored),
                    shared: shared)
            }
        } else {
            editions = []
        }
    }

    /// The files to write after the content files `edits` (path relative to the site folder, and
    /// the bytes now there) changed; nil when the edits are more than bodies.
    func rebuild(_ edits: [(path: String, data: Data)]) throws -> Result? {
        guard !editions.isEmpty, let edited = try reparse(edits) else { return nil }
        var result = Result()
        guard !edited.isEmpty else { return result }
        var changes = Array(repeating: [BodyChange](), count: editions.count)
        for (id, body) in edited {
            let item = snapshot.index.items[id]
            let edition = editions[item.edition]
            if item.borrowed {
                // Shown here in lists alone, each view made again as the planner made it.
                changes[item.edition].append(BodyChange(listed: item.url, body: body))
                continue
            }
            guard let old = try ownView(of: id) else { return nil }
            changes[item.edition].append(
                BodyChange(old, body: body, jsonLD: old.jsonLD, card: edition.maker, dates: edition.dates))
        }
        try renderPages(showing: changes, into: &result)
        try remakeDocuments(reading: edited, into: &result)
        return result
    }

    /// Each edited file parsed again, with the id of each item it is published as (one per
    /// edition showing it) and its body as that edition shows it; nil when any is more than a body edit.
    private func reparse(_ edits: [(path: String, data: Data)]) throws -> [(id: Int, body: RenderedMarkdown)]? {
        var idsOfSource: [String: [Int]] = [:]
        for (id, item) in snapshot.index.items.enumerated() { idsOfSource[item.source, default: []].append(id) }
        let parser = ItemParser(config: config)
        var edited: [(id: Int, body: RenderedMarkdown)] = []
        for edit in edits {
            guard let last = try snapshot.parse(of: edit.path) else { return nil }
            let outcome = parser.parse(edit.data, source: source(of: edit.path, parsedAs: last.item))
            guard let item = outcome.item else { return nil }
            let parsed = BuildSnapshot.ParsedFile(item: item, report: ItemParser.Report(outcome))
            // Links and images moved to other lines by the edit are the same ones, unless the last
            // build told a warning about the file: it would name a line that is no longer theirs.
            guard parsed == last || (!warned.contains(edit.path) && parsed.withoutBodyLines == last.withoutBodyLines)
            else { return nil }
            // A draft this build leaves out is shown nowhere.
            for id in idsOfSource[edit.path] ?? [] {
                guard let body = try resolved(item, as: id) else { return nil }
                edited.append((id, body))
            }
        }
        return edited
    }

    /// The content file at `path` as discovery gave it to the build, from the build's parse of it
    /// (`last`): of a multilingual site, with its language, and the path without the language
    /// that its translations share, which became its translation key unless its front matter gave
    /// one (then the path is not read, and a parse that loses the key differs from the last).
    private func source(of path: String, parsedAs last: ContentItem) -> ContentSource {
        var source = ContentSource(path: path, kind: last.kind, bundle: last.bundle)
        if config.languages.count > 1 {
            source.language = last.language
            if !last.translationKey.hasPrefix("key:") { source.pathWithoutLanguage = last.translationKey }
        }
        return source
    }

    /// `item`'s body as the build resolved it for the published item `id`, in the build's order:
    /// links to content files (the same links, to items that are as they were, lead where they
    /// led), images of the site, alerts' titles in its edition's language.
    private func resolved(_ item: ContentItem, as id: Int) throws -> RenderedMarkdown? {
        var body = item.body
        if !item.contentLinks.isEmpty {
            let links = try snapshot.item(id).links
            guard links.count == item.contentLinks.count else { return nil }
            let targets = Dictionary(uniqueKeysWithValues: links.enumerated().map { ($0, $1) })
            body.html = ContentLinkResolver.replacingMarkers(in: body.html, with: targets)
            body.leadHTML = ContentLinkResolver.replacingMarkers(in: body.leadHTML, with: targets)
        }
        if !item.bodyImages.isEmpty {
            let images = try snapshot.item(id).images
            guard images.count == item.bodyImages.count else { return nil }
            body.html = BodyImageResolver.replacingMarkers(in: body.html, with: images)
            body.leadHTML = BodyImageResolver.replacingMarkers(in: body.leadHTML, with: images)
        }
        if body.hasAlerts {
            let alerts = editions[snapshot.index.items[id].edition].alerts
            body.html = AlertTitles.localize(body.html, alerts)
            body.leadHTML = AlertTitles.localize(body.leadHTML, alerts)
        }
        return body
    }

    /// The view of item `id` on its own page, as the last build made it.
    private func ownView(of id: Int) throws -> ItemView? {
        let item = snapshot.index.items[id]
        for number in snapshot.index.pagesShowing[item.url] ?? [] {
            let page = try snapshot.page(number)
            if page.language == item.edition, let view = page.context.item, view.url == item.url { return view }
        }
        return nil
    }

    /// Renders again every page that shows an edited item, each once, with the changes of its
    /// language's edition (`changes`, by `PageJob.language`).
    private func renderPages(showing changes: [[BodyChange]], into result: inout Result) throws {
        var numbers = Set<Int>()
        for change in changes.joined() { numbers.formUnion(snapshot.index.pagesShowing[change.url] ?? []) }
        for number in numbers.sorted() {
            var job = try snapshot.page(number)
            let (edition, before) = (editions[job.language], job.context)
            var shows = false
            for change in changes[job.language] {
                shows = change.apply(to: &job.context, card: edition.maker, dates: edition.dates) || shows
            }
            // A page whose view the edits left as it was (a file saved unchanged) keeps its bytes.
            guard shows, job.context != before else { continue }
            result.files.append((job.path, Data(edition.theme.render(job.template, job.context))))
            result.pages += 1
            result.jobs.append((number, job))
        }
    }

    /// Makes again each edited item's API document (in its own language's API), and each feed
    /// that carries an edited body.
    private func remakeDocuments(
        reading edited: [(id: Int, body: RenderedMarkdown)], into result: inout Result
    )
        throws
    {
        var records: [Int: BuildSnapshot.ItemRecord] = [:]
        for (id, body) in edited {
            let old = try snapshot.item(id)
            var record = old
            record.facts.readingMinutes = body.statistics.readingMinutes
            record.body = body.html
            // Its documents read nothing else of an edit: as it was, they are as they were.
            guard record != old else { continue }
            records[id] = record
            result.records.append((id, record))
            guard !snapshot.index.items[id].borrowed else { continue }
            let zone = editions[snapshot.index.items[id].edition].config.timeZone
            let card = APIPlan.card(
                of: record.facts, image: record.facts.image.map(APIImage.init), zone: zone, now: now)
            let file = APIPlan.itemDocument(
                APIPlan.APIItemInputs(record.facts, card: card, html: body.html, zone: zone))
            result.files.append((file.path, file.make()))
            result.documents += 1
        }
        guard config.feeds.fullContent else { return }
        let changed = Set(records.keys)
        for (language, channels) in snapshot.index.channels.enumerated() {
            try remakeFeeds(channels, of: editions[language], changed: changed, records: &records, into: &result)
        }
    }

    /// Makes again each of an edition's feeds that lists an item in `changed` (`records` holds
    /// their records, and gains those of the other items the feeds read).
    private func remakeFeeds(
        _ channels: [FeedChannel], of edition: Edition, changed: Set<Int>,
        records: inout [Int: BuildSnapshot.ItemRecord], into result: inout Result
    ) throws {
        let (urls, hour) = (SiteURLs(config: config), PublishingRules(now: now).hour)
        for channel in channels where channel.items.contains(where: changed.contains) {
            for id in channel.items where records[id] == nil { records[id] = try snapshot.item(id) }
            let facts = channel.items.map { records[$0]!.facts }
            let inputs = FeedPlan.FeedInputs(
                channel: channel, config: edition.config, layout: edition.config.layout, urls: urls, hour: hour,
                bodies: channel.items.map { records[$0]!.body }, facts: facts,
                events: facts.map { $0.event.map { APIEvent($0, now: now) } })
            let writer = FeedWriter(inputs, dates: edition.feedDates)
            result.files += [
                (URLLayout.rssPath(channel.folder), Data(writer.rss().utf8)),
                (URLLayout.atomPath(channel.folder), Data(writer.atom().utf8)),
                (URLLayout.jsonFeedPath(channel.folder), writer.jsonFeed()),
            ]
            result.documents += 3
        }
    }
}
