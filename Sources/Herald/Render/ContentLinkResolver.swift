import Foundation

/// Gives each link an item's body makes to another content file (`[recap](../2026-11-23-gala.md)`,
/// see `ContentLink`) the URL of the item that file is, as Zola's `@/` links and Hugo's `ref` do,
/// once every item's path is known. A relative or `@/` link to a Markdown file that is no item is
/// an error at its line (a site path may be a static file, and stays a link); one to an item this
/// build leaves out (a draft) is shown as text, with a warning.
public struct ContentLinkResolver {
    let urls: SiteURLs
    let rules: PublishingRules

    /// Resolves the links of every item of `site` (or of the items `only` names), given every
    /// item parsed (`allItems`, drafts and all). On a multilingual site a link leads to the linked
    /// item's version in this language when there is one (`[About](@/pages/about.md)` in an
    /// article shown in English leads to `/en/about/`), else to the item in the language it is
    /// published in (`elsewhere`: source path → page path). A link to a file that did not parse
    /// (`unparsed`, in a build that stops at its errors) is no broken link, and is left alone.
    /// Returns the errors and warnings, each at the line of the link.
    func resolve(
        _ site: inout Site, allItems: [ContentItem], elsewhere: [String: String] = [:], only: Set<ItemID>? = nil,
        unparsed: Set<String> = []
    ) -> [Diagnostic] {
        guard
            site.items.indices.contains(where: { !site.items[$0].contentLinks.isEmpty && only?.contains($0) != false })
        else { return [] }
        let known = ContentLinkTargets(site: site, allItems: allItems, elsewhere: elsewhere, unparsed: unparsed)
        var found = DiagnosticList()
        for id in site.items.indices where !site.items[id].contentLinks.isEmpty && only?.contains(id) != false {
            var item = site.items[id]
            var targets: [Int: String?] = [:]  // marker index → href, or nil to show the link as text
            for (index, link) in item.contentLinks.enumerated() {
                targets.updateValue(target(of: link, in: item, known: known, found: &found), forKey: index)
            }
            item.body.html = Self.replacingMarkers(in: item.body.html, with: targets)
            item.body.leadHTML = Self.replacingMarkers(in: item.body.leadHTML, with: targets)
            item.summaryHTML = Self.replacingMarkers(in: item.summaryHTML, with: targets)
            site.items[id] = item
        }
        return found.all
    }

    /// Where each content link of each item of a one-language `site` leads, by the item's id and
    /// the link's place among its links (an `href`, or nil for text), as `resolve` resolved them
    /// in a build that succeeded: what the links of a body edited around them lead to again
    /// (`SnapshotRebuild`), the other items being as they were.
    func targets(of site: Site, allItems: [ContentItem]) -> [Int: [String?]] {
        // The targets' table (every file's path) is made only for a site whose items link.
        guard site.items.contains(where: { !$0.contentLinks.isEmpty }) else { return [:] }
        let known = ContentLinkTargets(site: site, allItems: allItems, elsewhere: [:], unparsed: [])
        var told = DiagnosticList()
        var targets: [Int: [String?]] = [:]
        for id in site.items.indices where !site.items[id].contentLinks.isEmpty {
            targets[id] = site.items[id].contentLinks.map {
                target(of: $0, in: site.items[id], known: known, found: &told)
            }
        }
        return targets
    }

    /// The `href` a link of `item` leads to, or nil to show it as text: a link to an item left out
    /// of this build is told as a warning, and one to no content file as an error.
    private func target(
        of link: ContentLink, in item: ContentItem, known: ContentLinkTargets, found: inout DiagnosticList
    ) -> String? {
        let written = link.candidates(from: item.sourcePath)
        let candidates = written + written.compactMap { known.byLowercase[$0.lowercased()] }
        let rest = ContentLink.split(link.written).rest
        let linked = candidates.lazy.compactMap { known.parsed[$0] }.first
        // A link to an original (`about.md`) or to a file in the linking item's own language
        // leads to that item's version in this part's language; one to a translation in
        // another language (`about.en.md` from a Chinese article: "read in English") leads
        // to that translation's page.
        let version = linked.flatMap {
            $0.language == item.language || $0.language == known.originals ? known.versionOfKey[$0.translationKey] : nil
        }
        if let target = candidates.lazy.compactMap({ known.published[$0] }).first ?? version {
            return urls.path(known.paths[target]) + rest
        } else if let linked, let path = known.elsewhere[linked.sourcePath] {
            return urls.path(path) + rest
        } else if let linked {
            let reason =
                switch rules.exclusion(of: linked) {
                case \SkippedItems.drafts: "a draft"
                case \SkippedItems.future: "dated in the future"
                case \SkippedItems.expired: "expired"
                default: "in another language that does not list it"
                }
            found.warning(
                item.sourcePath, link.line,
                "links to \(link.written), which is \(reason) and not published in this build, so the link is shown as text until it is"
            )
            return nil
        } else if candidates.contains(where: known.unparsed.contains) {
            return nil
        } else if link.written.hasPrefix("/") {
            // A site path that is no content file may be a static one: it stays a site link.
            return urls.path(String(link.written.dropFirst()))
        } else {
            found.error(
                item.sourcePath, link.line,
                "links to \(link.written), which is not a content file of the site\(suggestion(for: written, among: known.fileNames))",
                kind: .deadContentLink(link.written))
            return nil
        }
    }

    /// `; did you mean content/news/2026-11-23-gala.md?` when a content file's name is close to
    /// the one the link names (a slip of a letter or two, another year's folder).
    private func suggestion(for candidates: [String], among files: NearestMatch) -> String {
        guard let wanted = candidates.first else { return "" }
        let name = (wanted as NSString).lastPathComponent.lowercased()
        guard let found = files.nearest(to: name, within: max(2, name.utf8.count / 5)) else { return "" }
        return "; did you mean \(found.value)?"
    }

    /// The HTML with each marker's `href` made the item's URL, or the link taken out around its
    /// text when the target has none.
    static func replacingMarkers(in html: String, with targets: [Int: String?]) -> String {
        guard html.contains(ContentLink.markerPrefix) else { return html }
        var result = html
        for (index, target) in targets {
            let attribute = "href=\"\(ContentLink.marker(index))\""
            if let href = target {
                result = result.replacingOccurrences(
                    of: attribute, with: "href=\"\(href.replacingOccurrences(of: "&", with: "&amp;"))\"")
                continue
            }
            // cmark writes `<a href="…"` then an optional title, `>`, the text and `</a>`; links do not nest.
            while let open = result.range(of: "<a " + attribute) {
                guard let tagEnd = result[open.upperBound...].firstIndex(of: ">"),
                    let close = result[tagEnd...].range(of: "</a>")
                else { break }
                let text = result[result.index(after: tagEnd)..<close.lowerBound]
                result.replaceSubrange(open.lowerBound..<close.upperBound, with: text)
            }
        }
        return result
    }
}

/// What the content links of one build are looked up in, made once for all of its items.
private struct ContentLinkTargets {
    /// Each published item by its source path.
    let published: [String: ItemID]
    /// The language of originals (files named without a language): the site's default.
    let originals: String?
    /// Each item of this language by its translation key (only a multilingual site's items have one).
    let versionOfKey: [String: ItemID]
    /// Every item parsed, drafts and all, by its source path.
    let parsed: [String: ContentItem]
    /// A link written in other letter case (`Part-3.md` for `part-3/index.md`) still finds its
    /// file when no file has the case written.
    let byLowercase: [String: String]
    /// Looked in only for a link that leads nowhere.
    let fileNames: NearestMatch
    /// The published items' page paths, by item id (not the items: the resolver changes those).
    let paths: [String]
    /// The pages of items published in another language only: source path → page path.
    let elsewhere: [String: String]
    /// The files that did not parse, whose links are no broken links.
    let unparsed: Set<String>

    init(site: Site, allItems: [ContentItem], elsewhere: [String: String], unparsed: Set<String>) {
        published = Dictionary(
            site.items.indices.map { (site.items[$0].sourcePath, $0) }, uniquingKeysWith: { a, _ in a })
        originals = site.languages?.all.first?.code
        versionOfKey = Dictionary(
            site.items.indices.filter { !site.items[$0].translationKey.isEmpty }.map {
                (site.items[$0].translationKey, $0)
            },
            uniquingKeysWith: { a, _ in a })
        parsed = Dictionary(allItems.map { ($0.sourcePath, $0) }, uniquingKeysWith: { a, _ in a })
        byLowercase = Dictionary(
            allItems.map { ($0.sourcePath.lowercased(), $0.sourcePath) }, uniquingKeysWith: { a, b in min(a, b) })
        fileNames = NearestMatch(
            (allItems.map(\.sourcePath) + unparsed.sorted()).map {
                (($0 as NSString).lastPathComponent.lowercased(), $0)
            })
        paths = site.paths
        self.elsewhere = elsewhere
        self.unparsed = unparsed
    }
}
