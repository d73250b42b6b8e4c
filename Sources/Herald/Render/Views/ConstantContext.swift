import HeraldTemplates

/// What a constant partial (`partials/site/…`) is rendered with: the site and the interface text.
struct ConstantContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var site: SiteView
    var strings: InterfaceStrings

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: return site.templateValue
        case .t: return strings.templateValue
        default: return nil
        }
    }
}
