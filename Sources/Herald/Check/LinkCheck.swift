import Foundation

/// Follows every link and image of every HTML page to the site's own files, and reports those that
/// lead nowhere. A finding is traced to the line that wrote the link: in the content file the page
/// shows, else in a template; one broken link in a template is reported once, with its page count.
struct LinkCheck {
    /// The site's files, output path → bytes.
    let files: [String: Data]
    /// `/` or `/union/`.
    let basePath: String
    /// `https://example.org/union/`.
    let baseURL: String

    /// A link that leads to no file of the site.
    struct Broken: Hashable {
        /// The output page it is on.
        var page: String
        /// As written in the page.
        var link: String
        /// `href`, `src` or `srcset`.
        var attribute: String
    }

    /// Every broken link of every page, in page order.
    func brokenLinks(pages: [String]) -> [Broken] {
        pages.parallelMap { page -> [Broken] in
            guard let data = files[page] else { return [] }
            var found: [Broken] = []
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                HTMLURLAttributes.scan(bytes) { value in
                    let text = HTMLEntities.decode(String(decoding: bytes[value.start..<value.end], as: UTF8.self))
                    let links = value.isSrcset ? HTMLURLAttributes.srcsetURLs(text) : [text]
                    for link in links where !leadsSomewhere(link, from: page) {
                        found.append(Broken(page: page, link: link, attribute: value.name))
                    }
                }
            }
            return found
        }.flatMap { $0 }
    }

    /// Whether `link`, on `page`, is outside the site (not ours to check) or names one of its files.
    func leadsSomewhere(_ link: String, from page: String) -> Bool {
        let path: String
        switch target(of: link, from: page) {
        case .outside: return true
        case .aboveRoot: return false
        case .file(let file): path = file
        }
        if path.isEmpty || path.hasSuffix("/") { return files[path + "index.html"] != nil }
        return files[path] != nil || files[path + "/index.html"] != nil
    }

    /// Where a link leads.
    enum Target: Equatable {
        /// Outside the site: another host, `mailto:`, a fragment of the same page.
        case outside
        /// A relative link with more `..` than folders.
        case aboveRoot
        /// An output path (a folder's ends with `/`).
        case file(String)
    }

    /// Where `link`, on the output page `page`, leads.
    func target(of link: String, from page: String) -> Target {
        var link = link.trimmingCharacters(in: .whitespaces)
        if let cut = link.firstIndex(where: { $0 == "#" || $0 == "?" }) { link = String(link[..<cut]) }
        if link.isEmpty { return .outside }
        var relative: String
        if AbsoluteURLs.hasScheme(link) {
            // Our own absolute URLs (feeds' and social cards') are checked like site paths.
            guard link.hasPrefix(baseURL) else { return .outside }
            relative = String(link.dropFirst(baseURL.count))
        } else if link.hasPrefix("//") {
            return .outside
        } else if link.hasPrefix("/") {
            // A path outside the base path belongs to another site on the same host.
            guard link.hasPrefix(basePath) || link + "/" == basePath else { return .outside }
            relative = String(link.dropFirst(min(basePath.count, link.count)))
        } else {
            let folder = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            relative = folder.isEmpty ? link : folder + "/" + link
        }
        let decoded = relative.removingPercentEncoding ?? relative
        // Resolve `.` and `..` as a browser does; climbing above the root leads nowhere.
        var parts: [Substring] = []
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case ".": if index == segments.count - 1 { parts.append("") }
            case "..":
                guard !parts.isEmpty else { return .aboveRoot }
                parts.removeLast()
                if index == segments.count - 1 { parts.append("") }
            case "" where index < segments.count - 1: continue
            default: parts.append(segment)
            }
        }
        return .file(parts.joined(separator: "/"))
    }
}

/// The few character references our pages put in attribute values, decoded.
enum HTMLEntities {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = text
        for (entity, character) in [("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
