import HeraldTemplates

/// Where a page of a paged list stands, and the links to the others.
struct PagerView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var number: Int
    var total: Int
    var previous: String?
    var next: String?
    var links: [PagerLink]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<PagerView>(
        "pager", about: "where a page of a paged list stands",
        [
            TemplateField("number", .number, "the page's number, from 1") { .number($0.number) },
            TemplateField("total", .number, "how many pages the list has") { .number($0.total) },
            TemplateField("paged", .flag, "whether it has more than one") { .bool($0.total > 1) },
            TemplateField("previous", .text, "the previous page's address") { present($0.previous) },
            TemplateField("next", .text, "the next page's address") { present($0.next) },
            TemplateField("links", .list(.view { PagerLink.fields.description }), "the page numbers shown") {
                $0.links.templateValue
            },
        ])
}
