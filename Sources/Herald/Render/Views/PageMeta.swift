import Foundation
import HeraldTemplates

/// What a page is, for the layout's `<head>`: title, description, canonical URL, social image.
struct PageMeta: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var description: String
    var url: String
    var permalink: String
    /// The social image, with absolute URLs.
    var image: ImageView?
    var type: PageType
    var section: String?
    var feeds: [FeedLink] = []
    /// Of a multilingual site, every language, each linking to this page in it (or to its home
    /// page, when this page is not in it): the language switcher and the `hreflang` alternates.
    var languages: [LanguageLinkView] = []

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .description: return description.isEmpty ? .absent : .text(description)
        case .url: return .text(url)
        case .permalink: return .text(permalink)
        case .image: return present(image)
        case .type: return .text(type.rawValue)
        case .isHome: return .bool(type == .home)
        case .section: return present(section)
        case .inNews: return .bool(section == "news")
        case .inEvents: return .bool(section == "events")
        case .inCategories: return .bool(section == "categories")
        case .inTags: return .bool(section == "tags")
        case .inTrending: return .bool(section == "trending")
        case .feeds: return feeds.templateValue
        case .languages: return languages.isEmpty ? .absent : languages.templateValue
        case .isMultilingual: return .bool(!languages.isEmpty)
        default: return nil
        }
    }
}
