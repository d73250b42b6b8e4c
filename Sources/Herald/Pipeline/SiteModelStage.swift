/// The site model as the steps after it see it: one edition per language (a site in one
/// language is one edition), sharing the images, the static files and the sitemap, and the
/// URLs of the whole site.
struct SiteModelStage: Sendable {
    var editions: [Site]
    let urls: SiteURLs

    /// The default language's edition.
    var site: Site { editions[SiteLanguage.defaultIndex] }

    /// When the output stays the same: while every edition's does (each has its own days, in its
    /// language's time zone).
    var validity: OutputValidity { editions.dropFirst().reduce(site.validity) { $0.meeting($1.validity) } }
}

/// What planning needs of each edition beyond its model: its covers' links and its items' facts.
struct ModelFacts: Sendable {
    let imageLinks: [ImageLinks]
    let all: [[ItemFacts]]

    init(_ model: SiteModelStage) {
        imageLinks = model.editions.map { ImageLinks(images: $0.images, urls: model.urls) }
        all = model.editions.indices.map { [imageLinks] index in
            ItemFacts.all(site: model.editions[index], urls: model.urls, images: imageLinks[index])
        }
    }
}

/// Every output a build plans: the pages, the generated documents (those static files replace
/// left out), the files copied, and the images to make.
struct PlannedOutputs: Sendable {
    let plan: PagePlan
    let generated: [GeneratedFile]
    let copies: [Build.StaticCopy]
    let images: ImageCatalog
    /// Where processed images are kept as they are made, for the copies that publish them.
    let processedImages: ProcessedImages
    let imageCache: ImageCache
}
