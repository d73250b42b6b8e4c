import CHeraldSystem
import Foundation

/// Fingerprints of file trees from their metadata (not their bytes, which would mean reading the
/// whole site): one `stat` per file.
///
/// A fingerprint is a sum of one value per entry, each made from the entry's path, type and stamp
/// and mixed, so it does not depend on the order entries are seen in. A build adds up the files it
/// writes as it writes them, on every core (`OutputTree.fingerprint`), instead of walking the
/// output again at the end: that walk of 38,000 files and folders was 90 ms for 10,000 items.
public enum FileStamps {
    /// A fingerprint of everything under `root` at the given relative paths (files or folders,
    /// recursively, hidden files included, links followed); missing paths count as missing.
    ///
    /// Folders are read through their descriptors (`openat`, `fstatat`) so the kernel does not
    /// walk each full path again: that walk was most of the 200 ms it took to check the 38,000
    /// files and folders of the 10,000-item benchmark's output.
    /// Large folders near the top (`news/` holds a folder per article) are read on all cores.
    static func fingerprint(root: String, paths: [String]) -> String {
        sum(root: root, paths: paths)?.text ?? "no \(root)"
    }

    /// What `fingerprint` adds up (nil when `root` cannot be opened), to add to or take from.
    static func sum(root: String, paths: [String]) -> FingerprintSum? {
        let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootDescriptor >= 0 else { return nil }
        defer { close(rootDescriptor) }
        var sum = FingerprintSum()
        for path in paths { sum.add(entrySum(in: rootDescriptor, name: path, path: path, above: [], mayFork: true)) }
        return sum
    }

    /// The value of each entry (file or folder) under `root` at the relative `path`, by its path:
    /// what `fingerprint` adds up, one by one, so that two walks tell which files changed.
    static func values(root: String, path: String) -> [String: UInt64] {
        let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootDescriptor >= 0 else { return [:] }
        defer { close(rootDescriptor) }
        let values: EntryValues = entrySum(in: rootDescriptor, name: path, path: path, above: [], mayFork: true)
        return Dictionary(values.entries, uniquingKeysWith: { first, _ in first })
    }

    /// Files changed after this instant are too fresh to trust their stamps: the kernel takes file
    /// times from a clock that ticks every few milliseconds, so a rewrite of the same size within
    /// one tick would leave the stamp as it was ("racy git"). 50 ms is several ticks.
    static func settledBefore() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let window = 50_000_000
        if now.tv_nsec >= window {
            now.tv_nsec -= window
        } else {
            now.tv_sec -= 1
            now.tv_nsec += 1_000_000_000 - window
        }
        return now
    }

    /// Whether a stamp time is before the cutoff.
    static func isSettled(_ time: timespec, _ cutoff: timespec) -> Bool {
        time.tv_sec < cutoff.tv_sec || (time.tv_sec == cutoff.tv_sec && time.tv_nsec < cutoff.tv_nsec)
    }

    /// A file's stamp (`size mtime ctime inode mode`, links followed), and whether its last change
    /// is old enough for the stamp to be trusted (see `settledBefore`); nil when it does not exist.
    public static func settledStamp(of path: String) -> FileStamp? {
        var info = stat()
        let cutoff = settledBefore()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(
            value:
                "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_ino) \(info.st_mode)",
            settled: isSettled(info.st_mtim, cutoff) && isSettled(info.st_ctim, cutoff))
    }

    /// A folder's identity, to notice a link back to a folder being walked.
    public struct FolderID: Hashable, Sendable {
        public var device: UInt64
        public var inode: UInt64

        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The sum of the entry `name` of the folder open as `folder`, at `path` from the root: its
    /// own value, and for a folder the sums of everything in it.
    private static func entrySum<Sum: EntrySum>(
        in folder: Int32, name: String, path: String, above: [FolderID], mayFork: Bool
    ) -> Sum {
        var sum = Sum()
        addEntry(in: folder, name: name, path: path, above: above, mayFork: mayFork, to: &sum)
        return sum
    }

    /// Adds the entry `name` of the folder open as `folder`, at `path` from the root, to `sum`:
    /// its own value, and for a folder the values of everything in it.
    /// `above` holds the folders being walked around it: a link back to one of them is counted
    /// as a link, not walked again (two links to `.` would otherwise be 2^n paths).
    /// The first folder down the walk with many entries is walked on all cores (`mayFork`), in
    /// parts of 128 entries, and what is below it on one each: work split again inside
    /// `parallelMap` runs on one core. Only the top two levels were split before, so
    /// `content/news/2024/`'s thousands of files, three levels down, were stamped on one core:
    /// half of a no-op build's time (perf). Each part adds to one sum: a sum per file was 10,000
    /// small arrays for the 10,000-item benchmark's content.
    private static func addEntry<Sum: EntrySum>(
        in folder: Int32, name: String, path: String, above: [FolderID], mayFork: Bool, to sum: inout Sum
    ) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else {
            sum.add(missingValue(path: path), path: path)
            return
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            sum.add(fileValue(path: path, info), path: path)
            return
        }
        let id = FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        guard !above.contains(id) else {
            sum.add(folderValue(path: path, mode: info.st_mode, loop: true), path: path)
            return
        }
        sum.add(folderValue(path: path, mode: info.st_mode), path: path)
        let descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let names = DirectoryListing.entries(ofDescriptor: descriptor).map(\.name)
        let (inside, around) = (descriptor, above + [id])
        guard mayFork && names.count > 64 else {
            for name in names {
                addEntry(in: inside, name: name, path: path + "/" + name, above: around, mayFork: mayFork, to: &sum)
            }
            return
        }
        let parts = stride(from: 0, to: names.count, by: 128).map { names[$0..<min($0 + 128, names.count)] }
        for part in parts.parallelMap({ (part: ArraySlice<String>) -> Sum in
            var partSum = Sum()
            for name in part {
                addEntry(in: inside, name: name, path: path + "/" + name, above: around, mayFork: false, to: &partSum)
            }
            return partSum
        }) {
            sum.add(part)
        }
    }

    /// A file's value: its path, mode, size, times and inode.
    static func fileValue(path: String, _ info: stat) -> UInt64 {
        var path = path
        return path.withUTF8 { fileValue(path: UnsafeRawBufferPointer($0), info) }
    }

    /// A file's value, from the bytes of its path.
    static func fileValue(path: UnsafeRawBufferPointer, _ info: stat) -> UInt64 {
        var hash = StampHash()
        hash.add(bytes: path)
        hash.add(UInt64(info.st_mode))
        hash.add(UInt64(bitPattern: Int64(info.st_size)))
        hash.add(times: info)
        hash.add(UInt64(info.st_ino))
        return hash.mixed
    }

    /// A folder's value: its path and mode (what is in it has values of its own), and whether it
    /// is a link back to a folder around it.
    static func folderValue(path: String, mode: mode_t, loop: Bool = false) -> UInt64 {
        var hash = StampHash()
        hash.add(path)
        hash.add(UInt64(mode))
        if loop { hash.add("loop") }
        return hash.mixed
    }

    /// A folder's value with its stamp (mode, times and inode): its times change whenever an entry
    /// is added to it, removed or renamed, so it stands for the list of what is in it
    /// (`OutputManifest`).
    static func folderStampValue(path: String, _ info: stat) -> UInt64 {
        var path = path
        return path.withUTF8 { folderStampValue(path: UnsafeRawBufferPointer($0), info) }
    }

    /// A folder's value with its stamp, from the bytes of its path.
    static func folderStampValue(path: UnsafeRawBufferPointer, _ info: stat) -> UInt64 {
        var hash = StampHash()
        hash.add(bytes: path)
        hash.add("folder")
        hash.add(UInt64(info.st_mode))
        hash.add(times: info)
        hash.add(UInt64(info.st_ino))
        return hash.mixed
    }

    /// The value of a path that does not exist.
    static func missingValue(path: String) -> UInt64 {
        var path = path
        return path.withUTF8 { missingValue(path: UnsafeRawBufferPointer($0)) }
    }

    /// The value of a path that does not exist, from the bytes of its path.
    static func missingValue(path: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StampHash()
        hash.add(bytes: path)
        hash.add("missing")
        return hash.mixed
    }
}

/// What a walk of a file tree adds each entry's value to: a fingerprint's sum, or the values by path.
protocol EntrySum: Sendable {
    init()
    mutating func add(_ value: UInt64, path: String)
    mutating func add(_ other: Self)
}

/// Each entry's value by its path, for `FileStamps.values`.
struct EntryValues: EntrySum {
    var entries: [(String, UInt64)] = []

    mutating func add(_ value: UInt64, path: String) { entries.append((path, value)) }
    mutating func add(_ other: EntryValues) { entries += other.entries }
}

/// A fingerprint being added up: the wrapping sum of its entries' values, and how many there
/// are. Addition does not depend on order, so entries can be added as they come, from any thread.
struct FingerprintSum: EntrySum, Equatable {
    private(set) var total: UInt64 = 0
    private(set) var count = 0

    /// Adds one entry's value.
    mutating func add(_ value: UInt64) {
        total &+= value
        count += 1
    }

    /// Adds one entry's value; its path is in the value already.
    mutating func add(_ value: UInt64, path: String) { add(value) }

    /// Adds all of another sum's entries.
    mutating func add(_ other: FingerprintSum) {
        total &+= other.total
        count += other.count
    }

    /// Takes out one entry's value, added before: a file changed in place is taken out with its
    /// old value and added with its new one.
    mutating func remove(_ value: UInt64) {
        total &-= value
        count -= 1
    }

    /// Takes out all of another sum's entries, added before.
    mutating func remove(_ other: FingerprintSum) {
        total &-= other.total
        count -= other.count
    }

    /// The sum a fingerprint's `text` was made from.
    init?(text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let total = UInt64(parts[0], radix: 16), let count = Int(parts[1]) else { return nil }
        (self.total, self.count) = (total, count)
    }

    init() {}

    /// The fingerprint as the build record keeps it.
    var text: String { String(total, radix: 16) + "-" + String(count) }
}

/// A file's size, times and inode, as text; it changes whenever the file does, unless the file
/// changed twice within one tick of the kernel's clock, which `settled` rules out.
public struct FileStamp: Sendable, Equatable {
    public var value: String
    /// The file had not changed for a while when the stamp was taken, so the same stamp later
    /// means the same file.
    public var settled: Bool
}

/// The names and types (`d_type`) in an open folder, without `.` and `..`.
public enum DirectoryListing {
    /// The entries of the folder open as `descriptor` (which stays open), read with getdents64
    /// straight from the descriptor: `fdopendir` and `readdir` would add two `fcntl` calls per
    /// folder, and checking the 13,000 folders of the 10,000-item benchmark's output opens every
    /// one. Falls back to `fdopendir` on a duplicate where the system has no getdents64.
    public static func entries(ofDescriptor descriptor: Int32) -> [(name: String, type: UInt8)] {
        var entries: [(String, UInt8)] = []
        let size = 32 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = herald_getdents64(descriptor, buffer, UInt(size))
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == ENOSYS { return fallbackEntries(ofDescriptor: descriptor) }
            guard count > 0 else { return entries }
            var offset = 0
            // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name.
            while offset < count {
                let record = buffer + offset
                let length = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                let type = record.load(fromByteOffset: 18, as: UInt8.self)
                let name = String(cString: (record + 19).assumingMemoryBound(to: CChar.self))
                if name != "." && name != ".." { entries.append((name, type)) }
                offset += length
            }
        }
    }

    private static func fallbackEntries(ofDescriptor descriptor: Int32) -> [(name: String, type: UInt8)] {
        let copy = dup(descriptor)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        return entries(of: directory)
    }

    /// Reads the rest of the folder's entries.
    public static func entries(of directory: OpaquePointer) -> [(name: String, type: UInt8)] {
        var entries: [(String, UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        return entries
    }
}
