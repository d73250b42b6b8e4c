import Foundation

/// The step that plans the files copied as they are: the theme's assets, `static/`, bundles' files and processed images.
extension Build {
    /// A file copied to the output as it is: a theme asset or a file from `static/`.
    struct StaticCopy: Sendable {
        var path: String
        /// Where it comes from: `static/…` or the theme's asset.
        var origin: String
        var contents: @Sendable (FileSystem) throws -> Data
        /// The file Herald keeps with the same bytes, which the output may share rather than copy
        /// (a processed image in the image cache).
        var kept: (@Sendable () -> KeptFile?)? = nil
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
        // `static/` is copied as it is, hidden files too (`.well-known/`, `.htaccess`, `.nojekyll`).
        let staticFiles = try fileSystem.listAllFiles("static", true) ?? []
        let resources = Self.bundleResources(of: editions)
        let wanted = Set(
            staticFiles.map { String($0.dropFirst("static/".count)) } + resources.map(\.target)
                + catalog.outputs.map(\.output.path) + catalog.socialCards.values.map(\.path))
        var planning = StaticFilePlanning(made: .init(wanted, documents: documents, plan: plan))
        planning.addAssets(of: theme)
        planning.addStaticFiles(staticFiles)
        planning.addBundleResources(resources)
        planning.addProcessedImages(catalog, made: images)
        planning.addSocialCards(catalog, made: images)
        if !planning.problems.isEmpty { throw BuildFailure(step: .planStaticFiles, diagnostics: planning.problems) }
        return (planning.copies.values.sorted { $0.path < $1.path }, planning.replaced)
    }

    /// Every bundle file of the items each language publishes, with its output path. By index:
    /// an item is looked at, not copied (10,000 copies of every field showed in the step's time).
    static func bundleResources(of editions: [Site]) -> [(origin: String, target: String)] {
        var resources: [(origin: String, target: String)] = []
        for site in editions {
            for id in site.items.indices where !site.isBorrowed(id) {
                guard let bundle = site.items[id].bundle else { continue }
                for resource in bundle.resources {
                    let target = URLLayout.resourcePath(itemPath: site.paths[id], resource: resource)
                    resources.append((bundle.folder + "/" + resource, target))
                }
            }
        }
        return resources
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
