import Foundation

/// One of the site's own taxonomies (site.yml `taxonomies:`) with the items filed under its
/// terms: the model its lists, feeds, calendars and API documents are made from.
public struct Taxonomy: Sendable, Equatable {
    /// How site.yml declares it: its name, address and title.
    public var declaration: TaxonomyDeclaration
    /// Its terms, most used first, then by slug; each with its listed items, newest first.
    public var terms: [Term]
    /// For each item, its terms as indexes into `terms`.
    public var termsOfItem: [[Int]]
}
