import Foundation

/// Files of a finished output replaced in place, for `herald build`'s rebuild after edits to
/// bodies alone: a handful of files of tens of thousands, where a whole new output would link or
/// write every one of them.
///
/// Only files the output's manifest lists are replaced, each below the output folder opened
/// confined (no link followed), each whole: written beside itself under another name, then
/// renamed over it, so a reader finds the old file or the new one. A file whose bytes are already
/// the new ones is left alone. The output's fingerprint is kept up to date entry by entry: each
/// replaced file's old value taken out of the sum and its new one put in.
struct OutputPatch {
    let output: String
    /// The files the last build wrote, relative to the output folder.
    let files: Set<String>
    private let folder: ConfinedFolder

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    init(output: String, manifest: OutputManifest) throws {
        self.output = output
        files = Set(manifest.files)
        do {
            folder = try ConfinedFolder(path: output, kind: .output)
        } catch {
            throw Problem(description: "\(output): the output folder cannot be opened")
        }
    }

    /// Replaces each of `replacements` whose bytes differ; returns how many it wrote and the
    /// output's fingerprint after, from `fingerprint`, the one before. A folder's value holds its
    /// times, which a file renamed into it changes: the folders written in are taken out before
    /// and put back after.
    func replace(
        _ replacements: [(path: String, bytes: Data)], fingerprint: String
    ) throws -> (
        written: Int, fingerprint: String
    ) {
        guard var sum = FingerprintSum(text: fingerprint) else { throw Problem(description: "no fingerprint") }
        for (path, _) in replacements where !files.contains(path) {
            throw Problem(description: "\(path) is not a file of the output")
        }
        // Read at most the new bytes' length: a longer file differs, however long it is.
        let changed = replacements.filter {
            (try? DiskReader.read($0.path, in: folder, atMost: $0.bytes.count)) != $0.bytes
        }
        guard !changed.isEmpty else { return (0, fingerprint) }
        let root = try descriptor(of: nil)
        defer { close(root) }
        let folders = Set(changed.map { ConfinedFolder.split($0.path).parent ?? "." }).sorted()
        sum.remove(OutputManifest.folderSum(folders, in: root))
        for (path, bytes) in changed {
            sum.remove(OutputManifest.fileSum([path], in: root))
            try write(bytes, to: path)
            sum.add(OutputManifest.fileSum([path], in: root))
        }
        sum.add(OutputManifest.folderSum(folders, in: root))
        return (changed.count, sum.text)
    }

    /// Writes `bytes` as the file `path`: beside it, then renamed over it.
    private func write(_ bytes: Data, to path: String) throws {
        let (parent, name) = ConfinedFolder.split(path)
        let folderDescriptor = try descriptor(of: parent)
        defer { close(folderDescriptor) }
        let temporary = ".\(name).tmp-herald-\(getpid())"
        let file = openat(folderDescriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard file >= 0 else { throw Problem(description: "\(path): \(String(cString: strerror(errno)))") }
        let ok = bytes.withUnsafeBytes { WholeWrite.write($0, to: file) }
        let closed = close(file) == 0
        guard ok, closed, renameat(folderDescriptor, temporary, folderDescriptor, name) == 0 else {
            let reason = String(cString: strerror(errno))
            unlinkat(folderDescriptor, temporary, 0)
            throw Problem(description: "\(path): \(reason)")
        }
    }

    private func descriptor(of relative: String?) throws -> Int32 {
        do {
            return try folder.openFolder(relative)
        } catch {
            throw Problem(description: "\(relative ?? "."): the folder cannot be opened in the output")
        }
    }
}
