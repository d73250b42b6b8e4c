extension SiteBuilder {
    /// Matches data-file rows to items by content path (with or without `content/`) or by slug;
    /// an item no row names keeps its front-matter figures. A row naming no item is a warning
    /// (unless it names an item this build leaves out, such as a draft).
    ///
    /// In a multilingual site a row counts for the item in every language: a row naming the file
    /// of any of its versions (`gala.md`, `gala.en.md`, `content/en/news/gala.md`, or a file
    /// linked by `translationKey`) is the item's, and a row naming this language's own file wins
    /// over one naming another version, whatever their order.
    static func assignPopularity(
        _ records: [PopularityRecord], to items: [ContentItem], allItems: [ContentItem], warnings: inout DiagnosticList
    ) -> [Popularity] {
        guard !records.isEmpty else { return items.map { $0.popularity ?? Popularity() } }
        var names = PopularityNames(items: items, allItems: allItems)
        // By item, in arrays: dictionaries grown a row at a time were rehashed at every growth.
        var fromData = [Popularity?](repeating: nil, count: items.count)
        var fromOtherVersions = [Popularity?](repeating: nil, count: items.count)
        for record in records {
            let path = record.key.hasPrefix("content/") ? record.key : "content/" + record.key
            var id = names.byPath[path]
            if id == nil, let candidate = names.bySlug[record.key] {
                if candidate != PopularityNames.sharedSlug {
                    id = candidate
                } else {
                    warnings.warning(
                        record.path, record.line,
                        "'\(record.key)' is the slug of more than one item; name it by its content path")
                    continue
                }
            }
            if let id {
                fromData[id] = record.popularity
                continue
            }
            if let other = names.version(named: path) {
                fromOtherVersions[other] = record.popularity
                continue
            }
            if !names.isKnown(path) && !names.isKnown(record.key) {
                warnings.warning(record.path, record.line, "no item has the path or slug '\(record.key)'")
            }
        }
        return items.indices.map { id in fromData[id] ?? fromOtherVersions[id] ?? items[id].popularity ?? Popularity() }
    }
}

/// The names a popularity row may give an item, looked up for every row of one build: the
/// paths and slugs of this language's items at once, the rest only once a row needs them, since
/// most rows name a published file.
struct PopularityNames {
    /// A slug's item, or `sharedSlug` when more than one item has it: no array per slug, which
    /// made this 125 ms of the 50,000-item corpus's site model (perf).
    static let sharedSlug = -1
    let items: [ContentItem]
    let allItems: [ContentItem]
    private(set) var byPath: [String: ItemID] = [:]
    private(set) var bySlug: [String: ItemID] = [:]
    /// The other versions' files, by the key an item shares with its translations: made once
    /// a row names no published file or slug of this language. A slug is matched in this
    /// language only: two languages' items may share a slug and be different items.
    private var versionOf: (byKey: [String: ItemID], keyOfPath: [String: String])?
    /// Every path and slug, drafts included, only to tell a record of an unpublished item
    /// from a mistake: made once a record matches nothing.
    private var known: Set<String>?

    init(items: [ContentItem], allItems: [ContentItem]) {
        self.items = items
        self.allItems = allItems
        // By index, not `enumerated()`, which copies each whole item: such copies and the set of
        // known names below were 23 of the site model's 100 ms on the 10,000-item corpus (perf).
        byPath.reserveCapacity(items.count)
        bySlug.reserveCapacity(items.count)
        for id in items.indices {
            byPath[items[id].sourcePath] = id
            bySlug[items[id].slug] = bySlug[items[id].slug] == nil ? id : Self.sharedSlug
        }
    }

    /// The item of this language that is a version of the file `path` names.
    mutating func version(named path: String) -> ItemID? {
        if versionOf == nil {
            // Sized up front: grown as they were filled, the two tables were rehashed at each
            // growth, a third of this lookup's 50 ms on the 50,000-item corpus (perf).
            var byKey: [String: ItemID] = [:]
            byKey.reserveCapacity(items.count)
            for id in items.indices where byKey[items[id].translationKey] == nil {
                byKey[items[id].translationKey] = id
            }
            var keyOfPath: [String: String] = [:]
            keyOfPath.reserveCapacity(allItems.count)
            for index in allItems.indices { keyOfPath[allItems[index].sourcePath] = allItems[index].translationKey }
            versionOf = (byKey, keyOfPath)
        }
        // A file of another language, or the path without language its translations share
        // (`content/news/gala.md` for `gala.en.md`, even when there is no such file).
        return versionOf!.keyOfPath[path].flatMap { versionOf!.byKey[$0] } ?? versionOf!.byKey[path]
    }

    /// Whether any item parsed, published or not, has `name` as its path or slug.
    mutating func isKnown(_ name: String) -> Bool {
        if known == nil {
            var names = Set<String>(minimumCapacity: 2 * allItems.count)
            for index in allItems.indices {
                names.insert(allItems[index].sourcePath)
                names.insert(allItems[index].slug)
            }
            known = names
        }
        return known!.contains(name)
    }
}
