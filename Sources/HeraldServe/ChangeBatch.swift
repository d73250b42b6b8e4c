import Glibc

/// The changed paths a `FolderWatcher` has gathered since it last sent a batch, and whether the
/// batch may go soon: every file in it is settled.
///
/// A changed file is settled once its writer has closed it, or it was renamed into place or
/// deleted, and it was not made in this batch (a file an editor has just made may be a temporary
/// one about to be renamed over the one it edits). A file still being written is not.
struct ChangeBatch {
    /// The changed paths, relative to the site's folder.
    private(set) var paths = Set<String>()
    /// Paths created in this batch, to tell an editor's temporary file from a change.
    private var created = Set<String>()
    /// The paths in the batch that are not settled.
    private var unsettled = Set<String>()

    /// Whether nothing changed yet.
    var isEmpty: Bool { paths.isEmpty }
    /// Whether every file in the batch is settled.
    var isSettled: Bool { unsettled.isEmpty }

    /// Notes one inotify event (`mask`) on `path`.
    mutating func record(_ path: String, mask: UInt32) {
        if mask & UInt32(IN_CREATE) != 0 { created.insert(path) }
        // A file made and moved away or deleted within one burst is an editor's temporary file
        // (`sed -i` writes one and renames it over the file it edits): no change.
        if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0, created.contains(path) {
            paths.remove(path)
            unsettled.remove(path)
            return
        }
        paths.insert(path)
        if mask & UInt32(IN_MOVED_FROM | IN_DELETE | IN_MOVED_TO) != 0 {
            unsettled.remove(path)
        } else if mask & UInt32(IN_CLOSE_WRITE) != 0, !created.contains(path) {
            unsettled.remove(path)
        } else if mask & UInt32(IN_CREATE | IN_MODIFY) != 0 {
            unsettled.insert(path)
        }
    }

    /// Adds paths known to have changed without events for them (the kernel dropped some).
    mutating func add(_ changed: some Sequence<String>) {
        paths.formUnion(changed)
    }

    /// The batch's paths; the batch is empty afterwards.
    mutating func take() -> Set<String> {
        defer { self = ChangeBatch() }
        return paths
    }
}
