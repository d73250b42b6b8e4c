import Foundation
import Herald

/// A term's or a taxonomy's own page on its way into the new site.
struct ImportedTermPage: @unchecked Sendable {
    var old: OldTermPage
    var document: SourceDocument
    var frontMatter: EditableFrontMatter
    var body: String

    /// The file's text: YAML front matter, then the body as it was (with its conversions).
    func fileText() -> String {
        let newline = document.newline
        return "---" + newline + frontMatter.text(newline: newline) + "---" + newline + body
    }
}
