import Foundation
import Herald

/// A problem or a choice worth reading, on a file of the old site, counted by kind in the report.
public struct ImportNote: Sendable, Equatable, Comparable {
    /// `path:line: message`, the path being the old site's.
    public var diagnostic: Diagnostic
    /// What kind of note it is, for the counts: `shortcode notice`, `not converted`, `alias dropped`.
    public var kind: String

    public static func < (a: ImportNote, b: ImportNote) -> Bool { a.diagnostic < b.diagnostic }
}

/// What an import did, printed and written to `import-report.txt` in the new site.
public struct ImportReport: Sendable {
    /// The old site's generator, and how the report names the old and the new site.
    public var kind: OldSiteKind
    public var source: String
    public var destination: String
    /// What each section became, and why.
    var sections: [SectionChoice] = []
    /// Items written, by kind; drafts among them.
    public var items: [ContentKind: Int] = [:]
    public var drafts = 0
    /// Translations written beside their items (`trip/index.es.md`).
    public var translations = 0
    /// Old addresses kept: unchanged, as aliases, and through `url:`.
    public var addressesUnchanged = 0
    public var aliasesWritten = 0
    public var urlsWritten = 0
    /// Old list pages that now lead to Herald's lists (`/posts/ → /news/`).
    public var listRedirects: [String] = []
    /// Conversions done, by construct.
    public var conversions: [String: Int] = [:]
    /// Files copied as they are: static files, bundle files, data files.
    public var staticFiles = 0
    public var bundleFiles = 0
    public var dataFiles = 0
    /// Things left out on purpose.
    var leftOut: [LeftOut] = []
    /// Notes on files of the old site: constructs left in the text, files not converted, …
    public var notes: [ImportNote] = []
    /// Settings worth knowing about (raw HTML, languages), in words.
    public var settings: [String] = []
    /// Files copied to `unconverted/`, with why.
    public var unconverted: [Diagnostic] = []

    /// The report as text: the summary, then every note as `path:line: message`.
    public var text: String {
        var lines: [String] = []
        let generator = kind == .hugo ? "Hugo" : "Jekyll"
        lines.append("Imported the \(generator) site \(source) into \(destination)")
        lines.append("")
        lines.append("Sections:")
        let width = sections.map(\.section.count).max() ?? 0
        for section in sections.sorted(by: { $0.section < $1.section }) {
            let padding = String(repeating: " ", count: max(0, width - section.section.count))
            let becomes = section.kind.map { $0 == .event ? "events" : $0.folder } ?? "left out"
            lines.append(
                "  \(section.section)\(padding)  \(section.items) item\(section.items == 1 ? "" : "s") → \(becomes) (\(section.reason))"
            )
        }
        lines.append("")
        let total = items.values.reduce(0, +)
        func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        lines.append(
            "Items: \(total) (\(items[.news] ?? 0) news, \(counted(items[.event] ?? 0, "event", "events")), \(counted(items[.page] ?? 0, "page", "pages")); \(counted(drafts, "draft", "drafts")) among them)"
        )
        if translations > 0 {
            lines.append("Translations: \(translations), each beside its item with its language in its name")
        }
        lines.append(
            "Old addresses: \(addressesUnchanged) items where they were (\(urlsWritten) of them through url:), \(aliasesWritten) aliases (redirects) to where they are now"
        )
        if !listRedirects.isEmpty { lines.append("Old lists redirected: " + listRedirects.joined(separator: ", ")) }
        if conversions.isEmpty {
            lines.append("Conversions: none needed")
        } else {
            lines.append(
                "Conversions: "
                    + conversions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        lines.append("Files copied: \(staticFiles) static, \(bundleFiles) in page bundles, \(dataFiles) data")
        for setting in settings { lines.append(setting) }
        if !unconverted.isEmpty {
            lines.append("")
            lines.append("Not converted (\(unconverted.count)), copied as they were to unconverted/:")
            for diagnostic in unconverted.sorted() {
                lines.append("  \(diagnostic.path):\(diagnostic.line): \(diagnostic.message)")
            }
        }
        if !leftOut.isEmpty {
            lines.append("")
            lines.append("Left out:")
            for item in leftOut {
                lines.append("  \(item.path) (\(item.files) file\(item.files == 1 ? "" : "s")): \(item.reason)")
            }
        }
        if !notes.isEmpty {
            lines.append("")
            lines.append("Warnings by kind:")
            let counts = Dictionary(grouping: notes, by: \.kind).mapValues(\.count)
            let kindWidth = counts.keys.map(\.count).max() ?? 0
            for (kind, count) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                lines.append("  \(kind)\(String(repeating: " ", count: kindWidth - kind.count))  \(count)")
            }
            lines.append("")
            for note in notes.sorted() { lines.append(note.diagnostic.description) }
        }
        lines.append("")
        lines.append("Next, build and preview the new site:")
        lines.append("  herald build --source \(destination)")
        lines.append("  herald serve --source \(destination)")
        return lines.joined(separator: "\n") + "\n"
    }
}
