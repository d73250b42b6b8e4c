import HeraldTemplates

/// A plain link with a title (navigation to plain pages).
struct LinkView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        default: return nil
        }
    }
}
