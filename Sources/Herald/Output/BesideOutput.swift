import Foundation

/// The files Herald keeps beside an output folder, never inside it (so they are never published):
/// `.NAME.herald` (the marker), `.NAME.herald-cache.json` (the build record),
/// `.NAME.herald-cache.paths` (the output's manifest) and `.NAME.herald-snapshot` (what the next
/// build may rebuild from, `BuildSnapshot`), beside `NAME/`.
enum BesideOutput {
    /// The file `.NAME<suffix>` beside the output folder `output`.
    static func path(forOutput output: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + suffix
    }

    /// Replaces the file at `path` with `data` whole: written under another name, then renamed,
    /// so a reader finds the old file or the new one, never half of one. A file that cannot be
    /// written only costs the next build its shortcut, so failure is not reported.
    static func replace(_ path: String, with data: Data) {
        let temporary = path + ".tmp-herald\(getpid())"
        if FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, path) != 0 {
            unlink(temporary)
        }
    }
}
