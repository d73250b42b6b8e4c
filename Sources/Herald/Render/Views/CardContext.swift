import HeraldTemplates

/// What a card is rendered with: the item first, then the site and the interface text. Nothing
/// of the page it will appear on, since one rendering serves every page that lists the item.
struct CardContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var item: ItemView
    var site: SiteView
    var strings: InterfaceStrings

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        Self.fields.value(key, of: self) ?? item.templateValue(key)
    }

    static let fields = TemplateFields<CardContext>(
        "card",
        about:
            "what `partials/card.mustache` is rendered with: every name of its *item*, and the site and interface text",
        includes: [{ ItemView.fields.description }],
        [
            TemplateField(.site, .view { SiteView.fields.description }, "the site") { $0.site.templateValue },
            TemplateField(.t, .anyName(.text), "interface text in the site's language") { $0.strings.templateValue },
        ])
}
