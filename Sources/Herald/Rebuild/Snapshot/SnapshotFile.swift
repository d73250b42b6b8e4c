import Foundation

/// A build's snapshot file (`BuildSnapshot`) as it is written: under a name of its own beside
/// where it goes, made new (never through a link put in its place), written while the build
/// renders, and renamed into place whole once the build's output is; or removed.
struct SnapshotFile: Sendable {
    /// Where the snapshot goes (`BuildRecord.snapshotPath(forOutput:)`).
    let path: String

    /// The name it is written under first: this process's own, so that two builds into one output
    /// never write one file, and one left by a killed build is known (`AbandonedFiles`).
    var temporary: String { path + Self.writing + "\(getpid())" }
    private static let writing = ".tmp-herald"

    /// Writes the snapshot `write` writes under the temporary name; whether all of it was written
    /// (if not, nothing is left).
    func write(_ write: (inout SnapshotWriter) -> Void) -> Bool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        AbandonedFiles.remove(in: folder, prefix: URL(fileURLWithPath: path).lastPathComponent + Self.writing)
        // One left by a run that stopped is removed; a link put in its place is never followed.
        unlink(temporary)
        InterruptCleanup.removeOnInterrupt(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        var writer = SnapshotWriter(writingTo: descriptor)
        write(&writer)
        guard writer.finish() else {
            discard()
            return false
        }
        return true
    }

    /// Renames the written snapshot into place, over the last build's; whether it is there.
    func install() -> Bool {
        defer { InterruptCleanup.forget(temporary) }
        guard rename(temporary, path) == 0 else {
            discard()
            return false
        }
        return true
    }

    /// Removes the snapshot written under the temporary name, if any.
    func discard() {
        unlink(temporary)
        InterruptCleanup.forget(temporary)
    }

    /// Writes what `write` writes as the snapshot at `path`, replacing it whole; whether it did.
    static func save(to path: String, _ write: (inout SnapshotWriter) -> Void) -> Bool {
        let file = SnapshotFile(path: path)
        return file.write(write) && file.install()
    }
}
