import Foundation
import Glibc
import Herald

/// Watches a site's folders with inotify and reports changed paths in batches: a burst of saves
/// (an editor's write-then-rename, `git checkout`) arrives as one batch once the folder has been
/// quiet for `quiet` seconds.
///
/// Every folder under the watched ones is watched, including folders created later. The watch
/// runs on a thread of its own, blocked in `poll`, so it costs nothing while nothing changes.
public final class FolderWatcher: @unchecked Sendable {
    // The descriptor and watch table are used only on the watcher's thread after `init`.
    private let descriptor: Int32
    private let root: String
    private let folders: [String]
    private let files: Set<String>
    private var watches: [Int32: String] = [:]
    private let stopPipe: [Int32]

    /// Watches `folders` (relative to `root`, recursively) and the single `files` directly in `root`.
    public init(root: String, folders: [String], files: Set<String>) throws {
        self.root = root
        self.folders = folders
        self.files = files
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError(message: "inotify could not start: \(String(cString: strerror(errno)))") }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw WatchError(message: "could not make a pipe: \(String(cString: strerror(errno)))") }
        stopPipe = ends
        // The root itself, for site.yml and for watched folders that appear later.
        add(folder: "")
        for folder in folders { addRecursively(folder) }
    }

    deinit {
        close(descriptor)
        close(stopPipe[0])
        close(stopPipe[1])
    }

    /// What went wrong starting a watch.
    public struct WatchError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The batches of changed paths (relative to the root), until `stop()`.
    public func changes(quiet: Double = 0.03) -> AsyncStream<Set<String>> {
        AsyncStream { continuation in
            let thread = Thread { [self] in
                self.run(quiet: quiet) { continuation.yield($0) }
                continuation.finish()
            }
            thread.name = "herald watcher"
            thread.start()
            continuation.onTermination = { [weak self] _ in self?.stop() }
        }
    }

    /// Ends the stream of changes.
    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
    }

    private let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    private func add(folder: String) {
        let path = folder.isEmpty ? root : root + "/" + folder
        let watch = inotify_add_watch(descriptor, path, mask | UInt32(IN_ONLYDIR))
        if watch >= 0 { watches[watch] = folder }
    }

    private func addRecursively(_ folder: String) {
        var info = stat()
        guard stat(root + "/" + folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        add(folder: folder)
        guard let directory = opendir(root + "/" + folder) else { return }
        defer { closedir(directory) }
        for (child, _) in DirectoryListing.entries(of: directory) { addRecursively(folder + "/" + child) }
    }

    /// Whether a path is one the site is built from.
    private func matters(_ path: String) -> Bool {
        files.contains(path) || folders.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    private func run(quiet: Double, emit: (Set<String>) -> Void) {
        var pending = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var polls = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
            // Wait for ever while nothing is pending; once something is, only until it has been quiet.
            let timeout = pending.isEmpty ? -1 : Int32(quiet * 1000)
            let ready = poll(&polls, 2, timeout)
            if ready < 0 && errno == EINTR { continue }
            if polls[1].revents != 0 { return }
            if ready == 0 {
                emit(pending)
                pending = []
                continue
            }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { continue }
            var offset = 0
            while offset < count {
                let (watch, eventMask, nameLength, name) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                    return (event.wd, event.mask, Int(event.len), String(decoding: nameBytes, as: UTF8.self))
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
                // Too many events at once: the kernel dropped some, so report a change to everything.
                if eventMask & UInt32(IN_Q_OVERFLOW) != 0 {
                    pending.formUnion(folders + files)
                    continue
                }
                guard let folder = watches[watch] else { continue }
                let path = folder.isEmpty ? name : (name.isEmpty ? folder : folder + "/" + name)
                if eventMask & UInt32(IN_IGNORED) != 0 { watches[watch] = nil; continue }
                // A new folder (or one moved in) is watched too, with what it already holds.
                if eventMask & UInt32(IN_ISDIR) != 0, eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, matters(path) || folders.contains(path) {
                    addRecursively(path)
                }
                if matters(path) { pending.insert(path) }
            }
        }
    }
}
