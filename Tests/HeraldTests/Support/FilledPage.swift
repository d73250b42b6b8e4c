@testable import Herald

/// A page with every view that can hold an item filled, each list with one element: the views
/// an edit of an item's body must reach (`PageContext.updateItemViews`).
enum FilledPage {
    static let image: ImageView = {
        let files = ImageView.Files(
            src: "/", srcset: "/ 1w", webpSrcset: "/ 1w", avifSrcset: "/ 1w", width: 1, height: 1, type: "image/jpeg")
        return ImageView(files: files, card: files, thumbnail: files, alt: "a")
    }()
    static let term = TermView(
        name: "n", slug: "s", url: "/", count: 1, countText: "1", description: "d", color: "#000", icon: "i")
    static let more = MoreTermsView(total: 2, shown: 1, phrase: "+{count}", url: "/")
    static let event = EventView(
        when: "w", zone: "z", startISO: "s", endISO: "e", allDay: false, location: "l", address: "a", mapURL: "/",
        onlineURL: "/", onlineHost: "h", registration: "/", organizer: "o", status: .scheduled, upcoming: true,
        repeats: "r", dates: ["d"],
        calendarFile: "/", subscribe: "/")
    static let language = LanguageLinkView(
        code: "c", name: "n", url: "/", permalink: "/", translated: true, current: true, isDefault: true)
    static let item = ItemView(
        ItemViewFields(
            kind: .event, title: "t", url: "/", permalink: "/", date: "d", dateISO: "d", summary: "s", summaryHTML: "s",
            image: image, imageAlt: "a", imageAbsolute: image, categories: [term], tags: [term], moreCategories: more,
            moreTags: more, author: "a", authors: ["a"],
            readingTime: "r", readingMinutes: 1, wordCount: 1, featured: true, content: "c", event: event, jsonLD: "{}",
            card: "c",
            otherLanguage: language))
    static let link = LinkView(title: "t", url: "/", language: "c")
    static let site = SiteView(
        title: "t", description: "d", language: "en", root: "/", home: "/", baseURL: "/", categories: [term],
        moreCategories: more, pages: [link], year: 2026,
        stylesheet: "/", generator: "g", feeds: [FeedLink(title: "t", url: "/", type: "t")], search: "/",
        searchIndex: "/",
        searchScript: "/", otherSearchIndexes: [language], trending: true)
    static let strings = InterfaceStrings(table: [:])
    static let pager = PagerView(
        number: 1, total: 2, previous: "/", next: "/", links: [PagerLink(number: 1, url: "/", current: true)])
    static let list = ListView(
        kind: .news, title: "t", description: "d", color: "c", icon: "i", items: [item], pager: pager,
        sections: [ListSection(title: "t", items: [item])], calendarURL: "/", taxonomy: LinkView(title: "t", url: "/"))
    static let day = CalendarDayView(day: 1, inMonth: true, count: 1, anchor: "a", today: true, label: "l")
    static let calendar = CalendarMonthView(
        title: "t", weekdays: ["w"], weeks: [[day]],
        days: [
            CalendarDayEvents(
                label: "l", anchor: "a",
                entries: [
                    CalendarEntry(
                        title: "t", url: "/", time: "t", location: "l", status: .scheduled, color: "c", language: "c")
                ])
        ],
        previous: link, next: link, current: true)
    static let page = PageContext(
        site: site,
        page: PageMeta(
            title: "t", description: "d", url: "/", permalink: "/", image: image, type: .news, section: "news",
            feeds: [FeedLink(title: "t", url: "/", type: "t")], languages: [language]),
        strings: strings, item: item, list: list,
        home: HomeView(recent: [item], featured: [item], upcoming: [item], trending: [item], categories: [term]),
        terms: TermsView(kind: .tags, title: "t", terms: [term]), calendar: calendar)

}
