import Foundation

/// Reads the images the content shows: finds each one's file (in `static/` or a page bundle),
/// hashes it and reads its header (or takes both from the cache while the file's stamp is
/// unchanged), on all cores. Nothing is decoded here: a decompression bomb is refused by its
/// header's pixel count. Every problem is reported at the content line that names the image.
struct ImageReading {
    var fileSystem: FileSystem
    var options: ImageOptions
    var cache: ImageCache

    /// One use of an image by an item.
    struct Use {
        var written: String
        var path: String
        var focus: ImageFocus?
        var crop: Bool
        var owner: String
        var line: Int
        /// How messages name it ("cover image").
        var what: String
        /// Whether a file that is not there is left to `herald check` (an image in a body, shown
        /// as written) rather than failing the build (a cover).
        var mayBeMissing = false
        /// For a relative path written in a page bundle, the bundle: where the file belongs.
        var bundle: ItemBundle? = nil

        /// Whether it is an item's cover (`image:`), whose problems `herald import` repairs.
        var isCover = false

        /// The kind of a problem with it, when it is a cover.
        var kind: DiagnosticKind? { isCover ? .coverImage : nil }
    }

    /// The folder the site is read from on disk, for a social-card layout's font file.
    var sourcePath: String

    /// The catalog of the images `site`'s items show, with the pages' social cards, or the
    /// problems found.
    func read(_ site: Site) throws -> ImageCatalog {
        var catalog = try readImages(site)
        guard site.config.socialCards != .off else { return catalog }
        if let data = try? fileSystem.readFile(SocialCardLayout.path) {
            let parsed = SocialCardLayout.parse(String(decoding: data, as: UTF8.self))
            if parsed.diagnostics.contains(where: { $0.severity == .error }) {
                throw BuildFailure(step: .readImages, diagnostics: parsed.diagnostics)
            }
            catalog.socialCardLayout = parsed.layout
            if let font = parsed.layout.fontFile {
                guard (try? fileSystem.readFile(font)) != nil else {
                    throw BuildFailure(
                        step: .readImages,
                        diagnostics: [
                            Diagnostic(
                                path: SocialCardLayout.path, line: 1, "fontFile \(font) is not a file of the site")
                        ])
                }
                catalog.fontFile = URL(fileURLWithPath: sourcePath).appendingPathComponent(font).path
            }
        }
        var placed = site
        placed.images = catalog
        catalog.socialCards = SocialCardPlan.cards(site: placed, layout: catalog.socialCardLayout)
        return catalog
    }

    /// The catalog of the images `site`'s items show.
    private func readImages(_ site: Site) throws -> ImageCatalog {
        let uses = Self.uses(in: site)
        guard !uses.isEmpty else { return ImageCatalog() }
        let origins = try originsByPath(site)
        let byPath = measureEach(uses, origins: origins)

        // Each image and focus once, cropped when any of its uses shows it as a card.
        var keys: [ImageCatalog.Key] = []
        var cropped: [ImageCatalog.Key: Bool] = [:]
        var firstUse: [ImageCatalog.Key: Use] = [:]
        var catalog = ImageCatalog()
        var problems = DiagnosticList()
        var images: [String]?
        for use in uses {
            let shown = origins[use.path] ?? "static/" + use.path
            switch byPath[use.path]! {
            case .failure where origins[use.path] == nil && use.mayBeMissing:
                continue
            case .failure where origins[use.path] == nil:
                // Sorted once, and only for a build with an image that is not there.
                if images == nil { images = origins.keys.filter(ImageFormat.isImageName).sorted() }
                problems.error(
                    use.owner, use.line,
                    "\(use.what) '\(use.written)' is not in the site; " + Self.fix(for: use, among: images!),
                    kind: use.kind)
            case .failure(let problem):
                problems.error(
                    use.owner, use.line, "\(use.what) \(shown) cannot be read: \(problem.message)", kind: use.kind)
            case .success(let source) where source.header.pixels > options.maxPixels:
                problems.error(
                    use.owner, use.line,
                    "\(use.what) \(shown) is \(source.header.width) × \(source.header.height) pixels (\(NumberText.grouped(source.header.pixels)) pixels); images.maxPixels allows \(NumberText.grouped(options.maxPixels)), so it is refused before it is decoded",
                    kind: use.kind)
            case .success:
                let key = ImageCatalog.Key(path: use.path, focus: use.focus)
                if cropped[key] == nil {
                    keys.append(key)
                    firstUse[key] = use
                }
                cropped[key] = cropped[key] == true || use.crop
            }
        }
        for key in keys {
            guard case .success(let source) = byPath[key.path]!, let origin = origins[key.path] else { continue }
            catalog.images[key] = image(
                key, source: source, origin: origin, crop: cropped[key] == true, firstUse: firstUse[key])
        }
        if problems.hasErrors { throw BuildFailure(step: .readImages, diagnostics: problems.all) }
        cache.save()
        return catalog
    }

    /// Each file the uses name, measured once however many items show it, on all cores: the
    /// same file named with and without a cover's focus is one image. A body's image that is not
    /// there is shown as written, and `herald check` reports it.
    private func measureEach(
        _ uses: [Use], origins: [String: String]
    ) -> [String: Result<ImageCache.Source, ImageProblem>] {
        var sources: [String] = []
        var seen = Set<String>()
        for use in uses where seen.insert(use.path).inserted { sources.append(use.path) }
        let measured = sources.parallelMap { path -> Result<ImageCache.Source, ImageProblem> in
            guard let origin = origins[path] else { return .failure(ImageProblem("there is no such file")) }
            return measure(origin)
        }
        var byPath: [String: Result<ImageCache.Source, ImageProblem>] = [:]
        for (path, result) in zip(sources, measured) { byPath[path] = result }
        return byPath
    }

    /// An image of the catalog: the files made from it, and whether its original is published.
    private func image(
        _ key: ImageCatalog.Key, source: ImageCache.Source, origin: String, crop: Bool, firstUse: Use?
    ) -> SiteImage {
        let outputs = ImageRecipe.outputs(
            path: key.path, header: source.header, contentHash: source.contentHash, options: options, crop: crop,
            focus: key.focus)
        // The original stays out when smaller files stand in for it and it is large or says
        // where it was taken (a phone's photo of a member's home), unless it is to be kept.
        let withheld =
            !outputs.isEmpty && !options.keepOriginal
            && (source.byteCount > options.maxOriginalBytes || source.header.hasGPS)
        return SiteImage(
            path: key.path, source: origin, header: source.header, byteCount: source.byteCount,
            contentHash: source.contentHash, outputs: outputs, publishOriginal: !withheld,
            firstUse: firstUse.map { ($0.owner, $0.line, $0.what) } ?? (origin, 1, "image"))
    }

    /// The uses of local images, in item order: each item's cover, then the images its body shows.
    static func uses(in site: Site) -> [Use] {
        var uses: [Use] = []
        // Each item read in place through the buffer: `for item in site.items` copied every
        // whole item, on one core (perf).
        site.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if let written = items[index].image, let path = ImageCatalog.localPath(written) {
                    uses.append(
                        Use(
                            written: written, path: path, focus: items[index].imageFocus, crop: true,
                            owner: items[index].sourcePath, line: items[index].imageLine, what: "cover image",
                            bundle: written.hasPrefix("/") ? nil : items[index].bundle, isCover: true))
                }
                for image in items[index].bodyImages {
                    uses.append(
                        Use(
                            written: image.written, path: image.path, focus: nil, crop: false,
                            owner: items[index].sourcePath, line: image.line, what: "image", mayBeMissing: true))
                }
            }
        }
        return uses
    }

    /// What to do about an image that is not there: the file most likely meant, else where to put
    /// it (beside a page bundle's `index.md` for a name written in a bundle). `images`: the
    /// site's published image paths, sorted.
    static func fix(for use: Use, among images: [String]) -> String {
        if let bundle = use.bundle {
            var name = Substring(use.path)
            while name.hasPrefix("./") { name = name.dropFirst(2) }
            let place = "put it at \(bundle.folder)/\(name)"
            return nearest(to: String(name), among: bundle.resources.filter(ImageFormat.isImageName)).map {
                "did you mean '\($0)'? If not, \(place)"
            } ?? place
        }
        let place = "put it at static/\(use.path)"
        return nearest(to: use.path, among: images).map { "did you mean '\(written(use, as: $0))'? If not, \(place)" }
            ?? place
    }

    /// The image a path that is not there most likely meant, among `images` (sorted): in the same
    /// folder, the same name in another format (`concert.png` for `concert.jpg`), else a name a
    /// slip or two away; else the same name in one other folder (`images/` for `image/`), never
    /// one of several (another article's `cover.jpg`).
    static func nearest(to path: String, among images: [String]) -> String? {
        let (folder, name) = (
            (path as NSString).deletingLastPathComponent, (path as NSString).lastPathComponent.lowercased()
        )
        let stem = (name as NSString).deletingPathExtension
        let beside = images.filter { ($0 as NSString).deletingLastPathComponent == folder }
        if let other = beside.first(where: {
            (($0 as NSString).lastPathComponent.lowercased() as NSString).deletingPathExtension == stem
        }) {
            return other
        }
        let names = NearestMatch(beside.map { (($0 as NSString).lastPathComponent.lowercased(), $0) })
        if let near = names.nearest(to: name, within: max(2, name.utf8.count / 5)) { return near.value }
        let elsewhere = images.filter { ($0 as NSString).lastPathComponent.lowercased() == name }
        return elsewhere.count == 1 ? elsewhere[0] : nil
    }

    /// `found` written as `use` wrote its image: the name changed in place when it is in the same
    /// folder (`/concert.png`, a page bundle's `cover.png`), else as a site path (`/images/fair.jpg`).
    static func written(_ use: Use, as found: String) -> String {
        guard (found as NSString).deletingLastPathComponent == (use.path as NSString).deletingLastPathComponent else {
            return "/" + found
        }
        let written = use.written.prefix { $0 != "?" && $0 != "#" }
        let folder = written.lastIndex(of: "/").map { written[...$0] } ?? ""
        return folder + (found as NSString).lastPathComponent
    }

    /// The file each published path comes from: `static/` files, then page bundles' files.
    private func originsByPath(_ site: Site) throws -> [String: String] {
        var origins: [String: String] = [:]
        for id in site.items.indices {
            guard let bundle = site.items[id].bundle else { continue }
            for resource in bundle.resources {
                origins[URLLayout.resourcePath(itemPath: site.paths[id], resource: resource)] =
                    bundle.folder + "/" + resource
            }
        }
        for file in try fileSystem.listAllFiles("static", true) ?? [] {
            origins[String(file.dropFirst("static/".count))] = file
        }
        return origins
    }

    /// The hash and header of one file, from the cache while its stamp is unchanged.
    private func measure(_ origin: String) -> Result<ImageCache.Source, ImageProblem> {
        let stamp = fileSystem.stamp(origin)
        if let stamp, stamp.settled, let known = cache.source(origin, stamp: stamp.value) { return .success(known) }
        let data: Data
        do {
            data = try fileSystem.readFile(origin)
        } catch let problem as FileSystemProblem {
            return .failure(ImageProblem(problem.message))
        } catch {
            return .failure(ImageProblem(error.localizedDescription))
        }
        do {
            // SVG is published as it is: libvips would read it only through librsvg, which it
            // rightly counts among the loaders not to run on untrusted input.
            let isSVG = origin.lowercased().hasSuffix(".svg") || origin.lowercased().hasSuffix(".svgz")
            let header =
                isSVG
                ? ImageHeader(width: 0, height: 0, hasAlpha: true, loader: "svgload", pages: 1)
                : try ImageCodec.header(of: data)
            let source = ImageCache.Source(
                stamp: stamp?.value ?? "", byteCount: data.count, contentHash: ImageRecipe.hash(data), header: header)
            if let stamp, stamp.settled { cache.remember(origin, source) }
            return .success(source)
        } catch {
            return .failure(error)
        }
    }
}
