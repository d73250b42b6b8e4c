/// Where a page bundle's files are published, for the links its body makes to them: a relative
/// `![](photo.jpg)` or `[slides](deck.pdf)` becomes the resource's site link, so it works on list
/// pages and in feeds as it does on the item's own page.
public struct BundleLinks: Sendable {
    /// The bundle's files, relative to its folder.
    let resources: Set<String>
    /// The output folder the files go in (`news/gala/`).
    let folder: String
    /// The site's base path (`/` or `/union/`).
    let basePath: String

    /// The links of a bundle whose item is published at `itemPath`.
    public init(bundle: ItemBundle, itemPath: String, basePath: String) {
        resources = Set(bundle.resources)
        folder = URLLayout.folder(of: itemPath)
        self.basePath = basePath
    }

    /// The resource a relative URL names (`photo.jpg`, `./photo.jpg`, `photo%20one.jpg`), with
    /// what follows it (`?v=2`, `#page=3`), or nil when it names none of the bundle's files.
    func resource(in url: String) -> (name: String, rest: Substring)? {
        guard !url.isEmpty, !url.hasPrefix("/"), !url.hasPrefix("#"), !url.contains("://"), !url.hasPrefix("mailto:")
        else { return nil }
        let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        var name = String(url[..<cut])
        while name.hasPrefix("./") { name.removeFirst(2) }
        let decoded = name.removingPercentEncoding ?? name
        if resources.contains(decoded) { return (decoded, url[cut...]) }
        return nil
    }

    /// The site path (`/news/gala/photo.jpg`, before the base path) of a resource a front-matter
    /// value names, for `image:`.
    func sitePath(of written: String) -> String? {
        resource(in: written).map { "/" + folder + $0.name + $0.rest }
    }

    /// The link a body URL becomes, or nil to leave it as written.
    func link(for url: String) -> String? {
        resource(in: url).map { basePath + SiteURLs.encode(folder + $0.name) + $0.rest }
    }
}
