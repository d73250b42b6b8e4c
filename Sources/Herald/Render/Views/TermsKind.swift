/// What a list of terms lists (`terms.kind` in templates).
enum TermsKind: String, Sendable, CaseIterable {
    case categories, tags
    /// The terms of one of the site's own taxonomies (site.yml `taxonomies:`).
    case taxonomy
    case months
}
