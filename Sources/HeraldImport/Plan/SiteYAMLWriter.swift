import Foundation
import Herald
import Yams

/// Writes the new site's `site.yml`, each setting with a comment saying where it came from.
struct SiteYAMLWriter {
    /// The settings an import chose, each with its origin.
    struct Settings {
        var kind: OldSiteKind
        var title: Setting<String>
        var description: Setting<String>?
        var baseURL: Setting<String>
        var language: Setting<String>?
        var timeZone: Setting<String>
        var pageSize: Setting<Int>?
        var author: Setting<String>?
        var unsafeHTML: Setting<Bool>?
        var emoji: Setting<Bool>?
        /// kramdown's `auto_id_prefix`, already checked to be one Herald takes.
        var headingIDPrefix: Setting<String>?
        /// Hugo's `markup.tableOfContents`, already checked to be levels Herald takes.
        var tableOfContents: OldSiteConfig.TableOfContents?
        /// Kind → (pattern, origin).
        var permalinks: [ContentKind: Setting<String>]
        /// Notes at the top (languages left out, taxonomies kept as params, …).
        var notes: [String]
        /// The categories the items use, most used first, with a slug where one must be declared.
        var categories: [(name: String, slug: String?)] = []
        /// The old site's taxonomies beside categories and tags, by their front matter key.
        var taxonomies: [(name: String, origin: String)] = []
        /// A multilingual site's languages, the default first, with where they came from.
        var languages: [(code: String, name: String, title: String?)] = []
        var languagesOrigin = ""
        /// Whether the default language had a folder of its own too.
        var defaultInSubfolder = false
    }

    /// The text of site.yml for these settings.
    static func text(_ settings: Settings) -> String {
        var lines: [String] = []
        let generator = settings.kind == .hugo ? "Hugo" : "Jekyll"
        lines.append("# Made by `herald import \(settings.kind.rawValue)` from a \(generator) site.")
        lines.append("# Each setting's comment says where in the old configuration it came from;")
        lines.append("# docs/configuration.md lists every setting, and import-report.txt what the import did.")
        for note in settings.notes { lines.append("# " + note) }
        add("title", settings.title, to: &lines) { Node($0) }
        add("description", settings.description, to: &lines) { Node($0) }
        add("baseURL", settings.baseURL, to: &lines) { Node($0) }
        addSiteID(settings, to: &lines)
        addLanguages(settings, to: &lines)
        add("timezone", settings.timeZone, to: &lines) { Node($0) }
        add("pageSize", settings.pageSize, to: &lines) { Node(String($0), Tag(.int)) }
        add("author", settings.author, to: &lines) { Node($0) }
        addMarkdown(settings, to: &lines)
        addCategories(settings, to: &lines)
        addTaxonomies(settings, to: &lines)
        addPermalinks(settings, to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A setting, if the import chose one, after a blank line and a comment saying where it came from.
    static func add<Value>(
        _ key: String, _ setting: Setting<Value>?, to lines: inout [String], _ node: (Value) -> Node
    ) {
        guard let setting else { return }
        lines.append("")
        lines.append("# ← \(setting.origin)")
        lines += EditableFrontMatter.serialize(key, node(setting.value))
    }

    /// Event UIDs are made from siteID, so they survive a later move to another address; the
    /// old host is a name that is the site's own, and the same on every import.
    static func addSiteID(_ settings: Settings, to lines: inout [String]) {
        guard let host = URL(string: settings.baseURL.value)?.host?.lowercased(),
            !PlaceholderAddress.isPlaceholder(settings.baseURL.value)
        else { return }
        lines.append("")
        lines.append(
            "# ← the host of \(settings.baseURL.origin); calendar apps know each event by it, so never change it, even when baseURL changes"
        )
        lines += EditableFrontMatter.serialize("siteID", Node(host))
    }

    /// A multilingual site's languages, the default first; a site in one language, its language.
    static func addLanguages(_ settings: Settings, to lines: inout [String]) {
        guard settings.languages.count > 1 else {
            add("language", settings.language, to: &lines) { Node($0) }
            return
        }
        lines.append("")
        lines.append(
            "# ← \(settings.languagesOrigin); each translation is beside its item, with its language in its name (see docs/multilingual.md)"
        )
        lines.append("languages:")
        for language in settings.languages {
            lines += EditableFrontMatter.serialize("code", Node(language.code)).map { "  - " + $0 }
            lines += EditableFrontMatter.serialize("name", Node(language.name)).map { "    " + $0 }
            if let title = language.title {
                lines += EditableFrontMatter.serialize("title", Node(title)).map { "    " + $0 }
            }
        }
        if settings.defaultInSubfolder { lines.append("defaultInSubfolder: true") }
    }

    /// The `markdown:` settings (raw HTML, emoji, heading IDs' prefix, tables of contents), when
    /// the import chose any.
    static func addMarkdown(_ settings: Settings, to lines: inout [String]) {
        guard
            settings.unsafeHTML != nil || settings.emoji != nil || settings.headingIDPrefix != nil
                || settings.tableOfContents != nil
        else { return }
        lines.append("")
        lines.append("markdown:")
        for (key, setting) in [("unsafe", settings.unsafeHTML), ("emoji", settings.emoji)] {
            guard let setting else { continue }
            lines.append("  # ← \(setting.origin)")
            lines.append("  \(key): \(setting.value)")
        }
        if let prefix = settings.headingIDPrefix {
            lines.append("  # ← \(prefix.origin)")
            lines += EditableFrontMatter.serialize("headingIDPrefix", Node(prefix.value, Tag(.str), .doubleQuoted))
                .map { "  " + $0 }
        }
        if let toc = settings.tableOfContents {
            lines.append("  # ← \(toc.origin) (markup.tableOfContents)")
            lines.append("  toc:")
            if let start = toc.startLevel { lines.append("    startLevel: \(start)") }
            if let end = toc.endLevel { lines.append("    endLevel: \(end)") }
            if let ordered = toc.ordered { lines.append("    ordered: \(ordered)") }
        }
    }

    /// The categories the items use, so the site's owner can describe them.
    static func addCategories(_ settings: Settings, to lines: inout [String]) {
        guard !settings.categories.isEmpty else { return }
        lines.append("")
        lines.append(
            "# The categories the old site's items use, most used first: give each a colour, an icon or a description."
        )
        lines.append("categories:")
        for category in settings.categories {
            lines += EditableFrontMatter.serialize("name", Node(category.name)).enumerated().map {
                ($0.offset == 0 ? "  - " : "    ") + $0.element
            }
            if let slug = category.slug {
                lines += EditableFrontMatter.serialize("slug", Node(slug)).map { "    " + $0 }
            }
        }
    }

    /// The old site's own taxonomies, whose terms keep their pages at `/<name>/<term>/`.
    static func addTaxonomies(_ settings: Settings, to lines: inout [String]) {
        guard !settings.taxonomies.isEmpty else { return }
        lines.append("")
        lines.append("# The old site's taxonomies beside categories and tags: each term keeps its page, with feeds.")
        lines.append("taxonomies:")
        for taxonomy in settings.taxonomies {
            lines.append("  # ← \(taxonomy.origin)")
            lines += EditableFrontMatter.serialize("name", Node(taxonomy.name)).map { "  - " + $0 }
        }
    }

    /// Each kind's address pattern, so that old addresses stay where they were.
    static func addPermalinks(_ settings: Settings, to lines: inout [String]) {
        guard !settings.permalinks.isEmpty else { return }
        lines.append("")
        lines.append("# Where items are published, so that old addresses stay where they were.")
        lines.append("permalinks:")
        for kind in ContentKind.allCases {
            guard let pattern = settings.permalinks[kind] else { continue }
            lines.append("  # ← \(pattern.origin)")
            lines += EditableFrontMatter.serialize(kind.folder, Node(pattern.value)).map { "  " + $0 }
        }
    }
}
