import Foundation

/// The few file-system reads a build makes, as closures, so tests can build a site from memory.
///
/// Paths are relative to the site folder and use `/`. Writing goes through `OutputTree` instead.
public struct FileSystem: Sendable {
    /// Every regular file under a folder (recursively), as paths relative to the site folder,
    /// sorted; `nil` when the folder does not exist. Hidden files (`.name`) are listed only when
    /// asked for, and version-control folders and `.DS_Store` never.
    public var listAllFiles: @Sendable (_ folder: String, _ includeHidden: Bool) throws -> [String]?
    /// The bytes of a file.
    public var readFile: @Sendable (_ path: String) throws -> Data
    /// A stamp that changes whenever the file does (size, times, inode), or nil when the file
    /// system cannot tell; lets a rebuild skip reading a file it has already parsed.
    public var stamp: @Sendable (_ path: String) -> FileStamp?
    /// The bytes of a file of at most `limit` bytes; a larger one throws `FileTooLarge` and,
    /// on disk, is not read at all (content files are, so memory stays bounded).
    public var readFileAtMost: @Sendable (_ path: String, _ limit: Int) throws -> Data

    /// Creates a file system from its operations. Without `readFileAtMost`, a file is read whole
    /// and then measured.
    public init(
        listFiles: @escaping @Sendable (String, Bool) throws -> [String]?,
        readFile: @escaping @Sendable (String) throws -> Data,
        stamp: @escaping @Sendable (String) -> FileStamp? = { _ in nil },
        readFileAtMost: (@Sendable (String, Int) throws -> Data)? = nil
    ) {
        self.listAllFiles = listFiles
        self.readFile = readFile
        self.stamp = stamp
        self.readFileAtMost =
            readFileAtMost ?? { path, limit in
                let data = try readFile(path)
                guard data.count <= limit else { throw FileTooLarge(size: data.count) }
                return data
            }
    }

    /// The files under a folder without hidden ones (editors' swap files, `.gitkeep` …).
    public func listFiles(_ folder: String) throws -> [String]? { try listAllFiles(folder, false) }

    /// Names that are never site files, even where hidden files are copied.
    static func isNeverCopied(_ name: Substring) -> Bool {
        [".git", ".svn", ".hg", ".DS_Store"].contains(name)
    }

    /// Reads a site folder on disk. Symbolic links are followed only while they stay inside
    /// the site folder, and a link that loops back on its own path is not walked twice.
    ///
    /// Files are read below the site folder's descriptor (`ConfinedFolder`), so the check that a
    /// link stays in the site is made by the open itself: a link swapped in after the folder was
    /// listed cannot lead a read out of the site, and a FIFO put in a file's place is not read.
    public static func disk(root: String) -> FileSystem {
        let root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        // A site folder that cannot be opened has nothing to read: each read then says why.
        let site = Result { try ConfinedFolder(path: root, kind: .site) }
        return FileSystem(
            listFiles: { folder, hidden in try DiskWalker(root: root, includeHidden: hidden).files(under: folder) },
            readFile: { path in try DiskReader.read(path, in: site.get()) },
            stamp: { path in FileStamps.settledStamp(of: root + "/" + path) },
            readFileAtMost: { path, limit in try DiskReader.read(path, in: site.get(), atMost: limit) }
        )
    }

    /// A site held in memory: file path → contents. For tests.
    public static func memory(_ files: [String: Data]) -> FileSystem {
        FileSystem(
            listFiles: { folder, hidden in
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                let found = files.keys.filter { path in
                    path.hasPrefix(prefix)
                        && !path.split(separator: "/").contains { $0.hasPrefix(".") && (!hidden || isNeverCopied($0)) }
                }
                return found.isEmpty ? nil : found.sorted()
            },
            readFile: { path in
                guard let data = files[path] else {
                    throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
                }
                return data
            }
        )
    }

    /// A site held in memory, with text files. For tests.
    public static func memory(text files: [String: String]) -> FileSystem {
        memory(files.mapValues { Data($0.utf8) })
    }
}

/// A file was larger than the reader was allowed to read.
public struct FileTooLarge: Error, Sendable {
    /// The file's size in bytes.
    public var size: Int
}

/// A problem walking the site folder that is not about one file's contents.
public struct FileSystemProblem: LocalizedError, Sendable, Equatable {
    /// The path relative to the site folder.
    public var path: String
    /// What went wrong.
    public var message: String

    public var errorDescription: String? { message }

    /// A problem with `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// Walks a folder on disk, sorted, refusing symbolic links that leave the site folder.
///
/// Uses `readdir`, whose entries carry their type, rather than FileManager, which built an
/// attribute dictionary per file and made listing 10,000 files take 180 ms; links (and the rare
/// file system that does not report types) are looked at with `stat`.
private struct DiskWalker {
    let root: String
    let includeHidden: Bool

    func files(under folder: String) throws -> [String]? {
        guard Self.type(of: root + "/" + folder, following: true) == S_IFDIR else { return nil }
        // The folder itself may be a link (`static -> /somewhere`): it too must stay in the site.
        try checkInside(folder)
        var result: [String] = []
        var visited: Set<String> = []
        try walk(folder, into: &result, visited: &visited)
        return result.sorted()
    }

    private func walk(_ relative: String, into result: inout [String], visited: inout Set<String>) throws {
        let absolute = root + "/" + relative
        // A folder reached twice through links would loop forever.
        guard let real = Self.realPath(absolute), visited.insert(real).inserted else { return }
        for (name, entryType) in try Self.entries(of: absolute, relative: relative).sorted(by: { $0.name < $1.name })
        where !name.hasPrefix(".") || (includeHidden && !FileSystem.isNeverCopied(name[...])) {
            let child = relative + "/" + name
            let childAbsolute = root + "/" + child
            var type: mode_t
            switch Int32(entryType) {
            case Int32(DT_DIR): type = S_IFDIR
            case Int32(DT_REG): type = S_IFREG
            case Int32(DT_LNK):
                type = try linkTarget(child)
            default:
                // A file system that does not report types: ask, and treat a link as above.
                type = Self.type(of: childAbsolute, following: false) ?? 0
                if type == S_IFLNK { type = try linkTarget(child) }
            }
            if type == S_IFDIR {
                try walk(child, into: &result, visited: &visited)
            } else if type == S_IFREG {
                result.append(child)
            }
        }
    }

    /// The type of what a link inside the site points to; a link out of the site, or a broken
    /// one, is refused.
    private func linkTarget(_ relative: String) throws -> mode_t {
        let target = try checkInside(relative)
        return Self.type(of: target, following: true) ?? 0
    }

    /// The real path of `relative`, which must lie in the site folder.
    @discardableResult private func checkInside(_ relative: String) throws -> String {
        guard let target = Self.realPath(root + "/" + relative) else {
            throw FileSystemProblem(path: relative, message: "symbolic link is broken or loops")
        }
        guard target == root || target.hasPrefix(root + "/") else {
            throw FileSystemProblem(
                path: relative, message: "symbolic link points outside the site folder (to \(target))")
        }
        return target
    }

    /// The names and `d_type`s in a folder, without `.` and `..`.
    private static func entries(of path: String, relative: String) throws -> [(name: String, type: UInt8)] {
        guard let directory = opendir(path) else {
            throw FileSystemProblem(
                path: relative, message: "folder could not be read: \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        return DirectoryListing.entries(of: directory)
    }

    /// The file type bits (`S_IFDIR`, `S_IFREG` …) of a path, or nil when it does not exist.
    private static func type(of path: String, following: Bool) -> mode_t? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The path with every link resolved, or nil when it is broken or loops.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Reads whole files with one `read` per file into a buffer of the file's size, rather than
/// through Foundation's `Data(contentsOf:)` and its URL handling.
enum DiskReader {
    /// The bytes of the regular file at `path` below `folder`; over `limit` bytes (by its size at
    /// open), `FileTooLarge` before reading any.
    static func read(_ path: String, in folder: ConfinedFolder, atMost limit: Int = .max) throws -> Data {
        let descriptor: Int32
        let info: stat
        do {
            (descriptor, info) = try folder.openRegularFile(path)
        } catch {
            switch error {
            case .system(let code): throw ReadError(code: code)
            case .notRegularFile:
                throw FileSystemProblem(
                    path: path, message: "is not a regular file (a folder, a FIFO or a device), so it is not read")
            case .link(let target):
                throw FileSystemProblem(
                    path: path,
                    message: target.map { "symbolic link points outside the site folder (to \($0))" }
                        ?? "symbolic link is broken or leads outside the site folder")
            case .refused(let refusal): throw FileSystemProblem(path: path, message: refusal.description)
            }
        }
        defer { close(descriptor) }
        guard Int(info.st_size) <= limit else { throw FileTooLarge(size: Int(info.st_size)) }
        return try read(descriptor: descriptor, size: Int(info.st_size))
    }

    /// Up to `size` bytes from an open file, with one `read` for the whole file as a rule. A file
    /// that grows while being read is read to `size`; one that shrinks, to its end.
    static func read(descriptor: Int32, size: Int) throws -> Data {
        var data = Data(count: size)
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ReadError(code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        if filled < data.count { data.count = filled }
        return data
    }

    /// Why a file could not be read, in the system's words ("Permission denied").
    struct ReadError: LocalizedError, Equatable {
        var code: Int32
        var errorDescription: String? { String(cString: strerror(code)) }
    }
}
