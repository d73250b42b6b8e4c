import Foundation

/// Filing items under tags and under the terms of the site's own taxonomies, which are made alike.
extension SiteBuilder {
    /// Each of the site's own taxonomies, with the listed items (`newestFirst`) filed under its terms.
    /// A term with a page of its own (`pages`, by the term's folder) is named by its title.
    /// `claimed` gives the addresses items and sections have, which a term page's old addresses
    /// yield to.
    static func taxonomies(
        of items: [ContentItem], newestFirst: [ItemID], declared: [TaxonomyDeclaration], pages: TermPages,
        claimed: () -> [String: String], warnings: inout DiagnosticList
    ) -> [Taxonomy] {
        // Worked out only for a site whose term pages give old addresses.
        let hasAliases = pages.values.contains { $0.values.contains { !$0.aliases.isEmpty } }
        var taken = hasAliases ? claimed() : [:]
        return declared.enumerated().map { index, declaration in
            var (terms, termsOfItem) = fileIntoTerms(
                items, newestFirst: newestFirst, kind: "\(declaration.name) term", segment: declaration.segment,
                references: { index < $0.terms.count ? $0.terms[index] : [] }, warnings: &warnings)
            let own = pages[index] ?? [:]
            // A page's folder is the term's address as Hugo makes it, which Herald's slug gives too.
            let pageOfSlug = Dictionary(
                own.filter { !$0.key.isEmpty }.map { (Slug.make(from: $0.key), $0.value) },
                uniquingKeysWith: { a, b in a.sourcePath < b.sourcePath ? a : b })
            for term in terms.indices {
                guard let page = pageOfSlug[terms[term].slug] else { continue }
                terms[term].page = page
                if let title = page.title { terms[term].name = title }
            }
            warnAboutUnusedPages(own, of: declaration, terms: terms, warnings: &warnings)
            var page = own[""]
            if hasAliases {
                keepAliasesOffTerms(&terms, segment: declaration.segment, taken: &taken, warnings: &warnings)
                // The taxonomy's own page last: a term's page keeps its own old address.
                if let own = page { page!.aliases = keptAliases(of: own, taken: &taken, warnings: &warnings) }
            }
            return Taxonomy(declaration: declaration, terms: terms, termsOfItem: termsOfItem, page: page)
        }
    }

    /// Tells of a term's page that no listed item names: it makes no list, and its folder may be a
    /// slip (`content/topics/hosing/`).
    private static func warnAboutUnusedPages(
        _ pages: [String: SectionPage], of declaration: TaxonomyDeclaration, terms: [Term],
        warnings: inout DiagnosticList
    ) {
        guard !pages.isEmpty else { return }
        let slugs = Set(terms.map(\.slug))
        for (folder, page) in pages.sorted(by: { $0.key < $1.key }) where !folder.isEmpty {
            guard !slugs.contains(Slug.make(from: folder)) else { continue }
            warnings.warning(
                page.sourcePath, 1,
                "no listed item names the \(declaration.name) term '\(folder)', so this page makes no list (a term's page is in the folder of its address: content/\(declaration.name)/<term>/_index.md)",
                kind: .unusedTermPage)
        }
    }

    /// Leaves out a term page's old address that another page has (a term's own, `/topics/content/`
    /// while items still name `content`; an item's, or its old address; another term page's old
    /// address), with a warning: a site merges and renames terms over the years, and Hugo builds
    /// such a site, the other page there, so the address keeps leading where it leads now.
    /// `taken` is every address so far, by path, with its owner in words.
    private static func keepAliasesOffTerms(
        _ terms: inout [Term], segment: String, taken: inout [String: String], warnings: inout DiagnosticList
    ) {
        let list = URLLayout.aliasPath("/\(segment)/")
        if taken[list] == nil { taken[list] = "the list of the \(segment) terms" }
        for term in terms {
            let path = URLLayout.aliasPath("/\(segment)/\(term.slug)/")
            if taken[path] == nil { taken[path] = "the page of \(segment) term '\(term.name)'" }
        }
        // In the pages' path order, so that the same site always keeps the same alias.
        let order = terms.indices.filter { terms[$0].page != nil }.sorted {
            terms[$0].page!.sourcePath < terms[$1].page!.sourcePath
        }
        for index in order {
            terms[index].page!.aliases = keptAliases(of: terms[index].page!, taken: &taken, warnings: &warnings)
        }
    }

    /// A term's or a taxonomy's page's old addresses that no other page has (each then taken by
    /// it), with a warning at the line of each left out.
    private static func keptAliases(
        of page: SectionPage, taken: inout [String: String], warnings: inout DiagnosticList
    ) -> [TermReference] {
        page.aliases.filter { alias in
            let path = URLLayout.aliasPath(alias.name)
            if let owner = taken[path] {
                warnings.warning(
                    page.sourcePath, alias.line,
                    "old address \(alias.name) is left out: it is \(owner), which stays there")
                return false
            }
            taken[path] = "an old address of \(page.sourcePath)"
            return true
        }
    }

    /// Every address the items and sections have, by output path, with its owner in words: each
    /// item's page and old addresses, and each section's old addresses.
    static func claimedAddresses(
        of items: [ContentItem], paths: [String], sections: [ContentKind: SectionPage]
    ) -> [String: String] {
        var claimed: [String: String] = [:]
        // An old address of `/` would be the home page's; redirects never replace it.
        claimed[URLLayout.aliasPath("/")] = "the home page"
        for id in items.indices {
            claimed[paths[id]] = "the page of \(items[id].sourcePath)"
            for alias in items[id].aliases {
                claimed[URLLayout.aliasPath(alias.name)] = "an old address of \(items[id].sourcePath)"
            }
        }
        for section in sections.values {
            for alias in section.aliases {
                claimed[URLLayout.aliasPath(alias.name)] = "an old address of \(section.sourcePath)"
            }
        }
        return claimed
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
                // One written as the other's address (`ann-lee` for `Ann Lee`) means it, as a slip of case does.
                if let first = nameOfSlug[slug], first != reference.name,
                    first.lowercased() != reference.name.lowercased(), first != slug, reference.name != slug,
                    warned.insert(reference.name).inserted
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
