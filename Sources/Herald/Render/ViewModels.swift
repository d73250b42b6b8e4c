import Foundation
import Mustache

// The values templates see. Each view answers Mustache's look-ups with a `switch` on the key
// (no reflection), and answers a key it knows but has no value for with `Absent`, so that
// Mustache does not climb the context stack and show, say, the page's image on a card that
// has none. docs/templates.md lists every key.

/// A value a view knows about but does not have: renders as nothing, is false in sections.
struct Absent: MustacheCustomRepresentation {
    var representation: Any? { nil }
}

/// The value, or `Absent` when it is nil.
@inline(__always) func present(_ value: Any?) -> Any { value ?? Absent() }

/// A category or tag as a link, with its count and looks.
struct TermView: MustacheParent, Sendable, Equatable {
    var name: String
    var slug: String
    var url: String
    var count: Int
    /// The count by kind, in words of the site's language: `3 articles · 2 events`, `3 篇文章 · 2 场活动`.
    var countText: String = ""
    var description: String?
    var color: String?
    var icon: String?

    func child(named key: String) -> Any? {
        switch key {
        case "name": return name
        case "slug": return slug
        case "url": return url
        case "count": return count
        case "countText": return countText
        case "description": return present(description)
        case "color": return present(color)
        case "icon": return present(icon)
        default: return nil
        }
    }
}

/// When and where an event is, in words and machine-readable form.
struct EventView: MustacheParent, Sendable, Equatable {
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

    func child(named key: String) -> Any? {
        switch key {
        case "when": return when
        case "zone": return zone
        case "startISO": return startISO
        case "endISO": return present(endISO)
        case "allDay": return allDay
        case "location": return present(location)
        case "address": return present(address)
        case "mapURL": return present(mapURL)
        case "registration": return present(registration)
        case "organizer": return present(organizer)
        case "status": return status.rawValue
        case "cancelled": return status == .cancelled
        case "postponed": return status == .postponed
        case "upcoming": return upcoming
        case "past": return !upcoming
        case "today": return today
        case "thisWeek": return thisWeek
        case "repeats": return present(repeats)
        case "dates": return dates
        case "calendarFile": return calendarFile
        case "subscribe": return subscribe
        default: return nil
        }
    }
}

/// An item as templates see it: on its own page and as a card in lists.
struct ItemView: MustacheParent, Sendable, Equatable {
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

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "url": return url
        case "permalink": return permalink
        case "kind": return kind.rawValue
        case "isNews": return kind == .news
        case "isEvent": return kind == .event
        case "isPage": return kind == .page
        case "date": return present(date)
        case "dateISO": return present(dateISO)
        case "summary": return summary.isEmpty ? Absent() : summary
        case "summaryHTML": return summaryHTML.isEmpty ? Absent() : summaryHTML
        case "image": return present(image)
        case "imageAlt": return imageAlt ?? ""
        case "imageAbsolute": return present(imageAbsolute)
        case "category": return present(categories.first)
        case "categories": return categories
        case "tags": return tags
        case "author": return present(author)
        case "authors": return authors
        case "params": return ParamsView(values: params)
        case "readingTime": return readingTime
        case "readingMinutes": return readingMinutes
        case "wordCount": return wordCount
        case "featured": return featured
        case "content": return content
        case "event": return present(event)
        case "card": return card
        case "jsonLD": return present(jsonLD)
        default: return nil
        }
    }
}

/// The front-matter keys an item gives that Herald does not read, for templates, as Hugo's
/// `.Params`: `{{item.params.country}}`, `{{#item.params.speakers}}{{.}}{{/item.params.speakers}}`.
struct ParamsView: MustacheParent, Sendable, Equatable {
    var values: [String: FrontMatterValue]

    func child(named key: String) -> Any? {
        guard let value = values[key] else { return Absent() }
        return Self.template(value)
    }

    /// A value as Mustache renders it: text, a boolean (for sections), a list or a nested view.
    static func template(_ value: FrontMatterValue) -> Any {
        switch value {
        case .text(let text), .number(let text): return text
        case .bool(let flag): return flag
        case .list(let values): return values.map(template)
        case .mapping(let values): return ParamsView(values: values)
        }
    }
}

/// One link of a pager.
struct PagerLink: MustacheParent, Sendable, Equatable {
    var number: Int
    var url: String
    var current: Bool
    /// Stands for pages left out between two numbers (shown as "…").
    var gap = false

    func child(named key: String) -> Any? {
        switch key {
        case "number": return number
        case "url": return url
        case "current": return current
        case "gap": return gap
        default: return nil
        }
    }
}

/// Where a page of a paged list stands, and the links to the others.
struct PagerView: MustacheParent, Sendable, Equatable {
    var number: Int
    var total: Int
    var previous: String?
    var next: String?
    var links: [PagerLink]

    func child(named key: String) -> Any? {
        switch key {
        case "number": return number
        case "total": return total
        case "paged": return total > 1
        case "previous": return present(previous)
        case "next": return present(next)
        case "links": return links
        default: return nil
        }
    }
}

/// A page of a list: a category, a tag, all news, upcoming or past events.
struct ListView: MustacheParent, Sendable, Equatable {
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

    func child(named key: String) -> Any? {
        switch key {
        case "sections": return sections
        case "calendarURL": return present(calendarURL)
        case "kind": return kind
        case "title": return title
        case "description": return present(description)
        case "color": return present(color)
        case "icon": return present(icon)
        case "items": return items
        case "empty": return items.isEmpty
        case "pager": return pager
        case "isCategory": return kind == "category"
        case "isTag": return kind == "tag"
        case "ranked": return kind == "trending"
        case "isEvents": return kind == "events"
        case "isPastEvents": return kind == "past-events"
        default: return nil
        }
    }
}

/// A group of cards in a list, with a heading when there is more than one group.
struct ListSection: MustacheParent, Sendable, Equatable {
    var title: String?
    var items: [ItemView]

    func child(named key: String) -> Any? {
        switch key {
        case "title": return present(title)
        case "items": return items
        default: return nil
        }
    }
}

/// The home page's strips, as in a news app's Home view.
struct HomeView: MustacheParent, Sendable, Equatable {
    var recent: [ItemView]
    var featured: [ItemView]
    var upcoming: [ItemView]
    var trending: [ItemView]
    var categories: [TermView]

    func child(named key: String) -> Any? {
        switch key {
        case "trending": return trending
        case "recent": return recent
        case "featured": return featured
        case "upcoming": return upcoming
        case "categories": return categories
        default: return nil
        }
    }
}

/// The list of every category or every tag.
struct TermsView: MustacheParent, Sendable, Equatable {
    var kind: String
    var title: String
    var terms: [TermView]

    func child(named key: String) -> Any? {
        switch key {
        case "kind": return kind
        case "title": return title
        case "terms": return terms
        case "empty": return terms.isEmpty
        default: return nil
        }
    }
}

/// What a card is rendered with: the item first, then the site and the interface text. Nothing
/// of the page it will appear on, since one rendering serves every page that lists the item.
struct CardContext: MustacheParent, Sendable, Equatable {
    var item: ItemView
    var site: SiteView
    var strings: InterfaceStrings

    func child(named key: String) -> Any? {
        switch key {
        case "site": return site
        case "t": return strings
        default: return item.child(named: key)
        }
    }
}

/// A feed for `<link rel="alternate">` autodiscovery.
struct FeedLink: MustacheParent, Sendable, Equatable {
    var title: String
    var url: String
    var type: String

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "url": return url
        case "type": return type
        default: return nil
        }
    }
}

/// What a constant partial (`partials/site/…`) is rendered with: the site and the interface text.
struct ConstantContext: MustacheParent, Sendable, Equatable {
    var site: SiteView
    var strings: InterfaceStrings

    func child(named key: String) -> Any? {
        switch key {
        case "site": return site
        case "t": return strings
        default: return nil
        }
    }
}

/// A plain link with a title (navigation to plain pages).
struct LinkView: MustacheParent, Sendable, Equatable {
    var title: String
    var url: String

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "url": return url
        default: return nil
        }
    }
}

/// The site as every page sees it.
struct SiteView: MustacheParent, Sendable, Equatable {
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

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "description": return description.isEmpty ? Absent() : description
        case "language": return language
        case "root": return root
        case "baseURL": return baseURL
        case "categories": return categories
        case "pages": return pages
        case "year": return year
        case "stylesheet": return stylesheet
        case "generator": return generator
        case "feeds": return feeds
        case "search": return search
        case "searchIndex": return searchIndex
        case "searchScript": return searchScript ?? Absent()
        default: return nil
        }
    }
}

/// What a page is, for the layout's `<head>`: title, description, canonical URL, social image.
struct PageMeta: MustacheParent, Sendable, Equatable {
    var title: String
    var description: String
    var url: String
    var permalink: String
    var image: String?
    var type: String
    var section: String?
    var feeds: [FeedLink] = []

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "description": return description.isEmpty ? Absent() : description
        case "url": return url
        case "permalink": return permalink
        case "image": return present(image)
        case "type": return type
        case "isHome": return type == "home"
        case "section": return present(section)
        case "inNews": return section == "news"
        case "inEvents": return section == "events"
        case "inCategories": return section == "categories"
        case "inTags": return section == "tags"
        case "inTrending": return section == "trending"
        case "feeds": return feeds
        default: return nil
        }
    }
}

/// The root of every page's context: the site, the page, the interface text, and what the
/// page shows (an item, a list, the home strips or a list of terms).
struct PageContext: MustacheParent, Sendable, Equatable {
    var site: SiteView
    var page: PageMeta
    var strings: InterfaceStrings
    var item: ItemView? = nil
    var list: ListView? = nil
    var home: HomeView? = nil
    var terms: TermsView? = nil
    var calendar: CalendarMonthView? = nil

    func child(named key: String) -> Any? {
        switch key {
        case "site": return site
        case "page": return page
        case "t": return strings
        case "item": return present(item)
        case "list": return present(list)
        case "home": return present(home)
        case "terms": return present(terms)
        case "calendar": return present(calendar)
        default: return nil
        }
    }
}

/// A day cell of a month grid.
struct CalendarDayView: MustacheParent, Sendable, Equatable {
    var day: Int
    var inMonth: Bool
    var count: Int
    var anchor: String
    var today: Bool
    var label: String

    func child(named key: String) -> Any? {
        switch key {
        case "day": return day
        case "inMonth": return inMonth
        case "count": return count
        case "hasEvents": return count > 0
        case "anchor": return anchor
        case "today": return today
        case "label": return label
        default: return nil
        }
    }
}

/// One event on one day of a calendar.
struct CalendarEntry: MustacheParent, Sendable, Equatable {
    var title: String
    var url: String
    var time: String
    var location: String?
    var status: EventStatus
    var color: String?

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "url": return url
        case "time": return time
        case "location": return present(location)
        case "cancelled": return status == .cancelled
        case "postponed": return status == .postponed
        case "color": return present(color)
        default: return nil
        }
    }
}

/// A day's events below a month grid.
struct CalendarDayEvents: MustacheParent, Sendable, Equatable {
    var label: String
    var anchor: String
    var entries: [CalendarEntry]

    func child(named key: String) -> Any? {
        switch key {
        case "label": return label
        case "anchor": return anchor
        case "entries": return entries
        default: return nil
        }
    }
}

/// A month calendar page.
struct CalendarMonthView: MustacheParent, Sendable, Equatable {
    var title: String
    var weekdays: [String]
    var weeks: [[CalendarDayView]]
    var days: [CalendarDayEvents]
    var previous: LinkView?
    var next: LinkView?
    var current: Bool

    func child(named key: String) -> Any? {
        switch key {
        case "title": return title
        case "weekdays": return weekdays
        case "weeks": return weeks.map { CalendarWeek(days: $0) }
        case "days": return days
        case "empty": return days.isEmpty
        case "previous": return present(previous)
        case "next": return present(next)
        case "current": return current
        default: return nil
        }
    }
}

/// A row of a month grid.
struct CalendarWeek: MustacheParent, Sendable, Equatable {
    var days: [CalendarDayView]

    func child(named key: String) -> Any? { key == "days" ? days : nil }
}
