import Foundation

/// The step that plans the files copied as they are: the theme's assets, `static/`, bundles' files and processed images.
extension Build {
    /// A file copied to the output as it is: a theme asset or a file from `static/`.
    struct StaticCopy: Sendable {
        var path: String
        /// Where it comes from: `static/…` or the theme's asset.
        var origin: String
        var contents: @Sendable (FileSystem) throws -> Data
    }

    /// The theme's assets, the site's `static/` files and the files of page bundles (beside their
    /// item's page). A static file may replace a theme asset, `robots.txt` or `_redirects`, but not
    /// a page, feed or document Herald makes; a bundle's file may replace nothing. Returns the
    /// copies and the generated files that static files replace.
    /// A multilingual site's languages each publish their items' bundle files (an item shown in
    /// another language untranslated publishes them in its own only).
    func staticFiles(
        editions: [Site], images catalog: ImageCatalog, theme: Theme, plan: PagePlan, documents: [GeneratedFile],
        made images: ProcessedImages,
        warnings: inout [Diagnostic]
    ) throws -> ([StaticCopy], Set<String>) {
        var copies: [String: StaticCopy] = [:]
        for asset in theme.assets {
            let data = asset.data
            copies[asset.path] = StaticCopy(
                path: asset.path, origin: "the theme's \(asset.path)", contents: { _ in data })
        }
        // `static/` is copied as it is, hidden files too (`.well-known/`, `.htaccess`, `.nojekyll`).
        let staticFiles = try fileSystem.listAllFiles("static", true) ?? []
        // By index: an item is looked at, not copied (10,000 copies of every field showed in the step's time).
        var resources: [(origin: String, target: String)] = []
        for site in editions {
            for id in site.items.indices where !site.isBorrowed(id) {
                guard let bundle = site.items[id].bundle else { continue }
                for resource in bundle.resources {
                    resources.append(
                        (
                            bundle.folder + "/" + resource,
                            URLLayout.resourcePath(itemPath: site.paths[id], resource: resource)
                        ))
                }
            }
        }
        // What Herald makes at the paths these files would take, found by looking those few paths
        // up while going through what it makes once: a table of every path it makes (65,000 pages
        // and 58,000 documents for 50,000 items) was 150 ms of a 7.5 s build, and grew faster than it.
        let wanted = Set(
            staticFiles.map { String($0.dropFirst("static/".count)) } + resources.map(\.target)
                + catalog.outputs.map(\.output.path) + catalog.socialCards.values.map(\.path))
        var documentOwner: [String: String] = [:]
        var replaceable = Set<String>()
        for index in documents.indices where wanted.contains(documents[index].path) {
            let document = documents[index]
            if document.replaceableByStatic {
                replaceable.insert(document.path)
            } else {
                documentOwner[document.path] = document.owner
            }
        }
        var pageOwner: [String: String] = [:]
        for index in plan.jobs.indices
        where wanted.contains(plan.jobs[index].path) && pageOwner[plan.jobs[index].path] == nil {
            pageOwner[plan.jobs[index].path] = plan.jobs[index].owner
        }
        func made(_ path: String) -> String? { documentOwner[path] ?? pageOwner[path] }
        var replaced = Set<String>()
        var problems: [Diagnostic] = []
        for path in staticFiles {
            let target = String(path.dropFirst("static/".count))
            if let problem = Self.unpublishableName(target) {
                problems.append(Diagnostic(path: path, line: 1, problem))
                continue
            }
            if let owner = made(target) {
                problems.append(
                    Diagnostic(
                        path: path, line: 1, "would replace \(owner) Herald makes at /\(target); rename or remove it"))
                continue
            }
            if replaceable.contains(target) { replaced.insert(target) }
            copies[target] = StaticCopy(
                path: target, origin: path, contents: { fileSystem in try fileSystem.readFile(path) })
        }
        for (origin, target) in resources {
            if let problem = Self.unpublishableName(target) {
                problems.append(Diagnostic(path: origin, line: 1, problem))
                continue
            }
            if let owner = made(target)
                ?? copies[target].map({ $0.origin.hasPrefix("the theme's") ? "the theme's file" : $0.origin })
            {
                problems.append(
                    Diagnostic(
                        path: origin, line: 1, "would be published at /\(target), where \(owner) already is; rename it")
                )
                continue
            }
            copies[target] = StaticCopy(
                path: target, origin: origin, contents: { fileSystem in try fileSystem.readFile(origin) })
        }
        // Processed images: their files beside the originals, and the originals they stand in for
        // left out (a 6 MB photo straight from a phone is published only when asked for).
        for path in catalog.withheldOriginals { copies[path] = nil }
        for (output, image) in catalog.outputs {
            let target = output.path
            if let owner = made(target) ?? copies[target]?.origin {
                problems.append(
                    Diagnostic(
                        path: image.source, line: 1,
                        "would be published at /\(target), where \(owner) already is; rename it"))
                continue
            }
            copies[target] = StaticCopy(
                path: target, origin: image.source, contents: { _ in try images.contents(target) })
        }
        for card in catalog.socialCards.values {
            let target = card.path
            if let owner = made(target) ?? copies[target]?.origin {
                problems.append(
                    Diagnostic(
                        path: "static/" + target, line: 1,
                        "is where the social card of a page is published, where \(owner) already is; rename it"))
                continue
            }
            copies[target] = StaticCopy(
                path: target, origin: "a social card", contents: { _ in try images.contents(target) })
        }
        if !problems.isEmpty { throw BuildFailure(step: .planStaticFiles, diagnostics: problems) }
        return (copies.values.sorted { $0.path < $1.path }, replaced)
    }

    /// Why a file of the site cannot be published under its own name (`target`, its output
    /// path), told at the file rather than by the writer, which would refuse it later: a name
    /// that is not UTF-8 (listed with U+FFFD in its place, so it could not even be read), or one
    /// the output's path rule refuses (a `\`, a control character, over 255 bytes).
    static func unpublishableName(_ target: String) -> String? {
        if target.unicodeScalars.contains("\u{FFFD}") {
            return "the file name is not UTF-8 text, so it cannot be published: rename it"
        }
        return ConfinedPath.refusal(target).map { "the file name cannot be published (\($0)): rename it" }
    }
}
