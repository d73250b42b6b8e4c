import HeraldTemplates

/// A feed for `<link rel="alternate">` autodiscovery.
struct FeedLink: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    var type: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .type: return .text(type)
        default: return nil
        }
    }
}
