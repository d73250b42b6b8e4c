import Foundation

/// A way of grouping items that a site declares beyond categories and tags (site.yml
/// `taxonomies:`): `topics`, `departments`, `series`. Items name their terms in front matter
/// under the taxonomy's name, and each term gets a paged list, feeds, a calendar when it has
/// events, and API documents, as a category does.
public struct TaxonomyDeclaration: Sendable, Equatable {
    /// The front matter key items name their terms under (`topics`); templates and the API know
    /// the taxonomy by it too.
    public var name: String
    /// The first segment of its addresses: its list of terms is `<segment>/`, a term's page
    /// `<segment>/<slug>/`.
    public var segment: String
    /// Its title as readers of the site's language see it (`Topics`, `专题`).
    public var title: String
    /// Its titles in the site's languages, by language code, where site.yml gives them.
    public var titles: [String: String] = [:]
    /// The line of site.yml that declares it, for diagnostics.
    public var line: Int
    /// Whether its name is the author key's (`authors`): its terms are the items' authors, each
    /// term's page the author's, which bylines link to.
    public var readsAuthors: Bool { FrontMatterKeys.key(for: name) == "author" }

    public init(name: String, segment: String? = nil, title: String? = nil, line: Int = 1) {
        self.name = name
        self.segment = segment ?? Slug.make(from: name)
        self.title = title ?? Self.defaultTitle(of: name)
        self.line = line
    }

    /// The title of a taxonomy site.yml gives none: its name with a capital (`topics` → `Topics`).
    public static func defaultTitle(of name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Why site.yml could not declare this taxonomy after `earlier` (its name is a key Herald
    /// reads, or its address is taken), if it could not: for `herald import`, which leaves such
    /// a taxonomy's terms in front matter rather than write a site.yml that does not build.
    public func problem(after earlier: [TaxonomyDeclaration] = []) -> String? {
        SiteConfigParser.taxonomyProblem(self, after: earlier, languageFolders: [])
    }

    /// The title in one of the site's languages: its own, else the one site.yml gives first.
    public func title(in language: String) -> String {
        titles[language] ?? titles.first { $0.key.lowercased() == language.lowercased() }?.value ?? title
    }
}
