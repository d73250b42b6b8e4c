/// Each of the site's images as pages, feeds and the API link to it: its template view with
/// links relative to the site, the same with absolute links (for a page's social image), and its
/// facts. Made once per image and shared by every item that shows it.
///
/// Why: forty photos shown by 10,000 items were made into views and facts 10,000 times each,
/// every srcset string built again: 0.1 of the 10,000-item build's CPU-seconds and 10 MB of
/// strings (perf); made once, the items hold references to the same strings.
struct ImageLinks: Sendable {
    /// What is made of one image.
    private struct Made: Sendable {
        var view: ImageView
        var absolute: ImageView
        var facts: ImageFacts
    }

    private var made: [ImageCatalog.Key: Made] = [:]
    private let urls: SiteURLs

    /// The links of every image in `images`.
    init(images: ImageCatalog, urls: SiteURLs) {
        self.urls = urls
        for (key, image) in images.images {
            made[key] = Made(
                view: ImageView.make(written: image.path, image: image, alt: "", urls: urls),
                absolute: ImageView.make(written: image.path, image: image, alt: "", urls: urls, absolute: true),
                facts: ImageFacts(written: image.path, image: image, urls: urls))
        }
    }

    /// The view of the image an editor wrote as `written` (cropped around `focus`), with `alt`;
    /// `absolute` for absolute links.
    func view(written: String, focus: ImageFocus?, alt: String, absolute: Bool = false) -> ImageView {
        guard let made = Self.key(written, focus: focus).flatMap({ made[$0] }) else {
            return ImageView.make(written: written, image: nil, alt: alt, urls: urls, absolute: absolute)
        }
        var view = absolute ? made.absolute : made.view
        view.alt = alt
        return view
    }

    /// The facts of the image an editor wrote as `written`, cropped around `focus`.
    func facts(written: String, focus: ImageFocus?) -> ImageFacts {
        Self.key(written, focus: focus).flatMap { made[$0]?.facts }
            ?? ImageFacts(written: written, image: nil, urls: urls)
    }

    private static func key(_ written: String, focus: ImageFocus?) -> ImageCatalog.Key? {
        ImageCatalog.localPath(written).map { ImageCatalog.Key(path: $0, focus: focus) }
    }
}
