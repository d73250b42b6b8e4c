import HeraldTemplates

/// One author of an item (`item.people`): the name as their page gives it, and that page, where
/// the site's authors taxonomy gives them one.
struct PersonView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var name: String
    var url: String?

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<PersonView>(
        "person", about: "an author of an item",
        [
            TemplateField("name", .text, "their name, as their page gives it") { .text($0.name) },
            TemplateField(
                "url", .text,
                "their page, listing what they wrote, on a site with an authors taxonomy (`taxonomies: [authors]`)"
            ) { present($0.url) },
        ])
}
