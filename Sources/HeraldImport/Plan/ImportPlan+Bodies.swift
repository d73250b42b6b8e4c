import Foundation
import Herald

/// Convert bodies: the shortcodes and Liquid that have a Markdown or HTML equivalent, with
/// references (`ref`, `post_url`, `link`) pointing at the items' new addresses.
extension ImportPlan {
    /// The site's base path on the web, without a trailing `/` (`/club`, or empty).
    var basePath: String { config.basePath }

    /// The site path of a new output path (`news/x/` → `/news/x/`); the converter adds the base path where Herald will not.
    func url(of path: String) -> String { "/" + path }

    mutating func convertBodies() {
        let resolver = makeResolver()
        var origin = ""
        if let text = config.baseURL?.value, let url = URL(string: text), let scheme = url.scheme, let host = url.host {
            origin = scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
        }
        let converter = BodyConverter(
            dialect: config.kind, allowHTML: allowHTML, basePath: basePath, origin: origin, resolver: resolver,
            siteParams: config.params)
        let conversions = items.parallelMap { item in
            converter.convert(
                item.body, path: item.old.sourcePath, firstLine: item.old.document.bodyLine, fields: item.old.fields)
        }
        for (index, conversion) in conversions.enumerated() {
            items[index].body = take(conversion, of: items[index].old.sourcePath)
        }
        convertTermPageBodies(with: converter)
    }

    /// A body's conversion counted and its leftovers noted at their lines; returns the new text.
    mutating func take(_ conversion: BodyConversion, of path: String) -> String {
        if conversion.usesHTML { bodiesUseHTML = true }
        for (name, count) in conversion.converted { report.conversions[name, default: 0] += count }
        for leftover in conversion.leftovers {
            note(path, leftover.line, "\(leftover.text) left in the text: \(leftover.reason)", kind: leftover.kind)
        }
        return conversion.text
    }

    /// Answers `ref`, `post_url` and `link` from the items' and copies' new addresses.
    func makeResolver() -> ReferenceResolver {
        let tables = referenceTables()
        return ReferenceResolver(
            hugoRef: { from, target in tables.hugoRef(from: from, target: target) },
            postURL: { name in tables.postURL(name) },
            link: { path in tables.link(path) })
    }

    /// The items' and copies' new addresses, by their old paths and names.
    func referenceTables() -> ReferenceTables {
        var tables = ReferenceTables()
        let content = config.kind == .hugo ? config.contentDir + "/" : ""
        tables.contentDir = content
        for item in items {
            guard let newPath = item.newPath else { continue }
            let target = url(of: newPath)
            var old = item.old.sourcePath
            if old.hasPrefix(content) { old = String(old.dropFirst(content.count)) }
            let lower = old.lowercased()
            tables.byPath[lower] = target
            tables.byPath[(lower as NSString).deletingPathExtension] = target
            if item.old.bundleFolder != nil { tables.byPath[(lower as NSString).deletingLastPathComponent] = target }
            tables.byName[item.old.baseName.lowercased(), default: []].append(target)
            if item.old.jekyllType == "posts" {
                let below = item.old.sourcePath.components(separatedBy: "_posts/").last ?? ""
                tables.posts[(below as NSString).deletingPathExtension] = target
                tables.posts[item.old.baseName] = tables.posts[item.old.baseName] ?? target
            }
        }
        // Section pages are the kinds' lists.
        for item in items where item.old.role == .sectionPage && item.kind != .page {
            tables.byPath[(item.old.section + "/_index.md").lowercased()] = url(
                of: URLLayout.standard.listPath(item.kind))
            tables.byPath[item.old.section.lowercased()] = url(of: URLLayout.standard.listPath(item.kind))
        }
        // Term pages are their terms' lists (`{{< ref "/topics/mobile" >}}`).
        for page in termPages where page.old.language == nil {
            let taxonomy = TaxonomyDeclaration(name: page.old.taxonomy)
            let list = url(
                of: page.old.term.map { URLLayout.standard.termPath(taxonomy, Slug.make(from: $0)) }
                    ?? URLLayout.standard.taxonomyPath(taxonomy))
            let folder = String(page.old.sourcePath.dropFirst(content.count)).lowercased()
            tables.byPath[folder] = list
            tables.byPath[(folder as NSString).deletingLastPathComponent] = list
        }
        for copy in inventory.copies where copy.to.hasPrefix("static/") {
            tables.byPath[copy.from.lowercased()] = url(of: String(copy.to.dropFirst("static/".count)))
        }
        return tables
    }
}
