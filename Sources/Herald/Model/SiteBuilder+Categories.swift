extension SiteBuilder {
    /// Files items under categories: a name matches a declared category by name or slug, in any
    /// case; other names are merged by slug (`Istio`, `istio`, `“istio”`) into one category named
    /// as most items spell it, with one warning listing the other spellings.
    static func fileIntoCategories(
        _ items: [ContentItem], newestFirst: [ItemID], layout: URLLayout, declared: [CategoryDeclaration],
        problems: inout DiagnosticList, warnings: inout DiagnosticList
    ) -> ([Category], [[Int]]) {
        var categories = declared.map {
            Category(
                slug: $0.slug, name: $0.name, description: $0.description, color: $0.color, icon: $0.icon,
                declared: true, items: [])
        }
        var indexBySlug: [String: Int] = [:]
        for (index, category) in categories.enumerated() { indexBySlug[category.slug] = index }
        var names = CategoryNames(count: items.count)
        names.read(items, layout: layout, declared: indexBySlug, problems: &problems)
        for entry in names.undeclared() {
            let warned = warnAbout(entry, declared: declared, warnings: &warnings)
            indexBySlug[entry.slug] = categories.count
            categories.append(
                Category(
                    slug: entry.slug, name: entry.name, description: nil, color: nil, icon: nil, declared: false,
                    items: [], warnedAbout: warned))
        }
        let ofItem = names.slugsOfItem.map { $0.compactMap { indexBySlug[$0] } }
        for id in newestFirst {
            for index in ofItem[id] { categories[index].items.append(id) }
        }
        return (categories, ofItem)
    }

    /// Warns of an undeclared category written in several ways, or one typo away from a declared
    /// one; returns whether it warned, which the category keeps so `herald check` does not repeat it.
    private static func warnAbout(
        _ entry: CategoryNames.Undeclared, declared: [CategoryDeclaration], warnings: inout DiagnosticList
    ) -> Bool {
        if !entry.others.isEmpty {
            warnings.warning(
                entry.first.path, entry.first.line,
                "category '\(entry.name)' is also written \(entry.others.map { "'\($0)'" }.joined(separator: ", ")); they are shown as one category, '\(entry.name)' (declare it in site.yml to choose the name)"
            )
        } else if let near = SiteConfigParser.closest(
            to: entry.name, in: declared.map(\.name) + declared.map(\.slug)
        ).first, near != entry.name {
            // A new category one typo away from a declared one is most likely that one misspelt.
            warnings.warning(
                entry.first.path, entry.first.line,
                "category '\(entry.name)' is not declared in site.yml, so it gets its own page; did you mean '\(near)'?"
            )
        } else {
            return false
        }
        return true
    }
}

/// The category names items give, as one build reads them: each item's slugs, and how the
/// undeclared ones are spelt, so their categories can be named once every item is read.
struct CategoryNames {
    /// An undeclared category: its slug, the name most items give it, where it is first
    /// written, and its other spellings.
    struct Undeclared {
        var slug: String
        var name: String
        var first: (path: String, line: Int)
        var others: [String]
    }

    /// Each item's category slugs, in the order written, without repeats.
    private(set) var slugsOfItem: [[String]]
    /// Undeclared spellings: how many items use each, and where each is first written (items
    /// come in path order); grouped by slug once all are counted.
    private var uses: [String: (slug: String, count: Int, path: String, line: Int)] = [:]

    init(count: Int) {
        slugsOfItem = Array(repeating: [String](), count: count)
    }

    /// Reads every item's category names; a name with nothing to make a URL from is an error.
    mutating func read(
        _ items: [ContentItem], layout: URLLayout, declared indexBySlug: [String: Int],
        problems: inout DiagnosticList
    ) {
        // A few names are used by many items: each is made a slug of once.
        var slugOfName: [String: String] = [:]
        // By index: `enumerated()` copies each whole item.
        for id in items.indices {
            for reference in items[id].categories {
                let slug = slugOfName[reference.name] ?? layout.categorySlug(for: reference.name)
                slugOfName[reference.name] = slug
                if slug.isEmpty {
                    problems.error(
                        items[id].sourcePath, reference.line,
                        "category '\(reference.name)' has no letters or digits to make a URL from; declare it in site.yml with a slug"
                    )
                    continue
                }
                if !slugsOfItem[id].contains(slug) { slugsOfItem[id].append(slug) }
                // Only listed items make a category: one named by an item kept out of lists alone
                // would be an empty page (its item keeps the category off its page, as with tags).
                guard indexBySlug[slug] == nil, items[id].listed else { continue }
                if uses[reference.name] == nil {
                    uses[reference.name] = (slug, 1, items[id].sourcePath, reference.line)
                } else {
                    uses[reference.name]!.count += 1
                }
            }
        }
    }

    /// The undeclared categories, in a fixed order (by name) so output never depends on file order.
    func undeclared() -> [Undeclared] {
        var spellings: [String: [String: (count: Int, path: String, line: Int)]] = [:]
        for (name, use) in uses { spellings[use.slug, default: [:]][name] = (use.count, use.path, use.line) }
        return spellings.map { slug, names -> Undeclared in
            let ranked = names.sorted {
                $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
            }
            let first = names.values.min { ($0.path, $0.line) < ($1.path, $1.line) }!
            return Undeclared(
                slug: slug, name: ranked[0].key, first: (first.path, first.line), others: ranked.dropFirst().map(\.key))
        }.sorted { $0.name != $1.name ? $0.name < $1.name : $0.slug < $1.slug }
    }
}
