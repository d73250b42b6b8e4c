import Foundation

/// A file Herald writes that is not a template page: a feed, a JSON document, the sitemap.
/// Its bytes are made when the file is written, in parallel with the pages.
public struct GeneratedFile: Sendable {
    /// The output path (`feed.xml`, `api/home.json`).
    public var path: String
    /// What makes the file, named in collision messages.
    public var owner: String
    /// Whether a file of the same path in `static/` may replace it (only `robots.txt`).
    public var replaceableByStatic = false
    /// Makes the bytes.
    public var make: @Sendable () -> Data
}

