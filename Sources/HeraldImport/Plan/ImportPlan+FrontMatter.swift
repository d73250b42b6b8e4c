import Foundation
import Herald
import Yams

/// An item's front matter in Herald's keys: each key the old site wrote renamed or converted,
/// then what the old site gave the item without its front matter saying so (drafts' dates,
/// `defaults:`, folder categories, a title from the file name, its address, a table of contents).
extension ImportPlan {
    /// The keys that name a taxonomy, and the keys an item's front matter already has: a key
    /// renamed to one already written would clash with it.
    private struct TaxonomyKeys {
        let written: Set<String>
        let categories: Set<String>
        let tags: Set<String>
    }

    /// The item's front matter in Herald's keys: other generators' names renamed, unknown keys
    /// kept, Jekyll's space-separated lists and folder categories made lists, a title where the
    /// old site made one from the file name.
    mutating func convertFrontMatter(_ item: inout ImportedItem) -> EditableFrontMatter {
        let old = item.old
        var front: EditableFrontMatter
        switch old.document.syntax {
        case .yaml:
            front = EditableFrontMatter(
                yaml: old.document.frontMatter, fields: old.fields, firstLine: old.document.frontMatterLine)
        default: front = EditableFrontMatter(fields: old.fields)
        }
        let keys = TaxonomyKeys(
            written: Set(old.fields.fields.map { $0.key.lowercased() }),
            categories: Set(config.categoryKeys.map { $0.lowercased() }),
            tags: Set(config.tagKeys.map { $0.lowercased() }))
        for field in old.fields.fields { convertField(field, of: old, keys: keys, into: &front) }
        keepDraft(old, in: &front)
        writeDefaults(of: item, into: &front)
        writeFolderCategories(of: item, into: &front)
        writeTitleFromFileName(of: item, into: &front)
        replacePermalink(of: item, in: &front)
        convertTableOfContents(of: &item, in: &front)
        localizeOwnAddresses(&front)
        return front
    }

    /// One key of the old front matter: `published:` made `draft:`, a taxonomy under another name
    /// renamed, an old theme's layout kept aside, Jekyll's space-separated lists made lists, and
    /// other generators' names for Herald's keys renamed.
    private mutating func convertField(
        _ field: FrontMatterFields.Field, of old: OldItem, keys: TaxonomyKeys, into front: inout EditableFrontMatter
    ) {
        let key = field.key
        let lower = key.lowercased()
        if lower == "published",
            field.value.bool != nil || ["true", "false"].contains(field.value.string?.lowercased() ?? "")
        {
            convertPublished(field, of: old, into: &front)
            return
        }
        // A taxonomy under another name (`topics` for categories).
        if keys.categories.contains(lower), lower != "categories", lower != "category",
            !keys.written.contains("categories")
        {
            front.rename(key, to: "categories")
            count("taxonomy key renamed")
            return
        }
        if keys.tags.contains(lower), lower != "tags", !keys.written.contains("tags") {
            front.rename(key, to: "tags")
            count("taxonomy key renamed")
            return
        }
        if lower == "layout", let layout = field.value.string, !Self.acceptedLayouts.contains(layout.lowercased()) {
            front.rename(key, to: "oldLayout")
            note(
                old.sourcePath, field.line,
                "layout '\(layout)' is a template of the old theme; kept as oldLayout (templates read it as item.params.oldLayout)",
                kind: "layout of the old theme")
            return
        }
        if lower == "permalink" || (lower == "url" && key != "url") { return }  // replaced by the address
        if config.kind == .jekyll, ["tags", "categories"].contains(lower), case .scalar(let scalar) = field.value,
            scalar.string.contains(" ")
        {
            front.set(key, Node(scalar.string.split(separator: " ").map { Node(String($0)) }))
            count("space-separated list")
        }
        guard lower != "images", let herald = FrontMatterKeys.key(for: key), herald != key else { return }
        // Two names of one key are left as they are: Herald reads the one it prefers, or says which two clash.
        let others = old.fields.fields.filter { $0.key != key && FrontMatterKeys.key(for: $0.key) == herald }
        guard others.isEmpty else { return }
        front.rename(key, to: herald)
        count("\(key) → \(herald)")
    }

    /// Jekyll's `published: false` keeps a file unpublished: a draft. `published: true` says
    /// nothing Herald needs.
    private mutating func convertPublished(
        _ field: FrontMatterFields.Field, of old: OldItem, into front: inout EditableFrontMatter
    ) {
        let key = field.key
        let unpublished = field.value.bool == false || field.value.string?.lowercased() == "false"
        if unpublished, let draft = old.fields.field("draft") {
            front.remove(key)
            front.set(draft.key, Node("true", Tag(.bool)))
        } else if unpublished {
            front.rename(key, to: "draft")
            front.set("draft", Node("true", Tag(.bool)))
        } else {
            front.remove(key)
        }
        count("published: false → draft")
    }

    /// Jekyll's drafts (`_drafts/`) stay drafts; one without a date is dated the day of the import,
    /// as Jekyll dates a draft when it shows it.
    private func keepDraft(_ old: OldItem, in front: inout EditableFrontMatter) {
        guard old.jekyllType == "drafts" else { return }
        if old.fields.field("draft") == nil { front.set("draft", Node("true", Tag(.bool))) }
        if !SectionMapping.isDated(old) {
            let day = CivilDateTime(options.now, in: zone)
            front.set(
                "date", Node("\(day.year.padded(4))-\(day.month.padded(2))-\(day.day.padded(2))", Tag(.timestamp)))
        }
    }

    /// Values Jekyll's `defaults:` gave the file, for the keys Herald reads: written into it, as
    /// Herald has no defaults of its own.
    private mutating func writeDefaults(of item: ImportedItem, into front: inout EditableFrontMatter) {
        let old = item.old
        for (key, value) in item.defaults
        where ["categories", "category", "tags", "author"].contains(key) && old.fields.field(key) == nil {
            if key == "categories" || key == "category", !old.folderCategories.isEmpty { continue }  // joined below
            front.set(key, value)
            count("value from _config.yml defaults")
        }
    }

    /// Jekyll's categories from the folders above _posts are categories like the others: joined
    /// before the ones the file (or, without any, `defaults:`) gives.
    private func writeFolderCategories(of item: ImportedItem, into front: inout EditableFrontMatter) {
        let old = item.old
        guard !old.folderCategories.isEmpty else { return }
        var existing = old.fields.texts("categories", splitSpaces: true)
        if old.fields.field("categories") == nil {
            existing = item.defaults.filter { $0.key == "categories" || $0.key == "category" }.flatMap {
                $0.value.texts
            }
        }
        front.set("categories", Node((old.folderCategories + existing).map { Node($0) }))
    }

    /// Jekyll (and Hugo) make a title of the file name when there is none; Herald needs one written.
    private mutating func writeTitleFromFileName(of item: ImportedItem, into front: inout EditableFrontMatter) {
        let old = item.old
        guard old.fields.text("title") == nil, old.role == .item || item.kind == .page else { return }
        let name =
            old.role == .item
            ? JekyllAddressRules.nameSlug(old) : String(old.section.split(separator: "/").last ?? "")
        let title = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map {
            $0.prefix(1).uppercased() + $0.dropFirst()
        }.joined(separator: " ")
        front.set("title", Node(title.isEmpty ? name : title))
        count("title from the file name")
    }

    /// A `permalink:` (or another name of it) gives way to `url:`, the item's old address, so the
    /// address is the one the old site published whatever the old key meant.
    private func replacePermalink(of item: ImportedItem, in front: inout EditableFrontMatter) {
        let old = item.old
        guard
            let permalinkKey = old.fields.fields.first(where: {
                $0.key.lowercased() == "permalink" || ($0.key.lowercased() == "url" && $0.key != "url")
            })?.key
        else { return }
        front.remove(permalinkKey)
        if let address = item.oldAddress { front.set("url", Node("/" + address.path)) }
    }

    /// Kramdown's `* TOC` `{:toc}` marker and PaperMod's (and its kin's) `ShowToc`: Herald makes
    /// the table itself when asked, with `toc`.
    private mutating func convertTableOfContents(of item: inout ImportedItem, in front: inout EditableFrontMatter) {
        let old = item.old
        if config.kind == .jekyll, let body = KramdownTOCMarker.remove(from: item.body) {
            item.body = body
            if old.fields.field("toc") == nil { front.set("toc", Node("true", Tag(.bool))) }
            count("kramdown {:toc} → toc: true")
        }
        if old.fields.field("toc") == nil, let showToc = old.fields.field("ShowToc") {
            front.remove(showToc.key)
            front.set("toc", Node(old.fields.isTrue(showToc.key) ? "true" : "false", Tag(.bool)))
            count("ShowToc → toc")
        }
    }
}
