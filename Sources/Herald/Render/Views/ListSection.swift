import HeraldTemplates

/// A group of cards in a list, with a heading when there is more than one group.
struct ListSection: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String?
    var items: [ItemView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<ListSection>(
        "list section", about: "a group of cards in a list",
        [
            TemplateField("title", .text, "its heading, when the list has more than one group") { present($0.title) },
            TemplateField("items", .list(.view { ItemView.fields.description }), "its items") {
                $0.items.templateValue
            },
        ])
}
