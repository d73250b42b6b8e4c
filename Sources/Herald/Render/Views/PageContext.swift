import HeraldTemplates

/// The root of every page's context: the site, the page, the interface text, and what the
/// page shows (an item, a list, the home strips or a list of terms).
struct PageContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var site: SiteView
    var page: PageMeta
    var strings: InterfaceStrings
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
        case .item: return present(item)
        case .list: return present(list)
        case .home: return present(home)
        case .terms: return present(terms)
        case .calendar: return present(calendar)
        default: return nil
        }
    }
}
