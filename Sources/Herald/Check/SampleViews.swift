import HeraldTemplates

/// Views with every optional value present and one element in every list, for finding the names a
/// template looks up that no view provides (`{{titel}}`): walked with these, every section opens.
enum SampleViews {
    static let term = TermView(name: "n", slug: "s", url: "/", count: 1, countText: "1", description: "d", color: "#000", icon: "i")
    static let more = MoreTermsView(total: 2, shown: 1, phrase: "+{count}", url: "/")
    static let event = EventView(when: "w", zone: "z", startISO: "s", endISO: "e", allDay: false, location: "l", address: "a", mapURL: "/",
                                 onlineURL: "/", onlineHost: "h", registration: "/", organizer: "o", status: .scheduled, upcoming: true, repeats: "r", dates: ["d"],
                                 calendarFile: "/", subscribe: "/")
    static let language = LanguageLinkView(code: "c", name: "n", url: "/", permalink: "/", translated: true, current: true, isDefault: true)
    static let item = ItemView(ItemViewFields(kind: .event, title: "t", url: "/", permalink: "/", date: "d", dateISO: "d", summary: "s", summaryHTML: "s",
                               image: .sample, imageAlt: "a", imageAbsolute: .sample, categories: [term], tags: [term], moreCategories: more, moreTags: more, author: "a", authors: ["a"],
                               readingTime: "r", readingMinutes: 1, wordCount: 1, featured: true, content: "c", event: event, jsonLD: "{}", card: "c",
                               otherLanguage: language))
    static let link = LinkView(title: "t", url: "/", language: "c")
    static let site = SiteView(title: "t", description: "d", language: "en", root: "/", home: "/", baseURL: "/", categories: [term], moreCategories: more, pages: [link], year: 2026,
                               stylesheet: "/", generator: "g", feeds: [FeedLink(title: "t", url: "/", type: "t")], search: "/", searchIndex: "/",
                               searchScript: "/", otherSearchIndexes: [language], trending: true)
    static let strings = InterfaceStrings(table: [:])
    static let pager = PagerView(number: 1, total: 2, previous: "/", next: "/", links: [PagerLink(number: 1, url: "/", current: true)])
    static let list = ListView(kind: .news, title: "t", description: "d", color: "c", icon: "i", items: [item], pager: pager,
                               sections: [ListSection(title: "t", items: [item])], calendarURL: "/")
    static let day = CalendarDayView(day: 1, inMonth: true, count: 1, anchor: "a", today: true, label: "l")
    static let calendar = CalendarMonthView(title: "t", weekdays: ["w"], weeks: [[day]],
                                            days: [CalendarDayEvents(label: "l", anchor: "a", entries: [CalendarEntry(title: "t", url: "/", time: "t", location: "l", status: .scheduled, color: "c", language: "c")])],
                                            previous: link, next: link, current: true)
    static let page = PageContext(site: site, page: PageMeta(title: "t", description: "d", url: "/", permalink: "/", image: .sample, type: .news, section: "news",
                                                             feeds: [FeedLink(title: "t", url: "/", type: "t")], languages: [language]),
                                  strings: strings, item: item, list: list, home: HomeView(recent: [item], featured: [item], upcoming: [item], trending: [item], categories: [term]),
                                  terms: TermsView(kind: .tags, title: "t", terms: [term]), calendar: calendar)

    /// The sample a template is rendered with: a card's, a site-wide partial's, or a page's.
    static func context(for template: String) -> TemplateValue {
        if template == "partials/card" { return .view(CardContext(item: item, site: site, strings: strings)) }
        if template.hasPrefix(Theme.constantPartialFolder) { return .view(ConstantContext(site: site, strings: strings)) }
        return .view(page)
    }
}

extension Theme {
    /// Names the templates look up that no view provides (a typo such as `{{titel}}` renders as
    /// nothing, silently), each once, at the template and line it is written on.
    func unknownNames() -> [Diagnostic] {
        var found: [String: Diagnostic] = [:]
        // Each template is walked from where it is rendered: pages and cards from themselves,
        // partials from the templates that include them (a partial walked alone would not know
        // which section it stands in), site-wide partials also alone, as they are rendered.
        let included = Set(loaded.includedTemplates().values.joined())
        for template in templateNames.sorted() where !included.contains(template) || template.hasPrefix(Theme.constantPartialFolder) {
            for (owner, name) in loaded.unknownNames(in: template, sample: SampleViews.context(for: template)) {
                let path = sourcePaths[owner] ?? "templates/\(owner).mustache"
                let key = "\(path):\(name.position.line):\(name.position.column)"
                guard found[key] == nil else { continue }
                found[key] = Diagnostic(path: path, line: name.position.line, column: name.position.column,
                                        "{{\(name.written)}} names nothing templates are given here, so it renders as nothing (see docs/templates.md for the names there are)",
                                        severity: .warning)
            }
        }
        return found.values.sorted()
    }
}
