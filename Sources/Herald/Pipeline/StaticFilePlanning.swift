import Foundation

/// The files a build copies as they are, gathered in the order one may stand in for another:
/// the theme's assets, then `static/` (which may replace an asset, `robots.txt` or `_redirects`),
/// then bundles' files, processed images and social cards (which may replace nothing). Each file
/// that would take a path Herald makes, or one already taken, is a problem at that file.
struct StaticFilePlanning {
    /// What Herald makes at the few paths the copies would take, and which of those a static
    /// file may replace.
    struct MadeFiles {
        private var owners: [String: String] = [:]
        /// Generated files a static file may replace (`robots.txt`, `_redirects`).
        private(set) var replaceable = Set<String>()

        /// Found by looking the `wanted` paths up while going through what Herald makes once: a
        /// table of every path it makes (65,000 pages and 58,000 documents for 50,000 items) was
        /// 150 ms of a 7.5 s build, and grew faster than it.
        init(_ wanted: Set<String>, documents: [GeneratedFile], plan: PagePlan) {
            for index in documents.indices where wanted.contains(documents[index].path) {
                let document = documents[index]
                if document.replaceableByStatic {
                    replaceable.insert(document.path)
                } else {
                    owners[document.path] = document.owner
                }
            }
            var pageOwners: [String: String] = [:]
            for index in plan.jobs.indices
            where wanted.contains(plan.jobs[index].path) && pageOwners[plan.jobs[index].path] == nil {
                pageOwners[plan.jobs[index].path] = plan.jobs[index].owner
            }
            // A document's owner is named before a page's at the same path.
            owners.merge(pageOwners) { document, _ in document }
        }

        /// Who makes the file at `path`, if Herald makes one there.
        func owner(of path: String) -> String? { owners[path] }
    }

    let made: MadeFiles
    private(set) var copies: [String: Build.StaticCopy] = [:]
    /// The generated files static files replace.
    private(set) var replaced = Set<String>()
    private(set) var problems: [Diagnostic] = []

    init(made: MadeFiles) { self.made = made }

    mutating func addAssets(of theme: Theme) {
        for asset in theme.assets {
            let data = asset.data
            copies[asset.path] = .init(path: asset.path, origin: "the theme's \(asset.path)", contents: { _ in data })
        }
    }

    /// The site's `static/` files, each at its path below `static/`.
    mutating func addStaticFiles(_ paths: [String]) {
        for path in paths {
            let target = String(path.dropFirst("static/".count))
            if let problem = Build.unpublishableName(target) {
                problems.append(Diagnostic(path: path, line: 1, problem))
                continue
            }
            if let owner = made.owner(of: target) {
                problems.append(
                    Diagnostic(
                        path: path, line: 1, "would replace \(owner) Herald makes at /\(target); rename or remove it"))
                continue
            }
            if made.replaceable.contains(target) { replaced.insert(target) }
            copies[target] = .init(
                path: target, origin: path, contents: { fileSystem in try fileSystem.readFile(path) })
        }
    }

    /// Bundles' files, beside their item's page.
    mutating func addBundleResources(_ resources: [(origin: String, target: String)]) {
        for (origin, target) in resources {
            if let problem = Build.unpublishableName(target) {
                problems.append(Diagnostic(path: origin, line: 1, problem))
                continue
            }
            if let owner = made.owner(of: target)
                ?? copies[target].map({ $0.origin.hasPrefix("the theme's") ? "the theme's file" : $0.origin })
            {
                problems.append(
                    Diagnostic(
                        path: origin, line: 1, "would be published at /\(target), where \(owner) already is; rename it")
                )
                continue
            }
            copies[target] = .init(
                path: target, origin: origin, contents: { fileSystem in try fileSystem.readFile(origin) })
        }
    }

    /// Processed images: their files beside the originals, and the originals they stand in for
    /// left out (a 6 MB photo straight from a phone is published only when asked for).
    mutating func addProcessedImages(_ catalog: ImageCatalog, made images: ProcessedImages) {
        for path in catalog.withheldOriginals { copies[path] = nil }
        for (output, image) in catalog.outputs {
            let target = output.path
            if let owner = made.owner(of: target) ?? copies[target]?.origin {
                problems.append(
                    Diagnostic(
                        path: image.source, line: 1,
                        "would be published at /\(target), where \(owner) already is; rename it"))
                continue
            }
            copies[target] = .init(
                path: target, origin: image.source, contents: { _ in try images.contents(target) },
                kept: { images.kept(target) })
        }
    }

    mutating func addSocialCards(_ catalog: ImageCatalog, made images: ProcessedImages) {
        for card in catalog.socialCards.values {
            let target = card.path
            if let owner = made.owner(of: target) ?? copies[target]?.origin {
                problems.append(
                    Diagnostic(
                        path: "static/" + target, line: 1,
                        "is where the social card of a page is published, where \(owner) already is; rename it"))
                continue
            }
            copies[target] = .init(
                path: target, origin: "a social card", contents: { _ in try images.contents(target) },
                kept: { images.kept(target) })
        }
    }
}
