import HeraldTemplates

/// One language of a multilingual site, as a page links to it: the language switcher's entry and,
/// when the page is translated into it, an `hreflang` alternate.
struct LanguageLinkView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    /// The language's BCP 47 code (`hreflang`, `lang`).
    var code: String
    /// Its name, in itself (`中文`, `English`).
    var name: String
    /// This page in that language, or that language's home page when it has no such page.
    var url: String
    var permalink: String
    /// Whether the page is in that language (its own page, or a translation of it).
    var translated: Bool
    /// Whether it is the language of the page showing the link.
    var current: Bool
    /// Whether it is the site's default language (the `x-default` alternate).
    var isDefault: Bool

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<LanguageLinkView>(
        "language",
        about: "one language of a multilingual site, as a page links to it (see [multilingual.md](multilingual.md))",
        [
            TemplateField("code", .text, "its BCP 47 code, for `hreflang` and `lang`") { .text($0.code) },
            TemplateField("name", .text, "its name in itself (`中文`, `English`)") { .text($0.name) },
            TemplateField("url", .text, "this page in that language, or that language's home page") { .text($0.url) },
            TemplateField("permalink", .text, "the same, absolute") { .text($0.permalink) },
            TemplateField("translated", .flag, "whether the page is in that language") { .bool($0.translated) },
            TemplateField("current", .flag, "whether it is the page's language") { .bool($0.current) },
            TemplateField("isDefault", .flag, "whether it is the site's default language (`x-default`)") {
                .bool($0.isDefault)
            },
        ])
}
