import Foundation
import Herald
import Yams

/// Place items: each section gets a kind, each item a file in the new site and front matter in
/// Herald's own keys.
extension ImportPlan {
    /// The layouts Herald accepts: its templates, and other generators' names for its kinds.
    static let acceptedLayouts: Set<String> = Set(Theme.requiredTemplates).union(ThemeTemplate.otherGeneratorsLayouts)

    /// Every item of the old site placed, section by section as the sections were chosen, and
    /// the sections left out reported.
    mutating func placeItems() {
        let plan = self
        choices = SectionMapping.choose(
            inventory.items, config: config, overrides: options.overrides, defaults: { plan.defaults(for: $0) })
        choosePrimarySections()
        var skipped: [String: Int] = [:]
        var taken = Set<String>()
        for old in inventory.items {
            guard let kind = choices[old.section]?.kind else {
                skipped[old.section, default: 0] += 1
                continue
            }
            place(old, kind: placedKind(of: old, chosen: kind), taken: &taken)
        }
        reportSectionsLeftOut(skipped)
    }

    /// A kind's main section (the one with most items) goes straight into the kind's folder;
    /// others get a folder of their own in it.
    mutating func choosePrimarySections() {
        var sectionsOfKind: [ContentKind: [SectionChoice]] = [:]
        for choice in choices.values { if let kind = choice.kind { sectionsOfKind[kind, default: []].append(choice) } }
        for (kind, sections) in sectionsOfKind {
            // Drafts never set a kind's pattern: they were never published.
            let published = sections.filter { !$0.section.hasPrefix("_drafts") }
            primarySections[kind] =
                (published.isEmpty ? sections : published).max { ($0.items, $1.section) < ($1.items, $0.section) }?
                .section
        }
    }

    /// Herald's news and events need a date; an undated one keeps its address as a page.
    mutating func placedKind(of old: OldItem, chosen kind: ContentKind) -> ContentKind {
        guard kind != .page, old.role == .item, old.jekyllType != "drafts", !SectionMapping.isDated(old),
            !SectionMapping.isEvent(old, defaults: defaults(for: old)),
            old.fields.field(anyOf: ["publishDate", "pubdate", "published"]) == nil
        else { return kind }
        note(
            old.sourcePath, 1,
            "has no date, which Herald's \(kind.folder) need: made a page, at its old address",
            kind: "undated item made a page")
        return .page
    }

    /// One item placed: its file in the new site, its old address, its front matter and its
    /// translations; one with nowhere to go, or an address that would lead outside the site, is not.
    mutating func place(_ old: OldItem, kind: ContentKind, taken: inout Set<String>) {
        guard let path = placement(of: old, kind: kind, taken: taken) else {
            note(
                old.sourcePath, 1,
                "a section's own page other than the main one of its kind (\(primarySections[kind] ?? "")) has nowhere to go in Herald",
                kind: "section page left out")
            return
        }
        // An item only in another language keeps that language in its name, as a translation
        // would, and its old address under that language's folder.
        let ownPath = old.language.map { NewTranslation.path(path, languageCode: $0) } ?? path
        var item = ImportedItem(
            old: old, kind: kind, path: ownPath, frontMatter: EditableFrontMatter(fields: .empty),
            body: old.document.body)
        item.defaults = defaults(for: old)
        if let language = old.language {
            item.oldAddress = translationAddress(of: old, language: language)
            note(
                old.sourcePath, 1,
                "is in \(language) only, with no \(config.languages.first ?? "default-language") original: imported in \(language)",
                kind: "item without a default-language original")
        } else {
            item.oldAddress = oldAddress(of: old, defaults: item.defaults)
        }
        if let problem = addressProblem(of: item.oldAddress) {
            notConverted(Diagnostic(path: old.sourcePath, line: 1, problem))
            return
        }
        taken.insert(ownPath.lowercased())
        item.frontMatter = convertFrontMatter(&item)
        items.append(item)
        placeTranslations(of: old, kind: kind, path: path, defaults: item.defaults)
        if item.countsAsItem { report.items[kind, default: 0] += 1 }
        if old.isDraft || old.jekyllType == "drafts" { report.drafts += 1 }
    }

    /// The sections left out, each with how many files it held and why.
    mutating func reportSectionsLeftOut(_ skipped: [String: Int]) {
        for (section, count) in skipped.sorted(by: { $0.key < $1.key }) {
            report.leftOut.append(
                LeftOut(
                    path: section + "/", files: count, reason: "a section left out: \(choices[section]?.reason ?? "")"))
        }
        report.leftOut.sort { $0.path < $1.path }
    }

    /// Its translations go beside an item, each with its own front matter and old address; one
    /// with an address that would lead outside the site is not converted.
    mutating func placeTranslations(
        of old: OldItem, kind: ContentKind, path: String, defaults: [(key: String, value: Node)]
    ) {
        for var translation in translations(of: old, kind: kind, path: path) {
            if let problem = addressProblem(of: translation) {
                notConverted(Diagnostic(path: translation.old.sourcePath, line: problem.line, problem.message))
                continue
            }
            translation.defaults = defaults
            translation.frontMatter = convertFrontMatter(&translation)
            items.append(translation)
            report.translations += 1
        }
    }

    /// An item's translations (Hugo's `post.es.md`, `index.es.md`, or a language's content
    /// folder), each to be written beside the item's new file with its language in its name
    /// (`trip/index.es.md`), with its own front matter and its old address: by its own front
    /// matter (its slug, title, date or url), under its language's folder.
    func translations(of old: OldItem, kind: ContentKind, path: String) -> [ImportedItem] {
        old.translations.compactMap { language, source in
            guard let data = tree.read(source), case .success(let document) = SourceDocument.split(data),
                case .success(let fields) = FrontMatterFields.parse(document)
            else { return nil }
            var translation = old
            translation.sourcePath = source
            translation.document = document
            translation.fields = fields
            translation.translations = []
            var item = ImportedItem(
                old: translation, kind: kind, path: NewTranslation.path(path, languageCode: language),
                frontMatter: EditableFrontMatter(fields: .empty), body: document.body)
            item.oldAddress = translationAddress(of: translation, language: language)
            item.isTranslation = true
            return item
        }
    }

    /// Where the old site published a file in a language other than its default: by the file's
    /// own front matter (its slug, title, date or url), under its language's folder.
    func translationAddress(of old: OldItem, language: String) -> OldAddress? {
        guard
            var address = config.kind == .hugo
                ? HugoAddressRules(config: config, zone: zone).ownAddress(of: old) : oldAddress(of: old, defaults: [])
        else { return nil }
        // A `url:` is the translation's whole address; the others are under its language's folder.
        if address.rule != "url:" { address.path = language + "/" + address.path }
        return address
    }

    /// Where an item's file goes in the new site, or nil for a section page with nowhere to go.
    func placement(of old: OldItem, kind: ContentKind, taken: Set<String>) -> String? {
        let primary = primarySections[kind] == old.section
        let sectionFolder = String(old.section.split(separator: "/").last ?? "").trimmingPrefix("_")
        if old.role == .sectionPage {
            if kind == .page { return unique("content/pages/\(sectionFolder).md", taken: taken) }
            return primary ? "content/\(kind.folder)/_index.md" : nil
        }
        var placement = old.placement
        // An `index.md` that heads no bundle (a Jekyll page) would make one in Herald: name it after its folder.
        if old.bundleFolder == nil,
            (placement as NSString).lastPathComponent.lowercased().hasPrefix("index.")
                || (placement as NSString).lastPathComponent.hasPrefix("_index.")
        {
            let folder = (placement as NSString).deletingLastPathComponent
            let name = folder.isEmpty ? "home" : (folder as NSString).lastPathComponent
            let parent = (folder as NSString).deletingLastPathComponent
            placement = (parent.isEmpty ? "" : parent + "/") + name + "." + (placement as NSString).pathExtension
        }
        // Pages keep their section's folder (their addresses are their own); a kind's main section
        // fills the kind's folder; a bundle that is a whole section (`content/contact/index.md`) keeps its name.
        let sectionIsBundle = old.bundleFolder != nil && !placement.contains("/")
        let keepsFolder = kind == .page ? old.section != "pages" : !primary || sectionIsBundle
        let prefix = keepsFolder ? sectionFolder + "/" : ""
        return unique("content/\(kind.folder)/\(prefix)\(placement)", taken: taken)
    }

    /// A path no other item has taken (in any case), by adding `-2`, `-3` before the extension.
    func unique(_ path: String, taken: Set<String>) -> String {
        guard taken.contains(path.lowercased()) else { return path }
        let ext = (path as NSString).pathExtension
        let stem = (path as NSString).deletingPathExtension
        var number = 2
        while taken.contains("\(stem)-\(number).\(ext)".lowercased()) { number += 1 }
        return "\(stem)-\(number).\(ext)"
    }

    /// The old address of an item, by the old generator's rules.
    func oldAddress(of old: OldItem, defaults: [(key: String, value: Node)]) -> OldAddress? {
        switch config.kind {
        case .hugo: return HugoAddressRules(config: config, zone: zone).address(of: old)
        case .jekyll: return JekyllAddressRules(config: config, zone: zone).address(of: old, defaults: defaults)
        }
    }

    /// Counts a conversion.
    mutating func count(_ name: String) { report.conversions[name, default: 0] += 1 }
}
