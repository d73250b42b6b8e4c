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

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .name: return .text(name)
        case .slug: return .text(slug)
        case .url: return .text(url)
        case .count: return .number(count)
        case .countText: return .text(countText)
        case .description: return present(description)
        case .color: return present(color)
        case .icon: return present(icon)
        default: return nil
        }
    }
}
