import HeraldTemplates

/// Where a page of a paged list stands, and the links to the others.
struct PagerView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var number: Int
    var total: Int
    var previous: String?
    var next: String?
    var links: [PagerLink]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .number: return .number(number)
        case .total: return .number(total)
        case .paged: return .bool(total > 1)
        case .previous: return present(previous)
        case .next: return present(next)
        case .links: return links.templateValue
        default: return nil
        }
    }
}
