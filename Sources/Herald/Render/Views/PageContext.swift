import HeraldTemplates

/// The root of every page's context: the site, the page, the interface text, and what the
/// page shows (an item, a list, the home strips or a list of terms).
struct PageContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var site: SiteView
    var page: PageMeta
    var strings: InterfaceStrings
    /// The item whose page this is: it shows all its terms (`ItemView.showsAllTerms`).
    var item: ItemView? = nil
    var list: ListView? = nil
    var home: HomeView? = nil
    var terms: TermsView? = nil
    var calendar: CalendarMonthView? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? { Self.fields.value(key, of: self) }

    /// What every page's template is given, each value declared once (see `TemplateField`).
    static let fields = TemplateFields<PageContext>(
        "every page", about: "what a page's template is given",
        [
            TemplateField(.site, .view { SiteView.fields.description }, "the site") { $0.site.templateValue },
            TemplateField("page", .view { PageMeta.fields.description }, "the page") { $0.page.templateValue },
            TemplateField(
                .t, .anyName(.text),
                "interface text in the page's language (`{{t.recentNews}}`): a key the theme lacks shows its name"
            ) { $0.strings.templateValue },
            TemplateField(
                "item", .view { ItemView.fields.description }, "on an item's page, the item, with all its terms"
            ) { present($0.item?.withAllTerms) },
            TemplateField("list", .view { ListView.fields.description }, "on a list's page, the list") {
                present($0.list)
            },
            TemplateField("home", .view { HomeView.fields.description }, "on the home page, its strips") {
                present($0.home)
            },
            TemplateField(
                "terms", .view { TermsView.fields.description }, "on the lists of categories, tags and calendar months"
            ) { present($0.terms) },
            TemplateField("calendar", .view { CalendarMonthView.fields.description }, "on a month calendar") {
                present($0.calendar)
            },
        ])

    /// The names a page's context has beyond what site-wide partials are given (`ConstantContext`).
    static let pageOnlyKeys = fields.keys.filter { ConstantContext.fields.index(of: $0) == nil }
}

extension PageContext {
    /// The context as the template engine gets it for one rendering: each view made a template
    /// value once. A view becomes a template value by being copied into a box of its own; making
    /// that box at every look-up (`page.title`, `item.jsonLD`: some twenty per page) copied the
    /// whole view each time. Made per rendering, not kept with the plan, so 13,000 pages do not
    /// hold a boxed copy of every view the whole build (24 MB more at peak on 10,000 items).
    var renderingRoot: TemplateValue { .view(TemplateValues(self, fields: Self.fields)) }
}

extension PageContext {
    /// Applies `update` to every view of the item at `url` the page shows: its own, and its cards
    /// in a list, a list's sections and the home page's strips. Returns whether there was one.
    /// The calendar shows events by their own entries (title, time, place), not by item views.
    mutating func updateItemViews(at url: String, _ update: (inout ItemView) -> Void) -> Bool {
        var found = false
        func visit(_ views: inout [ItemView]) {
            for index in views.indices where views[index].url == url {
                update(&views[index])
                found = true
            }
        }
        if item?.url == url {
            update(&item!)
            found = true
        }
        if list != nil {
            visit(&list!.items)
            for section in list!.sections.indices { visit(&list!.sections[section].items) }
        }
        if home != nil {
            visit(&home!.recent)
            visit(&home!.featured)
            visit(&home!.upcoming)
            visit(&home!.trending)
        }
        return found
    }

    /// The URLs of the items the page shows a view of (those `updateItemViews` can reach), once each.
    var shownItemURLs: [String] {
        var urls: [String] = []
        func add(_ views: [ItemView]) { urls += views.map(\.url) }
        if let item { urls.append(item.url) }
        if let list {
            add(list.items)
            for section in list.sections { add(section.items) }
        }
        if let home { for strip in [home.recent, home.featured, home.upcoming, home.trending] { add(strip) } }
        var seen = Set<String>()
        return urls.filter { seen.insert($0).inserted }
    }
}
