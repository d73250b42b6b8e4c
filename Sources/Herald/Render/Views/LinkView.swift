import HeraldTemplates

/// A plain link with a title (navigation to plain pages).
struct LinkView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    /// The title's language when it is not the page's (a page shown untranslated from another
    /// language in a multilingual site's menu), for `lang="…"`; nil otherwise.
    var language: String? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<LinkView>(
        "link", about: "a link with a title",
        [
            TemplateField("title", .text, "its words") { .text($0.title) },
            TemplateField("url", .text, "where it leads") { .text($0.url) },
            // nil, not absent, when it is the page's: `lang="{{language}}"` then finds the site's.
            TemplateField("language", .text, "the title's language, of a page shown untranslated from another language")
            { $0.language.map { .text($0) } },
        ])
}
