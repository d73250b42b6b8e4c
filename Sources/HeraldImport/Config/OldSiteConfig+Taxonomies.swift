import Herald

extension OldSiteConfig {
    /// The old site's taxonomies beside categories and tags (Hugo's `taxonomies:`), each as
    /// Herald can declare it; one it cannot (its name a key Herald reads, or its address taken)
    /// is left out, its terms staying in front matter for templates. The new site's site.yml
    /// declares these, and their term pages (`content/<name>/<term>/_index.md`) come across.
    var ownTaxonomies: [(name: String, origin: String)] {
        var declared: [TaxonomyDeclaration] = []
        var taxonomies: [(name: String, origin: String)] = []
        let builtIn = Set(categoryKeys.map { $0.lowercased() } + tagKeys.map { $0.lowercased() })
        for (plural, singular, origin) in self.taxonomies where !builtIn.contains(plural.lowercased()) {
            let declaration = TaxonomyDeclaration(name: plural)
            guard declaration.problem(after: declared) == nil, declaration.segment == plural.lowercased() else {
                continue
            }
            declared.append(declaration)
            taxonomies.append((plural, "[taxonomies] \(singular) = \"\(plural)\" (\(origin))"))
        }
        return taxonomies
    }
}
