import HeraldTemplates

/// What a card is rendered with: the item first, then the site and the interface text. Nothing
/// of the page it will appear on, since one rendering serves every page that lists the item.
struct CardContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var item: ItemView
    var site: SiteView
    var strings: InterfaceStrings

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: return site.templateValue
        case .t: return strings.templateValue
        default: return item.templateValue(key)
        }
    }
}
