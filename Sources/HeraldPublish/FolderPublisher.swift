import Foundation
import Herald

/// Publishes into a folder on this machine (`--to /srv/www/union`).
///
/// The new site is put together beside the folder (unchanged files hard-linked from it, so they
/// keep their inode and modification time; new and changed files copied), then swapped in with one
/// `renameat2(RENAME_EXCHANGE)`: a web server serving the folder sees the previous site or the new
/// one, never a mix, and a publish stopped at any moment leaves the previous site in place.
final class FolderPublisher: Publisher {
    /// The target folder, absolute.
    let folder: String
    private let context: PublishContext

    init(folder: String, context: PublishContext) {
        let expanded = (folder as NSString).expandingTildeInPath
        // A target that is a link (`/srv/www/union -> releases/7`) stays a link: the folder it
        // points to is the one swapped.
        self.folder = URL(fileURLWithPath: expanded).standardizedFileURL.resolvingSymlinksInPath().path
        self.context = context
    }

    /// Prefix of the scratch folders beside the target: `.union.herald-…`.
    private var scratchPrefix: String { "." + (folder as NSString).lastPathComponent + ".herald-" }
    private var parent: String { (folder as NSString).deletingLastPathComponent }

    func plan(_ site: BuiltSite) throws -> PublishPlan {
        try step("check target") { try refuseOverlap(site) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            return PublishPlan.compare(site, with: [:])
        }
        guard isFolder.boolValue else { throw PublishFailure(step: "read target", "\(folder) is a file, not a folder") }
        return try step("read target") {
            // Read without following any link in the folder: a link planted there (news ->
            // /tmp/elsewhere) is an entry of its own, never a way out.
            let target = try TargetFolder(path: folder)
            let listing = try target.walk()
            emptyFolders = listing.emptyFolders
            let manifest = PublishManifest.decode(target.read(PublishManifest.fileName))
            let paths = listing.files.filter { $0 != PublishManifest.fileName }
            // A file is known by its manifest hash while it is as published (its size and its
            // status-change time agree); otherwise (no manifest, or a file edited by hand, even to
            // the same size) it is read and hashed.
            let known = paths.parallelMap { path -> (String, PublishPlan.KnownFile) in
                guard let info = target.status(path), info.st_mode & S_IFMT == S_IFREG else {
                    return (path, PublishPlan.KnownFile(sha256: nil, size: nil))
                }
                if let entry = manifest?.files[path], entry.size == Int(info.st_size),
                    entry.changed == nil || entry.changed == PublishManifest.Entry.changeTime(info)
                {
                    return (path, PublishPlan.KnownFile(sha256: entry.sha256, size: entry.size))
                }
                return (path, PublishPlan.KnownFile(sha256: target.read(path).map(sha256Hex), size: Int(info.st_size)))
            }
            var plan = PublishPlan.compare(site, with: Dictionary(known, uniquingKeysWith: { a, _ in a }))
            plan.setAsideForeign(
                publishedBefore: manifest.map { Set($0.files.keys) }, sitePaths: Set(site.publishedFiles.map(\.path)))
            return plan
        }
    }

    /// Folders in the target that hold nothing, found by `plan`: nobody but Herald's users makes
    /// them (a publish makes only folders that hold files), so they are kept like foreign files.
    private var emptyFolders: [String] = []

    func publish(_ site: BuiltSite, plan: PublishPlan, log: (String) -> Void) throws {
        let intact = "the folder still holds the previous site"
        removeLeftovers()
        let staging = try step("stage the new site", targetState: intact) {
            try FileManager.default.makeScratchFolder(in: parent, prefix: scratchPrefix + "new-")
        }
        var swapped = false
        defer { if !swapped { try? FileManager.default.removeItem(atPath: staging) } }
        try step("stage the new site", targetState: intact) {
            try stage(site, plan, into: staging)
            // mkdtemp makes a private folder; the site must be readable by the web server, as before.
            var info = stat()
            let mode = stat(folder, &info) == 0 ? info.st_mode & 0o7777 : 0o755
            chmod(staging, mode)
        }
        try step("swap folders", targetState: intact) {
            if FileManager.default.fileExists(atPath: folder) {
                if Self.exchange(staging, folder) {
                    swapped = true
                    // `staging` now holds the previous site.
                    try? FileManager.default.removeItem(atPath: staging)
                    return
                }
                // A file system without RENAME_EXCHANGE: two renames, with a moment between them
                // in which the folder is missing (never one holding a mix).
                let previous = parent + "/" + scratchPrefix + "previous-\(getpid())"
                guard rename(folder, previous) == 0 else {
                    throw PublishFailure(
                        step: "swap folders", "could not move \(folder) aside: \(String(cString: strerror(errno)))")
                }
                guard rename(staging, folder) == 0 else {
                    let reason = String(cString: strerror(errno))
                    rename(previous, folder)
                    throw PublishFailure(step: "swap folders", "could not move the new site into place: \(reason)")
                }
                swapped = true
                try? FileManager.default.removeItem(atPath: previous)
            } else {
                guard rename(staging, folder) == 0 else {
                    throw PublishFailure(
                        step: "swap folders",
                        "could not move the new site to \(folder): \(String(cString: strerror(errno)))")
                }
                swapped = true
            }
        }
    }

    func cleanUp() {}

    /// Puts the new site together in `staging`: unchanged files linked from the target, the
    /// others copied from the output, the files Herald did not publish kept, and the manifest.
    private func stage(_ site: BuiltSite, _ plan: PublishPlan, into staging: String) throws {
        // Every write goes through the staging folder's own descriptor and every read from the
        // target through the target's, component by component, never following a link.
        let stage = try TargetFolder(path: staging)
        let target = try FileManager.default.fileExists(atPath: folder) ? TargetFolder(path: folder) : nil
        let files = site.publishedFiles
        for relative in Set(files.flatMap { $0.path.enclosingFolders }).sorted() {
            try stage.makeFolder(relative)
        }
        let copied = Set(plan.added + plan.changed)
        let problems = files.parallelMap { file -> String? in
            do {
                // Unchanged: the same inode as the published file, so it is not touched at all.
                if !copied.contains(file.path), let target, try stage.link(file.path, from: target, regularOnly: true) {
                    return nil
                }
                try stage.copy(from: site.folder + "/" + file.path, to: file.path)
                return nil
            } catch {
                return "\(error)"
            }
        }.compactMap { $0 }
        if let first = problems.first {
            throw PublishFailure(
                step: "stage the new site",
                "could not copy \(problems.count) file\(problems.count == 1 ? "" : "s"), the first \(first)")
        }
        if let target { try keepForeign(plan, from: target, in: stage, site: files) }
        let manifest = PublishManifest(
            site: BuiltSite(folder: site.folder, files: files),
            changed: { path in
                stage.status(path).map(PublishManifest.Entry.changeTime)
            })
        try stage.write(manifest.encoded(), to: PublishManifest.fileName)
    }

    /// Puts the files Herald did not publish, and the empty folders, into the new site as they
    /// are (the same inodes), each folder above them with its mode in the target.
    private func keepForeign(
        _ plan: PublishPlan, from target: TargetFolder, in stage: TargetFolder, site: [SiteFile]
    ) throws {
        let sitePaths = Set(site.map(\.path))
        // An empty folder where the site has a file, or inside one, gives way to it.
        let empty = emptyFolders.filter { folder in
            !sitePaths.contains(folder) && !folder.enclosingFolders.contains(where: sitePaths.contains)
        }
        let folders = Set(plan.kept.flatMap(\.enclosingFolders) + empty)
        for relative in folders.sorted() where stage.status(relative) == nil {
            try stage.makeFolder(relative, mode: target.status(relative).map { $0.st_mode & 0o7777 } ?? 0o755)
        }
        for path in plan.kept {
            do { try stage.keep(path, from: target) } catch {
                throw PublishFailure(
                    step: "stage the new site", "could not keep \(path), which Herald did not publish: \(error)")
            }
        }
    }

    /// Scratch folders left beside the target by a publish that was killed.
    private func removeLeftovers() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where name.hasPrefix(scratchPrefix) {
            try? FileManager.default.removeItem(atPath: parent + "/" + name)
        }
    }

    /// The target may not be, hold or lie inside the output or the site folder: swapping it would
    /// delete what is being published.
    private func refuseOverlap(_ site: BuiltSite) throws {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let source = URL(fileURLWithPath: context.sourceFolder).standardizedFileURL.resolvingSymlinksInPath().path
        let output = URL(fileURLWithPath: site.folder).resolvingSymlinksInPath().path
        func overlaps(_ a: String, _ b: String) -> Bool { a == b || a.hasPrefix(b + "/") || b.hasPrefix(a + "/") }
        if resolved == "/" || resolved == NSHomeDirectory() {
            throw PublishFailure(
                step: "check target", "\(folder) cannot be a publish target: it would be replaced whole")
        }
        if overlaps(resolved, output) {
            throw PublishFailure(step: "check target", "\(folder) overlaps the output folder \(site.folder)")
        }
        if overlaps(resolved, source) {
            throw PublishFailure(step: "check target", "\(folder) overlaps the site folder \(context.sourceFolder)")
        }
    }

    /// Every file (not folder) under `root`, relative, without following links.
    static func files(in root: String) throws -> [String] {
        try TargetFolder(path: root).walk().files
    }

    /// Swaps two paths atomically with Linux's `renameat2(…, RENAME_EXCHANGE)`. Looked up at run
    /// time because Swift's Glibc module does not declare it (it needs `_GNU_SOURCE`).
    static func exchange(_ a: String, _ b: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }
}
