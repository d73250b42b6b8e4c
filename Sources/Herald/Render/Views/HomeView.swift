import HeraldTemplates

/// The home page's strips, as in a news app's Home view.
struct HomeView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var recent: [ItemView]
    var featured: [ItemView]
    var upcoming: [ItemView]
    var trending: [ItemView]
    var categories: [TermView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .trending: return trending.templateValue
        case .recent: return recent.templateValue
        case .featured: return featured.templateValue
        case .upcoming: return upcoming.templateValue
        case .categories: return categories.templateValue
        default: return nil
        }
    }
}
