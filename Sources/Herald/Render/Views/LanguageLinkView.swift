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

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .code: return .text(code)
        case .name: return .text(name)
        case .url: return .text(url)
        case .permalink: return .text(permalink)
        case .translated: return .bool(translated)
        case .current: return .bool(current)
        case .isDefault: return .bool(isDefault)
        default: return nil
        }
    }
}
