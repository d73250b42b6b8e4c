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
            items[index].body = conversion.text
            if conversion.usesHTML { bodiesUseHTML = true }
            for (name, count) in conversion.converted { report.conversions[name, default: 0] += count }
            for leftover in conversion.leftovers {
                note(
                    items[index].old.sourcePath, leftover.line, "\(leftover.text) left in the text: \(leftover.reason)",
                    kind: leftover.kind)
            }
        }
    }

    /// Answers `ref`, `post_url` and `link` from the items' and copies' new addresses.
    func makeResolver() -> ReferenceResolver {
        var byPath: [String: String] = [:]  // old path, lower-cased, with and without extension → URL
        var byName: [String: [String]] = [:]  // file or bundle name without extension → URLs
        var posts: [String: String] = [:]  // Jekyll post path below _posts, without extension → URL
        let content = config.kind == .hugo ? config.contentDir + "/" : ""
        for item in items {
            guard let newPath = item.newPath else { continue }
            let target = url(of: newPath)
            var old = item.old.sourcePath
            if old.hasPrefix(content) { old = String(old.dropFirst(content.count)) }
            let lower = old.lowercased()
            byPath[lower] = target
            byPath[(lower as NSString).deletingPathExtension] = target
            if item.old.bundleFolder != nil { byPath[(lower as NSString).deletingLastPathComponent] = target }
            byName[item.old.baseName.lowercased(), default: []].append(target)
            if item.old.jekyllType == "posts" {
                let below = item.old.sourcePath.components(separatedBy: "_posts/").last ?? ""
                posts[(below as NSString).deletingPathExtension] = target
                posts[item.old.baseName] = posts[item.old.baseName] ?? target
            }
        }
        // Section pages are the kinds' lists.
        for item in items where item.old.role == .sectionPage && item.kind != .page {
            byPath[(item.old.section + "/_index.md").lowercased()] = url(of: URLLayout.standard.listPath(item.kind))
            byPath[item.old.section.lowercased()] = url(of: URLLayout.standard.listPath(item.kind))
        }
        for copy in inventory.copies where copy.to.hasPrefix("static/") {
            byPath[copy.from.lowercased()] = url(of: String(copy.to.dropFirst("static/".count)))
        }
        let paths = byPath
        let names = byName
        let postURLs = posts
        let contentDir = content
        return ReferenceResolver(
            hugoRef: { from, target in
                var reference = target
                var anchor = ""
                if let hash = reference.firstIndex(of: "#") {
                    anchor = String(reference[hash...])
                    reference = String(reference[..<hash])
                }
                if reference.isEmpty { return anchor.isEmpty ? nil : anchor }
                var candidates: [String] = []
                let trimmed = reference.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
                candidates.append(trimmed)
                if !reference.hasPrefix("/") {
                    var folder = (from as NSString).deletingLastPathComponent
                    if folder.hasPrefix(contentDir) {
                        folder = String(folder.dropFirst(contentDir.count))
                    } else if folder + "/" == contentDir {
                        folder = ""
                    }
                    let relative = ((folder.isEmpty ? "" : folder + "/") + trimmed) as NSString
                    candidates.append(
                        relative.standardizingPath.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
                }
                for candidate in candidates {
                    for key in [
                        candidate, (candidate as NSString).deletingPathExtension, candidate + "/index",
                        candidate + "/_index.md",
                    ] {
                        if let found = paths[key] { return found + anchor }
                    }
                }
                let name = ((trimmed as NSString).lastPathComponent as NSString).deletingPathExtension
                if let found = names[name], found.count == 1 { return found[0] + anchor }
                return nil
            },
            postURL: { name in postURLs[name] ?? postURLs[(name as NSString).lastPathComponent] },
            link: { path in paths[path.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()] })
    }
}
