import HeraldTemplates

/// A group of cards in a list, with a heading when there is more than one group.
struct ListSection: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String?
    var items: [ItemView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return present(title)
        case .items: return items.templateValue
        default: return nil
        }
    }
}
