import HeraldTemplates

/// What a constant partial (`partials/site/…`) is rendered with: the site and the interface text.
struct ConstantContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var site: SiteView
    var strings: InterfaceStrings

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<ConstantContext>(
        "site-wide partial", about: "what a partial under `partials/site/` is rendered with, once per build",
        [
            TemplateField(.site, .view { SiteView.fields.description }, "the site") { $0.site.templateValue },
            TemplateField(.t, .anyName(.text), "interface text in the site's language") { $0.strings.templateValue },
        ])
}
