import Foundation
import Herald
import NIOCore

/// One build as the preview server serves it: every file's bytes, ready to send, with the time
/// each last changed; and, when the latest build failed, its errors (the files stay those of the
/// last good build).
public struct ServedSite: Sendable {
    /// A file ready to send.
    public struct File: Sendable {
        /// What the build wrote.
        public var built: Data
        /// The bytes sent: the build's own, with the live-reload script in HTML pages.
        public var body: ByteBuffer
        /// When these bytes first appeared (Last-Modified, and with the size the ETag).
        public var modified: Date
    }

    /// Output path (`news/hello/index.html`) → file.
    public var files: [String: File]
    /// Every folder that holds a file (`news`, `news/hello`), for folder requests.
    public var folders: Set<String>
    /// Counts the changes served; a live-reload event is sent for each.
    public var generation: Int
    /// The path the site lives under (`/` or `/union/`).
    public var basePath: String
    /// The errors of the latest build, when it failed.
    public var failure: [Diagnostic]?
    /// Files rendered ahead of a rebuild (`updating`); the rebuild compares their bytes rather
    /// than trusting its memo, which never saw them.
    public var provisional: Set<String> = []
    /// Whether HTML pages are served with the live-reload script (see `ServeOptions.liveReload`).
    public var liveReload = true
    /// How many files the latest change added, changed or removed.
    public var changedFiles = 0
    /// The pages (URL paths, `/union/news/hello/`) the latest change touched, so an open page
    /// reloads only when it is one of them; nil when every page should reload (a failure shown
    /// or cleared, a new base path, or many pages at once).
    public var changedPages: Set<String>? = nil

    /// The URL path a page file is served at: `news/hello/index.html` → `/union/news/hello/`.
    func urlPath(of file: String) -> String {
        basePath + URLLayout.pagePath(ofFile: file)
    }

    /// The page shown for a URL path nothing is at: the nearest `404.html` up its folders (a
    /// multilingual site's `/en/404.html` for `/en/nope/`, in English), as Cloudflare Pages and
    /// GitHub Pages' folder sites serve them, else the site's own.
    public func notFoundPage(for urlPath: String) -> File? {
        let relative = urlPath.hasPrefix(basePath) ? String(urlPath.dropFirst(basePath.count)) : ""
        var folders = relative.split(separator: "/").dropLast(urlPath.hasSuffix("/") ? 0 : 1).map(String.init)
        while true {
            if let page = files[(folders + ["404.html"]).joined(separator: "/")] { return page }
            guard !folders.isEmpty else { return nil }
            folders.removeLast()
        }
    }

    /// The language of the page at a URL path (`<html lang="…">` of the last good build's page),
    /// else of the home page, else nil: what the error page is written in while the site fails.
    public func language(ofPage urlPath: String) -> String? {
        let key = urlPath.hasPrefix(basePath) ? String(urlPath.dropFirst(basePath.count)) : ""
        for page in [URLLayout.pageFile(key), URLLayout.rootPage] {
            guard let head = files[page]?.built.prefix(512) else { continue }
            let text = String(decoding: head, as: UTF8.self)
            if let match = text.firstMatch(of: /<html lang="([A-Za-z0-9-]{2,35})"/) { return String(match.1) }
        }
        return nil
    }

    /// A site with nothing built yet.
    public static func empty(basePath: String = "/", liveReload: Bool = true) -> ServedSite {
        ServedSite(files: [:], folders: [], generation: 0, basePath: basePath, failure: nil, liveReload: liveReload)
    }

    /// A page's bytes as served: with the live-reload script, unless it is off.
    private func served(_ path: String, _ data: Data) -> Data {
        liveReload && path.hasSuffix(".html") ? LiveReload.inject(into: data) : data
    }

    /// The site served after a successful build that wrote `output`. A file whose bytes did not
    /// change keeps its time (so a browser's copy stays valid); when nothing changed at all and
    /// no failure is being cleared, the site is returned as it was and no reload is sent.
    /// `unchanged` names files known to have the same bytes as before (reused by the build's memo),
    /// which are not compared again.
    public func replacing(
        with output: [String: Data], basePath: String, unchanged: Set<String> = [], at now: Date = Date()
    ) -> ServedSite {
        var files: [String: File] = [:]
        files.reserveCapacity(output.count)
        let removed = self.files.keys.filter { output[$0] == nil }
        var changedFiles = removed.count
        var changedPages = Set(removed.filter { $0.hasSuffix(".html") }.map(urlPath))
        for (path, data) in output {
            if let old = self.files[path],
                (unchanged.contains(path) && !provisional.contains(path)) || old.built == data
            {
                files[path] = old
            } else {
                changedFiles += 1
                if path.hasSuffix(".html") { changedPages.insert(urlPath(of: path)) }
                files[path] = File(built: data, body: ByteBuffer(bytes: served(path, data)), modified: now)
            }
        }
        guard changedFiles > 0 || basePath != self.basePath || failure != nil else {
            var same = self
            same.provisional = []
            return same
        }
        // A stylesheet, image or feed may show on any page; so may a changed base path or a failure.
        let everyPage =
            basePath != self.basePath || failure != nil || changedFiles > changedPages.count
            || changedPages.count > 1000
        let pages = everyPage ? nil : changedPages
        // The same paths hold the same folders.
        if removed.isEmpty, output.count == self.files.count {
            return ServedSite(
                files: files, folders: self.folders, generation: generation + 1, basePath: basePath, failure: nil,
                liveReload: liveReload, changedFiles: changedFiles, changedPages: pages)
        }
        var folders = Set<String>()
        for path in output.keys {
            for folder in path.enclosingFolders {
                guard folders.insert(folder).inserted else { break }
            }
        }
        return ServedSite(
            files: files, folders: folders, generation: generation + 1, basePath: basePath, failure: nil,
            liveReload: liveReload, changedFiles: changedFiles, changedPages: pages)
    }

    /// The same site with a few files' built bytes replaced; a reload is sent if any of them
    /// changed. `provisional` files (an edited page rendered ahead of the rebuild) are compared by
    /// the next rebuild rather than trusted to its memo; files a rebuild made (after edits to
    /// bodies alone) are no longer provisional, whether or not their bytes changed.
    public func updating(
        _ pages: [(path: String, bytes: Data)], provisional: Bool = true, at now: Date = Date()
    ) -> ServedSite {
        var site = self
        var changed: Set<String> = []
        for (path, bytes) in pages {
            if !provisional { site.provisional.remove(path) }
            guard site.files[path]?.built != bytes else { continue }
            site.files[path] = File(built: bytes, body: ByteBuffer(bytes: served(path, bytes)), modified: now)
            if provisional { site.provisional.insert(path) }
            changed.insert(path)
        }
        guard !changed.isEmpty else { return site }
        site.generation += 1
        site.changedFiles = changed.count
        site.changedPages = Set(changed.filter { $0.hasSuffix(".html") }.map(urlPath))
        return site
    }

    /// The same files, marked as failed with `diagnostics` (shown in place of pages until a good build).
    public func failing(with diagnostics: [Diagnostic]) -> ServedSite {
        var site = self
        site.failure = diagnostics
        site.generation += 1
        site.changedPages = nil
        return site
    }
}
