import Foundation
import Herald
import Yams

/// What an import takes from the old site's configuration, whichever generator wrote it.
struct OldSiteConfig: @unchecked Sendable {
    var kind: OldSiteKind
    /// The configuration files read, in the order they apply.
    var files: [String] = []
    /// Hugo's content folder of each language, when each has its own (`languages.es.contentDir`).
    var languageContentDirs: [String: String] = [:]
    var title: Setting<String>?
    var description: Setting<String>?
    /// The site's address as written (Hugo's `baseURL`; Jekyll's `url` and `baseurl`).
    var baseURL: Setting<String>?
    var language: Setting<String>?
    var timeZone: Setting<String>?
    var pageSize: Setting<Int>?
    var author: Setting<String>?
    /// Whether the old site let raw HTML in Markdown through (Hugo's goldmark `unsafe`; kramdown always does).
    var unsafeHTML: Setting<Bool>?
    /// How the old site highlighted code, for the report (`CodeHighlightNote`): Hugo's
    /// `markup.highlight.style`, or Jekyll's `highlighter` / kramdown's `syntax_highlighter`.
    var highlightStyle: Setting<String>?
    /// Whether the old site left fenced code plain (Hugo's `codeFences: false`, Jekyll's `highlighter: none`).
    var highlightOff: Setting<Bool>?
    /// Whether the old site replaced emoji shortcodes (Hugo's `enableEmoji`, Jekyll's jemoji plugin).
    var emoji: Setting<Bool>?
    /// What the old site put before automatic heading IDs (kramdown's `auto_id_prefix`).
    var headingIDPrefix: Setting<String>?
    /// Hugo's `markup.tableOfContents`: the heading levels its tables of contents listed, and
    /// whether they were numbered; only what the site set (Hugo's defaults are Herald's).
    var tableOfContents: TableOfContents?

    /// The tables of contents' settings of `markup.tableOfContents`, each nil when unset.
    struct TableOfContents: Equatable {
        var startLevel: Int?
        var endLevel: Int?
        var ordered: Bool?
        var origin: String

        /// Whether Herald takes these levels: each 1 to 6, the end not before the start (with
        /// Herald's defaults, 2 and 3, for the one unset).
        var isValid: Bool {
            let (start, end) = (startLevel ?? 2, endLevel ?? 3)
            return (1...6).contains(start) && (1...6).contains(end) && start <= end
        }
    }
    /// URL patterns: Hugo's by section, Jekyll's `posts` and by collection.
    var permalinks: [String: Setting<String>] = [:]
    /// Taxonomies: front-matter key (plural) → singular name.
    var taxonomies: [(plural: String, singular: String, origin: String)] = [
        ("categories", "category", "Hugo's default"), ("tags", "tag", "Hugo's default"),
    ]
    /// Hugo's `uglyURLs`: pages at `/section/name.html`.
    var uglyURLs = false
    /// Hugo lower-cases every path unless `disablePathToLower`.
    var lowerCasePaths = true
    /// Hugo's folders (`contentDir`, `staticDir`, …).
    var contentDir = "content"
    var staticDirs = ["static"]
    var dataDir = "data"
    var publishDir = "public"
    /// Hugo's `ignoreFiles`: patterns of content files it does not read (Go regular expressions).
    var ignoreFiles: [GoRegularExpression] = []
    /// The site's parameters, for `{{< param >}}`: lower-cased key → text.
    var params: [String: String] = [:]
    /// The languages of a multilingual site, the default first; translations are left out.
    var languages: [String] = []
    /// Each language's name and title (Hugo's `languages.es.languageName`, `.title`), by code.
    var languageNames: [String: String] = [:]
    var languageTitles: [String: String] = [:]
    var defaultLanguageInSubdir = false
    /// Jekyll's collections with `output: true`: name → permalink pattern (nil for the default).
    var collections: [String: String?] = [:]
    /// Jekyll's `exclude` and `include`.
    var exclude: [String] = []
    var include: [String] = []
    /// Jekyll's front-matter defaults, in order.
    var defaults: [FrontMatterDefault] = []
    /// Problems reading the configuration: warnings, the import going on without the file.
    var diagnostics: [Diagnostic] = []
    /// Problems that stop the import: a file beyond `InputLimits` (an alias bomb, a file too large)
    /// or an `ignoreFiles` pattern that does not compile, whose site cannot be imported faithfully.
    var refusals: [Diagnostic] = []
    /// Settings left out because they would lead outside the site (see `leaveOutUnsafePermalinks`).
    var unsafeSettings: [Diagnostic] = []

    /// The path part of the old address (`/club`), without a trailing slash; empty at a root.
    var basePath: String {
        guard let text = baseURL?.value else { return "" }
        var path = text
        if let scheme = path.range(of: "://") {
            path = String(path[scheme.upperBound...].drop { $0 != "/" })
        }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The front-matter keys that hold categories and tags in this site.
    var categoryKeys: [String] { taxonomies.filter { $0.singular.lowercased() == "category" }.map(\.plural) }
    var tagKeys: [String] { taxonomies.filter { $0.singular.lowercased() == "tag" }.map(\.plural) }
}
