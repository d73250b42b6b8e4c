import Foundation

/// The social cards of a site (pure): one for every news item and event, the home page and each
/// category page, by the output path of the page that shows it.
enum SocialCardPlan {
    static func cards(site: Site, layout: SocialCardLayout) -> [String: SocialCard] {
        guard site.config.socialCards != .off else { return [:] }
        let config = site.config
        let dates = DateText(language: config.language)
        func kicker(_ category: Category?) -> String? {
            category.map { ($0.icon.map { $0 + " " } ?? "") + $0.name }
        }
        var cards: [String: SocialCard] = [:]
        for id in site.items.indices where site.items[id].kind != .page {
            let item = site.items[id]
            let category = site.categoriesOfItem[id].first.map { site.categories[$0] }
            var meta: String?
            if let event = item.event {
                meta = dates.eventRange(event) + (event.location.map { " · " + $0 } ?? "")
            } else if let date = item.date {
                meta = dates.date(CivilDateTime(date, in: config.timeZone))
            }
            let cover = item.image.flatMap(ImageCatalog.localPath).flatMap {
                site.images.image($0, focus: item.imageFocus)
            }
            var card = SocialCard(
                page: site.paths[id], title: item.title, kicker: kicker(category), meta: meta, siteName: config.title,
                accent: category?.color, cover: cover?.outputs.isEmpty == false ? cover : nil, layout: layout)
            card.origin = Diagnostic(path: item.sourcePath, line: item.titleLine, "")
            cards[site.paths[id]] = card
        }
        cards[site.layout.homePath] = SocialCard(
            page: site.layout.homePath, title: config.title, kicker: nil,
            meta: config.description.isEmpty ? nil : config.description,
            siteName: config.baseURL.host ?? config.title, accent: nil, cover: nil, layout: layout)
        for category in site.categories {
            let page = site.layout.categoryPath(category.slug)
            var card = SocialCard(
                page: page, title: category.name, kicker: category.icon, meta: category.description,
                siteName: config.title,
                accent: category.color, cover: nil, layout: layout)
            // A declared category at its line of site.yml; another at the first item that names it.
            if let declared = config.categories.first(where: { $0.slug == category.slug }) {
                card.origin = Diagnostic(path: SiteConfigFile.name, line: declared.line, "")
            } else if let first = category.items.first {
                card.origin = Diagnostic(path: site.items[first].sourcePath, line: 1, "")
            }
            cards[page] = card
        }
        return cards
    }
}
