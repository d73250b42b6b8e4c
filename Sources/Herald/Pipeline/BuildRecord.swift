import Foundation

/// What the last successful build of an output folder was made from, kept beside the output
/// (`.site-output.herald-cache.json` beside `site-output/`) so that a rebuild with nothing
/// changed can stop after checking instead of building everything again.
///
/// The output is up to date when the same herald binary, with the same options, finds every input
/// file (`site.yml`, `content/`, `templates/`, `static/`, `data/`) and every output file as the
/// last build left them, and the clock is still within the span in which the output does not
/// change (`OutputValidity`). Files are compared by their metadata (size, modification and
/// change times, inode), which every edit, copy or checkout changes. The file is safe to delete:
/// the next build is then a full one.
struct BuildRecord: Codable, Equatable {
    /// Bumped when the record's meaning changes, so an old record is never trusted.
    static let format = 1

    var format: Int
    /// The herald binary (its size, time and inode): a new herald may build differently.
    var herald: String
    /// The build options other than the clock.
    var options: String
    /// Fingerprint of the input files' metadata.
    var inputs: String
    /// Fingerprint of the output files' metadata, taken after the output was swapped in.
    var output: String
    /// When the same input builds to the same output.
    var validity: OutputValidity
    /// What the build reported, to report again.
    var items: Int
    var pages: Int
    var files: Int
    var skipped: SkippedItems
    var warnings: [RecordedWarning]

    /// A warning of the recorded build, repeated by an up-to-date check so it is not forgotten.
    struct RecordedWarning: Codable, Equatable {
        var path: String
        var line: Int
        var message: String
    }

    /// The record's file beside an output folder.
    static func path(forOutput output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".herald-cache.json"
    }

    /// The record of the last build into `output`, or nil when there is none or it cannot be read.
    static func load(forOutput output: String) -> BuildRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let data = FileManager.default.contents(atPath: path(forOutput: output)),
              let record = try? decoder.decode(BuildRecord.self, from: data), record.format == format else { return nil }
        return record
    }

    /// Writes the record; a record that cannot be written only costs the next build its shortcut.
    func save(forOutput output: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(self) else { return }
        let path = Self.path(forOutput: output)
        let temporary = path + ".tmp-herald\(getpid())"
        if FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Deletes the record: the output is about to change.
    static func remove(forOutput output: String) { unlink(path(forOutput: output)) }

    /// The options that decide what a build writes, apart from the clock.
    static func optionsKey(_ options: BuildOptions, source: String) -> String {
        "source=\(source)\ndrafts=\(options.includeDrafts)\nfuture=\(options.includeFuture)\nbaseURL=\(options.baseURL ?? "")"
    }

    /// The running herald binary's identity.
    static var heraldIdentity: String {
        FileStamps.stamp(of: "/proc/self/exe") ?? "unknown"
    }

    /// The folders and files of a site that a build reads.
    static let inputPaths = ["site.yml", "content", "templates", "static", "data"]

    /// The report of a build that found the output up to date.
    func upToDateReport(seconds: Double) -> BuildReport {
        BuildReport(items: items, pages: pages, files: files, written: 0, skipped: skipped,
                    warnings: warnings.map { Diagnostic.warning(path: $0.path, line: $0.line, $0.message) },
                    timings: [], seconds: seconds, validity: validity, upToDate: true)
    }
}

/// Fingerprints of file trees from their metadata (not their bytes, which would mean reading the
/// whole site): one `stat` per file, hashed in sorted path order.
enum FileStamps {
    /// `size mtime ctime inode mode` of a path (links followed), or nil when it does not exist.
    static func stamp(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_ino) \(info.st_mode)"
    }

    /// A fingerprint of everything under `root` at the given relative paths (files or folders,
    /// recursively, hidden files included, links followed); missing paths count as missing.
    ///
    /// Folders are read through their descriptors (`openat`, `fstatat`) so the kernel does not
    /// walk each full path again: that walk was most of the 200 ms it took to check the 38,000
    /// files and folders of the 10,000-item benchmark's output.
    /// Large folders near the top (`news/` holds a folder per article) are read on all cores.
    static func fingerprint(root: String, paths: [String]) -> String {
        var hash = FNV1a()
        let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootDescriptor >= 0 else { return "no \(root)" }
        defer { close(rootDescriptor) }
        for path in paths { hash.add(entryHash(in: rootDescriptor, name: path, depth: 0)) }
        return String(hash.value, radix: 16)
    }

    /// The hash of the entry `name` of the folder open as `folder`: its name, type and stamp, and
    /// for a folder the hashes of everything in it, in name order.
    private static func entryHash(in folder: Int32, name: String, depth: Int) -> UInt64 {
        var hash = FNV1a()
        hash.add(name)
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return hash.value }
        hash.add(UInt64(info.st_mode))
        if info.st_mode & S_IFMT == S_IFDIR {
            // A link loop would recurse forever; no real site is this deep.
            let descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard depth < 64, descriptor >= 0, let directory = fdopendir(descriptor) else {
                if descriptor >= 0 { close(descriptor) }
                return hash.value
            }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                if name != "." && name != ".." { names.append(name) }
            }
            names.sort()
            let inside = dirfd(directory)
            let children = depth < 2 && names.count > 64
                ? names.parallelMap { entryHash(in: inside, name: $0, depth: depth + 1) }
                : names.map { entryHash(in: inside, name: $0, depth: depth + 1) }
            for child in children { hash.add(child) }
        } else {
            for value in [UInt64(bitPattern: Int64(info.st_size)), UInt64(bitPattern: Int64(info.st_mtim.tv_sec)), UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)),
                          UInt64(bitPattern: Int64(info.st_ctim.tv_sec)), UInt64(bitPattern: Int64(info.st_ctim.tv_nsec)), UInt64(info.st_ino)] {
                hash.add(value)
            }
        }
        return hash.value
    }
}

/// The 64-bit FNV-1a hash: a few lines, stable across runs and machines (Swift's `Hasher` is
/// seeded per process, so it cannot fingerprint anything kept between builds).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte: byte) }
        add(byte: 0)
    }

    mutating func add(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    private mutating func add(byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }
}
