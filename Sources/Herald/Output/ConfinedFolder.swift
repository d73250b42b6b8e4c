import CHeraldSystem
import Foundation

/// A folder whose files Herald opens, creates and links only *below* it, checked by the kernel
/// on the open itself.
///
/// Paths are first held to `ConfinedPath`'s lexical rule; then every open goes through Linux's
/// `openat2` from the folder's own descriptor with `RESOLVE_BENEATH`, so the check and the open
/// are one step: a symbolic link swapped in between a check and a read (a race that once published
/// `/etc/passwd` from `static/`) cannot lead out. Two kinds of folder:
/// - `.output` (a staging folder, a previous output, a cache): Herald fills it itself and never
///   puts a link there, so no link at all is followed (`RESOLVE_NO_SYMLINKS`);
/// - `.site` (the site folder): editors may link inside their site (`static/logo.png ->
///   ../assets/logo.png`), so relative links are followed while they stay below the folder; an
///   absolute link is followed only when its real target is inside the site, and then opened
///   again by that target's own, link-free path.
public final class ConfinedFolder: @unchecked Sendable {
    /// Which links an open may follow (see the type's comment).
    public enum Kind: Sendable { case output, site }

    /// Why a file below the folder could not be opened.
    public enum Failure: Error, Sendable, Equatable {
        /// The path breaks `ConfinedPath`'s rule.
        case refused(ConfinedPath.Refusal)
        /// The path crosses a symbolic link where none may be followed, or one leading outside
        /// the folder (to `target`, when it could be resolved).
        case link(target: String?)
        /// Not a regular file (a folder, a FIFO, a device): never read, since a FIFO would block.
        case notRegularFile
        /// The system's own reason (`errno`).
        case system(Int32)
    }

    /// The folder's path, absolute, as given.
    public let path: String
    /// The folder itself, opened once: every open below starts here.
    let descriptor: Int32
    public let kind: Kind

    /// Opens the folder at `path` (which may itself be reached through a link: the root is the
    /// user's choice; what is below it is confined).
    /// `followingRoot: false` for a folder Herald names itself beside its output (the image
    /// cache): a link there was put by someone else, and is refused like any link below.
    public init(path: String, kind: Kind, followingRoot: Bool = true) throws(Failure) {
        let descriptor = Glibc.open(path, herald_O_PATH | O_DIRECTORY | O_CLOEXEC | (followingRoot ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw errno == ENOTDIR && !followingRoot ? .link(target: nil) : .system(errno) }
        self.path = path
        self.descriptor = descriptor
        self.kind = kind
    }

    deinit { close(descriptor) }

    /// Whether the kernel has `openat2` (Linux 5.6 and later); set once it answered ENOSYS, after
    /// which paths are walked a folder at a time with `O_NOFOLLOW`, which follows no link at all.
    nonisolated(unsafe) private static var walkInstead = false

    /// Opens `relative` below the folder with `flags` (`O_CLOEXEC` is added).
    public func open(_ relative: String, flags: Int32, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        if let refusal = ConfinedPath.refusal(relative) { throw .refused(refusal) }
        let resolve = kind == .output ? herald_resolve_confined : herald_resolve_beneath
        // (RESOLVE_NO_SYMLINKS refuses a link as the last component too, with ELOOP, where
        // O_NOFOLLOW would open a link itself with O_PATH.)
        let all = flags | O_CLOEXEC
        // openat2 refuses a mode without O_CREAT (EINVAL), unlike openat.
        let mode = flags & O_CREAT != 0 ? mode : 0
        if !Self.walkInstead {
            let opened = herald_openat2(descriptor, relative, all, UInt32(mode), resolve)
            if opened >= 0 { return opened }
            let code = errno
            switch code {
            case ENOSYS: Self.walkInstead = true
            case ELOOP, EXDEV:
                if kind == .site { return try openThroughAbsoluteLink(relative, flags: all, mode: mode) }
                throw .link(target: nil)
            default: throw .system(code)
            }
        }
        return try walk(relative, flags: all, mode: mode)
    }

    /// A site path that reached an absolute link (or a link out): allowed only when its real
    /// target lies in the site, and then opened by that target's path, following no link.
    private func openThroughAbsoluteLink(_ relative: String, flags: Int32, mode: mode_t) throws(Failure) -> Int32 {
        guard let resolved = realpath(path + "/" + relative, nil) else { throw .link(target: nil) }
        let target = String(cString: resolved)
        free(resolved)
        guard let root = realpath(path, nil) else { throw .system(errno) }
        let rootPath = String(cString: root)
        free(root)
        guard target.hasPrefix(rootPath + "/") else { throw .link(target: target) }
        let inside = String(target.dropFirst(rootPath.count + 1))
        let opened = herald_openat2(descriptor, inside, flags, UInt32(mode), herald_resolve_confined)
        guard opened >= 0 else { throw errno == ELOOP || errno == EXDEV ? .link(target: target) : .system(errno) }
        return opened
    }

    /// `open` without `openat2`: each folder opened from the one before with `O_NOFOLLOW`.
    private func walk(_ relative: String, flags: Int32, mode: mode_t) throws(Failure) -> Int32 {
        let segments = relative.split(separator: "/").map(String.init)
        var current = descriptor
        defer { if current != descriptor { close(current) } }
        for folder in segments.dropLast() {
            let next = openat(current, folder, herald_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw errno == ELOOP || errno == ENOTDIR ? .link(target: nil) : .system(errno) }
            if current != descriptor { close(current) }
            current = next
        }
        let opened = openat(current, segments.last!, flags | O_NOFOLLOW, mode)
        guard opened >= 0 else { throw errno == ELOOP ? .link(target: nil) : .system(errno) }
        return opened
    }

    // MARK: Folders and files

    /// Makes the folder `relative`, whose parent exists; false when it was already there (as a
    /// folder: a link or a file in its place is a failure).
    @discardableResult public func makeFolder(_ relative: String, mode: mode_t = 0o755) throws(Failure) -> Bool {
        if let refusal = ConfinedPath.refusal(relative) { throw .refused(refusal) }
        let (parent, name) = Self.split(relative)
        let parentDescriptor =
            try parent.map { parent throws(Failure) in try open(parent, flags: herald_O_PATH | O_DIRECTORY) }
            ?? descriptor
        defer { if parentDescriptor != descriptor { close(parentDescriptor) } }
        if mkdirat(parentDescriptor, name, mode) == 0 { return true }
        let code = errno
        guard code == EEXIST else { throw .system(code) }
        if kind == .site {
            // A site's folder may be a link that stays in the site; opening it says whether it does.
            close(try open(relative, flags: herald_O_PATH | O_DIRECTORY))
            return false
        }
        var info = stat()
        guard fstatat(parentDescriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw .system(errno) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return false
        case S_IFLNK: throw .link(target: nil)
        default: throw .system(EEXIST)
        }
    }

    /// Makes the folder `relative` and every folder above it that is missing, one below the other,
    /// each checked as `makeFolder` checks it.
    public func makeFolders(_ relative: String, mode: mode_t = 0o755) throws(Failure) {
        if let refusal = ConfinedPath.refusal(relative) { throw .refused(refusal) }
        var made = ""
        for name in relative.split(separator: "/") {
            made += (made.isEmpty ? "" : "/") + name
            try makeFolder(made, mode: mode)
        }
    }

    /// Opens the folder `relative` (nil: this folder) for listing and for the `*at` calls of a
    /// caller that works inside it: a descriptor, to be closed.
    public func openFolder(_ relative: String?) throws(Failure) -> Int32 {
        guard let relative else {
            let opened = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard opened >= 0 else { throw .system(errno) }
            return opened
        }
        return try open(relative, flags: O_RDONLY | O_DIRECTORY)
    }

    /// Creates (or truncates) the file `relative` for writing: its descriptor, to be closed.
    public func createFile(_ relative: String, mode: mode_t = 0o644) throws(Failure) -> Int32 {
        try open(relative, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
    }

    /// Opens a regular file for reading, never blocking on a FIFO or a device put in its place.
    public func openRegularFile(_ relative: String) throws(Failure) -> (descriptor: Int32, info: stat) {
        let opened = try open(relative, flags: O_RDONLY | O_NONBLOCK)
        var info = stat()
        guard fstat(opened, &info) == 0 else {
            let code = errno
            close(opened)
            throw .system(code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            throw .notRegularFile
        }
        return (opened, info)
    }

    /// Hard-links the open file `source` (opened below another confined folder) as `relative`
    /// here: exactly the file that was opened and checked, whatever its path holds by now.
    public func link(
        descriptor source: Int32, from folder: ConfinedFolder, path sourcePath: String, as relative: String
    ) -> Bool {
        guard ConfinedPath.refusal(relative) == nil else { return false }
        if linkat(AT_FDCWD, "/proc/self/fd/\(source)", descriptor, relative, AT_SYMLINK_FOLLOW) == 0 { return true }
        // Without /proc (a bare chroot): by path, which `openat2` has just checked.
        guard errno == ENOENT, ConfinedPath.refusal(sourcePath) == nil else { return false }
        return linkat(folder.descriptor, sourcePath, descriptor, relative, 0) == 0
    }

    /// `a/b/c` → (`a/b`, `c`); `c` → (nil, `c`).
    public static func split(_ relative: String) -> (parent: String?, name: String) {
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (nil, relative) }
        return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
    }
}

extension ConfinedFolder.Failure: CustomStringConvertible {
    /// The reason in a user's words.
    public var description: String {
        switch self {
        case .refused(let refusal): return refusal.description
        case .link(let target?): return "symbolic link points outside the folder (to \(target))"
        case .link(nil):
            return "the path goes through a symbolic link that is broken or that Herald does not follow here"
        case .notRegularFile: return "not a regular file"
        case .system(let code): return String(cString: strerror(code))
        }
    }

    /// The system's error number, for a system failure.
    public var code: Int32? {
        if case .system(let code) = self { return code }
        return nil
    }
}
