import Foundation
import Glibc
import Herald
import Synchronization

/// Watches a site's folders with inotify and reports changed paths in batches: a burst of saves
/// (an editor's write-then-rename, `git checkout`) arrives as one batch once the folder has been
/// quiet for `quiet` seconds, or for `settledQuiet` seconds once every changed file is complete.
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
    /// Folders that could not be watched, in words, for the session to show.
    public private(set) var warnings: [String] = []
    private let stopPipe: [Int32]
    private let started = Locked(false)

    /// Watches `folders` (relative to `root`, recursively) and the single `files` directly in `root`.
    public init(root: String, folders: [String], files: Set<String>) throws {
        self.root = root
        self.folders = folders
        self.files = files
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw WatchError(message: "inotify could not start: \(String(cString: strerror(errno)))")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw WatchError(message: "could not make a pipe: \(message)")
        }
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

    /// The batches of changed paths (relative to the root), until `stop()`. A batch is sent once
    /// the folders have been quiet for `quiet` seconds, or for `settledQuiet` seconds when every
    /// changed file is settled (see `ChangeBatch`), or after `longest` seconds of steady changes.
    /// Call it once: the watch runs on one thread.
    public func changes(
        quiet: Double = 0.03, settledQuiet: Double = 0.008, longest: Double = 0.5
    ) -> AsyncStream<Set<String>> {
        let again = started.withLock { started in
            defer { started = true }
            return started
        }
        precondition(!again, "FolderWatcher.changes() is called once")
        return AsyncStream { continuation in
            let thread = Thread { [self] in
                self.run(quiet: quiet, settledQuiet: settledQuiet, longest: longest) { continuation.yield($0) }
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

    private let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF
            | IN_MOVE_SELF)

    private func add(folder: String) {
        let path = folder.isEmpty ? root : root + "/" + folder
        let watch = inotify_add_watch(descriptor, path, mask | UInt32(IN_ONLYDIR))
        if watch < 0 {
            warnings.append(
                "\(folder.isEmpty ? "the site folder" : folder) is not watched: \(String(cString: strerror(errno)))"
                    + (errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : ""))
        } else if watches[watch] == nil {
            watches[watch] = folder
        }
    }

    /// Watches a folder and every folder in it. `walked` holds the folders seen in this walk, by
    /// device and inode, so a link back to one (`a -> .`) is not followed round and round.
    private func addRecursively(_ folder: String) {
        var walked: Set<FileStamps.FolderID> = []
        addRecursively(folder, walked: &walked)
    }

    private func addRecursively(_ folder: String, walked: inout Set<FileStamps.FolderID>) {
        var info = stat()
        guard stat(root + "/" + folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
            walked.insert(FileStamps.FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
        else { return }
        add(folder: folder)
        guard let directory = opendir(root + "/" + folder) else { return }
        defer { closedir(directory) }
        for (child, _) in DirectoryListing.entries(of: directory) {
            addRecursively(folder + "/" + child, walked: &walked)
        }
    }

    /// Whether a path is one the site is built from.
    private func matters(_ path: String) -> Bool {
        files.contains(path) || folders.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    /// While every changed file is settled (see `ChangeBatch`), the batch goes after the short
    /// `settledQuiet`: the 30 ms quiet a file still being written needs was most of the time from
    /// a save to the browser's reload (37 ms, `bench/serve_bench.py`).
    private func run(quiet: Double, settledQuiet: Double, longest: Double, emit: (Set<String>) -> Void) {
        var pending = ChangeBatch()
        var firstPending = DispatchTime.now()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var polls = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0),
            ]
            // Wait for ever while nothing is pending; once something is, only until it has been
            // quiet, and never longer than `longest` since the first change.
            let waited = firstPending.secondsElapsed
            let wait = pending.isSettled ? settledQuiet : quiet
            let timeout = pending.isEmpty ? -1 : Int32((max(0, min(wait, longest - waited)) * 1000).rounded(.up))
            let ready = poll(&polls, 2, timeout)
            if ready < 0 && errno == EINTR { continue }
            if polls[1].revents != 0 { return }
            if ready == 0 || (!pending.isEmpty && waited >= longest) {
                emit(pending.take())
                if ready == 0 { continue }
            }
            let wasEmpty = pending.isEmpty
            defer { if wasEmpty && !pending.isEmpty { firstPending = DispatchTime.now() } }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { continue }
            var offset = 0
            while offset < count {
                let (watch, eventMask, nameLength, name) = buffer.withUnsafeBytes {
                    raw -> (Int32, UInt32, Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                    return (event.wd, event.mask, Int(event.len), String(decoding: nameBytes, as: UTF8.self))
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
                // Too many events at once: the kernel dropped some, so report a change to everything.
                if eventMask & UInt32(IN_Q_OVERFLOW) != 0 {
                    pending.add(folders + files)
                    // A folder made meanwhile may be among the events lost: walk everything again.
                    var walked: Set<FileStamps.FolderID> = []
                    for folder in folders { addRecursively(folder, walked: &walked) }
                    continue
                }
                guard let folder = watches[watch] else { continue }
                let path = folder.isEmpty ? name : (name.isEmpty ? folder : folder + "/" + name)
                if eventMask & UInt32(IN_IGNORED) != 0 {
                    watches[watch] = nil
                    continue
                }
                // A new folder (or one moved in) is watched too, with what it already holds.
                if eventMask & UInt32(IN_ISDIR) != 0, eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                    matters(path) || folders.contains(path)
                {
                    addRecursively(path)
                }
                guard matters(path) else { continue }
                pending.record(path, mask: eventMask)
            }
        }
    }
}
