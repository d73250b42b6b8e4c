import Foundation

/// Where a reference in a body points, answered by the import once every item has its new address.
struct ReferenceResolver: Sendable {
    /// Hugo's `ref`/`relref` target (from the file at the first argument) → the new URL path.
    var hugoRef: @Sendable (_ from: String, _ target: String) -> String?
    /// Jekyll's `post_url` name → the new URL path.
    var postURL: @Sendable (_ name: String) -> String?
    /// Jekyll's `link` path (from the site's root) → the new URL path.
    var link: @Sendable (_ path: String) -> String?
}
