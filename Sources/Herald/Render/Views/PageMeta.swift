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

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<PageMeta>(
        "page", about: "the page itself",
        [
            TemplateField("title", .text, "its title") { .text($0.title) },
            TemplateField("description", .text, "its description") {
                $0.description.isEmpty ? .absent : .text($0.description)
            },
            TemplateField("url", .text, "its address") { .text($0.url) },
            TemplateField("permalink", .text, "its absolute address") { .text($0.permalink) },
            TemplateField(
                "image", .view { ImageView.fields.description },
                "the social image, with absolute URLs: an item's cover, whose `card` is its crop"
            ) { present($0.image) },
            TemplateField("type", .text, TemplateReference.choices(PageType.self)) { .text($0.type.rawValue) },
            TemplateField("isHome", .flag, "whether it is the home page") { .bool($0.type == .home) },
            TemplateField(
                "section", .text,
                "the navigation section it belongs to: `news`, `events`, `categories`, `tags`, `trending`, or a taxonomy's segment (`topics`); none for the home page and plain pages"
            ) { present($0.section) },
            TemplateField("inNews", .flag, "whether it is in the news section, for marking navigation") {
                .bool($0.section == "news")
            },
            TemplateField("inEvents", .flag, "likewise, the events section") { .bool($0.section == "events") },
            TemplateField("inCategories", .flag, "likewise, the categories") { .bool($0.section == "categories") },
            TemplateField("inTags", .flag, "likewise, the tags") { .bool($0.section == "tags") },
            TemplateField("inTrending", .flag, "likewise, the trending page") { .bool($0.section == "trending") },
            TemplateField("feeds", .list(.view { FeedLink.fields.description }), "a category page's own feeds") {
                $0.feeds.templateValue
            },
            TemplateField(
                "languages", .list(.view { LanguageLinkView.fields.description }),
                "on a multilingual site, every language, each linking to this page in it"
            ) { $0.languages.isEmpty ? .absent : $0.languages.templateValue },
            TemplateField("isMultilingual", .flag, "whether the site has more than one language") {
                .bool(!$0.languages.isEmpty)
            },
        ])
}
