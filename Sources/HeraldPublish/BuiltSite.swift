import Crypto
import Foundation
import Herald

/// A file of a built site: where it goes and a hash of what it holds.
public struct SiteFile: Sendable, Equatable {
    /// Path inside the site, with `/` separators (`news/a/index.html`).
    public var path: String
    /// Size in bytes.
    public var size: Int
    /// SHA-256 of the contents, in lowercase hex.
    public var sha256: String
}

/// The output folder of a build, with every file hashed: what `herald publish` puts on a target.
public struct BuiltSite: Sendable {
    /// The output folder.
    public let folder: String
    /// Its files, sorted by path.
    public let files: [SiteFile]

    /// Reads and hashes every file under `folder` on all cores. Links out of the folder are
    /// refused (the same walker as the build's), so a publish never uploads a file from elsewhere.
    public static func read(folder: String) throws -> BuiltSite {
        let folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        let disk = FileSystem.disk(root: folder)
        let paths = (try disk.listAllFiles(".", true) ?? []).map { String($0.dropFirst(2)) }  // "./a" → "a"
        let hashed = paths.parallelMap { path -> Result<SiteFile, FileSystemProblem> in
            do {
                let data = try disk.readFile(path)
                return .success(SiteFile(path: path, size: data.count, sha256: sha256Hex(data)))
            } catch let problem as FileSystemProblem {
                return .failure(problem)
            } catch {
                return .failure(FileSystemProblem(path: path, message: "could not be read: \(error)"))
            }
        }
        return BuiltSite(folder: folder, files: try hashed.map { try $0.get() })
    }

    /// A site from files already hashed (for tests and for targets listed elsewhere).
    public init(folder: String, files: [SiteFile]) {
        self.folder = folder
        self.files = files.sorted { $0.path < $1.path }
    }

    /// The files a target receives: all but one named like the manifest, whose name the target's
    /// own manifest takes.
    var publishedFiles: [SiteFile] { files.filter { $0.path != PublishManifest.fileName } }

    /// Total bytes.
    public var bytes: Int { files.reduce(0) { $0 + $1.size } }
}

/// SHA-256 of `data` as lowercase hex.
func sha256Hex(_ data: some DataProtocol) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in SHA256.hash(data: data) {
        hex.append(digits[Int(byte >> 4)])
        hex.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: hex, as: UTF8.self)
}
