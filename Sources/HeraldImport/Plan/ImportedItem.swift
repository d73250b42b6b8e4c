import Foundation
import Herald
import Yams

/// An item of the old site on its way into the new one.
struct ImportedItem: @unchecked Sendable {
    var old: OldItem
    var kind: ContentKind
    /// Its file in the new site (`content/news/2019/intro.md`).
    var path: String
    var frontMatter: EditableFrontMatter
    var body: String
    /// Where the old site published it (nil for drafts).
    var oldAddress: OldAddress?
    /// Where Herald publishes it, once known.
    var newPath: String?
    /// Jekyll's defaults for it.
    var defaults: [(key: String, value: Node)] = []
    /// Whether it is another language's version of an item, placed beside it: counted among the
    /// report's translations, not its items.
    var isTranslation = false

    /// Whether the report counts it among its items (`ImportReport.items`).
    var countsAsItem: Bool { !isTranslation && (old.role == .item || kind == .page) }

    /// The folder of its bundle in the new site, when it heads one.
    var bundleFolder: String? { old.bundleFolder == nil ? nil : (path as NSString).deletingLastPathComponent }

    /// The file's text: YAML front matter, then the body as it was (with its conversions).
    func fileText() -> String {
        let newline = old.document.newline
        return "---" + newline + frontMatter.text(newline: newline) + "---" + newline + body
    }
}
