import Foundation
import Herald

/// The old site's folder, read-only: every file in it and their bytes. Reading goes through
/// Herald's `FileSystem`, so tests import sites held in memory.
public struct SourceTree: Sendable {
    /// Every file, relative to the site's root, sorted; version-control folders left out.
    public var files: [String]
    /// Reads the files.
    public var fileSystem: FileSystem

    /// The tree of a folder on disk. Symbolic links are not followed out of it: a link is read as
    /// the file it points to only when that is inside the folder.
    public static func disk(root: String) -> SourceTree {
        let root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: root) {
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if [".git", ".hg", ".svn", "node_modules", ".DS_Store"].contains(name) {
                    walker.skipDescendants()
                    continue
                }
                let attributes = walker.fileAttributes
                let type = attributes?[.type] as? FileAttributeType
                if type == .typeRegular {
                    files.append(relative)
                } else if type == .typeSymbolicLink {
                    let target = URL(fileURLWithPath: root + "/" + relative).resolvingSymlinksInPath().path
                    var isFolder: ObjCBool = false
                    if target.hasPrefix(root + "/"),
                        FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), !isFolder.boolValue
                    {
                        files.append(relative)
                    }
                }
            }
        }
        let fileSystem = FileSystem(
            listFiles: { _, _ in nil },
            readFile: { path in
                guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
                    throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
                }
                return data
            },
            // Herald's own bounded read: a file over the limit is measured, not read.
            readFileAtMost: FileSystem.disk(root: root).readFileAtMost)
        return SourceTree(files: files.sorted(), fileSystem: fileSystem)
    }

    /// A tree held in memory: path → text. For tests.
    public static func memory(_ files: [String: String]) -> SourceTree {
        SourceTree(files: files.keys.sorted(), fileSystem: .memory(text: files))
    }

    /// A tree of these files.
    public init(files: [String], fileSystem: FileSystem) {
        self.files = files
        self.fileSystem = fileSystem
        fileSet = Set(files)
    }

    /// A file's bytes, or nil when it cannot be read.
    func read(_ path: String) -> Data? { try? fileSystem.readFile(path) }

    /// A file's bytes when it is at most `limit` bytes (else `FileTooLarge`, without reading it),
    /// or nil when it cannot be read.
    func read(_ path: String, atMost limit: Int) throws(FileTooLarge) -> Data? {
        do {
            return try fileSystem.readFileAtMost(path, limit)
        } catch let tooLarge as FileTooLarge {
            throw tooLarge
        } catch {
            return nil
        }
    }

    /// Whether a file is there.
    func has(_ path: String) -> Bool { fileSet.contains(path) }

    private let fileSet: Set<String>
}
