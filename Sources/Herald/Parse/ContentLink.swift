import Foundation

/// A body link to another content file rather than to an address: `[recap](../2026-11-23-gala.md)`,
/// `[about](/pages/about.md)` or Zola's `@/news/gala.md`. The renderer cannot know the file's URL
/// (other files are parsed at the same time), so it writes a marker that the site model replaces
/// with the item's URL once every item's path is known (`ContentLinkResolver`).
public struct ContentLink: Sendable, Equatable {
    /// The URL as written in the Markdown.
    public var written: String
    /// The line of the content file it is on (the line its paragraph starts on).
    public var line: Int

    /// The `href` the renderer writes for the link at `index`, until it is resolved.
    static func marker(_ index: Int) -> String { markerPrefix + String(index) }
    static let markerPrefix = "herald-content-link:"

    /// Whether a URL names a Markdown file (`.md`, `.markdown`) on this site: a relative path, a
    /// site path or `@/…`, with no scheme. What follows `#` or `?` is kept for the link.
    static func namesMarkdownFile(_ url: String) -> Bool {
        let (path, _) = split(url)
        // A byte search: Foundation's `contains` on a String was 0.5% of a build's CPU (perf).
        guard !path.isEmpty, !path.hasPrefix("//"),
            !ByteSearch.contains(path, UInt8(ascii: ":")) || path.hasPrefix("@/")
        else { return false }
        return endsWithIgnoringCase(path, ".md") || endsWithIgnoringCase(path, ".markdown")
    }

    /// Whether `text` ends with the lowercase ASCII `suffix`, in any case, compared on bytes.
    private static func endsWithIgnoringCase(_ text: String, _ suffix: StaticString) -> Bool {
        let tail = text.utf8.suffix(suffix.utf8CodeUnitCount)
        guard tail.count == suffix.utf8CodeUnitCount else { return false }
        return zip(tail, UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)).allSatisfy {
            byte, wanted in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == wanted
        }
    }

    /// The path part of a URL (percent-escapes decoded) and the rest (`#section`, `?x=1`).
    ///
    /// Every link of every body is asked whether it names a Markdown file: cut on bytes, and
    /// decoded by Foundation only when it has a `%` (decoding every link was 75 ms of CPU on the
    /// 10,000-item corpus, perf).
    static func split(_ url: String) -> (path: String, rest: Substring) {
        let utf8 = url.utf8
        let cut = utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? utf8.endIndex
        let path = String(url[..<cut])
        guard ByteSearch.contains(path, UInt8(ascii: "%")) else { return (path, url[cut...]) }
        return (path.removingPercentEncoding ?? path, url[cut...])
    }

    /// The content files (`content/…`) the link may mean, most likely first, from the item at
    /// `sourcePath`: relative to the item's file (for a bundle's `index.md`, also to the folder the
    /// bundle stands in, as a page there would), then from `content/`. A site path (`/news/x.md`)
    /// is read from `content/` only. Each may also be a bundle: `x.md` names `x/index.md` too.
    func candidates(from sourcePath: String) -> [String] {
        let (path, _) = Self.split(written)
        var found: [String?]
        if path.hasPrefix("@/") {
            found = [Self.normalize("content/" + path.dropFirst(2))]
        } else if path.hasPrefix("/") {
            let inside = path.dropFirst()
            found = [Self.normalize(inside.hasPrefix("content/") ? String(inside) : "content/" + inside)]
        } else {
            let folder = (sourcePath as NSString).deletingLastPathComponent
            found = [Self.normalize(folder + "/" + path)]
            if (sourcePath as NSString).lastPathComponent.lowercased().hasPrefix("index.") {
                found.append(Self.normalize((folder as NSString).deletingLastPathComponent + "/" + path))
            }
            found.append(Self.normalize(path.hasPrefix("content/") ? path : "content/" + path))
        }
        let files = found.compactMap { $0 }
        let bundles = files.map { (($0 as NSString).deletingPathExtension) + "/index.md" }
        return files + bundles
    }

    /// `a/./b/../c` → `a/c`; nil when it climbs out of the site's folder.
    static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
