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

    /// Creates a file system from its operations.
    public init(
        listFiles: @escaping @Sendable (String, Bool) throws -> [String]?,
        readFile: @escaping @Sendable (String) throws -> Data
    ) {
        self.listAllFiles = listFiles
        self.readFile = readFile
    }

    /// The files under a folder without hidden ones (editors' swap files, `.gitkeep` …).
    public func listFiles(_ folder: String) throws -> [String]? { try listAllFiles(folder, false) }

    /// Names that are never site files, even where hidden files are copied.
    static func isNeverCopied(_ name: Substring) -> Bool {
        [".git", ".svn", ".hg", ".DS_Store"].contains(name)
    }

    /// Reads a site folder on disk. Symbolic links are followed only while they stay inside
    /// the site folder, and a link that loops back on its own path is not walked twice.
    public static func disk(root: String) -> FileSystem {
        let root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        return FileSystem(
            listFiles: { folder, hidden in try DiskWalker(root: root, includeHidden: hidden).files(under: folder) },
            readFile: { path in try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)) }
        )
    }

    /// A site held in memory: file path → contents. For tests.
    public static func memory(_ files: [String: Data]) -> FileSystem {
        FileSystem(
            listFiles: { folder, hidden in
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                let found = files.keys.filter { path in
                    path.hasPrefix(prefix) && !path.split(separator: "/").contains { $0.hasPrefix(".") && (!hidden || isNeverCopied($0)) }
                }
                return found.isEmpty ? nil : found.sorted()
            },
            readFile: { path in
                guard let data = files[path] else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
                return data
            }
        )
    }

    /// A site held in memory, with text files. For tests.
    public static func memory(text files: [String: String]) -> FileSystem {
        memory(files.mapValues { Data($0.utf8) })
    }
}

/// A problem walking the site folder that is not about one file's contents.
public struct FileSystemProblem: Error, Sendable {
    /// The path relative to the site folder.
    public var path: String
    /// What went wrong.
    public var message: String
}

/// Walks a folder on disk, sorted, refusing symbolic links that leave the site folder.
private struct DiskWalker {
    let root: String
    let includeHidden: Bool

    func files(under folder: String) throws -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + "/" + folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        var result: [String] = []
        var visited: Set<String> = []
        try walk(folder, into: &result, visited: &visited)
        return result.sorted()
    }

    private func walk(_ relative: String, into result: inout [String], visited: inout Set<String>) throws {
        let absolute = root + "/" + relative
        let real = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
        // A folder reached twice through links would loop forever.
        guard visited.insert(real).inserted else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: absolute).sorted()
        for name in names where !name.hasPrefix(".") || (includeHidden && !FileSystem.isNeverCopied(name[...])) {
            let child = relative + "/" + name
            let childAbsolute = root + "/" + child
            let attributes = try FileManager.default.attributesOfItem(atPath: childAbsolute)
            var type = attributes[.type] as? FileAttributeType
            if type == .typeSymbolicLink {
                let target = URL(fileURLWithPath: childAbsolute).resolvingSymlinksInPath().path
                guard target == root || target.hasPrefix(root + "/") else {
                    throw FileSystemProblem(path: child, message: "symbolic link points outside the site folder (to \(target))")
                }
                guard let targetAttributes = try? FileManager.default.attributesOfItem(atPath: target) else {
                    throw FileSystemProblem(path: child, message: "symbolic link is broken or loops")
                }
                type = targetAttributes[.type] as? FileAttributeType
            }
            if type == .typeDirectory {
                try walk(child, into: &result, visited: &visited)
            } else if type == .typeRegular {
                result.append(child)
            }
        }
    }
}
