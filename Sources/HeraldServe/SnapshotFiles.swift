import Foundation
import Hummingbird

/// The served snapshot as Hummingbird's `FileMiddleware` sees files, so that content types,
/// `index.html` for folders, ETag / If-None-Match, Last-Modified, HEAD, ranges and the refusal
/// of `..` are the middleware's, not ours. Only what the snapshot holds can be served: there is
/// no disk path to escape through, so absolute paths and links out of the site lead nowhere.
struct SnapshotFiles: FileProvider {
    let state: PreviewState

    /// A file or folder of one snapshot (the snapshot is kept so a request never mixes two builds).
    struct FileIdentifier: Sendable {
        var path: String
        var site: ServedSite
    }

    struct FileAttributes: FileMiddlewareFileAttributes {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    /// `/union/news/hello/index.html` → `news/hello/index.html` (for base path `/union/`); the
    /// base path itself → the root folder; a path outside it → nothing.
    func getFileIdentifier(_ path: String) -> FileIdentifier? {
        let site = state.site
        guard path.hasPrefix(site.basePath) || path + "/" == site.basePath else { return nil }
        var relative = Substring(path).dropFirst(min(path.count, site.basePath.count))
        // `//host/x` would make the folder redirect (`x` → `x/`) a redirect to another site.
        guard !relative.hasPrefix("/"), !relative.contains("//") else { return nil }
        while relative.hasSuffix("/") { relative = relative.dropLast() }
        return FileIdentifier(path: String(relative), site: site)
    }

    func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        if let file = id.site.files[id.path] {
            return FileAttributes(isFolder: false, size: file.body.readableBytes, modificationDate: file.modified)
        }
        if id.path.isEmpty || id.site.folders.contains(id.path) {
            return FileAttributes(isFolder: true, size: 0, modificationDate: Date(timeIntervalSince1970: 0))
        }
        return nil
    }

    func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        guard let file = id.site.files[id.path] else { throw HTTPError(.notFound) }
        return ResponseBody(byteBuffer: file.body)
    }

    func loadFile(
        id: FileIdentifier, range: ClosedRange<Int>, context: some RequestContext
    ) async throws -> ResponseBody {
        guard let file = id.site.files[id.path] else { throw HTTPError(.notFound) }
        let upper = min(range.upperBound, file.body.readableBytes - 1)
        guard range.lowerBound <= upper,
            let slice = file.body.getSlice(
                at: file.body.readerIndex + range.lowerBound, length: upper - range.lowerBound + 1)
        else {
            throw HTTPError(.rangeNotSatisfiable)
        }
        return ResponseBody(byteBuffer: slice)
    }
}
