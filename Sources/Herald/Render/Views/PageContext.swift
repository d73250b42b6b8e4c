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

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: return site.templateValue
        case .page: return page.templateValue
        case .t: return strings.templateValue
        case .item: return present(item?.withAllTerms)
        case .list: return present(list)
        case .home: return present(home)
        case .terms: return present(terms)
        case .calendar: return present(calendar)
        default: return nil
        }
    }
}

extension PageContext {
    /// The context as the template engine gets it for one rendering: each view made a template
    /// value once. A view becomes a template value by being copied into a box of its own; making
    /// that box at every look-up (`page.title`, `item.jsonLD`: some twenty per page) copied the
    /// whole view each time. Made per rendering, not kept with the plan, so 13,000 pages do not
    /// hold a boxed copy of every view the whole build (24 MB more at peak on 10,000 items).
    var renderingRoot: TemplateValue {
        .view(BoxedPageContext(site: site.templateValue, page: page.templateValue, strings: strings.templateValue, item: present(item?.withAllTerms),
                               list: present(list), home: present(home), terms: present(terms), calendar: present(calendar)))
    }
}

/// `PageContext` with each view already a template value (see `PageContext.renderingRoot`).
private struct BoxedPageContext: TemplateView {
    let site, page, strings, item, list, home, terms, calendar: TemplateValue

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: return site
        case .page: return page
        case .t: return strings
        case .item: return item
        case .list: return list
        case .home: return home
        case .terms: return terms
        case .calendar: return calendar
        default: return nil
        }
    }
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
}
