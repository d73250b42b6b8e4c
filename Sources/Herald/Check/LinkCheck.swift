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

    /// A link that leads to no file of the site, or to a page without the element its
    /// `#fragment` names.
    struct Broken: Hashable {
        /// The output page it is on.
        var page: String
        /// As written in the page.
        var link: String
        /// `href`, `src` or `srcset`.
        var attribute: String
        /// When the page it leads to is there but has no element of this id (a heading's, a
        /// footnote's, a line's), the fragment, decoded; nil when the file itself is missing.
        var missingAnchor: String? = nil
    }

    /// A link with a `#fragment`, to a page of the site that is there.
    private struct AnchorLink {
        var link: String
        /// The output file it leads to.
        var file: String
        /// As written, and percent-decoded: a browser tries both (HTML's "find a potential indicated element").
        var raw: String
        var fragment: String
    }

    /// Every broken link of every page, in page order: missing files, then missing anchors.
    func brokenLinks(pages: [String]) -> [Broken] {
        let scanned = pages.parallelMap { page -> (broken: [Broken], anchors: [AnchorLink]) in
            guard let data = files[page] else { return ([], []) }
            var found: [Broken] = []
            var anchors: [AnchorLink] = []
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                HTMLURLAttributes.scan(bytes) { value in
                    let text = HTMLEntities.decode(String(decoding: bytes[value.start..<value.end], as: UTF8.self))
                    let links = value.isSrcset ? HTMLURLAttributes.srcsetURLs(text) : [text]
                    for link in links {
                        if !leadsSomewhere(link, from: page) {
                            found.append(Broken(page: page, link: link, attribute: value.name))
                        } else if value.name == "href", let anchor = anchorLink(link, from: page) {
                            anchors.append(anchor)
                        }
                    }
                }
            }
            return (found, anchors)
        }
        let targets = Array(Set(scanned.flatMap { $0.anchors.map(\.file) })).sorted()
        let ids = Dictionary(
            uniqueKeysWithValues: zip(targets, targets.parallelMap { Self.anchors(in: files[$0] ?? Data()) }))
        return zip(pages, scanned).flatMap { page, found in
            found.broken
                + found.anchors.filter { anchor in
                    let known = ids[anchor.file] ?? []
                    return !known.contains(anchor.raw) && !known.contains(anchor.fragment)
                }.map {
                    Broken(page: page, link: $0.link, attribute: "href", missingAnchor: $0.fragment)
                }
        }
    }

    /// The fragment of a link to an HTML page of the site, and that page's file; nil for a link
    /// without one, or with one every browser understands without an element (`#`, `#top`, a
    /// text fragment `#:~:text=`).
    private func anchorLink(_ link: String, from page: String) -> AnchorLink? {
        guard let hash = link.firstIndex(of: "#") else { return nil }
        let raw = String(link[link.index(after: hash)...])
        let fragment = raw.removingPercentEncoding ?? raw
        guard !fragment.isEmpty, fragment.lowercased() != "top", !fragment.hasPrefix(":~:") else { return nil }
        let file: String
        if hash == link.startIndex {
            file = page
        } else {
            guard case .file(let path) = target(of: link, from: page) else { return nil }
            if path.isEmpty || path.hasSuffix("/") {
                file = URLLayout.pageFile(path)
            } else {
                file = files[path] != nil ? path : URLLayout.pageFile(path + "/")
            }
        }
        guard file.hasSuffix(".html"), files[file] != nil else { return nil }
        return AnchorLink(link: link, file: file, raw: raw, fragment: fragment)
    }

    /// The ids of the page a link with a fragment leads to (none when it leads to no page here).
    func anchors(of link: String, from page: String) -> Set<String> {
        anchorLink(link, from: page).flatMap { files[$0.file] }.map(Self.anchors(in:)) ?? []
    }

    /// The ids a page's elements have, and every `name` attribute's value: an `<a name>` (older
    /// HTML, and what Pygments writes for line anchors) is a fragment's target; another, such as
    /// a `<meta name>`, only makes the check more lenient, never wrong.
    static func anchors(in data: Data) -> Set<String> {
        var found: Set<String> = []
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            HTMLURLAttributes.scan(bytes, names: ["id", "name"]) { value in
                found.insert(HTMLEntities.decode(String(decoding: bytes[value.start..<value.end], as: UTF8.self)))
            }
        }
        return found
    }

    /// Whether `link`, on `page`, is outside the site (not ours to check) or names one of its files.
    func leadsSomewhere(_ link: String, from page: String) -> Bool {
        let path: String
        switch target(of: link, from: page) {
        case .outside: return true
        case .aboveRoot: return false
        case .file(let file): path = file
        }
        if path.isEmpty || path.hasSuffix("/") { return files[URLLayout.pageFile(path)] != nil }
        return files[path] != nil || files[URLLayout.pageFile(path + "/")] != nil
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
        for (entity, character) in [
            ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
        ] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
