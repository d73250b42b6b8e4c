import Foundation
import Herald

#if canImport(Glibc)
    import Glibc
#endif

/// A publish target folder, which `herald publish` reads and writes by paths relative to it. Every
/// path is opened through `ConfinedFolder`, as the build's own folders are: held to
/// `ConfinedPath`'s rule, then resolved by the kernel below the folder's descriptor without
/// following any link (`openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`). What this type
/// adds is what a target needs beyond the build: walking it, keeping a foreign link as the link
/// it is, and copying.
///
/// A publish target is a folder other people and programs write to too, so anything in it may be
/// a link planted there (`news -> /tmp/elsewhere`). Checking a path with `lstat` before opening it
/// leaves a moment in which it can be swapped; here no component of a path is ever followed,
/// so a link anywhere in a path is refused, and nothing is read from or written outside the folder,
/// whatever the path says (`..`, an absolute path, a NUL byte or an over-long name are refused
/// before any call).
final class TargetFolder: Sendable {
    /// The folder, as given.
    let path: String
    private let folder: ConfinedFolder

    /// Why a path was refused or an operation failed, naming the path inside the folder.
    struct Problem: Error, CustomStringConvertible {
        var path: String
        var message: String
        var description: String { "\(path): \(message)" }
    }

    /// Opens `path`, which must be a folder (a link to a folder is followed here, and only here:
    /// the folder is chosen by whoever runs herald, not by what is inside it).
    /// `making`: the folder is made first if it is missing.
    init(path: String, making: Bool = false) throws {
        if making { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        self.path = path
        do {
            folder = try ConfinedFolder(path: path, kind: .output)
        } catch {
            throw Problem(path: path, message: "could not be opened: \(error)")
        }
    }

    /// The components of a relative path, or why it cannot name a file inside the folder: the
    /// rule every path Herald writes keeps (`ConfinedPath`).
    static func components(of relative: String) throws -> [String] {
        if let refusal = ConfinedPath.refusal(relative) { throw Problem(path: relative, message: refusal.description) }
        return relative.split(separator: "/").map(String.init)
    }

    // MARK: Folders

    /// A descriptor of the folder that holds `relative` (made on the way when `create`), and the
    /// name inside it. The caller closes the descriptor.
    private func parent(of relative: String, create: Bool, mode: mode_t = 0o755) throws -> (Int32, String) {
        _ = try Self.components(of: relative)
        let (parent, name) = ConfinedFolder.split(relative)
        do throws(ConfinedFolder.Failure) {
            if create, let parent { try folder.makeFolders(parent, mode: mode) }
            return (try folder.openFolder(parent), name)
        } catch {
            throw problem(error, at: relative)
        }
    }

    /// A failure in the user's words: a link, or a file where a folder should be, is named.
    private func problem(_ failure: ConfinedFolder.Failure, at relative: String) -> Problem {
        let notFolder: Bool
        switch failure {
        case .link: notFolder = true
        case .system(let code): notFolder = code == ENOTDIR || code == EEXIST
        default: notFolder = false
        }
        guard notFolder, let name = firstNonFolder(on: relative) else {
            return Problem(path: relative, message: failure.description)
        }
        return Problem(path: relative, message: "\(name) is a link or a file, not a folder; Herald does not follow it")
    }

    /// The first folder on the way to `relative` that is not a real folder (for the message only:
    /// the refusal itself was the kernel's, on the open).
    private func firstNonFolder(on relative: String) -> String? {
        var walked = ""
        for name in relative.split(separator: "/").dropLast() {
            walked += (walked.isEmpty ? "" : "/") + name
            guard let info = status(walked), info.st_mode & S_IFMT == S_IFDIR else { return String(name) }
        }
        return nil
    }

    /// Makes the folder `relative` (and the folders above it) with `mode`, unless it exists.
    func makeFolder(_ relative: String, mode: mode_t = 0o755) throws {
        _ = try Self.components(of: relative)
        do throws(ConfinedFolder.Failure) {
            try folder.makeFolders(relative, mode: mode)
        } catch {
            throw problem(error, at: relative)
        }
    }

    // MARK: Reading

    /// The status of `relative` itself (a link is described, not followed), or nil when it is missing.
    func status(_ relative: String) -> stat? {
        guard let (folder, name) = try? parent(of: relative, create: false) else { return nil }
        defer { close(folder) }
        var info = stat()
        return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// The bytes of the regular file `relative`, or nil when it is missing, a link or unreadable.
    func read(_ relative: String) -> Data? {
        guard let (folder, name) = try? parent(of: relative, create: false) else { return nil }
        defer { close(folder) }
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? FileHandle(fileDescriptor: file, closeOnDealloc: false).readToEnd() ?? Data()
    }

    /// What the folder holds, walked without following any link: every entry that is not a
    /// folder (files, links, anything else), and every folder that holds nothing.
    func walk() throws -> (files: [String], emptyFolders: [String]) {
        var files: [String] = []
        var empty: [String] = []
        // A descriptor of its own, not a dup: a dup shares the read position, so a second walk would start at the end.
        try walk(folder: (try? folder.openFolder(nil)) ?? -1, prefix: "", files: &files, empty: &empty)
        return (files.sorted(), empty.sorted())
    }

    private func walk(folder: Int32, prefix: String, files: inout [String], empty: inout [String]) throws {
        guard folder >= 0, let stream = fdopendir(folder) else {
            if folder >= 0 { close(folder) }
            throw Problem(path: prefix.isEmpty ? "." : prefix, message: "could not be listed: \(Self.errorText())")
        }
        defer { closedir(stream) }
        var count = 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            count += 1
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            let child = openat(dirfd(stream), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 {
                try walk(folder: child, prefix: relative, files: &files, empty: &empty)
            } else {
                files.append(relative)
            }
        }
        if count == 0, !prefix.isEmpty { empty.append(prefix) }
    }

    // MARK: Writing

    /// Writes `data` to the new file `relative` (it must not exist), making the folders above it.
    func write(_ data: Data, to relative: String, mode: mode_t = 0o644) throws {
        let (folder, name) = try parent(of: relative, create: true)
        defer { close(folder) }
        let file = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard file >= 0 else { throw Problem(path: relative, message: "could not be written: \(Self.errorText())") }
        defer { close(file) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    throw Problem(path: relative, message: "could not be written: \(Self.errorText())")
                }
                offset += written
            }
        }
        fchmod(file, mode)
    }

    /// Copies the regular file at `source` (an absolute path, its last component not followed)
    /// to the new file `relative`, with the source's permissions.
    func copy(from source: String, to relative: String) throws {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else {
            throw Problem(path: relative, message: "could not read \(source): \(Self.errorText())")
        }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Problem(path: relative, message: "\(source) is not a regular file")
        }
        let data = try FileHandle(fileDescriptor: input, closeOnDealloc: false).readToEnd() ?? Data()
        try write(data, to: relative, mode: info.st_mode & 0o777)
    }

    /// Makes `relative` here the same inode as `relative` in `other` (a hard link, made without
    /// following either path's links: a link is linked as the link it is). False when the file
    /// system cannot (another device, a file another user owns); the caller then copies.
    /// `regularOnly`: anything but a regular file (a link swapped in since it was looked at) is
    /// taken back out, checked on the new entry itself, so no moment between a check and the link
    /// lets one through.
    func link(_ relative: String, from other: TargetFolder, regularOnly: Bool = false) throws -> Bool {
        guard let (source, sourceName) = try? other.parent(of: relative, create: false) else { return false }
        defer { close(source) }
        let (folder, name) = try parent(of: relative, create: true)
        defer { close(folder) }
        guard linkat(source, sourceName, folder, name, 0) == 0 else { return false }
        var info = stat()
        if regularOnly, fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) != 0 || info.st_mode & S_IFMT != S_IFREG {
            unlinkat(folder, name, 0)
            return false
        }
        return true
    }

    /// Keeps the entry `relative` of `other` here: the same inode when the file system allows,
    /// else a copy of a regular file or a new link with the same text. Anything else (a socket, a
    /// device) that cannot be linked is an error.
    func keep(_ relative: String, from other: TargetFolder) throws {
        if try link(relative, from: other) { return }
        let (source, sourceName) = try other.parent(of: relative, create: false)
        defer { close(source) }
        var info = stat()
        guard fstatat(source, sourceName, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw Problem(path: relative, message: "could not be kept: \(Self.errorText())")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard let data = other.read(relative) else {
                throw Problem(path: relative, message: "could not be read to keep it")
            }
            try write(data, to: relative, mode: info.st_mode & 0o7777)
        case S_IFLNK:
            let capacity = Int(PATH_MAX)
            var buffer = [CChar](repeating: 0, count: capacity + 1)
            let length = readlinkat(source, sourceName, &buffer, capacity)
            guard length >= 0 else {
                throw Problem(path: relative, message: "could not be read to keep it: \(Self.errorText())")
            }
            let (folder, name) = try parent(of: relative, create: true)
            defer { close(folder) }
            // The link's text as the bytes it is (NUL-terminated by the zeroed buffer), whatever they are.
            guard buffer.withUnsafeBufferPointer({ symlinkat($0.baseAddress!, folder, name) }) == 0 else {
                throw Problem(path: relative, message: "could not be kept: \(Self.errorText())")
            }
        default:
            throw Problem(path: relative, message: "is neither a file nor a link and could not be kept")
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
