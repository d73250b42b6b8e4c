import Foundation

/// Every file and folder a build put in its output, kept beside it (`.NAME.herald-cache.paths`)
/// so that the next build can tell the output is as it was left by looking at each of them
/// (`fingerprint`) instead of listing every folder.
///
/// Why: listing a folder is four system calls (open, two reads of its entries, close), and the
/// 10,000-item output has 13,000 folders: most of a no-op rebuild's time went to them. A folder's
/// own stamp tells the same: adding, removing or renaming an entry changes its modification and
/// change times (POSIX), so each folder is looked at once, with the files in it.
struct OutputManifest: Equatable {
    /// The files, relative to the output folder (`news/a/index.html`), in no particular order.
    var files: [String]
    /// The folders below it, relative to it (`news/a`); the output folder itself is always looked at.
    var folders: [String]

    /// The manifest's file beside an output folder, next to the build record.
    static func path(forOutput output: String) -> String {
        BesideOutput.path(forOutput: output, suffix: ".herald-cache.paths")
    }

    /// The first line, which names the format: a manifest of another is not read.
    static let header = "herald output manifest 1"

    /// The manifest written as lines: the header, then `d <folder>` and `f <file>`. A path Herald
    /// writes holds no line break (ConfinedPath refuses control characters).
    func save(forOutput output: String) {
        var text = Array((Self.header + "\n").utf8)
        text.reserveCapacity((files.count + folders.count) * 48)
        for (kind, paths) in [(UInt8(ascii: "d"), folders), (UInt8(ascii: "f"), files)] {
            for path in paths {
                text.append(kind)
                text.append(UInt8(ascii: " "))
                text.append(contentsOf: path.utf8)
                text.append(UInt8(ascii: "\n"))
            }
        }
        BesideOutput.replace(Self.path(forOutput: output), with: Data(text))
    }

    /// The manifest beside `output`, or nil when there is none, it is of another format, or it is
    /// larger than any output's (`ManifestLines.load`).
    static func load(forOutput output: String) -> OutputManifest? {
        ManifestLines.load(forOutput: output)?.manifest
    }

    /// The fingerprint of the output at `root` as it is now: each file's stamp, and each folder's
    /// (its times included, which change with what is in it), the output folder's among them. The
    /// same as `OutputTree.fingerprint` gave when the build ended, unless something changed.
    func fingerprint(root: String) -> String {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return "no \(root)" }
        defer { close(descriptor) }
        return Self.sum(folders: ["."] + folders, files: files, in: descriptor).text
    }

    /// The values of `folders` and `files` of the folder open as `descriptor`, in one pass on all
    /// cores: folders then files, each a pass of its own, left a core idle at the end of each.
    static func sum(folders: [String], files: [String], in descriptor: Int32) -> FingerprintSum {
        let chunks =
            Self.chunks(of: folders).map { (paths: $0, folders: true) }
            + Self.chunks(of: files).map { (paths: $0, folders: false) }
        var total = FingerprintSum()
        for part in chunks.parallelMap({ chunk in
            chunk.folders ? folderSum(chunk.paths, in: descriptor) : fileSum(chunk.paths, in: descriptor)
        }) {
            total.add(part)
        }
        return total
    }

    /// The values of `folders` of the folder open as `descriptor`.
    static func folderSum(_ folders: some Collection<String>, in descriptor: Int32) -> FingerprintSum {
        sum(folders, in: descriptor) { path, info in
            info.st_mode & S_IFMT == S_IFDIR
                ? FileStamps.folderStampValue(path: path, info) : FileStamps.fileValue(path: path, info)
        }
    }

    /// The values of `files` of the folder open as `descriptor`.
    static func fileSum(_ files: some Collection<String>, in descriptor: Int32) -> FingerprintSum {
        sum(files, in: descriptor) { path, info in FileStamps.fileValue(path: path, info) }
    }

    /// Paths in parts small enough that two cores end together (4,096 a part left one core idle
    /// for the last part's length).
    private static func chunks(of paths: [String]) -> [ArraySlice<String>] {
        stride(from: 0, to: paths.count, by: 1024).map { paths[$0..<min($0 + 1024, paths.count)] }
    }

    /// The sum of `value` over `paths`, each stamped with `fstatat` below `descriptor` (links
    /// followed, as a reader of the output follows them); a missing path has a value of its own.
    private static func sum(
        _ paths: some Collection<String>, in descriptor: Int32, _ value: (String, stat) -> UInt64
    ) -> FingerprintSum {
        var sum = FingerprintSum()
        var info = stat()
        for path in paths {
            sum.add(fstatat(descriptor, path, &info, 0) == 0 ? value(path, info) : FileStamps.missingValue(path: path))
        }
        return sum
    }
}
