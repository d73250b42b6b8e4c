import HeraldTemplates

/// A plain link with a title (navigation to plain pages).
struct LinkView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    /// The title's language when it is not the page's (a page shown untranslated from another
    /// language in a multilingual site's menu), for `lang="…"`; nil otherwise.
    var language: String? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .language: return language.map { .text($0) }
        default: return nil
        }
    }
}
