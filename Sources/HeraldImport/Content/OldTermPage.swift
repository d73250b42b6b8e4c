/// A Hugo term's own page (`content/authors/gray-brooks/_index.md`), or a taxonomy's
/// (`content/authors/_index.md`), of a taxonomy the new site declares: it keeps the term's
/// title, summary, text and old addresses at the same place in the new site.
struct OldTermPage: Sendable, Equatable {
    /// The file's path in the old site.
    var sourcePath: String
    /// The taxonomy's name as the new site declares it (`authors`).
    var taxonomy: String
    /// The term's folder (`gray-brooks`); nil for the taxonomy's own page.
    var term: String?
    /// The language in the file's name (`_index.es.md`); nil for the default language's.
    var language: String?

    /// Where the page goes in the new site: the same folders, the name Herald reads
    /// (`_index.md`, or `_index.<language>.md` for a translation).
    var newPath: String {
        let name = "_index." + (language.map { $0 + "." } ?? "") + "md"
        return "content/" + taxonomy + "/" + (term.map { $0 + "/" } ?? "") + name
    }
}
