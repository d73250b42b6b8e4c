import Foundation

/// Where each content file of a site would be published, found without rendering anything: the
/// first steps of a build (read site.yml, discover, parse) and the URL layout. `herald import`
/// asks it for the new address of every item it wrote, to compare with the old one.
public struct SiteAddresses: Sendable {
    /// One content file's outcome.
    public struct Entry: Sendable, Equatable {
        /// The item's output path (`news/gala/`, `2014/11/01/slug.html`), or nil when the file is
        /// not a page by design (headless, a section's `_index.md`) or did not parse.
        public var path: String?
        /// The file's errors, each `path:line: message`; a file with errors is left out of a build.
        public var errors: [Diagnostic]
        /// Whether safe mode would leave raw HTML out of its body.
        public var hasRawHTML: Bool
    }

    /// Content file path (relative to the site folder) → where it goes; empty when site.yml or
    /// the content folder cannot be read (the import's check then reports why).
    public var entries: [String: Entry]

    /// Reads the site in `fileSystem` as a build would, up to the addresses of its items. Drafts,
    /// future and expired items are placed too: an import must keep every file's old address.
    public static func find(in fileSystem: FileSystem) -> SiteAddresses {
        var result = SiteAddresses(entries: [:])
        guard case .success(let reading) = SiteConfigFile.read(from: fileSystem),
            let found = try? ContentDiscovery.discover(in: fileSystem, config: reading.config)
        else { return result }
        let config = reading.config
        let parser = ItemParser(config: config)
        let layout = config.layout
        let outcomes = found.sources.parallelMap { source -> (String, Entry) in
            guard let data = try? fileSystem.readFile(source.path) else {
                return (
                    source.path,
                    Entry(
                        path: nil, errors: [Diagnostic(path: source.path, line: 1, "could not be read")],
                        hasRawHTML: false)
                )
            }
            let outcome = parser.parse(data, source: source)
            let errors = outcome.diagnostics.filter { $0.severity == .error }
            var path: String?
            if let item = outcome.item, errors.isEmpty {
                // A translation is placed in its language's folder.
                let layout = parser.layoutOfLanguage[item.language] ?? layout
                if let missing = layout.missingDate(item) {
                    return (
                        source.path,
                        Entry(path: nil, errors: [Diagnostic(path: source.path, line: 1, missing)], hasRawHTML: false)
                    )
                }
                path = layout.itemPath(item)
            }
            return (source.path, Entry(path: path, errors: errors, hasRawHTML: outcome.omittedHTMLLine != nil))
        }
        result.entries = Dictionary(outcomes, uniquingKeysWith: { first, _ in first })
        return result
    }
}
