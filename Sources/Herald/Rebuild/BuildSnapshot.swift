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
    /// A content file's parse, as the rebuild compares it with the file's new one: what
    /// `ItemParser.Outcome` holds, the item without its body.
    struct ParsedFile: SnapshotCodable, Equatable {
        var item: ContentItem?
        var diagnostics: [Diagnostic]
        var notPage: String?
        var omittedHTMLLine: Int?
        var plainCodeLine: Int?

        init(_ outcome: ItemParser.Outcome) {
            item = outcome.item.map { item in
                var item = item
                item.body = RenderedMarkdown()
                return item
            }
            diagnostics = outcome.diagnostics
            notPage = outcome.notPage
            omittedHTMLLine = outcome.omittedHTMLLine
            plainCodeLine = outcome.plainCodeLine
        }

        func write(to output: inout SnapshotWriter) {
            output.write(item)
            output.write(diagnostics)
            output.write(notPage)
            output.write(omittedHTMLLine)
            output.write(plainCodeLine)
        }

        init(from input: SnapshotReader) throws {
            item = try input.next()
            diagnostics = try input.next()
            notPage = try input.next()
            omittedHTMLLine = try input.next()
            plainCodeLine = try input.next()
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
        let body: PageContextBody = try input.next()
        guard input.isAtEnd else { throw SnapshotReader.Corrupt(description: "a page with bytes left over") }
        return PageJob(
            path: path, template: template, context: body.context(site: site, strings: strings),
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
    static func write(jobs: [PageJob], files: [(path: String, outcome: ItemParser.Outcome)]) -> SnapshotWriter {
        var output = SnapshotWriter(capacity: 1 << 20)
        var index = Index()
        for (number, job) in jobs.enumerated() {
            // A language's shared views are those of its first page; a page whose differ keeps its own.
            while index.languages.count <= job.language {
                index.languages.append(Language(site: job.context.site, strings: job.context.strings))
            }
            write(job, shared: index.languages[job.language], to: &output)
            output.endRecord()
            for url in job.context.shownItemURLs { index.pagesShowing[url, default: []].append(number) }
        }
        index.pageCount = jobs.count
        for file in files.sorted(by: { $0.path < $1.path }) {
            index.files[file.path] = output.recordCount
            output.write(ParsedFile(file.outcome))
            output.endRecord()
        }
        output.write(index)
        output.endRecord()
        return output
    }

    private static func write(_ job: PageJob, shared: Language, to output: inout SnapshotWriter) {
        output.write(job.language)
        let context = job.context
        for (same, write) in [
            (context.site == shared.site, { (output: inout SnapshotWriter) in output.write(context.site) }),
            (context.strings == shared.strings, { (output: inout SnapshotWriter) in output.write(context.strings) }),
        ] {
            output.bool(same)
            if !same { write(&output) }
        }
        output.write(job.path)
        output.write(job.template)
        output.write(job.lastModified)
        output.write(job.inSitemap)
        output.write(job.source?.path)
        output.write(job.source?.line ?? 0)
        output.write(PageContextBody(context))
    }
}
