import Foundation

/// What `herald build` is to keep beside its output for the next build's rebuild after edits to
/// bodies alone (`.NAME.herald-snapshot` beside `NAME/`), as `herald serve` keeps its last build
/// in memory (`LastBuild`): every page it rendered with the context it rendered it from, each
/// content file's parse apart from the body, and which pages show each item.
///
/// The snapshot is an archive (`SnapshotArchive`) of one record per page, then one per content
/// file, then the index. A rebuild reads the index and only the records of the edited files and
/// of the pages showing them: a few of 13,000 pages, read in milliseconds, where reading the
/// whole takes 160 ms. Each language's site view and interface text, which its every page
/// shares, is kept once in the index.
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

    /// The last record: where everything else is.
    struct Index: SnapshotCodable {
        /// Each language's shared views, by `PageJob.language`.
        var languages: [Language] = []
        /// The records of the pages showing each item, by the item's URL.
        var pagesShowing: [String: [Int]] = [:]
        /// The record of each content file's parse, by its path (relative to the site folder).
        var files: [String: Int] = [:]
        var pageCount = 0

        func write(to output: inout SnapshotWriter) {
            output.write(languages)
            output.write(pagesShowing)
            output.write(files)
            output.write(pageCount)
        }

        init() {}

        init(from input: SnapshotReader) throws {
            languages = try input.next()
            pagesShowing = try input.next()
            files = try input.next()
            pageCount = try input.next()
        }
    }

    let archive: SnapshotArchive
    let index: Index

    init(_ archive: SnapshotArchive) throws {
        guard archive.recordCount > 0 else { throw SnapshotReader.Corrupt(description: "it has no index") }
        self.archive = archive
        let reader = try archive.record(archive.recordCount - 1)
        index = try reader.next()
        guard reader.isAtEnd, index.pageCount >= 0, index.pageCount + index.files.count + 1 == archive.recordCount
        else { throw SnapshotReader.Corrupt(description: "its index does not fit its records") }
    }

    /// The pages showing the item at `url`, as the last build planned them.
    func pages(showing url: String) throws -> [PageJob] {
        try (index.pagesShowing[url] ?? []).map(page)
    }

    /// The page of record `number`.
    func page(_ number: Int) throws -> PageJob {
        guard number >= 0, number < index.pageCount else { throw SnapshotReader.Corrupt(description: "no such page") }
        let input = try archive.record(number)
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

    /// The last build's parse of the content file at `path`, if it parsed one there.
    func parse(of path: String) throws -> ParsedFile? {
        guard let number = index.files[path] else { return nil }
        guard number >= index.pageCount, number < archive.recordCount - 1 else {
            throw SnapshotReader.Corrupt(description: "no such file")
        }
        let input = try archive.record(number)
        let parse: ParsedFile = try input.next()
        guard input.isAtEnd else { throw SnapshotReader.Corrupt(description: "a parse with bytes left over") }
        return parse
    }

    // MARK: Writing

    /// The snapshot of `jobs` and the parses of `files` (by path, relative to the site folder).
    /// Jobs and parses are read where they are, by index: copying each out retained every text
    /// and view it holds (a fifth of the time).
    static func write(jobs: [PageJob], items: [ContentItem], reports: [ItemParser.Report]) -> SnapshotWriter {
        // Room for what 10,000 items take (27 MB of pages, 74 MB shared), in proportion.
        var output = SnapshotWriter(capacity: 4096 * (jobs.count + 16), sharedCapacity: 16_384 * (items.count + 16))
        var index = Index()
        for number in jobs.indices {
            // A language's shared views are those of its first page; a page whose differ keeps its own.
            while index.languages.count <= jobs[number].language {
                index.languages.append(Language(site: jobs[number].context.site, strings: jobs[number].context.strings))
            }
            write(jobs, number, shared: index.languages[jobs[number].language], to: &output)
            output.endRecord()
            for url in jobs[number].context.shownItemURLs { index.pagesShowing[url, default: []].append(number) }
        }
        index.pageCount = jobs.count
        for file in items.indices.sorted(by: { items[$0].sourcePath < items[$1].sourcePath }) {
            index.files[items[file].sourcePath] = output.recordCount
            ParsedFile.write(items[file], reports[file], to: &output)
            output.endRecord()
        }
        output.write(index)
        output.endRecord()
        return output
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
