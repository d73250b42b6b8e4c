import HeraldTemplates

/// One link of a pager.
struct PagerLink: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var number: Int
    var url: String
    var current: Bool
    /// Stands for pages left out between two numbers (shown as "…").
    var gap = false

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .number: return .number(number)
        case .url: return .text(url)
        case .current: return .bool(current)
        case .gap: return gap.templateValue
        default: return nil
        }
    }
}
