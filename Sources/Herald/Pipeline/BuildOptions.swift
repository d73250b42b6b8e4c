import Foundation

/// What `herald build` is asked to do.
public struct BuildOptions: Sendable {
    /// The site folder (with `site.yml`, `content/` …).
    public var sourcePath: String
    /// Where the site is written (replaced as a whole when the build succeeds).
    public var outputPath: String
    /// Include drafts.
    public var includeDrafts: Bool
    /// Include items published after `now`.
    public var includeFuture: Bool
    /// Name every item left out as dated after `now`, not only those a month or more ahead (`herald check`).
    public var namesEveryFutureItem = false
    /// The moment treated as now; fixed for reproducible builds.
    public var now: Date
    /// Replaces `baseURL` from `site.yml` (e.g. for a preview host).
    public var baseURL: String?
    /// Build even when the record of the last build says the output is up to date.
    public var ignoreRecord = false
    /// Keep a snapshot of the build beside the output (`BuildSnapshot`), from which the next
    /// `herald build` after edits to articles' bodies alone rebuilds only what they change.
    /// Nil: keep one when the output was built before and is still there, as a site being worked
    /// on is (its marker is beside it). Writing it makes a build 7–9% slower at 10,000 items
    /// (bench/RESULTS.md, issue 39), which a build into a new folder (CI, a fresh clone) that
    /// is never built again would pay for nothing.
    public var keepSnapshot: Bool? = nil
    /// For `herald serve`: the origin the site is previewed at (`http://127.0.0.1:8080`), which
    /// replaces the scheme and host of `baseURL` and keeps its path, so absolute links stay local.
    public var previewOrigin: String? = nil
    /// The folder processed images are kept in between builds; nil keeps none (each build makes
    /// every image again). `herald build`, `serve` and `check` use `.NAME.herald-images/` beside the output.
    public var imageCachePath: String? = nil
    /// Whether the parts of the parse and render steps are timed, for `--timings` (see `PartClock`).
    public var timesParts = false
    /// Whether the report carries the built model, every page with its template and source
    /// (`BuildReport.model`), for `herald check`. Other builds leave it out: listing 13,000 pages
    /// and freeing the list again cost `herald build` 12 ms of its end (perf).
    var describesModel = false
    /// Whether the process ends once the build returns, as `herald build`'s does. What the build
    /// is done with (its items, model and pages) is then never freed: the system takes the memory
    /// back at exit, at once. Freeing it took the other core while the output was swapped in: 25 ms
    /// of CPU at 10,000 items, 200 ms at 50,000 (perf; see `ReleaseElsewhere`).
    public var processEndsWithBuild = false

    /// Options for building `sourcePath` into `outputPath`.
    public init(
        sourcePath: String = ".", outputPath: String = "site-output", includeDrafts: Bool = false,
        includeFuture: Bool = false, now: Date = Date(), baseURL: String? = nil
    ) {
        self.sourcePath = sourcePath
        self.outputPath = outputPath
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.now = now
        self.baseURL = baseURL
    }
}

/// How long one step of a build took, for `--timings`.
public struct StepTiming: Sendable {
    /// The step's name (`parse content`).
    public var step: String
    /// Wall-clock seconds.
    public var seconds: Double
    /// CPU seconds, all threads: about twice `seconds` on two busy cores.
    public var cpuSeconds: Double
    /// The CPU seconds of the step's parts, where it has parts worth telling apart.
    public var parts: [(name: String, cpuSeconds: Double)] = []
}

/// What a build did, for the summary line and `--timings`.
public struct BuildReport: Sendable {
    /// Items published.
    public var items: Int
    /// HTML pages rendered.
    public var pages: Int
    /// Files in the output (pages, feeds, documents, theme assets, static files).
    public var files: Int
    /// Files actually written; the others kept the previous build's bytes (and modification time).
    public var written: Int
    /// Images processed (the others' files came from the cache).
    public var images = 0
    /// Items left out (drafts, future, expired).
    public var skipped: SkippedItems
    /// Warnings found along the way.
    public var warnings: [Diagnostic]
    /// What each step took, in order.
    public var timings: [StepTiming]
    /// Seconds the whole build took.
    public var seconds: Double
    /// The clock times at which this input builds to the same output.
    public var validity: OutputValidity? = nil
    /// The output was already up to date: nothing was built (see `BuildRecord`).
    public var upToDate = false
    /// The path the site lives under (`/` or `/union/`), from its base URL.
    public var basePath = "/"
    /// The base URL the site was built for, as written in its links (`https://example.org/union/`).
    public var baseURL = "/"
    /// What the build made its output from, for `herald check` to look at beside the output.
    var model: BuiltModel? = nil
    /// Whether the build wrote its snapshot, when `herald build` asked for one (`Build.snapshot`).
    var snapshotWritten = false
    /// Why the snapshot beside the output was not trusted, when there was one the build could
    /// have rebuilt from: told as a note.
    public var snapshotNotUsed: SnapshotDistrust? = nil
    /// Why the whole site was built rather than nothing or the edited bodies alone; nil when
    /// it was not (`--timings` tells it).
    public var wholeBuildCause: WholeBuildCause? = nil

    /// `Built 47 items into 118 pages (152 files written) in 0.21 s`.
    public var summary: String {
        var left: [String] = []
        if skipped.drafts > 0 { left.append("\(skipped.drafts) draft\(skipped.drafts == 1 ? "" : "s")") }
        if skipped.future > 0 { left.append("\(skipped.future) future") }
        if skipped.expired > 0 { left.append("\(skipped.expired) expired") }
        if skipped.notPages > 0 {
            left.append(
                "\(skipped.notPages) not page\(skipped.notPages == 1 ? "" : "s") by design (headless, unpublished or bundle text)"
            )
        }
        let leftOut = left.isEmpty ? "" : "; left out \(left.joined(separator: ", "))"
        let warningCount = DiagnosticCap.count(warnings)
        let warned = warnings.isEmpty ? "" : "; \(warningCount) warning\(warningCount == 1 ? "" : "s")"
        let unchanged = files - written
        func plural(_ count: Int) -> String { "\(count) file\(count == 1 ? "" : "s")" }
        let fileCounts =
            unchanged > 0 ? "\(plural(written)) written, \(unchanged) unchanged" : "\(plural(files)) written"
        if upToDate {
            return
                "Up to date: \(items) item\(items == 1 ? "" : "s"), \(pages) pages, \(plural(files)) unchanged since the last build (checked in \(String(format: "%.2f", seconds)) s)\(leftOut)\(warned)"
        }
        return
            "Built \(items) item\(items == 1 ? "" : "s") into \(pages) pages (\(fileCounts)) in \(String(format: "%.2f", seconds)) s\(leftOut)\(warned)"
    }
}

/// The model and page plan of a finished build: what `herald check` traces a finding in the
/// output back to (the content file, or the template, that made a page).
struct BuiltModel: Sendable {
    /// The site model (of a multilingual site, the default language's part).
    var site: Site
    /// A multilingual site's other languages' parts, which `herald check` reads too.
    var otherLanguages: [Site] = []
    /// The theme the pages were rendered with.
    var theme: Theme
    /// Each page: its output path, its template and the content file it shows (if any).
    var pages: [(path: String, template: String, source: String?)]
}
