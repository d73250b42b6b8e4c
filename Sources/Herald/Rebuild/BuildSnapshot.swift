import Foundation

/// What `herald build` is to keep beside its output for the next build's rebuild after edits to
/// bodies alone (`.NAME.herald-snapshot` beside `NAME/`), as `herald serve` keeps its last build
/// in memory (`LastBuild`): every page it rendered with the context it rendered it from, each
/// content file's parse apart from the body, and which pages show each item.
///
/// The snapshot is an archive (`SnapshotArchive`) of one record per page, then one per content
/// file, then one per published item, then the index. A rebuild reads the index and only the
/// records of the edited files and of the pages showing them: a few of 13,000 pages, read in
/// milliseconds, where reading the whole takes 160 ms. Each language's site view and interface
/// text, which its every page shares, is kept once in the index.
///
/// A multilingual site's items are those of every language's edition one after another: a file
/// shown untranslated in another language (`LanguageEdition.borrowed`) is an item in each, with
/// its body as each showed it (alerts' titles are in the edition's language).
struct BuildSnapshot {
    /// A content file's parse, as the rebuild compares it with the file's new one: its item
    /// without the body (`ContentItem`'s form leaves it out), and what the parse told beside it.
    struct ParsedFile: SnapshotCodable, Equatable {
        var item: ContentItem
        var report: ItemParser.Report

        init(item: ContentItem, report: ItemParser.Report) {
            var item = item
            item.body = RenderedMarkdown()
            self.item = item
            self.report = report
        }

        func write(to output: inout SnapshotWriter) { Self.write(item, report, to: &output) }

        /// Writes what `ParsedFile(item:report:)` would, without copying the item to empty its body.
        static func write(_ item: ContentItem, _ report: ItemParser.Report, to output: inout SnapshotWriter) {
            output.write(item)
            output.write(report)
        }

        init(from input: SnapshotReader) throws {
            item = try input.next()
            report = try input.next()
        }

        /// The parse with its body's links to content files and images at no line: an edit that
        /// only moves them to other lines keeps the same links and images, in the same order.
        var withoutBodyLines: ParsedFile {
            var copy = self
            for index in copy.item.contentLinks.indices { copy.item.contentLinks[index].line = 0 }
            for index in copy.item.bodyImages.indices { copy.item.bodyImages[index].line = 0 }
            return copy
        }
    }

    /// What every page of one language shares.
    struct Language: SnapshotCodable, Equatable {
        var site: SiteView
        var strings: InterfaceStrings

        func write(to output: inout SnapshotWriter) {
            output.write(site)
            output.write(strings)
        }

        init(site: SiteView, strings: InterfaceStrings) {
            self.site = site
            self.strings = strings
        }

        init(from input: SnapshotReader) throws { self.init(site: try input.next(), strings: try input.next()) }
    }

    /// The record after the build's: where everything else is.
    struct Index: SnapshotCodable {
        /// Each language's shared views, by `PageJob.language`.
        var languages: [Language] = []
        /// The records of the pages showing each item, by the item's URL.
        var pagesShowing: [String: [Int]] = [:]
        /// The record of each content file's parse, by its path (relative to the site folder).
        var files: [String: Int] = [:]
        var pageCount = 0
        /// Each published item of every edition, the default language's first: by its id in the
        /// snapshot, which is its `ItemID` in its edition plus the items of the editions before.
        var items: [PublishedItem] = []
        /// Each edition's feeds' channels, their entries by the items' ids in the snapshot.
        var channels: [[FeedChannel]] = []
        /// The input files as the build found them before reading any.
        var inputs = InputValues(content: [:], others: "")

        func write(to output: inout SnapshotWriter) {
            output.write(languages)
            output.write(pagesShowing)
            output.write(files)
            output.write(pageCount)
            output.write(items)
            output.write(channels)
            output.write(inputs)
        }

        init() {}

        init(from input: SnapshotReader) throws {
            languages = try input.next()
            pagesShowing = try input.next()
            files = try input.next()
            pageCount = try input.next()
            items = try input.next()
            channels = try input.next()
            inputs = try input.next()
        }
    }

    /// The last record: where the index is, and what the rebuilds since changed (`append`), each
    /// a record added after the index (the index itself, 3 MB at 10,000 items, is never written again).
    struct Head: SnapshotCodable, Equatable {
        /// The index's record: every record before it is the build's.
        var index = 0
        /// How large the archive was when the build wrote it whole.
        var wholeSize = 0
        /// The pages made again, by their number, and the record each is now in.
        var movedPages: [Int: Int] = [:]
        /// The edited items' records (their facts and body), by their id.
        var movedItems: [Int: Int] = [:]
        /// The content files' stamps since the build's, for those edited.
        var inputs: [String: UInt64] = [:]

        func write(to output: inout SnapshotWriter) {
            output.write(index)
            output.write(wholeSize)
            output.write(movedPages)
            output.write(movedItems)
            output.write(inputs)
        }

        init(index: Int, wholeSize: Int) {
            self.index = index
            self.wholeSize = wholeSize
        }

        init(from input: SnapshotReader) throws {
            index = try input.next()
            wholeSize = try input.next()
            movedPages = try input.next()
            movedItems = try input.next()
            inputs = try input.next()
        }
    }

    /// A published item: its content file, the URL its views have, the record of its facts and
    /// body (`ItemRecord`), the edition that shows it (by `PageJob.language`), and whether it is
    /// shown there untranslated from another language (it then has no page or API document there).
    struct PublishedItem: SnapshotCodable, Equatable {
        var source: String
        var url: String
        var record: Int
        var edition = SiteLanguage.defaultIndex
        var borrowed = false

        func write(to output: inout SnapshotWriter) {
            output.write(source)
            output.write(url)
            output.write(record)
            output.write(edition)
            output.write(borrowed)
        }

        init(source: String, url: String, record: Int, edition: Int, borrowed: Bool) {
            (self.source, self.url, self.record) = (source, url, record)
            (self.edition, self.borrowed) = (edition, borrowed)
        }

        init(from input: SnapshotReader) throws {
            self.init(
                source: try input.next(), url: try input.next(), record: try input.next(), edition: try input.next(),
                borrowed: try input.next())
        }
    }

    /// A published item's facts and its body as the build showed it (links and images resolved):
    /// what its API document and the feeds listing it are made from; and where each of its links
    /// to content files led and what each image its body shows became, to resolve an edited body
    /// as the build did.
    struct ItemRecord: SnapshotCodable, Equatable {
        var facts: ItemFacts
        var body: String
        var links: [String?]
        var images: [BodyImageResolver.Resolved]

        func write(to output: inout SnapshotWriter) {
            output.write(facts)
            output.write(body)
            output.write(links)
            output.write(images)
        }

        init(facts: ItemFacts, body: String, links: [String?], images: [BodyImageResolver.Resolved]) {
            self.facts = facts
            self.body = body
            self.links = links
            self.images = images
        }

        init(from input: SnapshotReader) throws {
            self.init(
                facts: try input.next(), body: try input.next(), links: try input.next(), images: try input.next())
        }
    }

    /// What a build made that its snapshot keeps.
    struct Made {
        /// Every page, of every language.
        var jobs: [PageJob]
        /// Every item parsed (drafts and all), before links were resolved, and their reports.
        var parsed: [ContentItem]
        var reports: [ItemParser.Report]
        /// The model, one edition per language (`SiteModelStage.editions`).
        var editions: [Edition]
        var urls: SiteURLs
        var inputs: InputValues
        /// What decided which items are published, to resolve their links as the build did.
        var rules: PublishingRules

        /// One language's part of the model: its published items, with links and images
        /// resolved, their facts, and its feeds' channels.
        struct Edition {
            var site: Site
            var facts: [ItemFacts]
            var channels: [FeedChannel]
        }
    }

    let archive: SnapshotArchive
    let head: Head
    /// The index, with the records and stamps the rebuilds since changed in place of the build's.
    let index: Index
    /// Of a snapshot kept in memory (`KeptSnapshot`), the pages and item records rebuilds have
    /// made since, by number and id, in place of the archive's.
    private var pagesMadeAgain: [Int: PageJob] = [:]
    private var itemsMadeAgain: [Int: ItemRecord] = [:]

    init(_ archive: SnapshotArchive) throws {
        guard archive.recordCount > 1 else { throw SnapshotReader.Corrupt(description: "it has no index") }
        self.archive = archive
        let last = archive.recordCount - 1
        let headReader = try archive.record(last)
        head = try headReader.next()
        guard headReader.isAtEnd, head.index >= 0, head.index < last, head.wholeSize > 0,
            head.wholeSize <= archive.size
        else { throw SnapshotReader.Corrupt(description: "its head names no index") }
        let reader = try archive.record(head.index)
        var index: Index = try reader.next()
        // The build writes exactly a record for each page, parse and item before the index.
        guard reader.isAtEnd, index.pageCount >= 0, index.pageCount <= head.index,
            index.pageCount + index.files.count + index.items.count == head.index
        else { throw SnapshotReader.Corrupt(description: "its index does not fit its records") }
        // Every item and feed entry is of an edition with pages, and every entry names an item.
        guard index.channels.count == index.languages.count,
            index.items.allSatisfy({ index.languages.indices.contains($0.edition) }),
            index.channels.allSatisfy({ $0.allSatisfy { $0.items.allSatisfy(index.items.indices.contains) } })
        else { throw SnapshotReader.Corrupt(description: "its items do not fit its languages") }
        // Records moved to are those added after the index.
        let added = head.index + 1..<last
        guard head.movedPages.allSatisfy({ (0..<index.pageCount).contains($0) && added.contains($1) }),
            head.movedItems.allSatisfy({ index.items.indices.contains($0) && added.contains($1) })
        else { throw SnapshotReader.Corrupt(description: "a change names no record") }
        for (id, record) in head.movedItems { index.items[id].record = record }
        for (path, value) in head.inputs { index.inputs.content[path] = value }
        self.index = index
    }

    /// The pages showing the item at `url`, as the last build planned them.
    func pages(showing url: String) throws -> [PageJob] {
        try (index.pagesShowing[url] ?? []).map(page)
    }

    /// Takes what a rebuild from this snapshot made as its own, in memory: what `append` adds to
    /// the file, for a snapshot that has none.
    mutating func keep(_ result: SnapshotRebuild.Result) {
        for (number, job) in result.jobs { pagesMadeAgain[number] = job }
        for (id, record) in result.records { itemsMadeAgain[id] = record }
    }

    /// The page of record `number`.
    func page(_ number: Int) throws -> PageJob {
        guard number >= 0, number < index.pageCount else { throw SnapshotReader.Corrupt(description: "no such page") }
        if let job = pagesMadeAgain[number] { return job }
        let input = try archive.record(pageRecord(number))
        let language: Int = try input.next()
        guard index.languages.indices.contains(language) else {
            throw SnapshotReader.Corrupt(description: "a page of no language")
        }
        let shared = index.languages[language]
        let site: SiteView = try input.bool() ? shared.site : try input.next()
        let strings: InterfaceStrings = try input.bool() ? shared.strings : try input.next()
        let (path, template): (String, String) = (try input.next(), try input.next())
        let (lastModified, inSitemap): (Date?, Bool) = (try input.next(), try input.next())
        let sourcePath: String? = try input.next()
        let sourceLine: Int = try input.next()
        let context = try PageContextForm.read(from: input, site: site, strings: strings)
        guard input.isAtEnd else { throw SnapshotReader.Corrupt(description: "a page with bytes left over") }
        return PageJob(
            path: path, template: template, context: context,
            lastModified: lastModified, inSitemap: inSitemap, source: sourcePath.map { ($0, sourceLine) },
            language: language)
    }

    /// The record page `number` is in: its own, unless a rebuild made it again since.
    private func pageRecord(_ number: Int) -> Int { head.movedPages[number] ?? number }

    /// The last build's parse of the content file at `path`, if it parsed one there.
    func parse(of path: String) throws -> ParsedFile? {
        guard let number = index.files[path] else { return nil }
        return try recordAfterPages(number) as ParsedFile
    }

    /// The value of record `number`, one of those after the pages but the index and head, read whole.
    private func recordAfterPages<T: SnapshotCodable>(_ number: Int) throws -> T {
        guard number >= index.pageCount, number != head.index, number < archive.recordCount - 1 else {
            throw SnapshotReader.Corrupt(description: "no such record: \(number)")
        }
        let input = try archive.record(number)
        let value: T = try input.next()
        guard input.isAtEnd else { throw SnapshotReader.Corrupt(description: "a record with bytes left over") }
        return value
    }

    // MARK: Writing

    /// The snapshot of what a build made. Jobs, parses and items are read where they are, by
    /// index: copying each out retained every text and view it holds (a fifth of the time).
    static func write(_ made: Made, to output: inout SnapshotWriter) {
        let (jobs, parsed) = (made.jobs, made.parsed)
        var index = Index()
        var urlOfSource: [String: String] = [:]
        for number in jobs.indices {
            // A language's shared views are those of its first page; a page whose differ keeps its own.
            while index.languages.count <= jobs[number].language {
                index.languages.append(Language(site: jobs[number].context.site, strings: jobs[number].context.strings))
            }
            write(jobs, number, shared: index.languages[jobs[number].language], to: &output)
            output.endRecord()
            for url in jobs[number].context.shownItemURLs { index.pagesShowing[url, default: []].append(number) }
            if let source = jobs[number].source?.path, let url = jobs[number].context.item?.url {
                urlOfSource[source] = url
            }
        }
        index.pageCount = jobs.count
        for file in parsed.indices.sorted(by: { parsed[$0].sourcePath < parsed[$1].sourcePath }) {
            index.files[parsed[file].sourcePath] = output.recordCount
            ParsedFile.write(parsed[file], made.reports[file], to: &output)
            output.endRecord()
        }
        for (number, edition) in made.editions.enumerated() {
            let first = index.items.count
            writeItems(of: edition, number: number, made: made, urlOfSource: urlOfSource, into: &index, to: &output)
            index.channels.append(
                edition.channels.map { channel in
                    var channel = channel
                    channel.items = channel.items.map { first + $0 }
                    return channel
                })
        }
        index.inputs = made.inputs
        let indexRecord = output.recordCount
        output.write(index)
        output.endRecord()
        output.write(Head(index: indexRecord, wholeSize: output.position))
        output.endRecord()
    }

    /// Writes a record of each published item of `edition` (the `number`th), and names it in `index`.
    private static func writeItems(
        of edition: Made.Edition, number: Int, made: Made, urlOfSource: [String: String], into index: inout Index,
        to output: inout SnapshotWriter
    ) {
        let site = edition.site
        var resolved: [String: BodyImageResolver.Resolved] = [:]
        let links = ContentLinkResolver(urls: made.urls, rules: made.rules).targets(of: site, allItems: made.parsed)
        for id in site.items.indices {
            let source = site.items[id].sourcePath
            // An item shown untranslated has its views' URL in every language: its own page's.
            index.items.append(
                PublishedItem(
                    source: source, url: urlOfSource[source] ?? "", record: output.recordCount, edition: number,
                    borrowed: site.isBorrowed(id)))
            output.write(edition.facts[id])
            output.write(site.items[id].body.html)
            output.write(links[id] ?? [])
            let images = site.items[id].bodyImages.map { body in
                if let known = resolved[body.path] { return known }
                let image = BodyImageResolver.Resolved(body, images: site.images, urls: made.urls)
                resolved[body.path] = image
                return image
            }
            output.write(images)
            output.endRecord()
        }
    }

    /// The facts and body of the published item `id`.
    func item(_ id: Int) throws -> ItemRecord {
        guard index.items.indices.contains(id) else { throw SnapshotReader.Corrupt(description: "no such item") }
        if let record = itemsMadeAgain[id] { return record }
        return try recordAfterPages(index.items[id].record)
    }

    private static func write(_ jobs: [PageJob], _ number: Int, shared: Language, to output: inout SnapshotWriter) {
        output.write(jobs[number].language)
        let sameSite = jobs[number].context.site == shared.site
        output.bool(sameSite)
        if !sameSite { output.write(jobs[number].context.site) }
        let sameStrings = jobs[number].context.strings == shared.strings
        output.bool(sameStrings)
        if !sameStrings { output.write(jobs[number].context.strings) }
        output.write(jobs[number].path)
        output.write(jobs[number].template)
        output.write(jobs[number].lastModified)
        output.write(jobs[number].inSitemap)
        output.write(jobs[number].source?.path)
        output.write(jobs[number].source?.line ?? 0)
        PageContextForm.write(jobs[number].context, to: &output)
    }
}

extension BuildSnapshot {
    /// Adds what a rebuild from this snapshot made again to its file at `path` (where it was read
    /// from): the pages it rendered and the items' records, each as a new record, then a head
    /// that names them in place of the build's, with the edited files' stamps in `inputs`. The
    /// next rebuild reads the snapshot as if the build had written it so; the bytes already
    /// there are never changed, only added to.
    ///
    /// Refused when it could not (the caller then removes the file, and the next edit builds
    /// everything, writing a new one), and when the file has grown to twice the size the build
    /// wrote: each rebuild adds its pages, so the growth is bounded.
    func append(_ result: SnapshotRebuild.Result, inputs: InputValues, to path: String) -> Appended {
        guard archive.size / 2 < head.wholeSize, let file = archive.file,
            result.jobs.allSatisfy({ index.languages.indices.contains($0.job.language) })
        else {
            return .refused
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .refused }
        // One rebuild adds to it at a time; another that finds it locked, or added to since, leaves it.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return .changedElsewhere
        }
        // The file this snapshot was mapped from, as it was, and no other's: a hard link to it
        // (a backup made with `cp -al`) is not changed through it.
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1,
            UInt64(info.st_dev) == file.device, UInt64(info.st_ino) == file.inode
        else {
            close(descriptor)
            return .refused
        }
        guard Int(info.st_size) == archive.size else {
            close(descriptor)
            return .changedElsewhere
        }
        var output = SnapshotWriter(appendingTo: descriptor, after: archive)
        var updated = head
        for (number, job) in result.jobs {
            updated.movedPages[number] = output.recordCount
            Self.write([job], 0, shared: index.languages[job.language], to: &output)
            output.endRecord()
        }
        for (id, record) in result.records {
            updated.movedItems[id] = output.recordCount
            output.write(record)
            output.endRecord()
        }
        for (path, value) in inputs.content where index.inputs.content[path] != value {
            updated.inputs[path] = value
        }
        output.write(updated)
        output.endRecord()
        // Closing the file lets go of the lock.
        return output.finish() ? .appended : .refused
    }

    /// What `append` did.
    enum Appended {
        /// The file has what the rebuild made.
        case appended
        /// It could not add to it, or would not (it is twice the build's): the file is not to be trusted again.
        case refused
        /// Another build has added to it or is adding to it: the file is theirs, and this rebuild's record names none.
        case changedElsewhere
    }
}
