import Hummingbird

/// The `Content-Type` of each file of a site, by its extension: the one table `herald serve`
/// answers with and `herald publish` stores objects with, so a preview and the published site agree.
public enum SiteMediaTypes {
    /// Types Herald sets itself: text always with its charset (Chinese text must not be guessed as
    /// Latin-1), and the calendar, feed and manifest types Hummingbird's table leaves out.
    public static let overrides: [String: MediaType] = {
        func text(_ type: MediaType.Category, _ subType: String) -> MediaType {
            MediaType(type: type, subType: subType, parameter: ("charset", "utf-8"))
        }
        return [
            "html": text(.text, "html"), "css": text(.text, "css"), "js": text(.text, "javascript"),
            "txt": text(.text, "plain"),
            "xml": text(.application, "xml"), "json": text(.application, "json"), "ics": text(.text, "calendar"),
            "svg": MediaType(type: .image, subType: "svg+xml"),
            "webmanifest": MediaType(type: .application, subType: "manifest+json"),
        ]
    }()

    /// The content type of a file path (`news/a/index.html` → `text/html; charset=utf-8`);
    /// `application/octet-stream` for an extension no table knows.
    public static func contentType(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        let type = overrides[fileExtension] ?? MediaType.getMediaType(forExtension: fileExtension)
        return type.map { "\($0)" } ?? "application/octet-stream"
    }
}
