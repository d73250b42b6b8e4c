import HeraldTemplates

/// A feed for `<link rel="alternate">` autodiscovery.
struct FeedLink: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    var type: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<FeedLink>(
        "feed", about: "a feed, for `<link rel=\"alternate\">`",
        [
            TemplateField("title", .text, "its title") { .text($0.title) },
            TemplateField("url", .text, "its address") { .text($0.url) },
            TemplateField("type", .text, "its media type") { .text($0.type) },
        ])
}
