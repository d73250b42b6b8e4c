import Foundation

/// The new addresses a body's references (`ref`, `post_url`, `link`) are answered from, by the
/// old paths and names the old site's references used; `ImportPlan.referenceTables` fills them.
struct ReferenceTables: Sendable {
    /// Old path, lower-cased, with and without extension → URL.
    var byPath: [String: String] = [:]
    /// File or bundle name without extension → URLs.
    var byName: [String: [String]] = [:]
    /// Jekyll post path below _posts, without extension → URL.
    var posts: [String: String] = [:]
    /// Hugo's content folder, with its `/` (empty for Jekyll): old paths are taken below it.
    var contentDir = ""

    /// Hugo's `ref`/`relref`: the target as a path from the content folder, then from the folder
    /// of the file it is in (`from`), with or without extension or as a bundle; else a name only
    /// one item has. Its `#anchor` is kept.
    func hugoRef(from: String, target: String) -> String? {
        var reference = target
        var anchor = ""
        if let hash = reference.firstIndex(of: "#") {
            anchor = String(reference[hash...])
            reference = String(reference[..<hash])
        }
        if reference.isEmpty { return anchor.isEmpty ? nil : anchor }
        var candidates: [String] = []
        let trimmed = reference.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
        candidates.append(trimmed)
        if !reference.hasPrefix("/") {
            var folder = (from as NSString).deletingLastPathComponent
            if folder.hasPrefix(contentDir) {
                folder = String(folder.dropFirst(contentDir.count))
            } else if folder + "/" == contentDir {
                folder = ""
            }
            let relative = ((folder.isEmpty ? "" : folder + "/") + trimmed) as NSString
            candidates.append(
                relative.standardizingPath.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
        }
        for candidate in candidates {
            for key in [
                candidate, (candidate as NSString).deletingPathExtension, candidate + "/index",
                candidate + "/_index.md",
            ] {
                if let found = byPath[key] { return found + anchor }
            }
        }
        let name = ((trimmed as NSString).lastPathComponent as NSString).deletingPathExtension
        if let found = byName[name], found.count == 1 { return found[0] + anchor }
        return nil
    }

    /// Jekyll's `post_url`: a post's path below `_posts/`, or its name alone.
    func postURL(_ name: String) -> String? { posts[name] ?? posts[(name as NSString).lastPathComponent] }

    /// Jekyll's `link`: a file's path from the site's root.
    func link(_ path: String) -> String? {
        byPath[path.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()]
    }
}
