import Foundation
import Herald

/// A content file of the old site that becomes (or heads) a Herald item.
struct OldItem: Sendable {
    /// What the file is to the old site.
    enum Role: Sendable, Equatable {
        /// A post, event or page.
        case item
        /// A section's own page (Hugo's `content/blog/_index.md`).
        case sectionPage
    }

    /// The file's path in the old site.
    var sourcePath: String
    /// The section it belongs to, as the report and `--news`/`--events` name it: Hugo's first
    /// folder under content/ (`blog`), Jekyll's `_posts` or its first sub-folder (`_posts/events`),
    /// a collection (`_talks`), or `pages` for single pages.
    var section: String
    var role: Role = .item
    /// The path below the section (`2019/intro.md`, `spring-fair/index.md`), where the file goes
    /// under its Herald kind's folder.
    var placement: String
    /// The leaf bundle's folder in the old site and its files (relative to it), when it heads one.
    var bundleFolder: String? = nil
    var resources: [String] = []
    /// Jekyll's type of document: `posts`, `pages`, `drafts` or a collection's name; Hugo's: nil.
    var jekyllType: String? = nil
    /// Jekyll's categories from the folders above `_posts` (`blog/_posts/` → `blog`).
    var folderCategories: [String] = []
    /// The old site's translations of this item (`post.es.md`), whose old addresses are kept too.
    var translations: [(language: String, path: String)] = []
    /// The language of an item the old site has only in another language than its default
    /// (`index.es.md` with no `index.md` beside it); nil for the default language's items.
    var language: String? = nil

    var document: SourceDocument
    var fields: FrontMatterFields

    /// The file's name without its extension (or its bundle's folder name).
    var baseName: String {
        // The placement's name: a Hugo file's without its language (`post.en.md` → `post`).
        let path = bundleFolder ?? placement
        let name = (path as NSString).lastPathComponent
        guard bundleFolder == nil, let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    /// Whether the front matter marks the item a draft (Hugo's `draft`, Jekyll's `published: false`).
    var isDraft: Bool { fields.isTrue("draft") || fields.text("published")?.lowercased() == "false" }
}

/// Everything an import found in the old site, sorted into what becomes what.
struct Inventory: Sendable {
    var items: [OldItem] = []
    /// The term pages of the taxonomies the new site declares.
    var termPages: [OldTermPage] = []
    /// Files copied as they are: old path → path in the new site.
    var copies: [(from: String, to: String)] = []
    /// Things left out on purpose, with why: shown in the report by folder.
    var leftOut: [LeftOut] = []
    /// Files that could not be converted (not UTF-8, broken front matter): copied to
    /// `unconverted/` as they are, with the diagnostic on the source file.
    var unconverted: [(path: String, reason: Diagnostic)] = []
}

/// Something of the old site an import leaves out on purpose.
struct LeftOut: Sendable, Equatable {
    /// A file, or a folder (ending in `/`).
    var path: String
    /// How many files it holds.
    var files: Int
    var reason: String
}
