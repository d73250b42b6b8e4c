import HeraldTemplates

/// A category or tag as a link, with its count and looks.
struct TermView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var name: String
    var slug: String
    var url: String
    var count: Int
    /// The count by kind, in words of the site's language: `3 articles · 2 events`, `3 篇文章 · 2 场活动`.
    var countText: String = ""
    var description: String?
    var color: String?
    var icon: String?

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<TermView>(
        "term", about: "a category or tag (or a calendar month) as a link",
        [
            TemplateField("name", .text, "its name") { .text($0.name) },
            TemplateField("slug", .text, "its name in its address") { .text($0.slug) },
            TemplateField("url", .text, "its page") { .text($0.url) },
            TemplateField("count", .number, "how many items it has") { .number($0.count) },
            TemplateField(
                "countText", .text, "the count by kind in the site's language: `3 articles · 2 events`, `3 篇文章 · 2 场活动`"
            ) { .text($0.countText) },
            TemplateField("description", .text, "its description (site.yml)") { present($0.description) },
            TemplateField("color", .text, "its colour (site.yml)") { present($0.color) },
            TemplateField("icon", .text, "its icon (site.yml)") { present($0.icon) },
        ])
}
