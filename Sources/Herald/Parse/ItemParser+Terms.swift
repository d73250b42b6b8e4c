import Foundation

/// An item's categories, tags and terms of the site's own taxonomies, held to the bounds that keep its output linear in its size
/// (`LimitOptions`).
extension ItemParser {
    /// The terms as written (trimmed, empty ones left out). The first one past
    /// `limits.termsPerItem` is an error at its line, and so is one longer than
    /// `LimitOptions.longestTerm`; `kind` is `category`, `tag` or `topics term`, for the messages,
    /// and `taxonomy` names a taxonomy of the site's own.
    func readTerms(
        _ written: [(value: String, line: Int)], kind: String, taxonomy: String? = nil, path: String,
        problems: inout DiagnosticList
    ) -> [TermReference] {
        let limit = config.limits.termsPerItem
        var terms: [TermReference] = []
        terms.reserveCapacity(min(written.count, limit + 1))
        for (value, line) in written {
            let name = value.trimmed()
            guard !name.isEmpty else { continue }
            if terms.count == limit {
                // Once: the rest would each repeat it, and a hostile file names thousands.
                let total = written.lazy.filter { !$0.value.trimmed().isEmpty }.count
                let counted =
                    taxonomy.map { "\(limit) \($0)" } ?? "\(limit) categories and, counted apart, \(limit) tags"
                problems.error(
                    path, line,
                    "\(kind) \(limit + 1) of \(total) is over the limit: an item may name at most \(counted) (limits.termsPerItem in site.yml), since each gets a page of its own; remove some, or raise the limit with `limits: {termsPerItem: \(min(total, 10_000))}` in site.yml"
                )
                break
            }
            if name.utf8.count > LimitOptions.longestTerm {
                problems.error(
                    path, line,
                    "\(kind) '\(name.prefix(40))…' is \(name.utf8.count) bytes long; \(taxonomy == nil ? "a category or tag" : "a term") may be at most \(LimitOptions.longestTerm) bytes (\(LimitOptions.longestTerm / 3) Chinese characters): shorten it"
                )
            }
            terms.append(TermReference(name: name, line: line))
        }
        return terms
    }

    /// Each of the site's own taxonomies' terms (`SiteConfig.taxonomies`, in order), read from the
    /// front matter key each is written under (`written`, nil when absent).
    func readTaxonomyTerms(
        _ fields: inout YAMLReader, written: [String?], path: String
    ) -> [[TermReference]] {
        zip(config.taxonomies, written).map { taxonomy, key in
            guard let key, let list = fields.termList(key) else { return [] }
            return readTerms(
                list, kind: "\(taxonomy.name) term", taxonomy: taxonomy.name, path: path, problems: &fields.problems)
        }
    }
}
