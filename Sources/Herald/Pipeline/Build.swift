import Foundation
import Synchronization

/// The build, step by step: the steps of `BuildStep`, in its order, from reading `site.yml` to
/// copying the static files (`SiteBuild` prepares the output before and swaps it in after).
///
/// Each step is timed and named; a step that fails reports its name with every `path:line: message`
/// it found. I/O happens only in the first steps (through `FileSystem`) and the last (through
/// `OutputSink`); the model and the rendering are pure.
public struct Build: Sendable {
    /// What to build.
    public var options: BuildOptions
    /// Where the site is read from.
    public var fileSystem: FileSystem
    /// Receives progress lines ("Parsed 48 items …").
    public var log: @Sendable (String) -> Void
    /// Told where the build is, as it goes: at the start of each step, and as files are written
    /// (from any thread: a terminal shows it as a line that updates in place).
    public var progress: (@Sendable (BuildProgress) -> Void)? = nil
    /// Work kept from the previous build in this process, reused where its inputs are unchanged
    /// (`herald serve`); nil for a build from scratch.
    public var memo: BuildMemo? = nil
    /// Stop once every output file is planned and checked, writing nothing: for `herald import`,
    /// which needs to know that the site builds, not its pages (rendering the default theme
    /// cannot fail).
    public var planOnly = false
    /// Called once before any content file is read: `herald build` stamps the input files
    /// meanwhile (for the record of the build), and a stamp must be taken before its file is read,
    /// so that an edit made during the build is seen by the next one.
    public var beforeReadingContent: (@Sendable () -> Void)? = nil

    /// A build of the site in `fileSystem`.
    public init(options: BuildOptions, fileSystem: FileSystem, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.options = options
        self.fileSystem = fileSystem
        self.log = log
    }

    /// Builds the site into `output` (committing nothing: the caller swaps a staged output in).
    /// Throws `BuildFailure` naming the failed step.
    public func run(into output: OutputSink) throws -> BuildReport {
        var warnings: [Diagnostic] = []
        do {
            return try runSteps(into: output, warnings: &warnings)
        } catch var failure as BuildFailure {
            // The warnings of the steps that went well are still worth reading beside the errors.
            failure = BuildFailure(step: failure.step, diagnostics: Array(Set(failure.diagnostics + warnings)))
            throw failure
        }
    }

    /// The build as a table of contents: each line is one named step (`BuildStep`), timed by the
    /// clock and reported by name when it fails; the steps themselves are in Build+Steps.swift.
    private func runSteps(into output: OutputSink, warnings: inout [Diagnostic]) throws -> BuildReport {
        var clock = StepClock(progress: progress)
        var run = BuildRun()
        let config = try clock.step(.readSiteYML) { try readConfig(warnings: &warnings) }
        let sources = try clock.step(.discoverContent) { try discoverContent(config: config, run: &run, warnings: &warnings) }
        let data = try clock.step(.readData) { readDataBeside() }
        let themes = try clock.step(.loadTemplates) { try loadTemplates(config: config, warnings: &warnings) }
        let theme = themes[SiteLanguage.defaultIndex]
        let parsed = try clock.step(.parseContent) {
            let parsed = parseContent(sources, config: config, run: &run, warnings: &warnings)
            guard parsed.errors.isEmpty else {
                // A problem in the data files is reported before the content's, as when they were read first.
                let popularity = try data.wait().get()
                throw BuildFailure(step: .parseContent, diagnostics: parsed.errors + findingsBeyondParsing(parsed, config: config, popularity: popularity.records))
            }
            return parsed
        }
        clock.detail(run.parseDetail(clock))
        log("Parsed \(parsed.items.count) content files")
        var (editions, siteURLs) = try clock.step(.buildSiteModel) {
            let popularity = try data.wait().get()
            warnings += popularity.warnings
            let model = try buildSiteModel(parsed, config: config, popularity: popularity.records, run: run, warnings: &warnings)
            guard model.linkErrors.isEmpty else {
                throw BuildFailure(step: .buildSiteModel, diagnostics: model.linkErrors + findingsOfImages(model.sites, config: config))
            }
            return (model.sites, model.urls)
        }
        let imageCache = ImageCache(folder: planOnly ? nil : options.imageCachePath)
        try clock.step(.readImages) {
            let reading = ImageReading(fileSystem: fileSystem, options: config.images, cache: imageCache, sourcePath: options.sourcePath)
            for index in editions.indices {
                editions[index].images = try reading.read(editions[index])
                BodyImageResolver.resolve(&editions[index], urls: siteURLs)
                AlertTitles.resolve(&editions[index], strings: themes[index].strings)
            }
        }
        // A site in one language is one edition; a multilingual site has one per language, which
        // share the images, the static files and the sitemap.
        let (site, urls) = (editions[SiteLanguage.defaultIndex], siteURLs)
        let images = ImageCatalog.merging(editions.map(\.images))
        let processedImages = ProcessedImages()
        // Every item parsed is kept for the memo's next rebuild only: holding it to the end of
        // every build kept 10,000 items' worth of structs alive through rendering (8 MB at peak).
        let allItems = memo == nil ? [] : parsed.items
        let imageLinks = editions.map { ImageLinks(images: $0.images, urls: urls) }
        let allFacts = editions.indices.map { ItemFacts.all(site: editions[$0], urls: urls, images: imageLinks[$0]) }
        let facts = allFacts[SiteLanguage.defaultIndex]
        // The documents but the sitemap need the model alone: they are planned on the other core
        // while the pages' lists are, which is one core's work.
        let (plan, siteDocuments) = try clock.step(.planPages) { [memo] in
            var plans: [PagePlan] = []
            var documents: [SiteDocuments] = []
            for index in editions.indices {
                let (edition, editionFacts) = (editions[index], allFacts[index])
                // The memo's cards are kept by content file: an item shown in two languages has a card
                // in each, and the memo keeps the last made (a card of the other is made again).
                let made = PagePlan.make(site: edition, theme: themes[index], facts: editionFacts, images: imageLinks[index], cache: memo) {
                    Self.planSiteDocuments(site: edition, urls: urls, facts: editionFacts, strings: themes[index].strings)
                }
                plans.append(try made.plan.get())
                documents.append(made.other)
            }
            if editions.count == 1 { return (plans[0], documents[0]) }
            return (LanguageLinks.merge(consume plans, editions: editions, urls: urls),
                    SiteDocuments(files: documents.flatMap(\.files), redirects: RedirectPlan.files(sites: editions, urls: urls)))
        }
        // The pages' folders (13,000 for 10,000 items) are made while the other outputs are
        // planned and checked, mostly work for one core: the kernel makes a folder's entries one
        // at a time, so making them takes one core however many ask. Waited for before anything
        // is written, and before the build ends either way, so a failed build's staging folder is
        // never removed while folders are made in it.
        let pageFolders = planOnly ? nil : BackgroundWork { [pages = plan.jobs.map(\.path)] in Result { try output.prepareFolders(for: pages) } }
        defer { _ = pageFolders?.wait() }
        let documents = try clock.step(.planDocuments) { Self.planDocuments(siteDocuments, plan: plan, urls: urls, config: config) }
        let (copies, replaced) = try clock.step(.planStaticFiles) {
            try staticFiles(editions: editions, images: images, theme: theme, plan: plan, documents: documents, made: processedImages, warnings: &warnings)
        }
        let generated = documents.filter { !replaced.contains($0.path) }
        // The paths are checked on another core while the folders are made and the pages
        // rendered (one core's work: 27 ms for 10,000 items, 165 ms for 50,000). Nothing is
        // written outside the staging folder before the check is known, and a problem it finds
        // is the one reported, before any a write may have met.
        let pathsChecked = try clock.step(.planOutputFiles) { [self] in
            BackgroundWork { Result { try checkOutputPaths(plan: plan, generated: generated, copies: copies) } }
        }
        defer { _ = pathsChecked.wait() }
        if planOnly { try pathsChecked.wait().get() }
        var report = BuildReport(
            items: editions.reduce(0) { $0 + $1.items.count - ($1.languages?.borrowed.count ?? 0) }, pages: plan.jobs.count, files: plan.jobs.count + generated.count + copies.count, written: 0,
            skipped: site.skipped, warnings: DiagnosticCap.apply(warnings), timings: [], seconds: 0, validity: site.validity,
            basePath: config.basePath, baseURL: config.baseURL.absoluteString)
        if !planOnly {
            let rendered: (written: Int, templateSeconds: Double)
            do {
                try clock.step(.prepareOutputFolders) { try prepareFolders(output, plan: plan, generated: generated, copies: copies, pageFolders: pageFolders) }
                rendered = try clock.step(.renderPages) { try renderPages(plan, to: output) }
            } catch {
                try pathsChecked.wait().get()
                throw error
            }
            try pathsChecked.wait().get()
            report.written += rendered.written
            if let step = clock.timings.last { clock.detail([("templates", rendered.templateSeconds), ("writing", max(0, step.cpuSeconds - rendered.templateSeconds))]) }
            log("Rendered \(plan.jobs.count) pages")
            report.written += try clock.step(.writeDocuments) { try writeDocuments(generated, to: output) }
            report.images = try clock.step(.processImages) {
                try ImageProcessing(fileSystem: fileSystem, cache: imageCache, progress: progress).run(images, into: processedImages)
            }
            report.written += try clock.step(.copyStaticFiles) { try copyStaticFiles(copies, to: output) }
            memo?.finish()
            // A multilingual site is rebuilt whole: the quick rebuilds know one language's pages.
            memo?.renderSetup.withLock { $0 = editions.count == 1 ? (config, plan.theme) : nil }
            memo?.lastBuild.withLock {
                $0 = editions.count > 1 ? nil : LastBuild(options: options, config: config, allItems: allItems, site: site, urls: urls, facts: facts, plan: plan, documents: generated,
                               idOfSource: Dictionary(site.items.indices.map { (site.items[$0].sourcePath, $0) }, uniquingKeysWith: { first, _ in first }))
            }
            report.model = BuiltModel(site: site, otherLanguages: Array(editions.dropFirst()), theme: plan.theme,
                                      pages: plan.jobs.map { ($0.path, $0.template, $0.source?.path) })
        }
        report.timings = clock.timings
        report.seconds = clock.elapsed
        Self.freeElsewhere((parsed, plan, documents, facts))
        return report
    }

    /// Lets another thread free what a build is done with, when this thread lets go of it. Freed
    /// here, the pages' views, the documents and the parsed items kept the build waiting 45 ms
    /// on the 10,000-item corpus (perf), with the other core idle; `herald build` may even end
    /// before the other thread does, and the system takes the memory back at once.
    private static func freeElsewhere<Values: Sendable>(_ values: Values) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(values) {} }
    }

    /// Makes and writes files on all cores. Returns how many were written; the others had the
    /// same bytes as in the previous output and were kept. Every failure is reported.
    func writeAll<Element: Sendable>(_ elements: [Element], to output: OutputSink, path: @Sendable (Element) -> String,
                                             bytes: @Sendable (Element) throws -> Data) throws -> Int {
        let done = Atomic<Int>(0)
        let (progress, total) = (self.progress, elements.count)
        // A hundred updates at most: a terminal line needs no more, and each one is a call across threads.
        let every = max(1, total / 100)
        let outcomes = elements.parallelMap { element -> Result<Bool, OutputProblem> in
            defer {
                let count = done.add(1, ordering: .relaxed).newValue
                if let progress, count % every == 0 || count == total { progress(BuildProgress(step: nil, done: count, total: total)) }
            }
            do {
                return .success(try output.write(path(element), try bytes(element)))
            } catch let problem as OutputProblem {
                return .failure(problem)
            } catch let problem as FileSystemProblem {
                return .failure(OutputProblem(path: problem.path, message: problem.message, isInput: true))
            } catch {
                return .failure(OutputProblem(path: path(element), message: error.localizedDescription))
            }
        }
        let failures = outcomes.compactMap { outcome -> OutputProblem? in
            guard case .failure(let problem) = outcome else { return nil }
            return problem
        }
        // A full disk or a read-only folder fails every file alike: one message, not one per file
        // (and not naming the files, which depend on which writer ran out of space first).
        if let whole = failures.lazy.compactMap({ $0.asWholeOutput(self.options.outputPath) }).first { throw whole }
        let problems = failures.map { $0.isInput ? Diagnostic(path: $0.path, line: 1, $0.message) : Diagnostic(path: options.outputPath, line: 1, "could not write \($0)") }
        if !problems.isEmpty { throw BuildFailure(step: .writeOutput, diagnostics: problems) }
        return outcomes.filter { (try? $0.get()) == true }.count
    }

    /// Reads `site.yml` and applies `--base-url`.
    func readConfig(warnings: inout [Diagnostic]) throws -> SiteConfig {
        var config: SiteConfig
        switch SiteConfigFile.read(from: fileSystem) {
        case .success(let reading):
            config = reading.config
            warnings += reading.warnings
        case .failure(.missing):
            throw BuildFailure(step: .readSiteYML, diagnostics: [SiteConfigFile.notASite(options.sourcePath)])
        case .failure(.refused(let diagnostics)):
            throw BuildFailure(step: .readSiteYML, diagnostics: diagnostics)
        }
        if let override = options.baseURL {
            switch SiteConfigParser.parseBaseURL(override) {
            case .success(let url):
                config.baseURL = url
                warnings.removeAll { $0.message == SiteConfigParser.relativeBaseURLWarning }
                if url.host == nil { warnings.append(.warning(path: "--base-url", line: 1, SiteConfigParser.relativeBaseURLWarning)) }
            case .failure(let problem): throw BuildFailure(step: .readSiteYML, diagnostics: [Diagnostic(path: "--base-url", line: 1, problem.message)])
            }
        }
        if let origin = options.previewOrigin, let url = URL(string: origin + config.basePath) {
            config.baseURL = url
            warnings.removeAll { $0.message == SiteConfigParser.relativeBaseURLWarning }
        }
        return config
    }

    /// The data files' popularity figures, with their warnings.
    struct DataFiles: Sendable {
        var records: [PopularityRecord]
        var warnings: [Diagnostic]
    }

    /// Reads the data files on another core, while the templates load and the content is parsed:
    /// the site model is the first to need them (10,000 items' figures: 15 ms on one core).
    func readDataBeside() -> BackgroundWork<Result<DataFiles, any Error>> {
        BackgroundWork { [self] in
            Result {
                var warnings: [Diagnostic] = []
                let records = try readPopularity(warnings: &warnings)
                return DataFiles(records: records, warnings: warnings)
            }
        }
    }

    /// Reads `data/popularity.csv` and `data/popularity.json`, whichever exist (rows of the JSON
    /// file win over the CSV's for the same item).
    func readPopularity(warnings: inout [Diagnostic]) throws -> [PopularityRecord] {
        var records: [PopularityRecord] = []
        var problems: [Diagnostic] = []
        let files = Set(try fileSystem.listFiles("data") ?? [])
        for (name, parse) in [("data/popularity.csv", PopularityParser.parseCSV), ("data/popularity.json", PopularityParser.parseJSON)] where files.contains(name) {
            let data: Data
            do {
                data = try fileSystem.readFileAtMost(name, PopularityParser.largestFile)
            } catch let tooLarge as FileTooLarge {
                problems.append(PopularityParser.tooLarge(tooLarge.size, path: name))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(Diagnostic(path: name, line: 1, "is not UTF-8 text"))
                continue
            }
            let parsed = parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, name)
            records += parsed.records
            problems += parsed.diagnostics
        }
        warnings += problems.filter { $0.severity == .warning }
        if problems.contains(where: { $0.severity == .error }) { throw BuildFailure(step: .readData, diagnostics: problems) }
        return records
    }

    /// A file copied to the output as it is: a theme asset or a file from `static/`.
    struct StaticCopy: Sendable {
        var path: String
        /// Where it comes from: `static/…` or the theme's asset.
        var origin: String
        var contents: @Sendable (FileSystem) throws -> Data
    }

    /// The theme's assets, the site's `static/` files and the files of page bundles (beside their
    /// item's page). A static file may replace a theme asset, `robots.txt` or `_redirects`, but not
    /// a page, feed or document Herald makes; a bundle's file may replace nothing. Returns the
    /// copies and the generated files that static files replace.
    /// A multilingual site's languages each publish their items' bundle files (an item shown in
    /// another language untranslated publishes them in its own only).
    func staticFiles(editions: [Site], images catalog: ImageCatalog, theme: Theme, plan: PagePlan, documents: [GeneratedFile], made images: ProcessedImages,
                     warnings: inout [Diagnostic]) throws -> ([StaticCopy], Set<String>) {
        var copies: [String: StaticCopy] = [:]
        for asset in theme.assets {
            let data = asset.data
            copies[asset.path] = StaticCopy(path: asset.path, origin: "the theme's \(asset.path)", contents: { _ in data })
        }
        // `static/` is copied as it is, hidden files too (`.well-known/`, `.htaccess`, `.nojekyll`).
        let staticFiles = try fileSystem.listAllFiles("static", true) ?? []
        // By index: an item is looked at, not copied (10,000 copies of every field showed in the step's time).
        var resources: [(origin: String, target: String)] = []
        for site in editions {
            for id in site.items.indices where !site.isBorrowed(id) {
                guard let bundle = site.items[id].bundle else { continue }
                for resource in bundle.resources {
                    resources.append((bundle.folder + "/" + resource, URLLayout.resourcePath(itemPath: site.paths[id], resource: resource)))
                }
            }
        }
        // What Herald makes at the paths these files would take, found by looking those few paths
        // up while going through what it makes once: a table of every path it makes (65,000 pages
        // and 58,000 documents for 50,000 items) was 150 ms of a 7.5 s build, and grew faster than it.
        let wanted = Set(staticFiles.map { String($0.dropFirst("static/".count)) } + resources.map(\.target) + catalog.outputs.map(\.output.path) + catalog.socialCards.values.map(\.path))
        var documentOwner: [String: String] = [:]
        var replaceable = Set<String>()
        for index in documents.indices where wanted.contains(documents[index].path) {
            let document = documents[index]
            if document.replaceableByStatic { replaceable.insert(document.path) } else { documentOwner[document.path] = document.owner }
        }
        var pageOwner: [String: String] = [:]
        for index in plan.jobs.indices where wanted.contains(plan.jobs[index].path) && pageOwner[plan.jobs[index].path] == nil {
            pageOwner[plan.jobs[index].path] = plan.jobs[index].owner
        }
        func made(_ path: String) -> String? { documentOwner[path] ?? pageOwner[path] }
        var replaced = Set<String>()
        var problems: [Diagnostic] = []
        for path in staticFiles {
            let target = String(path.dropFirst("static/".count))
            if let problem = Self.unpublishableName(target) {
                problems.append(Diagnostic(path: path, line: 1, problem))
                continue
            }
            if let owner = made(target) {
                problems.append(Diagnostic(path: path, line: 1, "would replace \(owner) Herald makes at /\(target); rename or remove it"))
                continue
            }
            if replaceable.contains(target) { replaced.insert(target) }
            copies[target] = StaticCopy(path: target, origin: path, contents: { fileSystem in try fileSystem.readFile(path) })
        }
        for (origin, target) in resources {
            if let problem = Self.unpublishableName(target) {
                problems.append(Diagnostic(path: origin, line: 1, problem))
                continue
            }
            if let owner = made(target) ?? copies[target].map({ $0.origin.hasPrefix("the theme's") ? "the theme's file" : $0.origin }) {
                problems.append(Diagnostic(path: origin, line: 1, "would be published at /\(target), where \(owner) already is; rename it"))
                continue
            }
            copies[target] = StaticCopy(path: target, origin: origin, contents: { fileSystem in try fileSystem.readFile(origin) })
        }
        // Processed images: their files beside the originals, and the originals they stand in for
        // left out (a 6 MB photo straight from a phone is published only when asked for).
        for path in catalog.withheldOriginals { copies[path] = nil }
        for (output, image) in catalog.outputs {
            let target = output.path
            if let owner = made(target) ?? copies[target]?.origin {
                problems.append(Diagnostic(path: image.source, line: 1, "would be published at /\(target), where \(owner) already is; rename it"))
                continue
            }
            copies[target] = StaticCopy(path: target, origin: image.source, contents: { _ in try images.contents(target) })
        }
        for card in catalog.socialCards.values {
            let target = card.path
            if let owner = made(target) ?? copies[target]?.origin {
                problems.append(Diagnostic(path: "static/" + target, line: 1, "is where the social card of a page is published, where \(owner) already is; rename it"))
                continue
            }
            copies[target] = StaticCopy(path: target, origin: "a social card", contents: { _ in try images.contents(target) })
        }
        if !problems.isEmpty { throw BuildFailure(step: .planStaticFiles, diagnostics: problems) }
        return (copies.values.sorted { $0.path < $1.path }, replaced)
    }

    /// Why a file of the site cannot be published under its own name (`target`, its output
    /// path), told at the file rather than by the writer, which would refuse it later: a name
    /// that is not UTF-8 (listed with U+FFFD in its place, so it could not even be read), or one
    /// the output's path rule refuses (a `\`, a control character, over 255 bytes).
    static func unpublishableName(_ target: String) -> String? {
        if target.unicodeScalars.contains("\u{FFFD}") { return "the file name is not UTF-8 text, so it cannot be published: rename it" }
        return ConfinedPath.refusal(target).map { "the file name cannot be published (\($0)): rename it" }
    }
}

/// Times the steps of a build (wall-clock and CPU time, so that a step that does not use every
/// core shows) and names the step in any failure.
struct StepClock {
    private let start = DispatchTime.now()
    private(set) var timings: [StepTiming] = []
    /// Called with each step's name as it starts.
    var onStep: ((String) -> Void)? = nil

    init() {}

    /// A clock that tells `progress` of each step as it starts.
    init(progress: (@Sendable (BuildProgress) -> Void)?) {
        onStep = { step in progress?(BuildProgress(step: step, done: 0, total: 0)) }
    }

    /// Runs a step, recording its time; any non-`BuildFailure` error becomes one naming the step.
    mutating func step<T>(_ step: BuildStep, _ work: () throws -> T) throws -> T {
        let name = step.rawValue
        KillPoint.reached("step:" + name)
        onStep?(name)
        let began = DispatchTime.now()
        let cpuBefore = CPUClock.process()
        defer { timings.append(StepTiming(step: name, seconds: began.secondsElapsed, cpuSeconds: CPUClock.process() - cpuBefore)) }
        do {
            return try work()
        } catch let failure as BuildFailure {
            throw failure
        } catch let problem as OutputProblem {
            throw problem  // about the output folder, not a line of the input: the caller reports it whole
        } catch let problem as FileSystemProblem {
            throw BuildFailure(step: name, diagnostics: [Diagnostic(path: problem.path, line: 1, problem.message)])
        } catch {
            throw BuildFailure(step: name, diagnostics: [Diagnostic(path: ".", line: 1, "\(error)")])
        }
    }

    /// Adds the parts of the step just run (CPU seconds summed over threads), shown under it.
    mutating func detail(_ parts: [(name: String, cpuSeconds: Double)]) {
        guard var last = timings.popLast() else { return }
        last.parts = parts
        timings.append(last)
    }

    /// Seconds since the clock started.
    var elapsed: Double { start.secondsElapsed }

}

/// Where a build is: a step that has just started (`step`), or how many of a step's files are
/// written (`done` of `total`, with `step` nil).
public struct BuildProgress: Sendable, Equatable {
    /// The step that starts, e.g. "render and write pages".
    public var step: String?
    /// Files written so far in the current step.
    public var done: Int
    /// Files the current step writes.
    public var total: Int

    /// Where a build is (`herald import` shows its own steps on the same progress line).
    public init(step: String?, done: Int, total: Int) {
        self.step = step
        self.done = done
        self.total = total
    }
}
