import Foundation

/// The list of files a target holds, with their hashes, kept on the target itself
/// (`.herald-manifest.json` at the site's root) by the folder and S3 targets. The next publish
/// compares hashes with it, so a fresh clone or a rebuild with new modification times uploads
/// only what really changed, without reading the published files back.
struct PublishManifest: Codable, Equatable {
    /// The manifest's name at the root of the published site.
    static let fileName = ".herald-manifest.json"
    /// Bumped if the meaning of a field changes; a manifest of another format is ignored.
    static let currentFormat = 1

    /// One published file.
    struct Entry: Codable, Equatable {
        var sha256: String
        var size: Int
        /// The content type and cache policy it was stored with (S3), so a change of policy re-uploads it.
        var metadata: String?
        /// The file's status-change time on a folder target when published (`seconds.nanoseconds`).
        /// Any edit there since, even to the same size and with its modification time put back,
        /// changes it, and the file is then read again rather than trusted to the hash.
        var changed: String?

        /// The status-change time of a file's `stat`, as written in `changed`.
        static func changeTime(_ info: stat) -> String { "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)" }
    }

    var format = currentFormat
    var generator = "Herald"
    /// Path inside the site → entry.
    var files: [String: Entry]

    /// The manifest of `site` as published, with each file's stored metadata.
    init(site: BuiltSite, metadata: (String) -> String? = { _ in nil }, changed: (String) -> String? = { _ in nil }) {
        files = Dictionary(
            uniqueKeysWithValues: site.files.map {
                (
                    $0.path,
                    Entry(sha256: $0.sha256, size: $0.size, metadata: metadata($0.path), changed: changed($0.path))
                )
            })
    }

    /// Reads a manifest; nil for one that is missing, unreadable or of another format (the
    /// target is then compared by reading its files, or everything is uploaded again).
    static func decode(_ data: Data?) -> PublishManifest? {
        guard let data, let manifest = try? JSONDecoder().decode(PublishManifest.self, from: data),
            manifest.format == currentFormat
        else { return nil }
        return manifest
    }

    /// The manifest as JSON, keys sorted so the same site always gives the same bytes.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
