import Foundation
import Herald

/// Writes an imported site to disk: into a staging folder beside the destination, moved into
/// place only when every file is written, so a failed import leaves nothing half-made.
public enum ImportWriter {
    /// Why the destination cannot be written.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Checks the destination before the import runs: it must not be the old site or inside it
    /// (which is never written to), and must be empty unless `force`.
    public static func check(destination: String, source: String, force: Bool) throws {
        let target = URL(fileURLWithPath: destination).standardizedFileURL.resolvingSymlinksInPath().path
        let old = URL(fileURLWithPath: source).standardizedFileURL.resolvingSymlinksInPath().path
        if target == old || target.hasPrefix(old + "/") || old.hasPrefix(target + "/") {
            throw Refusal(
                description:
                    "\(destination) is the old site's folder, inside it or around it; the old site is never written to: choose another --into"
            )
        }
        if isSymbolicLink(URL(fileURLWithPath: destination).standardizedFileURL.path) {
            throw Refusal(
                description:
                    "\(destination) is a symbolic link; the new site is written into a real folder only: give the folder it points to, or another --into"
            )
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw Refusal(description: "\(destination) is a file, not a folder: choose another --into")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
        if !entries.isEmpty, !force {
            throw Refusal(
                description:
                    "\(destination) is not empty; choose an empty or new folder, or add --force to replace what is in it"
            )
        }
    }

    /// Writes the site into `destination` (replacing what is there), reading copies from `tree`.
    ///
    /// Every path of the plan is checked first (see `problem(withPath:)`): whatever the layers
    /// above made of a hostile old site, nothing is written outside `destination`, and a refused
    /// path writes nothing at all.
    public static func write(_ result: ImportResult, tree: SourceTree, destination: String) throws {
        let target = URL(fileURLWithPath: destination).standardizedFileURL
        try checkPaths(of: result, target: target, destination: destination)
        let parent = target.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(
            ".\(target.lastPathComponent).herald-import-\(ProcessInfo.processInfo.processIdentifier)")
        let manager = FileManager.default
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            try writeFiles(of: result, tree: tree, into: staging)
            try moveIntoPlace(staging, target: target)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    /// Refuses, before anything is written, a path of the plan that could lead outside the
    /// destination, and a destination that is a symbolic link.
    static func checkPaths(of result: ImportResult, target: URL, destination: String) throws {
        for path in result.files.keys.sorted() + result.copies.map(\.to) {
            if let problem = problem(withPath: path) {
                throw Refusal(
                    description: "the new site's file '\(path)' cannot be written: \(problem); nothing was written")
            }
        }
        if isSymbolicLink(target.path) {
            throw Refusal(
                description:
                    "\(destination) is a symbolic link; the new site is written into a real folder only: nothing was written"
            )
        }
    }

    /// Every file of the new site written into the staging folder: folders first, then every
    /// file on all cores; a copy the plan also writes is written once, as the plan's.
    static func writeFiles(of result: ImportResult, tree: SourceTree, into staging: URL) throws {
        let manager = FileManager.default
        let copies = result.copies.filter { result.files[$0.to] == nil }
        let paths = Array(result.files.keys) + copies.map(\.to)
        for folder in Set(paths.map { ($0 as NSString).deletingLastPathComponent }).sorted() where !folder.isEmpty {
            try manager.createDirectory(
                at: staging.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let writes: [(path: String, from: String?)] =
            result.files.keys.map { ($0, nil) } + copies.map { ($0.to, $0.from) }
        let files = result.files
        let failures = writes.parallelMap { write -> String? in
            let data = write.from.map { tree.read($0) } ?? files[write.path]
            guard let data else { return nil }  // a file that vanished since it was listed
            do {
                try data.write(to: staging.appendingPathComponent(write.path))
                return nil
            } catch {
                return "\(write.path): \(error.localizedDescription)"
            }
        }.compactMap { $0 }
        if let failure = failures.first { throw Refusal(description: "could not write \(failure)") }
    }

    /// The staging folder's contents replace the destination's (checked empty, or --force), or
    /// the staging folder becomes the destination when there is none.
    static func moveIntoPlace(_ staging: URL, target: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: target.path) else {
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.moveItem(at: staging, to: target)
            return
        }
        for entry in try manager.contentsOfDirectory(atPath: target.path) {
            // A link is removed itself, never what it points to.
            let path = target.appendingPathComponent(entry).path
            if isSymbolicLink(path) {
                guard unlink(path) == 0 else { throw Refusal(description: "could not remove the link \(path)") }
                continue
            }
            try manager.removeItem(at: target.appendingPathComponent(entry))
        }
        for entry in try manager.contentsOfDirectory(atPath: staging.path) {
            try manager.moveItem(
                at: staging.appendingPathComponent(entry), to: target.appendingPathComponent(entry))
        }
        try manager.removeItem(at: staging)
    }

    /// Why a path of the new site (relative to its folder) could lead outside it, or nil when it
    /// stays inside: it must be relative, with no `.` or `..` or empty segment, no backslash, no
    /// control character or NUL, and no name longer than a file system takes (255 bytes).
    public static func problem(withPath path: String) -> String? {
        // The rule every path Herald writes keeps, the build's and publish's alike.
        ConfinedPath.refusal(path)?.description
    }

    /// Whether `path` is a symbolic link itself (not followed).
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
