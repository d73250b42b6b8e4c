import Foundation

/// Processed images kept between builds, in a folder beside the output
/// (`.site-output.herald-images/`): each file named by its recipe's key (a hash of the source's
/// bytes and the settings that made it), and an index of the sources already hashed, by their file
/// stamp, so that an unchanged image is neither read nor hashed again. Safe to delete at any time.
/// Without a folder (builds into memory in tests), nothing is kept.
public final class ImageCache: @unchecked Sendable {
    /// The folder, or nil for no cache.
    public let folder: String?
    // An NSLock, which the thread sanitizer sees through (see OutputTree). Held for every access below.
    private let lock = NSLock()
    private var index: [String: Source]
    private var indexChanged = false
    /// The folder opened for `kept`, once (nil inside when it cannot be opened).
    private var linkable: ConfinedFolder??
    /// Whether `save` writes the index: not for a dry pass of a build that already failed,
    /// which reads the cache and writes nothing.
    private let saving: Bool

    /// What the index remembers of a source file.
    struct Source: Codable, Equatable {
        var stamp: String
        var byteCount: Int
        var contentHash: String
        var header: ImageHeader
    }

    /// The index file's name in the folder.
    static let indexName = "index.json"

    /// The cache in `folder` (made when first written to), or no cache.
    ///
    /// The folder is Herald's own, beside the output, and may sit in the site folder, where a
    /// contribution could commit a link by that name (`.site-output.herald-images ->
    /// /somewhere`): a link there is removed (the cache may be deleted at any time), never followed.
    public init(folder: String?, saving: Bool = true) {
        self.folder = folder
        self.saving = saving
        index = [:]
        if let folder {
            var info = stat()
            if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { unlink(folder) }
        }
        if let data = confined().flatMap({ try? DiskReader.read(Self.indexName, in: $0) }),
            let saved = try? JSONDecoder().decode([String: Source].self, from: data)
        {
            index = saved
        }
    }

    /// The cache folder, opened without following a link in it or in its own place; nil when
    /// there is none yet (or no cache). `making`: made first when missing.
    private func confined(making: Bool = false) -> ConfinedFolder? {
        guard let folder else { return nil }
        if making {
            try? FileManager.default.createDirectory(
                atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            mkdir(folder, 0o755)
        }
        return try? ConfinedFolder(path: folder, kind: .output, followingRoot: false)
    }

    /// Writes `data` as `name` in the cache: beside, then renamed, so a build interrupted
    /// half-way never leaves half a file; a file that cannot be written is made again next time.
    private func keep(_ data: Data, as name: String) {
        guard let cache = confined(making: true) else { return }
        let partial = name + ".partial-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        guard let descriptor = try? cache.createFile(partial) else { return }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != data.count || renameat(cache.descriptor, partial, cache.descriptor, name) != 0 {
            unlinkat(cache.descriptor, partial, 0)
        }
    }

    /// The cache folder beside an output folder: `.NAME.herald-images/` next to `NAME/`.
    public static func folder(besideOutput outputPath: String) -> String {
        let output = URL(fileURLWithPath: outputPath).standardizedFileURL
        return output.deletingLastPathComponent().path + "/." + output.lastPathComponent + ".herald-images"
    }

    /// What is known of the source at `path` while its stamp is `stamp`.
    func source(_ path: String, stamp: String) -> Source? {
        lock.withLock { index[path].flatMap { $0.stamp == stamp ? $0 : nil } }
    }

    /// Remembers a source's hash and header under its stamp.
    func remember(_ path: String, _ source: Source) {
        lock.withLock {
            if index[path] != source {
                index[path] = source
                indexChanged = true
            }
        }
    }

    /// The path of a file in the cache, by its key and format.
    private func file(_ key: String, _ format: ImageFormat) -> String? {
        folder.map { $0 + "/" + key + "." + format.fileExtension }
    }

    /// Whether the file is in the cache (as a file of its own, not a link).
    func has(_ key: String, _ format: ImageFormat) -> Bool {
        guard let file = file(key, format) else { return false }
        var info = stat()
        return lstat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// A file's bytes from the cache: a regular file in the folder itself, never one a link
    /// planted there leads to (its bytes would be published as an image).
    func read(_ key: String, _ format: ImageFormat) -> Data? {
        confined().flatMap { try? DiskReader.read(key + "." + format.fileExtension, in: $0) }
    }

    /// Keeps a file's bytes; a file that cannot be written is simply made again next time.
    func store(_ key: String, _ format: ImageFormat, _ data: Data) {
        keep(data, as: key + "." + format.fileExtension)
    }

    /// A file of the cache as one an output may link to (see `OutputSink.link`): the folder is
    /// opened once for all of them.
    func kept(_ key: String, _ format: ImageFormat) -> KeptFile? {
        let folder = lock.withLock {
            if linkable == nil { linkable = .some(confined()) }
            return linkable!
        }
        return folder.map { KeptFile(folder: $0, name: key + "." + format.fileExtension) }
    }

    func has(_ output: ImageOutput) -> Bool { has(output.key, output.format) }
    func read(_ output: ImageOutput) -> Data? { read(output.key, output.format) }
    func store(_ output: ImageOutput, _ data: Data) { store(output.key, output.format, data) }

    /// Writes the index, when it changed.
    func save() {
        let data: Data? = lock.withLock {
            guard indexChanged, saving else { return nil }
            indexChanged = false
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try? encoder.encode(index)
        }
        guard let data else { return }
        keep(data, as: Self.indexName)
    }
}
