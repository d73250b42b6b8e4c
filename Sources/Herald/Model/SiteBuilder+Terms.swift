import Foundation

/// Filing items under tags and under the terms of the site's own taxonomies, which are made alike.
extension SiteBuilder {
    /// Each of the site's own taxonomies, with the listed items (`newestFirst`) filed under its terms.
    static func taxonomies(
        of items: [ContentItem], newestFirst: [ItemID], declared: [TaxonomyDeclaration],
        warnings: inout DiagnosticList
    ) -> [Taxonomy] {
        declared.enumerated().map { index, declaration in
            let (terms, termsOfItem) = fileIntoTerms(
                items, newestFirst: newestFirst, kind: "\(declaration.name) term", segment: declaration.segment,
                references: { index < $0.terms.count ? $0.terms[index] : [] }, warnings: &warnings)
            return Taxonomy(declaration: declaration, terms: terms, termsOfItem: termsOfItem)
        }
    }

    /// Groups items by the terms `references` gives of each (their tags, or their terms of one
    /// taxonomy); spellings that give the same slug are one term, named as first written. A term
    /// with nothing to make a URL from is left out, and terms whose different names give one URL
    /// (`C++`, `C#`) are merged; both draw a warning (`AI` and `ai` are simply one term). `kind`
    /// (`tag`) and `segment` (`tags`) name them in the warnings.
    static func fileIntoTerms(
        _ items: [ContentItem], newestFirst: [ItemID], kind: String, segment: String,
        references: (ContentItem) -> [TermReference], warnings: inout DiagnosticList
    ) -> ([Term], [[Int]]) {
        var slugsOfItem = Array(repeating: [String](), count: items.count)
        var nameOfSlug: [String: String] = [:]
        var itemsOfSlug: [String: [ItemID]] = [:]
        var warned = Set<String>()
        // A site's few hundred tags are named thousands of times; a slug is made once per name
        // (Slug.make normalises Unicode: 20 ms of the site model, made per mention).
        var slugOfName: [String: String] = [:]
        for id in items.indices {
            for reference in references(items[id]) {
                let slug =
                    slugOfName[reference.name]
                    ?? {
                        let made = Slug.make(from: reference.name)
                        slugOfName[reference.name] = made
                        return made
                    }()
                if slug.isEmpty {
                    warnings.warning(
                        items[id].sourcePath, reference.line,
                        "\(kind) '\(reference.name)' has no letters or digits to make a URL from, so it is left out")
                    continue
                }
                if let first = nameOfSlug[slug], first != reference.name,
                    first.lowercased() != reference.name.lowercased(), warned.insert(reference.name).inserted
                {
                    warnings.warning(
                        items[id].sourcePath, reference.line,
                        "\(kind) '\(reference.name)' has the same URL /\(segment)/\(slug)/ as \(kind) '\(first)', so they are shown as one \(kind)"
                    )
                }
                guard !slugsOfItem[id].contains(slug) else { continue }
                slugsOfItem[id].append(slug)
                if nameOfSlug[slug] == nil { nameOfSlug[slug] = reference.name }
            }
        }
        for id in newestFirst {
            for slug in slugsOfItem[id] { itemsOfSlug[slug, default: []].append(id) }
        }
        let terms = itemsOfSlug.map { Term(slug: $0.key, name: nameOfSlug[$0.key]!, items: $0.value) }
            .sorted { $0.items.count != $1.items.count ? $0.items.count > $1.items.count : $0.slug < $1.slug }
        let indexOfSlug = Dictionary(uniqueKeysWithValues: terms.enumerated().map { ($0.element.slug, $0.offset) })
        // An item kept out of lists keeps the terms that listed items give a page.
        return (terms, slugsOfItem.map { $0.compactMap { indexOfSlug[$0] } })
    }
}
