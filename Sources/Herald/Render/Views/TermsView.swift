import HeraldTemplates

/// The list of every category or every tag.
struct TermsView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var kind: TermsKind
    var title: String
    var terms: [TermView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .kind: return .text(kind.rawValue)
        case .title: return title.templateValue
        case .terms: return terms.templateValue
        case .empty: return terms.isEmpty.templateValue
        default: return nil
        }
    }
}
