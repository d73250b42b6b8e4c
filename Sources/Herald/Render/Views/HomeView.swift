import HeraldTemplates

/// The home page's strips, as in a news app's Home view.
struct HomeView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var recent: [ItemView]
    var featured: [ItemView]
    var upcoming: [ItemView]
    var trending: [ItemView]
    var categories: [TermView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    static let fields = TemplateFields<HomeView>(
        "home", about: "the home page's strips",
        [
            TemplateField("trending", .list(.view { ItemView.fields.description }), "the most read items") {
                $0.trending.templateValue
            },
            TemplateField("recent", .list(.view { ItemView.fields.description }), "the newest news") {
                $0.recent.templateValue
            },
            TemplateField("featured", .list(.view { ItemView.fields.description }), "the featured picks") {
                $0.featured.templateValue
            },
            TemplateField("upcoming", .list(.view { ItemView.fields.description }), "the coming events") {
                $0.upcoming.templateValue
            },
            TemplateField(
                "categories", .list(.view { TermView.fields.description }), "the categories with at least one item"
            ) { $0.categories.templateValue },
        ])
}
