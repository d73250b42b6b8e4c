import Dispatch
import Foundation
import Herald
import ServiceLifecycle
import Synchronization

/// What `herald serve` is asked to do.
public struct ServeOptions: Sendable {
    /// The site folder.
    public var sourcePath: String
    /// The address to listen on: loopback unless asked otherwise.
    public var host = "127.0.0.1"
    /// The port (0: any free one).
    public var port = 8080
    /// Include drafts / future items, as `herald build` does.
    public var includeDrafts = false
    public var includeFuture = false
    /// A fixed now; nil for the clock at each rebuild.
    public var now: Date? = nil
    /// Print each rebuild's steps with their times.
    public var timings = false
    /// Whether pages get the live-reload script. `--no-reload` leaves it out: a headless browser
    /// given a time budget (screenshot tools, test runners) waits for every connection to end,
    /// and the reload connection never does.
    public var liveReload = true

    public init(sourcePath: String) { self.sourcePath = sourcePath }
}

/// Builds the site into memory, publishes each good build to the server's `PreviewState`, and
/// rebuilds whenever the site's files change, for as long as the server runs. Runs as a service
/// beside the server, so one graceful shutdown (Ctrl-C, SIGTERM) stops both: the watcher ends and
/// every live-reload connection is closed, so the server is not kept waiting for them.
public final class PreviewSession: Service, Sendable {
    public let state: PreviewState
    public let options: ServeOptions
    private let source: String
    private let log: @Sendable (String) -> Void
    private let problems: @Sendable ([Diagnostic]) -> Void
    /// What each rebuild keeps for the next, so an edit redoes only what it affects.
    public let memo = BuildMemo()
    /// Held by whatever builds or publishes.
    private let building = NSLock()
    /// When the graceful shutdown (Ctrl-C, SIGTERM) began, for the time stopping took.
    public let shutdownBegan = Locked<DispatchTime?>(nil)
    /// The origin pages are built for (`http://127.0.0.1:8080`); set once the port is known.
    private let origin: Locked<String>

    /// The folders and files a site is built from, all watched.
    public static let watchedFolders = ["content", "templates", "static", "data"]
    public static let watchedFiles: Set<String> = [SiteConfigFile.name]

    public init(
        options: ServeOptions, log: @escaping @Sendable (String) -> Void,
        problems: @escaping @Sendable ([Diagnostic]) -> Void
    ) {
        self.options = options
        self.state = PreviewState(site: .empty(liveReload: options.liveReload))
        self.source = URL(fileURLWithPath: options.sourcePath).standardizedFileURL.resolvingSymlinksInPath().path
        self.log = log
        self.problems = problems
        self.origin = Locked(Self.origin(host: options.host, port: options.port))
    }

    /// `http://host:port`, with IPv6 hosts in brackets and the any-address shown as localhost.
    public static func origin(host: String, port: Int) -> String {
        let shown = host == "0.0.0.0" || host == "::" ? "localhost" : host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }

    /// Builds for the port the server actually listens on (when it was asked for any free one).
    public func listening(on port: Int) {
        origin.withLock { $0 = Self.origin(host: options.host, port: port) }
    }

    /// The address of the site's home page.
    public var homeURL: String { origin.withLock { $0 } + state.site.basePath }

    /// Builds the whole site in memory and serves the result (or, on errors, keeps the last good
    /// build and serves the error page). Returns whether the build succeeded.
    @discardableResult public func rebuild(reason: String? = nil) -> Bool {
        // One build at a time: the first build (started when the port is known) and the watcher's
        // rebuilds share the memo, and must publish in the order they ran.
        building.lock()
        defer { building.unlock() }
        let began = DispatchTime.now()
        var buildOptions = BuildOptions(
            sourcePath: source, includeDrafts: options.includeDrafts, includeFuture: options.includeFuture,
            now: options.now ?? Date())
        buildOptions.previewOrigin = origin.withLock { $0 }
        // The same cache as `herald build`'s, beside the default output folder.
        buildOptions.imageCachePath = ImageCache.folder(besideOutput: source + "/site-output")
        let output = MemoryOutput()
        do {
            var build = Build(options: buildOptions, fileSystem: .disk(root: source))
            build.memo = memo
            let report = try build.run(into: output)
            let previous = state.site
            let site = previous.replacing(with: output.files, basePath: report.basePath, unchanged: memo.reusedOutputs)
            state.publish(site)
            if !report.warnings.isEmpty { problems(report.warnings) }
            if options.timings {
                for timing in report.timings {
                    log(
                        String(
                            format: "  %8.1f ms %8.1f ms CPU  %@", timing.seconds * 1000, timing.cpuSeconds * 1000,
                            timing.step))
                }
                // What the rebuild could keep from the last one: for --timings, not for every save.
                log("  kept from the last build: \(memo.reused)")
            }
            let milliseconds = began.secondsElapsed * 1000
            let changed =
                site.generation == previous.generation
                ? "no page changed"
                : "\(site.changedFiles) page\(site.changedFiles == 1 ? "" : "s") or file\(site.changedFiles == 1 ? "" : "s") of the site updated"
            log(
                "\(reason.map { $0 + ": " } ?? "")built \(report.items) items into \(report.pages) pages in \(String(format: "%.0f", milliseconds)) ms; \(changed)"
            )
            return true
        } catch let failure as BuildFailure {
            state.publish(state.site.failing(with: failure.diagnostics))
            problems(failure.diagnostics)
            log("\(failure.summary); still serving the last good build")
            return false
        } catch {
            let diagnostic = Diagnostic(path: ".", line: 1, "\(error)")
            state.publish(state.site.failing(with: [diagnostic]))
            problems([diagnostic])
            return false
        }
    }

    /// When every changed file is an item whose body alone changed, serves its page again at once
    /// (and reloads the browser), ahead of the whole rebuild that follows. Returns whether it did.
    @discardableResult public func quickUpdate(_ changed: [String]) -> Bool {
        building.lock()
        defer { building.unlock() }
        let site = state.site
        guard site.failure == nil, let paths = Self.editedContentFiles(changed) else { return false }
        let began = DispatchTime.now()
        let fileSystem = FileSystem.disk(root: source)
        var pages: [(path: String, bytes: Data)] = []
        for path in paths {
            guard let page = memo.quickPage(for: path, fileSystem: fileSystem) else { return false }
            pages.append(page)
        }
        let updated = site.updating(pages)
        state.publish(updated)
        let milliseconds = began.secondsElapsed * 1000
        log(
            "\(paths.count == 1 ? paths[0] : "\(paths.count) files"): page\(pages.count == 1 ? "" : "s") updated in \(String(format: "%.0f", milliseconds)) ms; rebuilding the rest"
        )
        return true
    }

    /// The content files among `changed`, when they are all that changed: editors save through
    /// swap, backup and temporary files beside the file, which are not content. Nil when anything
    /// else changed (a template, site.yml, a static file).
    static func editedContentFiles(_ changed: [String]) -> [String]? {
        let paths = changed.filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            // Hidden swap files, `name~` backups, `.swp`/`.tmp`, and vim's numbered probe files.
            let scratch =
                name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".tmp")
                || (!name.isEmpty && name.allSatisfy(\.isNumber))
            return !scratch
        }
        guard !paths.isEmpty, paths.allSatisfy({ $0.hasPrefix("content/") && $0.hasSuffix(".md") }) else { return nil }
        return paths
    }

    /// After edits to bodies alone, makes again only the pages and files they reach, from the
    /// last build (`BuildMemo.rebuildBodyEdits`): exactly what the whole rebuild would serve, in
    /// milliseconds. Returns false, doing nothing, when the whole rebuild is needed.
    @discardableResult public func rebuildBodies(_ changed: [String]) -> Bool {
        building.lock()
        defer { building.unlock() }
        let site = state.site
        guard site.failure == nil, let paths = Self.editedContentFiles(changed) else { return false }
        let began = DispatchTime.now()
        guard let rebuilt = memo.rebuildBodyEdits(paths, fileSystem: .disk(root: source), now: options.now ?? Date())
        else { return false }
        let updated = site.updating(rebuilt.files, provisional: false)
        state.publish(updated)
        let milliseconds = began.secondsElapsed * 1000
        let changedFiles = updated.generation == site.generation ? 0 : updated.changedFiles
        log(
            "\(paths.count == 1 ? paths[0] : "\(paths.count) files"): rebuilt after an edit to \(paths.count == 1 ? "its body" : "their bodies") alone in \(String(format: "%.0f", milliseconds)) ms; "
                + "\(rebuilt.pages) page\(rebuilt.pages == 1 ? "" : "s") and \(rebuilt.documents) other file\(rebuilt.documents == 1 ? "" : "s") made again, \(changedFiles) changed"
        )
        return true
    }

    /// Watches the site and rebuilds after each burst of changes, until a graceful shutdown.
    public func run() async throws {
        let watcher = try FolderWatcher(root: source, folders: Self.watchedFolders, files: Self.watchedFiles)
        for warning in watcher.warnings { problems([Diagnostic.warning(path: ".", line: 1, warning)]) }
        let changes = watcher.changes()
        await withGracefulShutdownHandler {
            for await batch in changes.cancelOnGracefulShutdown() {
                let names = batch.sorted()
                quickUpdate(names)
                if !rebuildBodies(names) {
                    rebuild(reason: names.count == 1 ? names[0] : "\(names.count) files changed")
                }
            }
        } onGracefulShutdown: {
            self.shutdownBegan.withLock { $0 = DispatchTime.now() }
            watcher.stop()
            self.state.closeAll()
        }
    }
}
