import Foundation

/// An image a body shows from the site itself: `![The stage](/images/stage.jpg)` or a page
/// bundle's `![](stage.jpg)`. The renderer cannot know its size (the image is read after every
/// item is parsed), so it writes a marker in the `src` that `BodyImageResolver` replaces with a
/// `<picture>` of the image's files once they are known, or with `link` when it is no image of
/// the site.
public struct BodyImage: Sendable, Equatable {
    /// The URL as written in the Markdown.
    public var written: String
    /// The output path of the file it names (`images/stage.jpg`, `news/gala/stage.jpg`).
    public var path: String
    /// The `src` it would have had: under the base path, or at the bundle's published file.
    public var link: String
    /// The line it is on (of the content file once the item is parsed; of the body before).
    public var line: Int

    /// The `src` the renderer writes for the image at `index` whose `src` would be `link`, until
    /// it is resolved: the marker goes before the link, so that an image left as it was only
    /// loses the marker again and keeps the link as cmark escaped it.
    static func marker(_ index: Int, link: String) -> String { markerPrefix + String(index) + ":" + link }
    static let markerPrefix = "herald-body-image:"

    /// The output path a body's image URL names on this site, or nil for one elsewhere or one
    /// relative to the page (`pic.png` outside a bundle), which is left as written.
    static func path(of url: String, resources: BundleLinks?) -> String? {
        if let resource = resources?.resource(in: url) { return resources!.folder + resource.name }
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return nil }
        let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        let path = String(url[url.index(after: url.startIndex)..<cut])
        let decoded = ByteSearch.contains(path, UInt8(ascii: "%")) ? path.removingPercentEncoding ?? path : path
        return decoded.isEmpty ? nil : decoded
    }
}
