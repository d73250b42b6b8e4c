/// A content file found under `content/`, with the kind its folder gives it.
public struct ContentSource: Sendable, Equatable {
    /// Path relative to the site folder, e.g. `content/news/2026/hello.md`.
    public var path: String
    /// News, event or page, from the folder it is in.
    public var kind: ContentKind
}

/// Finds the Markdown files of a site: `content/news/**`, `content/events/**`, `content/pages/**`.
public enum ContentDiscovery {
    /// The file extensions read as Markdown.
    static let markdownExtensions = [".md", ".markdown"]

    /// Lists the site's content files, sorted by path. Markdown files directly under `content/`
    /// or in another folder are reported as warnings, since they would otherwise vanish silently.
    public static func discover(in fileSystem: FileSystem) throws -> (sources: [ContentSource], warnings: [Diagnostic]) {
        var sources: [ContentSource] = []
        var warnings: [Diagnostic] = []
        let known = Set(ContentKind.allCases.map { "content/\($0.folder)/" })
        for path in try fileSystem.listFiles("content") ?? [] where markdownExtensions.contains(where: path.lowercased().hasSuffix) {
            guard let kind = ContentKind.allCases.first(where: { path.hasPrefix("content/\($0.folder)/") }) else {
                warnings.append(.warning(path: path, line: 1, "is not built: content goes in \(known.sorted().joined(separator: ", "))"))
                continue
            }
            sources.append(ContentSource(path: path, kind: kind))
        }
        return (sources, warnings)
    }
}
