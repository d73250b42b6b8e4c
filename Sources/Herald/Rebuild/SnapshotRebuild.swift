import Foundation

/// For `herald build`: the files an edit to content files' bodies alone changes, made from the
/// last build's snapshot (`BuildSnapshot`) as `herald serve` makes them from the last build in
/// memory (`BuildMemo.rebuildBodyEdits`), and the same files: the pages that show an edited item
/// (its own, and each list, strip and calendar date with its card), its API document and the
/// feeds that carry its text. Only those pages' records and those items' are read.
///
/// Nil when the edits are more than bodies, by the same test as `herald serve`'s: a file's new
/// parse must be its last one in all but the body, with the same warnings (its links to content
/// files among them, which then lead where they led). Nil too for what the snapshot does not yet
/// keep: a site in several languages.
/// The caller then builds everything; SnapshotRebuildTests compares the two.
struct SnapshotRebuild {
    let snapshot: BuildSnapshot
    let config: SiteConfig
    /// The theme, its constant partials fixed for the site, as the build rendered with it.
    let theme: Theme
    let now: Date
    /// The content files the last build told a warning about (paths relative to the site folder).
    let warned: Set<String>

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

    /// A rebuild from `snapshot` with the site's settings and loaded `theme`, at `now`, after a
    /// build that told warnings about the files `warned`.
    init(snapshot: BuildSnapshot, config: SiteConfig, theme: Theme, now: Date, warned: Set<String> = []) {
        self.snapshot = snapshot
        self.config = config
        self.theme = snapshot.index.languages.first.map { theme.fixingConstantPartials(site: $0.site) } ?? theme
        self.now = now
        self.warned = warned
    }

    /// The files to write after the content files `edits` (path relative to the site folder, and
    /// the bytes now there) changed; nil when the edits are more than bodies.
    func rebuild(_ edits: [(path: String, data: Data)]) throws -> Result? {
        guard snapshot.index.languages.count == 1, let language = snapshot.index.languages.first else { return nil }
        guard let edited = try reparse(edits) else { return nil }
        var result = Result()
        guard !edited.isEmpty else { return result }
        let dates = DateText(language: config.language, strings: theme.strings.table)
        let maker = ItemCard(theme: theme, site: language.site, strings: language.strings)
        var changes: [BodyChange] = []
        for (id, body) in edited {
            guard let old = try ownView(of: id) else { return nil }
            changes.append(BodyChange(old, body: body, jsonLD: old.jsonLD, card: maker, dates: dates))
        }
        try renderPages(showing: changes, maker: maker, dates: dates, into: &result)
        try remakeDocuments(reading: edited, into: &result)
        return result
    }

    /// Each edited file parsed again, with its published item's id and its body as the build
    /// shows it; nil when any is more than a body edit.
    private func reparse(_ edits: [(path: String, data: Data)]) throws -> [(id: Int, body: RenderedMarkdown)]? {
        let idOfSource = Dictionary(
            snapshot.index.items.enumerated().map { ($1.source, $0) }, uniquingKeysWith: { first, _ in first })
        let parser = ItemParser(config: config)
        let alerts = AlertTitles.replacements(strings: theme.strings)
        var edited: [(id: Int, body: RenderedMarkdown)] = []
        for edit in edits {
            guard let last = try snapshot.parse(of: edit.path) else { return nil }
            let outcome = parser.parse(
                edit.data, source: ContentSource(path: edit.path, kind: last.item.kind, bundle: last.item.bundle))
            guard let item = outcome.item else { return nil }
            let parsed = BuildSnapshot.ParsedFile(item: item, report: ItemParser.Report(outcome))
            // Links and images moved to other lines by the edit are the same ones, unless the last
            // build told a warning about the file: it would name a line that is no longer theirs.
            guard parsed == last || (!warned.contains(edit.path) && parsed.withoutBodyLines == last.withoutBodyLines)
            else { return nil }
            // A draft this build leaves out is shown nowhere.
            guard let id = idOfSource[edit.path] else { continue }
            var body = item.body
            // Resolved in the build's order: links to content files (the same links, to items
            // that are as they were, lead where they led), images of the site, alerts' titles.
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
                body.html = AlertTitles.localize(body.html, alerts)
                body.leadHTML = AlertTitles.localize(body.leadHTML, alerts)
            }
            edited.append((id, body))
        }
        return edited
    }

    /// The view of item `id` on its own page, as the last build made it.
    private func ownView(of id: Int) throws -> ItemView? {
        let url = snapshot.index.items[id].url
        for number in snapshot.index.pagesShowing[url] ?? [] {
            if let view = try snapshot.page(number).context.item, view.url == url { return view }
        }
        return nil
    }

    /// Renders again every page that shows an edited item, each once.
    private func renderPages(
        showing changes: [BodyChange], maker: ItemCard, dates: DateText, into result: inout Result
    ) throws {
        var numbers = Set<Int>()
        for change in changes { numbers.formUnion(snapshot.index.pagesShowing[change.old.url] ?? []) }
        for number in numbers.sorted() {
            var job = try snapshot.page(number)
            var shows = false
            for change in changes { shows = change.apply(to: &job.context, card: maker, dates: dates) || shows }
            guard shows else { continue }
            result.files.append((job.path, Data(theme.render(job.template, job.context))))
            result.pages += 1
            result.jobs.append((number, job))
        }
    }

    /// Makes again each edited item's API document, and each feed that carries an edited body.
    private func remakeDocuments(
        reading edited: [(id: Int, body: RenderedMarkdown)], into result: inout Result
    )
        throws
    {
        let zone = config.timeZone
        var records: [Int: BuildSnapshot.ItemRecord] = [:]
        for (id, body) in edited {
            var record = try snapshot.item(id)
            record.facts.readingMinutes = body.statistics.readingMinutes
            record.body = body.html
            records[id] = record
            result.records.append((id, record))
            let card = APIPlan.card(
                of: record.facts, image: record.facts.image.map(APIImage.init), zone: zone, now: now)
            let file = APIPlan.itemDocument(
                APIPlan.APIItemInputs(record.facts, card: card, html: body.html, zone: zone))
            result.files.append((file.path, file.make()))
            result.documents += 1
        }
        guard config.feeds.fullContent else { return }
        let dates = DateText(language: config.language)
        let (urls, hour) = (SiteURLs(config: config), PublishingRules(now: now).hour)
        for channel in snapshot.index.channels where channel.items.contains(where: { records[$0] != nil }) {
            for id in channel.items where records[id] == nil { records[id] = try snapshot.item(id) }
            let facts = channel.items.map { records[$0]!.facts }
            let inputs = FeedPlan.FeedInputs(
                channel: channel, config: config, layout: config.layout, urls: urls, hour: hour,
                bodies: channel.items.map { records[$0]!.body }, facts: facts,
                events: facts.map { $0.event.map { APIEvent($0, now: now) } })
            let writer = FeedWriter(inputs, dates: dates)
            result.files += [
                (URLLayout.rssPath(channel.folder), Data(writer.rss().utf8)),
                (URLLayout.atomPath(channel.folder), Data(writer.atom().utf8)),
                (URLLayout.jsonFeedPath(channel.folder), writer.jsonFeed()),
            ]
            result.documents += 3
        }
    }
}
