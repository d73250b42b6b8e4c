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
    public init(folder: String?) {
        self.folder = folder
        index = [:]
        if let folder, let data = FileManager.default.contents(atPath: folder + "/" + Self.indexName),
           let saved = try? JSONDecoder().decode([String: Source].self, from: data) {
            index = saved
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
            if index[path] != source { index[path] = source; indexChanged = true }
        }
    }

    /// The path of a file in the cache, by its key and format.
    private func file(_ key: String, _ format: ImageFormat) -> String? {
        folder.map { $0 + "/" + key + "." + format.fileExtension }
    }

    /// Whether the file is in the cache.
    func has(_ key: String, _ format: ImageFormat) -> Bool {
        guard let file = file(key, format) else { return false }
        return access(file, F_OK) == 0
    }

    /// A file's bytes from the cache: a regular file in the folder itself, never one a link
    /// planted there leads to (its bytes would be published as an image).
    func read(_ key: String, _ format: ImageFormat) -> Data? {
        guard let folder, let confined = try? ConfinedFolder(path: folder, kind: .output) else { return nil }
        return try? DiskReader.read(key + "." + format.fileExtension, in: confined)
    }

    /// Keeps a file's bytes; a file that cannot be written is simply made again next time.
    func store(_ key: String, _ format: ImageFormat, _ data: Data) {
        guard let folder, let file = file(key, format) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Written beside, then renamed: a build interrupted half-way never leaves half a file.
        let partial = file + ".partial-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        if FileManager.default.createFile(atPath: partial, contents: data) {
            if rename(partial, file) != 0 { unlink(partial) }
        }
    }

    func has(_ output: ImageOutput) -> Bool { has(output.key, output.format) }
    func read(_ output: ImageOutput) -> Data? { read(output.key, output.format) }
    func store(_ output: ImageOutput, _ data: Data) { store(output.key, output.format, data) }

    /// Writes the index, when it changed.
    func save() {
        let data: Data? = lock.withLock {
            guard indexChanged else { return nil }
            indexChanged = false
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try? encoder.encode(index)
        }
        guard let folder, let data else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/" + Self.indexName
        let partial = file + ".partial-\(getpid())"
        if FileManager.default.createFile(atPath: partial, contents: data) { _ = rename(partial, file) }
    }
}
