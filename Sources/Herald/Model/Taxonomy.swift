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
    /// Its own page (`content/topics/_index.md`): a title for its list of terms.
    public var page: SectionPage? = nil

    /// Its title wherever it is shown: its page's, else site.yml's (in the site's language).
    public var title: String { page?.title ?? declaration.title }
}

/// The pages of a site's own taxonomies and their terms (`content/topics/housing/_index.md`), by
/// taxonomy index (`SiteConfig.taxonomies`), then by the term's folder, `""` for the taxonomy's
/// own page.
public typealias TermPages = [Int: [String: SectionPage]]
