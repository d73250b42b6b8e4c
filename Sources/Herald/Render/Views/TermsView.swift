import HeraldTemplates

/// The list of every category or every tag.
struct TermsView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var kind: TermsKind
    var title: String
    var terms: [TermView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<TermsView>(
        "terms", about: "the list of every category, every tag or every calendar month",
        [
            TemplateField("kind", .text, TemplateReference.choices(TermsKind.self)) { .text($0.kind.rawValue) },
            TemplateField("title", .text, "its title") { .text($0.title) },
            TemplateField("terms", .list(.view { TermView.fields.description }), "the terms") {
                $0.terms.templateValue
            },
            TemplateField("empty", .flag, "whether there are none") { .bool($0.terms.isEmpty) },
        ])
}
