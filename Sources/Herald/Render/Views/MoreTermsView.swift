import HeraldTemplates

/// The categories or tags a list leaves out of what it shows (`LimitOptions.termsShownInLists`):
/// how many, the interface's words for it (`+3 more`, `另有 3 个`), and where all of them are.
struct MoreTermsView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var count: Int
    var text: String
    var url: String

    /// The terms past the first `LimitOptions.termsShownInLists` of `total`, or nil when all are
    /// shown. `phrase` is the interface's `moreTerms`, with `{count}` in it.
    init?(total: Int, shown: Int = LimitOptions.termsShownInLists, phrase: String, url: String) {
        guard total > shown else { return nil }
        count = total - shown
        text = phrase.replacingOccurrences(of: "{count}", with: String(count))
        self.url = url
    }

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<MoreTermsView>(
        "more terms", about: "the categories or tags a list leaves out",
        [
            TemplateField("count", .number, "how many") { .number($0.count) },
            TemplateField("text", .text, "`t.moreTerms` with the count: `+3 more`, `另有 3 个`") { .text($0.text) },
            TemplateField("url", .text, "where all of them are (the item's page, or the categories page)") {
                .text($0.url)
            },
        ])
}
