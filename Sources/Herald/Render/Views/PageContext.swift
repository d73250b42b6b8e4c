import HeraldTemplates

/// The root of every page's context: the site, the page, the interface text, and what the
/// page shows (an item, a list, the home strips or a list of terms).
struct PageContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var site: SiteView { didSet { boxes.site = site.templateValue } }
    var page: PageMeta { didSet { boxes.page = page.templateValue } }
    var strings: InterfaceStrings { didSet { boxes.strings = strings.templateValue } }
    var item: ItemView? { didSet { boxes.item = present(item) } }
    var list: ListView? { didSet { boxes.list = present(list) } }
    var home: HomeView? { didSet { boxes.home = present(home) } }
    var terms: TermsView? { didSet { boxes.terms = present(terms) } }
    var calendar: CalendarMonthView? { didSet { boxes.calendar = present(calendar) } }

    /// Each view as a template value, made once when it is set. A view held as a template value
    /// is copied into a box of its own; making that box at every look-up (`page.title`,
    /// `item.jsonLD`: some twenty per page) copied the whole view each time, and was a fifth of
    /// rendering a page (505 → 4xx ms of template CPU time on the 10,000-item corpus).
    private var boxes: Boxes

    private struct Boxes: Sendable {
        var site, page, strings, item, list, home, terms, calendar: TemplateValue
    }

    init(site: SiteView, page: PageMeta, strings: InterfaceStrings, item: ItemView? = nil, list: ListView? = nil, home: HomeView? = nil,
         terms: TermsView? = nil, calendar: CalendarMonthView? = nil) {
        self.site = site
        self.page = page
        self.strings = strings
        self.item = item
        self.list = list
        self.home = home
        self.terms = terms
        self.calendar = calendar
        boxes = Boxes(site: site.templateValue, page: page.templateValue, strings: strings.templateValue, item: present(item), list: present(list),
                      home: present(home), terms: present(terms), calendar: present(calendar))
    }

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: return boxes.site
        case .page: return boxes.page
        case .t: return boxes.strings
        case .item: return boxes.item
        case .list: return boxes.list
        case .home: return boxes.home
        case .terms: return boxes.terms
        case .calendar: return boxes.calendar
        default: return nil
        }
    }

    /// Equal when the views are: the boxes are made from them.
    static func == (a: PageContext, b: PageContext) -> Bool {
        a.site == b.site && a.page == b.page && a.strings == b.strings && a.item == b.item && a.list == b.list && a.home == b.home
            && a.terms == b.terms && a.calendar == b.calendar
    }
}
