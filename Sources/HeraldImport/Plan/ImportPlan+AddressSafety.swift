import Foundation
import Herald
import Yams

/// Hostile addresses: an item whose `url:`, `aliases:`, `permalink:` or `redirect_from:` (or the
/// old address worked out for it) would lead outside the site is not converted, but copied to
/// `unconverted/` and reported, so that building the new site cannot write outside its output.
extension ImportPlan {
    /// The front-matter keys whose values are addresses of the item.
    static let addressKeys = ["url", "aliases", "redirect_from", "permalink"]

    /// Sets aside every item with an unsafe address in its front matter.
    mutating func setAsideUnsafeAddresses() {
        var kept: [OldItem] = []
        for item in inventory.items {
            if let problem = addressProblem(in: item.fields, document: item.document) {
                notConverted(Diagnostic(path: item.sourcePath, line: problem.line, problem.message))
            } else {
                kept.append(item)
            }
        }
        inventory.items = kept
    }

    /// The first unsafe address in an item's front matter: its line, and the message naming the key.
    func addressProblem(in fields: FrontMatterFields, document: SourceDocument) -> (line: Int, message: String)? {
        let lineOffset = document.frontMatterLine - 1
        for field in fields.fields where Self.addressKeys.contains(field.key.lowercased()) {
            let values: [Node] = field.value.sequence.map(Array.init) ?? [field.value]
            for value in values {
                guard let written = value.string else { continue }
                let address = OwnSiteAddress.local(written, ownAddress: config.baseURL?.value)
                guard let problem = OwnSiteAddress.problem(address) else { continue }
                let line = value.mark.map { lineOffset + $0.line } ?? field.line
                return (
                    max(line, field.line), "\(field.key): '\(Self.printable(written))' \(problem); \(Self.setAside)"
                )
            }
        }
        return nil
    }

    /// Why an item's old address, as the old generator's rules made it (from its slug, title or
    /// categories through a permalink pattern), is unsafe, or nil.
    func addressProblem(of address: OldAddress?) -> String? {
        guard let address, let problem = OwnSiteAddress.problem("/" + address.path) else { return nil }
        return "its old address /\(Self.printable(address.path)) (by \(address.rule)) \(problem); \(Self.setAside)"
    }

    /// The first unsafe address of a translation: in its front matter, else its old address.
    func addressProblem(of translation: ImportedItem) -> (line: Int, message: String)? {
        addressProblem(in: translation.old.fields, document: translation.old.document)
            ?? addressProblem(of: translation.oldAddress).map { (1, $0) }
    }

    /// Why such an item is set aside, in the words of every such note.
    static let setAside = "not converted, so that building the new site cannot write outside its output"

    /// A value as the report can print it: control characters shown by their code.
    static func printable(_ text: String) -> String {
        String(
            text.unicodeScalars.map { scalar in
                scalar.properties.generalCategory == .control
                    ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }.joined())
    }

    /// Absolute URLs on the old site's own host in `url:`, `aliases:` and `redirect_from:` written
    /// as the paths they stand for (unsafe ones were set aside before).
    func localizeOwnAddresses(_ front: inout EditableFrontMatter) {
        let own = config.baseURL?.value
        for key in ["url", "aliases", "redirect_from"] {
            guard let index = front.index(of: key) else { continue }
            let value = front.entries[index].value
            if let text = value.string, OwnSiteAddress.hasHost(text) {
                front.set(key, Node(OwnSiteAddress.local(text, ownAddress: own)))
            } else if let list = value.sequence, list.contains(where: { OwnSiteAddress.hasHost($0.string ?? "") }) {
                front.set(
                    key, Node(list.map { $0.string.map { Node(OwnSiteAddress.local($0, ownAddress: own)) } ?? $0 }))
            }
        }
    }
}
