import Foundation
import Synchronization

/// What the steps of one build share besides their results: counts and CPU times the report and
/// `--timings` show.
struct BuildRun {
    /// Files under content/ that are not pages (a bundle's `_index.md` of another kind, …).
    var notPages = 0
    /// CPU seconds spent reading files and rendering Markdown while parsing content.
    var parseParts = (read: 0.0, markdown: 0.0)

    /// The parse step's CPU time split into reading, front matter and Markdown, for `--timings`.
    func parseDetail(_ clock: StepClock) -> [(name: String, cpuSeconds: Double)] {
        guard let last = clock.timings.last else { return [] }
        return [
            ("read files", parseParts.read),
            ("front matter", max(0, last.cpuSeconds - parseParts.read - parseParts.markdown)),
            ("Markdown", parseParts.markdown),
        ]
    }
}

/// The items parsed from content/, and the section pages (`_index.md`) found beside them.
struct ParsedContent {
    var items: [ContentItem]
    /// What the parse of each item's file told beside the item, in the order of `items`: what the
    /// command line's next rebuild compares a new parse with (`BuildSnapshot.ParsedFile`).
    var reports: [ItemParser.Report] = []
    var sections: [ContentKind: SectionPage]
    /// A multilingual site's section pages, by language code.
    var sectionsOfLanguage: [String: [ContentKind: SectionPage]] = [:]
    /// The pages of the site's own taxonomies and their terms, and a multilingual site's by language code.
    var termPages: TermPages = [:]
    var termPagesOfLanguage: [String: TermPages] = [:]
    /// The errors parsing found; the build stops after parsing when there are any.
    var errors: [Diagnostic] = []
    /// The content files that did not parse, so that a link to one is not also called broken.
    var unparsed: Set<String> = []
}

extension Build {
    /// Finds the content files.
    func discoverContent(
        config: SiteConfig, run: inout BuildRun, warnings: inout [Diagnostic]
    ) throws -> [ContentSource] {
        do {
            let found = try ContentDiscovery.discover(in: fileSystem, config: config)
            warnings += found.warnings
            run.notPages = found.notPages
            return found.sources
        } catch let problem as FileSystemProblem {
            throw BuildFailure(
                step: .discoverContent, diagnostics: [Diagnostic(path: problem.path, line: 1, problem.message)])
        }
    }

    /// Loads the theme, and tells the memo which templates this build renders with: one theme,
    /// or for a multilingual site one per language (the same templates, each language's strings).
    func loadTemplates(config: SiteConfig, warnings: inout [Diagnostic]) throws -> [Theme] {
        let theme = try Theme.load(fileSystem: fileSystem, language: config.language).get()
        warnings += theme.warnings
        memo?.begin(config: config)
        memo?.use(theme)
        guard config.languages.count > 1 else { return [theme] }
        var themes = [
            theme.speaking(
                config.languages[SiteLanguage.defaultIndex].code,
                strings: config.languages[SiteLanguage.defaultIndex].strings, warnings: &warnings)
        ]
        for language in config.languages.dropFirst() {
            themes.append(theme.speaking(language.code, strings: language.strings, warnings: &warnings))
        }
        return themes
    }

    /// Reads and parses every content file on all cores (reusing the memo's parse of a file whose
    /// stamp has not changed). Files with errors are left out of the items, and every error of
    /// every file is returned in `errors`: the caller stops the build, after looking for the
    /// problems the items that did parse have (`findingsBeyondParsing`).
    func parseContent(
        _ sources: [ContentSource], config: SiteConfig, run: inout BuildRun, warnings: inout [Diagnostic]
    ) -> ParsedContent {
        beforeReadingContent?()
        var parser = ItemParser(config: config)
        parser.partClock = PartClock(enabled: options.timesParts)
        let (fileSystem, memo) = (self.fileSystem, self.memo)
        var outcomes = sources.parallelMap { [parser] source in
            Self.parse(source, with: parser, fileSystem: fileSystem, memo: memo)
        }
        return collect(&outcomes, of: sources, run: &run, warnings: &warnings)
    }

    /// One content file read and parsed, with the CPU time reading took; the memo's parse when
    /// the file's stamp has not changed.
    private static func parse(
        _ source: ContentSource, with parser: ItemParser, fileSystem: FileSystem, memo: BuildMemo?
    ) -> (outcome: ItemParser.Outcome, readSeconds: Double) {
        let readStart = parser.partClock.thread()
        // Stamped before reading, so an edit made while the file is read is seen next time.
        let stamp = memo == nil ? nil : fileSystem.stamp(source.path)
        // Reused only when the stamp was trustworthy when taken (the file had settled).
        // A bundle's head is parsed again when its files change, since its links point at them.
        if let memo, let stamp, let previous = memo.parses.lookup(source.path), previous.stamp.settled,
            previous.stamp.value == stamp.value,
            previous.outcome.item?.bundle == source.bundle
        {
            memo.parses.keep(source.path, previous, reused: true)
            return (previous.outcome, 0)
        }
        do {
            // A file far beyond any article is refused before it is read, to keep memory bounded.
            let data = try fileSystem.readFileAtMost(source.path, ItemParser.largestFile)
            let readSeconds = parser.partClock.thread() - readStart
            let outcome = parser.parse(data, source: source)
            if let memo, let stamp {
                memo.parses.keep(source.path, BuildMemo.Parse(stamp: stamp, outcome: outcome), reused: false)
            }
            return (outcome, readSeconds)
        } catch let tooLarge as FileTooLarge {
            let problem = ItemParser.tooLarge(tooLarge.size, path: source.path)
            return (ItemParser.Outcome(item: nil, diagnostics: [problem]), 0)
        } catch {
            let problem = Diagnostic(path: source.path, line: 1, "could not be read: \(error.localizedDescription)")
            return (ItemParser.Outcome(item: nil, diagnostics: [problem]), 0)
        }
    }

    /// Files a term's page under its taxonomy and term. A term has one page: a second
    /// (`content/authors/ann.md` beside `content/authors/ann/_index.md`) is left out with a
    /// warning; the files come in path order, so the same one is kept each time.
    private static func file(
        _ page: SectionPage, as term: String?, of taxonomy: Int, in pages: inout TermPages,
        warnings: inout [Diagnostic]
    ) {
        // By the term's address, as pages are matched to terms (`Maya-Patel.md`, `maya-patel/`).
        let slug = term.map { Slug.make(from: $0) } ?? ""
        let key = slug.isEmpty ? term ?? "" : slug
        if let kept = pages[taxonomy]?[key] {
            warnings.append(
                .warning(
                    path: page.sourcePath, line: 1,
                    "is left out: \(kept.sourcePath) is already the page of this \(term == nil ? "taxonomy" : "term"); keep one of them"
                ))
            return
        }
        pages[taxonomy, default: [:]][key] = page
    }

    /// The parsed items, sections and problems of every file, gathered in the files' order.
    private func collect(
        _ outcomes: inout [(outcome: ItemParser.Outcome, readSeconds: Double)], of sources: [ContentSource],
        run: inout BuildRun, warnings: inout [Diagnostic]
    ) -> ParsedContent {
        // The outcomes are read in place, by index, and their items moved out, not copied: each
        // pass over `zip(sources, outcomes)` or `filter` copied every parsed item, which was 40 ms
        // on one core at the end of this step for 10,000 items (perf).
        var (readSeconds, markdownSeconds) = (0.0, 0.0)
        var diagnostics: [Diagnostic] = []
        var unparsed = Set<String>()
        var (omittedHTML, plainCode): ([(path: String, line: Int)], [(path: String, line: Int)]) = ([], [])
        var sections: [ContentKind: SectionPage] = [:]
        var sectionsOfLanguage: [String: [ContentKind: SectionPage]] = [:]
        var (termPages, termPagesOfLanguage): (TermPages, [String: TermPages]) = ([:], [:])
        for index in outcomes.indices {
            let source = sources[index]
            readSeconds += outcomes[index].readSeconds
            markdownSeconds += outcomes[index].outcome.markdownSeconds
            // A draft this build leaves out is not warned about at every build (as Hugo does not
            // render one): `--drafts` tells its warnings. Its errors still stop the build.
            let leftOut = !options.includeDrafts && outcomes[index].outcome.item?.draft == true
            let found = outcomes[index].outcome.diagnostics
            diagnostics += leftOut ? found.filter { $0.severity == .error } : found
            if found.contains(where: { $0.severity == .error }) { unparsed.insert(source.path) }
            if outcomes[index].outcome.notPage != nil { run.notPages += 1 }
            if !leftOut, let line = outcomes[index].outcome.omittedHTMLLine { omittedHTML.append((source.path, line)) }
            if !leftOut, let line = outcomes[index].outcome.plainCodeLine { plainCode.append((source.path, line)) }
            if let section = outcomes[index].outcome.section, case .term(let taxonomy, let term) = source.role {
                if let language = source.language {
                    Self.file(
                        section, as: term, of: taxonomy, in: &termPagesOfLanguage[language, default: [:]],
                        warnings: &warnings)
                } else {
                    Self.file(section, as: term, of: taxonomy, in: &termPages, warnings: &warnings)
                }
            } else if let section = outcomes[index].outcome.section {
                if let language = source.language {
                    sectionsOfLanguage[language, default: [:]][source.kind] = section
                } else {
                    sections[source.kind] = section
                }
            }
        }
        run.parseParts = (readSeconds, markdownSeconds)
        warnings += diagnostics.filter { $0.severity == .warning }
        warnings += ItemParser.omittedHTMLWarning(omittedHTML)
        warnings += CodeBlockReport.warningForPlainCode(plainCode)
        var (items, reports): ([ContentItem], [ItemParser.Report]) = ([], [])
        items.reserveCapacity(outcomes.count)
        reports.reserveCapacity(outcomes.count)
        for index in outcomes.indices {
            guard let item = outcomes[index].outcome.item.take() else { continue }
            items.append(item)
            reports.append(ItemParser.Report(outcomes[index].outcome))
        }
        return ParsedContent(
            items: items, reports: reports, sections: sections, sectionsOfLanguage: sectionsOfLanguage,
            termPages: termPages, termPagesOfLanguage: termPagesOfLanguage,
            errors: diagnostics.filter { $0.severity == .error }, unparsed: unparsed)
    }

    /// The errors the next steps find in the items that did parse, when others did not: a
    /// missing cover, a broken link. A build stopped by a typo in one file still names every
    /// other problem, so they are fixed in one round (docs/errors.md). The steps run dry: nothing
    /// is written, and no image is cached.
    func findingsBeyondParsing(
        _ parsed: ParsedContent, config: SiteConfig, popularity: [PopularityRecord]
    ) -> [Diagnostic] {
        guard !parsed.items.isEmpty else { return [] }
        var ignored: [Diagnostic] = []
        do {
            let model = try buildSiteModel(
                parsed, config: config, popularity: popularity, run: BuildRun(), warnings: &ignored)
            return model.linkErrors + findingsOfImages(model.sites, config: config)
        } catch let failure as BuildFailure {
            return failure.errors
        } catch {
            return []
        }
    }

    /// The errors reading the images of `sites` finds (a cover that is not there, a file that is
    /// no image), for a build that already stops at an earlier step's errors: read dry, through
    /// the cache (an unchanged image is not read again, as `herald serve` rebuilds at each
    /// keystroke), which is not written.
    func findingsOfImages(_ sites: [Site], config: SiteConfig) -> [Diagnostic] {
        let cache = ImageCache(folder: planOnly ? nil : options.imageCachePath, saving: false)
        let reading = ImageReading(
            fileSystem: fileSystem, options: config.images, cache: cache, sourcePath: options.sourcePath)
        var found = Set<Diagnostic>()
        for site in sites {
            do { _ = try reading.read(site) } catch let failure as BuildFailure {
                found.formUnion(failure.errors)
            } catch {}
        }
        return found.sorted()
    }

    /// The site model (pure): publishing rules applied, items placed and grouped, and links to
    /// other items' Markdown files resolved now that every path is known.
    /// A multilingual site has one model per language (`LanguageEditions`), the default's first.
    /// Links that lead nowhere are returned as `linkErrors`, with the model, so that the caller
    /// can name the images' problems beside them before it stops.
    func buildSiteModel(
        _ parsed: ParsedContent, config: SiteConfig, popularity: [PopularityRecord], run: BuildRun,
        warnings: inout [Diagnostic]
    ) throws -> (sites: [Site], urls: SiteURLs, linkErrors: [Diagnostic]) {
        let urls = SiteURLs(config: config)
        var sites =
            config.languages.count > 1
            ? try LanguageEditions.build(
                config: config, items: parsed.items, rules: rules, popularity: popularity,
                sections: parsed.sectionsOfLanguage, termPages: parsed.termPagesOfLanguage
            ).get()
            : [
                try SiteBuilder.build(
                    config: config, items: parsed.items, rules: rules, popularity: popularity,
                    sections: parsed.sections,
                    termPages: parsed.termPages
                ).get()
            ]
        var problems: [Diagnostic] = []
        var told = Set(warnings)
        // Where each language's own items are, for a link to an item another language does not list.
        let hasLinks = sites.count > 1 && parsed.items.contains { !$0.contentLinks.isEmpty }
        let ownPages =
            !hasLinks
            ? [:]
            : Dictionary(
                sites.flatMap { site in
                    site.items.indices.filter { !site.isBorrowed($0) }.map {
                        (site.items[$0].sourcePath, site.paths[$0])
                    }
                }, uniquingKeysWith: { a, _ in a })
        for index in sites.indices {
            // A link to another item's Markdown file leads to that item in this language, if it has one.
            let linkProblems = ContentLinkResolver(urls: urls, rules: rules).resolve(
                &sites[index], allItems: parsed.items, elsewhere: ownPages,
                unparsed: parsed.unparsed)
            problems += linkProblems.filter { $0.severity == .error }
            sites[index].warnings += linkProblems
            sites[index].skipped.notPages = run.notPages
            // The same warning about a shared item is told once.
            for warning in sites[index].warnings where told.insert(warning).inserted { warnings.append(warning) }
        }
        return (sites, urls, Array(Set(problems)).sorted())
    }

    /// Every file that is not a template page: feeds, the JSON API, calendars, the search index,
    /// the sitemap and redirects.
    static func planDocuments(
        site: Site, urls: SiteURLs, facts: [ItemFacts], plan: PagePlan, config: SiteConfig
    ) -> [GeneratedFile] {
        planDocuments(
            planSiteDocuments(site: site, urls: urls, facts: facts, strings: plan.theme.strings), plan: plan,
            urls: urls, config: config)
    }

    /// The documents made from the site model alone: all but the sitemap, which lists the pages.
    static func planSiteDocuments(
        site: Site, urls: SiteURLs, facts: [ItemFacts], strings: InterfaceStrings
    ) -> SiteDocuments {
        SiteDocuments(
            files: FeedPlan.files(site: site, urls: urls, facts: facts)
                + APIPlan.files(site: site, urls: urls, facts: facts)
                + ICalendarPlan.files(site: site, urls: urls, facts: facts, strings: strings)
                + SearchIndexPlan.files(site: site, urls: urls, facts: facts),
            redirects: RedirectPlan.files(site: site, urls: urls))
    }

    /// Every document, in a fixed order: the site's documents around the sitemap of `plan`'s pages.
    static func planDocuments(
        _ site: SiteDocuments, plan: PagePlan, urls: SiteURLs, config: SiteConfig
    ) -> [GeneratedFile] {
        site.files + SitemapPlan.files(plan: plan, urls: urls, zone: config.timeZone) + site.redirects
    }

    /// The documents planned from the site model alone, kept apart where the sitemap goes between them.
    struct SiteDocuments: Sendable {
        var files: [GeneratedFile]
        var redirects: [GeneratedFile]
    }

    /// No two outputs claim the same path.
    func checkOutputPaths(plan: PagePlan, generated: [GeneratedFile], copies: [StaticCopy]) throws {
        let (pages, documents) = (plan.jobs.count, generated.count)
        try OutputPaths.check(plan.jobs.map(\.path) + generated.map(\.path) + copies.map(\.path)) { index in
            if index < pages {
                let job = plan.jobs[index]
                return OutputPaths.Claim(owner: job.owner, source: job.source)
            } else if index < pages + documents {
                let file = generated[index - pages]
                return OutputPaths.Claim(owner: file.owner, source: file.source, alias: file.alias)
            }
            let copy = copies[index - pages - documents]
            return OutputPaths.Claim(
                owner: copy.origin,
                source: copy.origin.hasPrefix("static/") || copy.origin.hasPrefix("content/") ? (copy.origin, 1) : nil)
        }
    }

    /// Makes every folder the output files go in, once the pages' folders, begun earlier
    /// (`pageFolders`), are made.
    func prepareFolders(
        _ output: OutputSink, plan: PagePlan, generated: [GeneratedFile], copies: [StaticCopy],
        pageFolders: BackgroundWork<Result<Void, any Error>>?
    ) throws {
        KillPoint.expect(files: plan.jobs.count + generated.count + copies.count)
        do {
            try pageFolders?.wait().get()
            try output.prepareFolders(
                for: (pageFolders == nil ? plan.jobs.map(\.path) : []) + generated.map(\.path) + copies.map(\.path))
        } catch let problem as OutputProblem {
            throw problem.asWholeOutput(options.outputPath) ?? problem
        }
    }

    /// Renders and writes every page on all cores (a page whose template and view are unchanged
    /// since the memo's build keeps its bytes). Returns how many were written and the CPU seconds
    /// spent in the template engine, which `--timings` shows apart from writing.
    func renderPages(_ plan: PagePlan, to output: OutputSink) throws -> (written: Int, templateSeconds: Double) {
        let templateSeconds = Atomic<Int>(0)
        let partClock = PartClock(enabled: options.timesParts)
        // The theme's render method is captured once: reading the theme from the plan in each job
        // copied the whole plan, and capturing the theme copied it (a reference count per field),
        // 17 ms of the 10,000-item corpus's rendering (perf).
        let render = plan.theme.render
        // A multilingual site's other languages' pages, with their languages' themes.
        let renderInLanguage = plan.otherThemes.map { $0.render }
        let written = try writeAll(plan.jobs, to: output, path: \.path) { [memo] job in
            // A local function, not a closure value, which would copy the job into a new context.
            func make() -> Data {
                let start = partClock.thread()
                let bytes =
                    job.language == 0
                    ? render(job.template, job.context) : renderInLanguage[job.language - 1](job.template, job.context)
                templateSeconds.add(Int((partClock.thread() - start) * 1e9), ordering: .relaxed)
                return Data(bytes)
            }
            return memo?.page(path: job.path, template: job.template, context: job.context, make: make) ?? make()
        }
        return (written, Double(templateSeconds.load(ordering: .relaxed)) / 1e9)
    }

    /// Makes and writes the feeds, API documents, calendars, search index and sitemap.
    func writeDocuments(_ generated: [GeneratedFile], to output: OutputSink) throws -> Int {
        // Large documents first (see `GeneratedFile.isLarge`).
        let ordered = generated.filter(\.isLarge) + generated.filter { !$0.isLarge }
        return try writeAll(ordered, to: output, path: \.path) { [memo] file in memo?.document(file) ?? file.make() }
    }

    /// Copies static/ files, bundle resources and theme assets.
    /// Processed images are hard links to the image cache's files where the output can share
    /// them: copying their bytes (49 MB for the 10,000-item corpus) was most of this step. The
    /// rest, and any the output cannot link, are written.
    func copyStaticFiles(_ copies: [StaticCopy], to output: OutputSink) throws -> Int {
        let source = fileSystem
        let linked = copies.parallelMap { copy in copy.kept?().flatMap { output.link(copy.path, toKept: $0) } }
        let written = try writeAll(
            zip(copies, linked).filter { $0.1 == nil }.map(\.0), to: output, path: \.path
        ) { copy in try copy.contents(source) }
        return written + linked.count { $0 == true }
    }

    // MARK: The outline's steps (runSteps), in their order

    /// The parsed content, or every problem of it; with front-matter errors, the items that
    /// parsed still go through the model and its images, dry, so a missing cover or a broken
    /// link is told in the same run. A problem in the data files is reported before the
    /// content's, as when they were read first.
    func parseContentOrFail(
        _ sources: [ContentSource], config: SiteConfig, data: BackgroundWork<Result<DataFiles, any Error>>,
        run: inout BuildRun,
        warnings: inout [Diagnostic]
    ) throws -> ParsedContent {
        let parsed = parseContent(sources, config: config, run: &run, warnings: &warnings)
        guard parsed.errors.isEmpty else {
            let popularity = try data.wait().get()
            throw BuildFailure(
                step: .parseContent,
                diagnostics: parsed.errors
                    + findingsBeyondParsing(parsed, config: config, popularity: popularity.records))
        }
        return parsed
    }

    /// The site model, or its broken links with the covers that are missing too.
    func buildModelOrFail(
        _ parsed: ParsedContent, config: SiteConfig, data: BackgroundWork<Result<DataFiles, any Error>>, run: BuildRun,
        warnings: inout [Diagnostic]
    ) throws -> SiteModelStage {
        let popularity = try data.wait().get()
        warnings += popularity.warnings
        let model = try buildSiteModel(
            parsed, config: config, popularity: popularity.records, run: run, warnings: &warnings)
        guard model.linkErrors.isEmpty else {
            throw BuildFailure(
                step: .buildSiteModel, diagnostics: model.linkErrors + findingsOfImages(model.sites, config: config))
        }
        return SiteModelStage(editions: model.sites, urls: model.urls)
    }

    /// Reads every edition's images (sizes, the cache's processed files) and resolves what depends
    /// on them: images in bodies, and alerts' titles in the edition's language.
    func readImages(into model: inout SiteModelStage, themes: [Theme], config: SiteConfig, cache: ImageCache) throws {
        let reading = ImageReading(
            fileSystem: fileSystem, options: config.images, cache: cache, sourcePath: options.sourcePath)
        for index in model.editions.indices {
            model.editions[index].images = try reading.read(model.editions[index])
            BodyImageResolver.resolve(&model.editions[index], urls: model.urls)
            AlertTitles.resolve(&model.editions[index], strings: themes[index].strings)
        }
    }

    /// Every edition's pages, and the documents that need the model alone, planned on the other
    /// core meanwhile (the pages' lists are one core's work). A multilingual site's plans are
    /// merged, with the redirects of its root.
    func planPages(
        _ model: SiteModelStage, themes: [Theme], facts: ModelFacts
    ) throws -> (plan: PagePlan, siteDocuments: SiteDocuments) {
        var plans: [PagePlan] = []
        var documents: [SiteDocuments] = []
        for index in model.editions.indices {
            let (edition, editionFacts, urls) = (model.editions[index], facts.all[index], model.urls)
            // The memo's cards are kept by content file: an item shown in two languages has a card
            // in each, and the memo keeps the last made (a card of the other is made again).
            let made = PagePlan.make(
                site: edition, theme: themes[index], facts: editionFacts, images: facts.imageLinks[index], cache: memo
            ) {
                Self.planSiteDocuments(site: edition, urls: urls, facts: editionFacts, strings: themes[index].strings)
            }
            plans.append(try made.plan.get())
            documents.append(made.other)
        }
        if model.editions.count == 1 { return (plans[0], documents[0]) }
        return (
            LanguageLinks.merge(consume plans, editions: model.editions, urls: model.urls),
            SiteDocuments(
                files: documents.flatMap(\.files),
                redirects: RedirectPlan.files(sites: model.editions, urls: model.urls))
        )
    }

    /// Starts making the pages' folders (13,000 for 10,000 items) while the other outputs are
    /// planned and checked, mostly work for one core: the kernel makes a folder's entries one at a
    /// time, so making them takes one core however many ask. Waited for before anything is written.
    func startMakingFolders(
        for plan: PagePlan, in output: OutputSink, background: BuildBackground
    ) -> BackgroundWork<Result<Void, any Error>> {
        background.start { [pages = plan.jobs.map(\.path)] in Result { try output.prepareFolders(for: pages) } }
    }

    /// The files copied as they are (`staticFiles`), with the pages, the documents static files
    /// do not replace, and the images to make: every output the build plans.
    func planStaticFiles(
        _ model: SiteModelStage, pages: PagePlan, documents: [GeneratedFile], theme: Theme, cache: ImageCache,
        warnings: inout [Diagnostic]
    ) throws -> PlannedOutputs {
        let images = ImageCatalog.merging(model.editions.map(\.images))
        let processedImages = ProcessedImages()
        let (copies, replaced) = try staticFiles(
            editions: model.editions, images: images, theme: theme, plan: pages, documents: documents,
            made: processedImages, warnings: &warnings)
        return PlannedOutputs(
            plan: pages, generated: documents.filter { !replaced.contains($0.path) }, copies: copies, images: images,
            processedImages: processedImages, imageCache: cache)
    }

    /// Starts checking every output path on another core, while the folders are made and the
    /// pages rendered (one core's work, 1.2% of a build's CPU at 50,000 items). Nothing is
    /// written outside the staging folder before the check is known, and a problem it finds is
    /// the one reported, before any a write may have met.
    func startCheckingPaths(
        _ outputs: PlannedOutputs, background: BuildBackground
    ) -> BackgroundWork<Result<Void, any Error>> {
        background.start { [self, plan = outputs.plan, generated = outputs.generated, copies = outputs.copies] in
            Result { try checkOutputPaths(plan: plan, generated: generated, copies: copies) }
        }
    }

    /// The steps that write: the folders, the pages, the documents, the processed images and the
    /// copies, counted into `report`.
    func writeOutputs(
        _ outputs: PlannedOutputs, to output: OutputSink, clock: inout StepClock,
        pageFolders: BackgroundWork<Result<Void, any Error>>?,
        pathsChecked: BackgroundWork<Result<Void, any Error>>, report: inout BuildReport
    ) throws {
        let rendered: (written: Int, templateSeconds: Double)
        do {
            try clock.step(.prepareOutputFolders) {
                try prepareFolders(
                    output, plan: outputs.plan, generated: outputs.generated, copies: outputs.copies,
                    pageFolders: pageFolders)
            }
            rendered = try clock.step(.renderPages) { try renderPages(outputs.plan, to: output) }
        } catch {
            try pathsChecked.wait().get()
            throw error
        }
        try pathsChecked.wait().get()
        report.written += rendered.written
        if options.timesParts, let step = clock.timings.last {
            clock.detail([
                ("templates", rendered.templateSeconds),
                ("writing", max(0, step.cpuSeconds - rendered.templateSeconds)),
            ])
        }
        log("Rendered \(outputs.plan.jobs.count) pages")
        report.written += try clock.step(.writeDocuments) { try writeDocuments(outputs.generated, to: output) }
        report.images = try clock.step(.processImages) {
            try ImageProcessing(fileSystem: fileSystem, cache: outputs.imageCache, progress: progress).run(
                outputs.images, into: outputs.processedImages)
        }
        report.written += try clock.step(.copyStaticFiles) { try copyStaticFiles(outputs.copies, to: output) }
    }

    /// Starts making the snapshot of this build on another core, when `herald build` asked for one.
    func startSnapshot(
        _ model: SiteModelStage, facts: ModelFacts, outputs: PlannedOutputs, parsed: ParsedContent
    ) -> BackgroundWork<Bool>? {
        guard let snapshot else { return nil }
        let (jobs, rules) = (outputs.plan.jobs, rules)
        return BackgroundWork {
            // Made on the snapshot's core: the feeds' channels are found again, as FeedPlan found them.
            var made = Self.snapshotContents(model, facts: facts, jobs: jobs, parsed: parsed, rules: rules)
            made.inputs = snapshot.inputs()
            return snapshot.file.write { BuildSnapshot.write(made, to: &$0) }
        }
    }

    /// What a snapshot of this build keeps (`BuildSnapshot.write`), but the input files' stamps.
    static func snapshotContents(
        _ model: SiteModelStage, facts: ModelFacts, jobs: [PageJob], parsed: ParsedContent, rules: PublishingRules
    ) -> BuildSnapshot.Made {
        let (editions, urls) = (model.editions, model.urls)
        return BuildSnapshot.Made(
            jobs: jobs, parsed: parsed.items, reports: parsed.reports,
            editions: editions.indices.map { index in
                BuildSnapshot.Made.Edition(
                    site: editions[index], facts: facts.all[index],
                    channels: FeedPlan.channels(site: editions[index], urls: urls, facts: facts.all[index]))
            }, urls: urls, inputs: InputValues(content: [:], others: ""), rules: rules)
    }

    /// Keeps what `herald serve`'s next rebuild reuses: a site in one language's model and plans
    /// (`LastBuild`), a multilingual site's snapshot (`KeptSnapshot`; the rebuild from the model
    /// knows one language's pages). `theme` is the default language's, before the site fixed its
    /// partials; `warnings` the build's.
    func remember(
        _ model: SiteModelStage, config: SiteConfig, facts: ModelFacts, outputs: PlannedOutputs, parsed: ParsedContent,
        theme: Theme, warnings: [Diagnostic]
    ) {
        guard let memo else { return }
        memo.finish()
        let (site, single) = (model.site, model.editions.count == 1)
        memo.renderSetup.withLock { $0 = single ? (config, outputs.plan.theme) : nil }
        memo.keptSnapshot.withLock {
            $0 =
                single
                ? nil
                : KeptSnapshot(
                    Self.snapshotContents(model, facts: facts, jobs: outputs.plan.jobs, parsed: parsed, rules: rules),
                    config: config, theme: theme, validity: model.validity, warned: Set(warnings.map(\.path)))
        }
        memo.lastBuild.withLock {
            $0 =
                !single
                ? nil
                : LastBuild(
                    options: options, config: config, allItems: parsed.items, site: site, urls: model.urls,
                    facts: facts.all[SiteLanguage.defaultIndex],
                    plan: outputs.plan, documents: outputs.generated,
                    idOfSource: Dictionary(
                        site.items.indices.map { (site.items[$0].sourcePath, $0) },
                        uniquingKeysWith: { first, _ in first }))
        }
    }
}

extension BuildReport {
    /// The report of a build that planned `outputs` (what it wrote is counted as it writes).
    init(_ model: SiteModelStage, outputs: PlannedOutputs, warnings: [Diagnostic], config: SiteConfig) {
        let pages = outputs.plan.jobs.count
        self.init(
            items: model.editions.reduce(0) { $0 + $1.items.count - ($1.languages?.borrowed.count ?? 0) }, pages: pages,
            files: pages + outputs.generated.count + outputs.copies.count, written: 0,
            skipped: model.site.skipped, warnings: DiagnosticCap.apply(warnings), timings: [], seconds: 0,
            validity: model.validity,
            basePath: config.basePath, baseURL: config.baseURL.absoluteString)
    }
}

extension Build {
    /// What decides which items this build publishes: its clock, and whether drafts and future items are in.
    var rules: PublishingRules {
        PublishingRules(
            now: options.now, includeDrafts: options.includeDrafts, includeFuture: options.includeFuture,
            namesEveryFutureItem: options.namesEveryFutureItem)
    }
}

extension Build {
    /// The built site as `herald check` looks at it: every page with its template and source.
    func describedModel(_ model: SiteModelStage, outputs: PlannedOutputs) -> BuiltModel {
        BuiltModel(
            site: model.site, otherLanguages: Array(model.editions.dropFirst()), theme: outputs.plan.theme,
            pages: outputs.plan.jobs.map { ($0.path, $0.template, $0.source?.path) })
    }
}
