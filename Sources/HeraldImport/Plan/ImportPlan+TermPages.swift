import Foundation
import Herald
import Yams

/// Term pages: a Hugo term's page (`content/authors/gray-brooks/_index.md`) goes to the same
/// place in the new site, where Herald reads it the same way: its title names the term, its
/// summary heads the term's list, its aliases redirect.
extension ImportPlan {
    /// The keys an old theme names a person or a term by, read as its title when it has none
    /// (a government site's author pages say `display_name: "Aaron Stienstra"`).
    static let termTitleKeys = ["display_name", "displayname", "name", "linktitle"]

    /// Reads every term page and gives it a title Herald reads. A file that cannot be read is
    /// copied to `unconverted/`; a second file for one page (`_index.md` and `_index.en.md` in the
    /// default language) is left out.
    mutating func placeTermPages() {
        let tree = self.tree
        let outcomes = inventory.termPages.parallelMap { ImportPlan.readSource($0.sourcePath, in: tree) }
        var placed = Set<String>()
        for (old, outcome) in zip(inventory.termPages, outcomes) {
            switch outcome {
            case .failure(let diagnostic): notConverted(diagnostic)
            case .success(let (document, fields)):
                guard placed.insert(old.newPath.lowercased()).inserted else {
                    report.leftOut.append(
                        LeftOut(path: old.sourcePath, files: 1, reason: "a second page for the same term"))
                    continue
                }
                var page = ImportedTermPage(
                    old: old, document: document, frontMatter: termFrontMatter(document, fields), body: document.body)
                giveTitle(to: &page, from: fields)
                giveSummary(to: &page, from: fields)
                termPages.append(page)
                count("taxonomy term page kept")
            }
        }
    }

    /// The page's front matter as it was written, keys and comments kept.
    private func termFrontMatter(_ document: SourceDocument, _ fields: FrontMatterFields) -> EditableFrontMatter {
        guard document.syntax == .yaml else { return EditableFrontMatter(fields: fields) }
        return EditableFrontMatter(yaml: document.frontMatter, fields: fields, firstLine: document.frontMatterLine)
    }

    /// A page with no `title` takes the first of `termTitleKeys` it has.
    private mutating func giveTitle(to page: inout ImportedTermPage, from fields: FrontMatterFields) {
        guard fields.text("title") == nil,
            let (key, title) = ImportPlan.termTitleKeys.lazy.compactMap({ key in
                fields.text(key).map { (key, $0) }
            }).first(where: { !$0.1.isEmpty })
        else { return }
        // A `title: ""` there is given the value, not joined by a second `title`.
        if let empty = fields.field(anyOf: ["title", "Title"]) {
            page.frontMatter.set(empty.key, Node(title))
        } else {
            page.frontMatter.insert("title", Node(title), after: key)
        }
        count("term page title ← \(key)")
    }

    /// A person's page with a `bio:` and no summary: the bio is the summary, which heads their list.
    private mutating func giveSummary(to page: inout ImportedTermPage, from fields: FrontMatterFields) {
        guard fields.field(anyOf: ["summary", "description"]) == nil, let bio = fields.text("bio"), !bio.isEmpty
        else { return }
        page.frontMatter.insert("summary", Node(bio), after: "bio")
        count("term page summary ← bio")
    }

    /// Converts the term pages' bodies as the items' are converted.
    mutating func convertTermPageBodies(with converter: BodyConverter) {
        for index in termPages.indices {
            let page = termPages[index]
            let conversion = converter.convert(
                page.body, path: page.old.sourcePath, firstLine: page.document.bodyLine, fields: .empty)
            termPages[index].body = take(conversion, of: page.old.sourcePath)
        }
    }

    /// Takes a term page the new site's build refuses out, copying it to `unconverted/`; false when
    /// `error` is about no term page.
    mutating func leaveOutTermPage(for error: Diagnostic, all errors: [Diagnostic]) -> Bool {
        guard let index = termPages.firstIndex(where: { $0.old.newPath == error.path }) else { return false }
        let page = termPages.remove(at: index)
        let messages = errors.filter { $0.path == error.path }.map(\.message)
        report.conversions["taxonomy term page kept", default: 0] -= 1
        notConverted(
            Diagnostic(
                path: page.old.sourcePath, line: error.line,
                "Herald cannot build it: " + messages.joined(separator: "; ")))
        return true
    }

    /// Leaves out the term pages the new site's build says no listed item names: Herald makes no
    /// page for such a term (a person whose posts are gone, a topic of drafts), and a page kept
    /// would be a warning at every build. The report counts them by taxonomy.
    mutating func leaveOutUnusedTermPages(_ warnings: [Diagnostic]) {
        let unused = Set(warnings.filter { $0.kind == .unusedTermPage }.map(\.path))
        guard !unused.isEmpty else { return }
        var left: [String: Int] = [:]
        termPages.removeAll { page in
            guard unused.contains(page.old.newPath) else { return false }
            left[page.old.taxonomy, default: 0] += 1
            return true
        }
        for (taxonomy, count) in left {
            report.conversions["taxonomy term page kept", default: 0] -= count
            report.leftOut.append(
                LeftOut(
                    path: "\(config.contentDir)/\(taxonomy)/", files: count,
                    reason:
                        "pages of terms only drafts or no items name: Herald makes a term's page only to list its items"
                ))
        }
        report.leftOut.sort { $0.path < $1.path }
    }
}
