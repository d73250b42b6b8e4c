import HeraldTemplates

/// One link of a pager.
struct PagerLink: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var number: Int
    var url: String
    var current: Bool
    /// Stands for pages left out between two numbers (shown as "…").
    var gap = false

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<PagerLink>(
        "pager link", about: "one link of a pager",
        [
            TemplateField("number", .number, "the page's number") { .number($0.number) },
            TemplateField("url", .text, "its address") { .text($0.url) },
            TemplateField("current", .flag, "whether it is the page showing the pager") { .bool($0.current) },
            TemplateField("gap", .flag, "whether it stands for pages left out between two numbers (shown as …)") {
                .bool($0.gap)
            },
        ])
}
