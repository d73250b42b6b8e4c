import Foundation
import HeraldTemplates

// The values templates see. Each view answers Mustache's look-ups with a `switch` on the key
// (no reflection), and answers a key it knows but has no value for with `.absent`, so that
// Mustache does not climb the context stack and show, say, the page's image on a card that
// has none. docs/templates.md lists every key.

/// The value, or `.absent` (known but missing: renders as nothing, false in sections, and the
/// look-up stops here) when it is nil.
@inline(__always) func present<Value: TemplateValueConvertible>(_ value: Value?) -> TemplateValue { value?.templateValue ?? .absent }

/// A category or tag as a link, with its count and looks.
struct TermView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var name: String
    var slug: String
    var url: String
    var count: Int
    /// The count by kind, in words of the site's language: `3 articles · 2 events`, `3 篇文章 · 2 场活动`.
    var countText: String = ""
    var description: String?
    var color: String?
    var icon: String?

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .name: return .text(name)
        case .slug: return .text(slug)
        case .url: return .text(url)
        case .count: return .number(count)
        case .countText: return .text(countText)
        case .description: return present(description)
        case .color: return present(color)
        case .icon: return present(icon)
        default: return nil
        }
    }
}

/// When and where an event is, in words and machine-readable form.
struct EventView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var when: String
    var zone: String
    var startISO: String
    var endISO: String?
    var allDay: Bool
    var location: String?
    var address: String?
    var mapURL: String?
    var registration: String?
    var organizer: String?
    var status: EventStatus
    var upcoming: Bool
    /// The next occurrence is today, or is going on now (in the site's time zone).
    var today = false
    /// The next occurrence starts within the seven days after today.
    var thisWeek = false
    /// How it repeats, in words.
    var repeats: String?
    /// Its dates still to come, in words (for repeating events).
    var dates: [String] = []
    /// The event's own `.ics` file, and the site's calendar as a `webcal://` subscription.
    var calendarFile: String = ""
    var subscribe: String = ""

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .when: return .text(when)
        case .zone: return .text(zone)
        case .startISO: return .text(startISO)
        case .endISO: return present(endISO)
        case .allDay: return .bool(allDay)
        case .location: return present(location)
        case .address: return present(address)
        case .mapURL: return present(mapURL)
        case .registration: return present(registration)
        case .organizer: return present(organizer)
        case .status: return .text(status.rawValue)
        case .cancelled: return .bool(status == .cancelled)
        case .postponed: return .bool(status == .postponed)
        case .upcoming: return upcoming.templateValue
        case .past: return .bool(!upcoming)
        case .today: return .bool(today)
        case .thisWeek: return thisWeek.templateValue
        case .repeats: return present(repeats)
        case .dates: return dates.templateValue
        case .calendarFile: return .text(calendarFile)
        case .subscribe: return .text(subscribe)
        default: return nil
        }
    }
}

/// An item as templates see it: on its own page and as a card in lists.
struct ItemView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var kind: ContentKind
    var title: String
    var url: String
    var permalink: String
    var date: String?
    var dateISO: String?
    var summary: String
    var summaryHTML: String
    var image: String?
    var imageAlt: String?
    var imageAbsolute: String?
    var categories: [TermView]
    var tags: [TermView]
    var author: String?
    /// Everyone who wrote it, in order.
    var authors: [String] = []
    /// Front-matter keys Herald does not read, as written (`{{item.params.country}}`).
    var params: [String: FrontMatterValue] = [:]
    var readingTime: String
    var readingMinutes: Int
    var wordCount: Int
    var featured: Bool
    var content: String
    var event: EventView?
    /// schema.org JSON-LD, safe to place raw inside a script element.
    var jsonLD: String?
    /// The item's card, rendered once from `partials/card` and shared by every list that shows it.
    var card = ""
    /// The publication date (or an occurrence's start), for the sitemap; not shown to templates.
    var published: Date? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .permalink: return .text(permalink)
        case .kind: return .text(kind.rawValue)
        case .isNews: return .bool(kind == .news)
        case .isEvent: return .bool(kind == .event)
        case .isPage: return .bool(kind == .page)
        case .date: return present(date)
        case .dateISO: return present(dateISO)
        case .summary: return summary.isEmpty ? .absent : .text(summary)
        case .summaryHTML: return summaryHTML.isEmpty ? .absent : .text(summaryHTML)
        case .image: return present(image)
        case .imageAlt: return .text(imageAlt ?? "")
        case .imageAbsolute: return present(imageAbsolute)
        case .category: return present(categories.first)
        case .categories: return categories.templateValue
        case .tags: return tags.templateValue
        case .author: return present(author)
        case .authors: return authors.templateValue
        case .params: return ParamsView(values: params).templateValue
        case .readingTime: return .text(readingTime)
        case .readingMinutes: return .number(readingMinutes)
        case .wordCount: return .number(wordCount)
        case .featured: return featured.templateValue
        case .content: return .text(content)
        case .event: return present(event)
        case .card: return card.templateValue
        case .jsonLD: return present(jsonLD)
        default: return nil
        }
    }
}

/// The front-matter keys an item gives that Herald does not read, for templates, as Hugo's
/// `.Params`: `{{item.params.country}}`, `{{#item.params.speakers}}{{.}}{{/item.params.speakers}}`.
struct ParamsView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var values: [String: FrontMatterValue]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        guard let value = values[key.written] else { return .absent }
        return Self.template(value)
    }

    /// A value as templates see it: text, a boolean (for sections), a list or a nested view.
    static func template(_ value: FrontMatterValue) -> TemplateValue {
        switch value {
        case .text(let text), .number(let text): return .text(text)
        case .bool(let flag): return .bool(flag)
        case .list(let values): return .list(values.map(template))
        case .mapping(let values): return .view(ParamsView(values: values))
        }
    }
}

/// One link of a pager.
struct PagerLink: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var number: Int
    var url: String
    var current: Bool
    /// Stands for pages left out between two numbers (shown as "…").
    var gap = false

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .number: return .number(number)
        case .url: return .text(url)
        case .current: return .bool(current)
        case .gap: return gap.templateValue
        default: return nil
        }
    }
}

/// Where a page of a paged list stands, and the links to the others.
struct PagerView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var number: Int
    var total: Int
    var previous: String?
    var next: String?
    var links: [PagerLink]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .number: return .number(number)
        case .total: return .number(total)
        case .paged: return .bool(total > 1)
        case .previous: return present(previous)
        case .next: return present(next)
        case .links: return links.templateValue
        default: return nil
        }
    }
}

/// A page of a list: a category, a tag, all news, upcoming or past events.
struct ListView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var kind: String
    var title: String
    var description: String?
    var color: String?
    var icon: String?
    var items: [ItemView]
    var pager: PagerView
    /// The items in groups (one untitled group, except on the upcoming-events list).
    var sections: [ListSection] = []
    /// The current month's calendar, on event lists.
    var calendarURL: String? = nil

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .sections: return sections.templateValue
        case .calendarURL: return present(calendarURL)
        case .kind: return kind.templateValue
        case .title: return title.templateValue
        case .description: return present(description)
        case .color: return present(color)
        case .icon: return present(icon)
        case .items: return items.templateValue
        case .empty: return items.isEmpty.templateValue
        case .pager: return pager.templateValue
        case .isCategory: return .bool(kind == "category")
        case .isTag: return .bool(kind == "tag")
        case .ranked: return .bool(kind == "trending")
        case .isEvents: return .bool(kind == "events")
        case .isPastEvents: return .bool(kind == "past-events")
        default: return nil
        }
    }
}

/// A group of cards in a list, with a heading when there is more than one group.
struct ListSection: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String?
    var items: [ItemView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return present(title)
        case .items: return items.templateValue
        default: return nil
        }
    }
}

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

/// The list of every category or every tag.
struct TermsView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var kind: String
    var title: String
    var terms: [TermView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .kind: return kind.templateValue
        case .title: return title.templateValue
        case .terms: return terms.templateValue
        case .empty: return terms.isEmpty.templateValue
        default: return nil
        }
    }
}

/// What a card is rendered with: the item first, then the site and the interface text. Nothing
/// of the page it will appear on, since one rendering serves every page that lists the item.
struct CardContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var item: ItemView
    var site: SiteView
    var strings: InterfaceStrings

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: return site.templateValue
        case .t: return strings.templateValue
        default: return item.templateValue(key)
        }
    }
}

/// A feed for `<link rel="alternate">` autodiscovery.
struct FeedLink: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    var type: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .type: return .text(type)
        default: return nil
        }
    }
}

/// What a constant partial (`partials/site/…`) is rendered with: the site and the interface text.
struct ConstantContext: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var site: SiteView
    var strings: InterfaceStrings

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .site: return site.templateValue
        case .t: return strings.templateValue
        default: return nil
        }
    }
}

/// A plain link with a title (navigation to plain pages).
struct LinkView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        default: return nil
        }
    }
}

/// The site as every page sees it.
struct SiteView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var description: String
    var language: String
    var root: String
    var baseURL: String
    var categories: [TermView]
    var pages: [LinkView]
    var year: Int
    var stylesheet: String
    var generator: String
    var feeds: [FeedLink]
    /// The search page's link.
    var search: String
    /// The search index's link (`search/index.json`).
    var searchIndex: String
    /// The theme's search script, when it has one.
    var searchScript: String?

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .description: return description.isEmpty ? .absent : .text(description)
        case .language: return .text(language)
        case .root: return .text(root)
        case .baseURL: return .text(baseURL)
        case .categories: return categories.templateValue
        case .pages: return pages.templateValue
        case .year: return .number(year)
        case .stylesheet: return .text(stylesheet)
        case .generator: return .text(generator)
        case .feeds: return feeds.templateValue
        case .search: return .text(search)
        case .searchIndex: return .text(searchIndex)
        case .searchScript: return present(searchScript)
        default: return nil
        }
    }
}

/// What a page is, for the layout's `<head>`: title, description, canonical URL, social image.
struct PageMeta: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var description: String
    var url: String
    var permalink: String
    var image: String?
    var type: String
    var section: String?
    var feeds: [FeedLink] = []

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .description: return description.isEmpty ? .absent : .text(description)
        case .url: return .text(url)
        case .permalink: return .text(permalink)
        case .image: return present(image)
        case .type: return .text(type)
        case .isHome: return .bool(type == "home")
        case .section: return present(section)
        case .inNews: return .bool(section == "news")
        case .inEvents: return .bool(section == "events")
        case .inCategories: return .bool(section == "categories")
        case .inTags: return .bool(section == "tags")
        case .inTrending: return .bool(section == "trending")
        case .feeds: return feeds.templateValue
        default: return nil
        }
    }
}

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

/// A day cell of a month grid.
struct CalendarDayView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var day: Int
    var inMonth: Bool
    var count: Int
    var anchor: String
    var today: Bool
    var label: String

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .day: return .number(day)
        case .inMonth: return .bool(inMonth)
        case .count: return .number(count)
        case .hasEvents: return .bool(count > 0)
        case .anchor: return .text(anchor)
        case .today: return .bool(today)
        case .label: return .text(label)
        default: return nil
        }
    }
}

/// One event on one day of a calendar.
struct CalendarEntry: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var url: String
    var time: String
    var location: String?
    var status: EventStatus
    var color: String?

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .url: return .text(url)
        case .time: return .text(time)
        case .location: return present(location)
        case .cancelled: return .bool(status == .cancelled)
        case .postponed: return .bool(status == .postponed)
        case .color: return present(color)
        default: return nil
        }
    }
}

/// A day's events below a month grid.
struct CalendarDayEvents: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var label: String
    var anchor: String
    var entries: [CalendarEntry]

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .label: return .text(label)
        case .anchor: return .text(anchor)
        case .entries: return entries.templateValue
        default: return nil
        }
    }
}

/// A month calendar page.
struct CalendarMonthView: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var title: String
    var weekdays: [String]
    var weeks: [[CalendarDayView]]
    var days: [CalendarDayEvents]
    var previous: LinkView?
    var next: LinkView?
    var current: Bool

    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .title: return title.templateValue
        case .weekdays: return weekdays.templateValue
        case .weeks: return weeks.map { CalendarWeek(days: $0) }.templateValue
        case .days: return days.templateValue
        case .empty: return days.isEmpty.templateValue
        case .previous: return present(previous)
        case .next: return present(next)
        case .current: return .bool(current)
        default: return nil
        }
    }
}

/// A row of a month grid.
struct CalendarWeek: TemplateView, TemplateValueConvertible, Sendable, Equatable {
    var days: [CalendarDayView]

    func templateValue(_ key: TemplateKey) -> TemplateValue? { key == .days ? .list(days) : nil }
}
