import Foundation

/// Where a build's files go. The disk implementation stages everything and swaps it in at the end;
/// tests use `MemoryOutput`.
public protocol OutputSink: Sendable {
    /// Writes a file (path relative to the output root). Called from several threads at once,
    /// each time for a different path; `prepareFolders` has made the folders beforehand.
    /// Returns false when the file was kept from the previous output because it had the same bytes.
    @discardableResult func write(_ path: String, _ data: Data) throws -> Bool
    /// Makes the folders the coming files need.
    func prepareFolders(for paths: [String]) throws
    /// Puts `file`, one Herald keeps itself and never changes in place (a processed image in the
    /// image cache), at `path` as a hard link instead of a copy of its bytes. Nil when it cannot
    /// (another file system, an output in memory): the caller writes the bytes instead. Otherwise
    /// whether the link is new, as `write` tells (false when the previous output had the same file).
    func link(_ path: String, toKept file: KeptFile) -> Bool?
}

extension OutputSink {
    public func link(_ path: String, toKept file: KeptFile) -> Bool? { nil }
}

/// A file in a folder Herald keeps (the image cache), which an output may share by a hard link.
public struct KeptFile: Sendable {
    /// The folder, opened confined: the file is opened below it, never through a link.
    var folder: ConfinedFolder
    /// The file's name in it.
    var name: String
}

/// Writes a build into a new folder beside the output folder and swaps it in only once every
/// file is written, so a failed or interrupted build leaves the previous output as it was,
/// and files that no longer belong to the site are gone after a build.
public final class OutputTree: OutputSink, @unchecked Sendable {
    /// The output folder.
    public let outputPath: String
    /// The folder being filled.
    public let stagingPath: String
    // An NSLock guards the state below rather than Synchronization.Mutex, which the thread
    // sanitizer cannot see through (see MemoTable). Every access holds the lock.
    private let lock = NSLock()
    /// The folders `prepareFolders` has made.
    private var madeFolders = Set<String>()
    /// Whether there was a previous output to keep unchanged files from.
    private let hasPrevious: Bool
    /// The staging folder, below which every file is created: no path can lead out of it.
    private let staging: ConfinedFolder
    /// The previous output, from which unchanged files are linked (opened below it, never through a link).
    private let previous: ConfinedFolder?
    /// The fingerprint of the files written so far (see `fingerprint`), and their paths.
    private var made = FingerprintSum()
    private var written: [String] = []
    /// Files linked from the previous output, whose stamps change when that output is deleted,
    /// and files whose stamp could not be had as they were written: both are stamped at the end.
    private var restamp = (linked: [String](), unstamped: [String]())

    /// Creates the staging folder next to `outputPath` (on the same file system, so the swap is a rename).
    public init(outputPath: String) throws {
        let output = URL(fileURLWithPath: outputPath).standardizedFileURL
        self.outputPath = output.path
        let parent = output.deletingLastPathComponent().path
        let prefix = "." + output.lastPathComponent + ".tmp-herald-"
        stagingPath = parent + "/" + prefix + "\(getpid())"
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputProblem(
                path: parent, message: "could not create the folder for the output: \(error.localizedDescription)")
        }
        AbandonedFiles.remove(in: parent, prefix: prefix)
        try? FileManager.default.removeItem(atPath: stagingPath)
        var info = stat()
        hasPrevious = stat(outputPath, &info) == 0
        // mkdir rather than FileManager, for the system's own reason (errno) when it fails.
        guard mkdir(stagingPath, 0o755) == 0, stat(stagingPath, &info) == 0 else {
            let problem = OutputProblem.system(output.path)
            throw problem.asWholeOutput(output.path) ?? problem
        }
        InterruptCleanup.removeOnInterrupt(stagingPath)
        staging = try Self.confined(stagingPath, output: output.path)
        previous = hasPrevious ? try? ConfinedFolder(path: output.path, kind: .output) : nil
    }

    /// The staging folder opened as a `ConfinedFolder`, or the reason as an output problem.
    private static func confined(_ path: String, output: String) throws -> ConfinedFolder {
        do {
            return try ConfinedFolder(path: path, kind: .output)
        } catch {
            let problem = OutputProblem.system(output, error.code ?? EIO)
            throw problem.asWholeOutput(output) ?? problem
        }
    }

    public func prepareFolders(for paths: [String]) throws {
        // Every folder above each path (split by hand: NSString's path methods trap on some
        // one-character paths in Linux Foundation), but those an earlier call made.
        var folders = Set<String>()
        lock.withLock {
            for path in paths {
                for folder in path.enclosingFolders {
                    guard !madeFolders.contains(folder), folders.insert(folder).inserted else { break }
                }
            }
        }
        try makeFolders(folders)
        lock.withLock { madeFolders.formUnion(folders) }
    }

    /// Makes `folders` (with every folder above each, or already made).
    private func makeFolders(_ folders: Set<String>) throws {
        // Made a level at a time, so each finds its parent in place, and each level on all cores
        // (13,000 folders for 10,000 items: 90 ms one by one).
        let levels = Dictionary(grouping: folders) { $0.utf8.count { $0 == UInt8(ascii: "/") } }
        for depth in levels.keys.sorted() {
            let staging = staging
            let failures = levels[depth]!.sorted().parallelMap { folder -> OutputProblem? in
                if let refusal = ConfinedPath.refusal(folder) {
                    return OutputProblem(path: folder, message: refusal.description, refusal: refusal)
                }
                // By path below the staging folder's descriptor: the folder is new, this process
                // alone writes in it and makes every folder there, so none of them is a link.
                if InterruptCleanup.changing({ mkdirat(staging.descriptor, folder, 0o755) }) == 0 { return nil }
                return errno != EEXIST ? OutputProblem.system(folder) : nil
            }
            if let failure = failures.compactMap({ $0 }).first { throw failure }
        }
    }

    @discardableResult public func write(_ path: String, _ data: Data) throws -> Bool {
        // Counted once the write is over, so that a kill point's signal does not find it under way.
        defer { KillPoint.stagedFile() }
        return try InterruptCleanup.changing { try stage(path, data) }
    }

    public func link(_ path: String, toKept file: KeptFile) -> Bool? {
        guard ConfinedPath.refusal(path) == nil else { return nil }
        let linked: Bool? = InterruptCleanup.changing {
            guard let (descriptor, info) = try? file.folder.openRegularFile(file.name) else { return nil }
            defer { close(descriptor) }
            guard staging.link(descriptor: descriptor, from: file.folder, path: file.name, as: path) else { return nil }
            // Its stamp changes with every link to it, so it is taken at the end (see `fingerprint`).
            lock.withLock { restamp.linked.append(path) }
            var before = stat()
            let same =
                previous.map { fstatat($0.descriptor, path, &before, AT_SYMLINK_NOFOLLOW) == 0 } == true
                && before.st_ino == info.st_ino && before.st_dev == info.st_dev
            return !same
        }
        if linked != nil { KillPoint.stagedFile() }
        return linked
    }

    /// Writes or links one file into the staging folder.
    private func stage(_ path: String, _ data: Data) throws -> Bool {
        if let refusal = ConfinedPath.refusal(path) {
            throw OutputProblem(path: path, message: refusal.description, refusal: refusal)
        }
        // A file whose bytes did not change is hard-linked from the previous output instead of
        // written: it keeps its modification time (so rsync, caches and `make` see no change), and
        // reading to compare costs less than writing.
        // (With no previous output, not even looked for: a failed look-up per file was 30 ms.)
        if let previous, Self.linkUnchanged(path, data, from: previous, into: staging) {
            lock.withLock { restamp.linked.append(path) }
            return false
        }
        let descriptor: Int32
        do {
            descriptor = try staging.createFile(path)
        } catch {
            throw OutputProblem(path: path, failure: error)
        }
        defer { close(descriptor) }
        defer {
            // The file's stamp as written, for the output's fingerprint.
            var info = stat()
            if fstat(descriptor, &info) == 0 {
                let value = FileStamps.fileValue(path: path, info)
                lock.withLock {
                    made.add(value)
                    written.append(path)
                }
            } else {
                lock.withLock { restamp.unstamped.append(path) }
            }
        }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw OutputProblem.system(path)
                }
                offset += written
            }
        }
        return true
    }

    /// Links the previous output's file at `path` into the staging folder when it is a regular
    /// file holding exactly `data` (its size is checked first). The file is opened below the
    /// previous output without following any link, and that very file is linked.
    private static func linkUnchanged(
        _ path: String, _ data: Data, from previous: ConfinedFolder, into staging: ConfinedFolder
    ) -> Bool {
        guard let (descriptor, info) = try? previous.openRegularFile(path) else { return false }
        defer { close(descriptor) }
        guard Int(info.st_size) == data.count,
            let existing = try? DiskReader.read(descriptor: descriptor, size: data.count),
            existing == data
        else { return false }
        return staging.link(descriptor: descriptor, from: previous, path: path, as: path)
    }

    /// Puts the new output in place of the old one, then deletes the old one. On Linux the two
    /// folders are exchanged in one atomic step (`renameat2(RENAME_EXCHANGE)`), so at every
    /// moment the output path holds either the complete previous site or the complete new one.
    public func commit() throws {
        defer { InterruptCleanup.forget(stagingPath) }
        // An interruption waits for the swap, so the output path never lacks a whole site.
        guard let previousOutput = try InterruptCleanup.changing({ try swapIn() }) else { return }
        if previousOutput == stagingPath { KillPoint.reached("after-swap") }
        try? FileManager.default.removeItem(atPath: previousOutput)
    }

    /// Puts the staged output at the output path, and returns where the previous output now is
    /// (nil when there was none).
    private func swapIn() throws -> String? {
        guard FileManager.default.fileExists(atPath: outputPath) else {
            guard rename(stagingPath, outputPath) == 0 else {
                throw OutputProblem(
                    path: outputPath,
                    message: "could not put the new output in place: \(String(cString: strerror(errno)))")
            }
            return nil
        }
        // The staging path now holds the previous output.
        if AtomicExchange.exchange(stagingPath, outputPath) { return stagingPath }
        // No atomic exchange here (another OS, or a file system without it): two renames.
        let retired = stagingPath + ".old"
        try? FileManager.default.removeItem(atPath: retired)
        guard rename(outputPath, retired) == 0 else {
            throw OutputProblem(
                path: outputPath,
                message: "could not move the previous output aside: \(String(cString: strerror(errno)))")
        }
        guard rename(stagingPath, outputPath) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(retired, outputPath)
            throw OutputProblem(path: outputPath, message: "could not put the new output in place: \(reason)")
        }
        return retired
    }

    /// Every file and folder of the output, for the next build to check it by (`OutputManifest`),
    /// in no particular order.
    var manifest: OutputManifest {
        lock.withLock {
            OutputManifest(files: written + restamp.linked + restamp.unstamped, folders: Array(madeFolders))
        }
    }

    /// What `manifest.fingerprint(root: outputPath)` gives the output once `commit` has put it in
    /// place, added up from the files as they were written rather than by looking at each again.
    /// Only the files kept from the previous output are looked at again, since deleting that
    /// output changed their stamps, and the folders, whose times are final only now.
    public func fingerprint() -> String {
        var sum = lock.withLock { made }
        let (linked, unstamped, folders) = lock.withLock { (restamp.linked, restamp.unstamped, madeFolders) }
        let descriptor = open(outputPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return manifest.fingerprint(root: outputPath) }
        defer { close(descriptor) }
        sum.add(OutputManifest.sum(folders: ["."] + folders, files: linked + unstamped, in: descriptor))
        return sum.text
    }

    /// Throws the staged files away (after a failed build).
    public func discard() {
        defer { InterruptCleanup.forget(stagingPath) }
        try? FileManager.default.removeItem(atPath: stagingPath)
    }
}

/// Swaps two paths atomically with Linux's `renameat2(RENAME_EXCHANGE)`, looked up at run time
/// because the C library declares it only for `_GNU_SOURCE` builds, which Swift's import is not.
enum AtomicExchange {
    private typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2: RenameAt2? = {
        #if os(Linux)
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
            return nil
        #endif
    }()

    /// Exchanges `a` and `b`; false when the system cannot do it atomically (nothing is changed then).
    static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameat2 else { return false }
        let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, exchangeFlag) == 0
    }
}

/// The output could not be written.
public struct OutputProblem: Error, CustomStringConvertible, Sendable {
    /// The file or folder concerned.
    public var path: String
    /// The system's reason.
    public var message: String
    /// The system's error number, when the problem came from a system call.
    public var code: Int32? = nil
    /// The rule the path broke, when it was refused before any system call (see `ConfinedPath`).
    public var refusal: ConfinedPath.Refusal? = nil
    /// Whether `path` is a site file that could not be read for the output (a link swapped in
    /// out of the site), to be told at that file rather than at the output.
    public var isInput = false
    public var description: String { "\(path): \(message)" }

    /// A failed system call on `path`, described by its `errno`.
    static func system(_ path: String, _ code: Int32 = errno) -> OutputProblem {
        OutputProblem(path: path, message: String(cString: strerror(code)), code: code)
    }

    /// What a failure that stops every write means, in a user's words; nil for a problem with
    /// one file (a name too long, say), which is reported with that file.
    public var wholeOutputReason: String? {
        switch code {
        case ENOSPC?: return "the disk is full (\(String(cString: strerror(ENOSPC))))"
        case EDQUOT?: return "the disk quota is used up (\(String(cString: strerror(EDQUOT))))"
        case EROFS?: return "the file system is read-only"
        case EACCES?, EPERM?: return "herald may not write there (\(String(cString: strerror(code!))))"
        case EIO?: return "the disk reported an input/output error"
        default: return nil
        }
    }

    /// This problem as one about the whole output folder at `outputPath`, when it stops every
    /// write (see `wholeOutputReason`): one message instead of one per file.
    public func asWholeOutput(_ outputPath: String) -> OutputProblem? {
        wholeOutputReason.map {
            OutputProblem(path: outputPath, message: "could not write the output: \($0)", code: code)
        }
    }
}

extension OutputProblem {
    /// A path that failed to open below a confined folder.
    init(path: String, failure: ConfinedFolder.Failure) {
        self.init(path: path, message: failure.description, code: failure.code)
        if case .refused(let refusal) = failure { self.refusal = refusal }
    }
}

/// Keeps a build's files in memory: for tests, and for `herald check` later.
public final class MemoryOutput: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: Data] = [:]

    public init() {}

    @discardableResult public func write(_ path: String, _ data: Data) throws -> Bool {
        lock.lock()
        defer { lock.unlock() }
        storage[path] = data
        return true
    }

    public func prepareFolders(for paths: [String]) throws {}

    /// Every file written, path → bytes.
    public var files: [String: Data] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// A file's text, if it was written.
    public func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }
}
