import Foundation

/// An item's position in `Site.items`; lists refer to items by it, so nothing is copied.
public typealias ItemID = Int

/// A category with the items filed under it.
public struct Category: Sendable, Equatable {
    /// The URL name: `/categories/<slug>/`.
    public var slug: String
    /// The name readers see.
    public var name: String
    /// A sentence shown on the category's page.
    public var description: String?
    /// A CSS colour for badges and card accents.
    public var color: String?
    /// A short symbol shown with the name.
    public var icon: String?
    /// Whether `site.yml` declares it (undeclared ones come from content alone).
    public var declared: Bool
    /// Its items, newest first.
    public var items: [ItemID]
    /// Whether the build already warned about it (its spellings merged, or a likely typo of a
    /// declared one), which says it is undeclared: `herald check` does not say so again.
    public var warnedAbout = false
}

/// A tag, or a term of one of the site's own taxonomies, with the items that carry it.
public struct Term: Sendable, Equatable {
    /// The URL name: `/tags/<slug>/`, `/topics/<slug>/`.
    public var slug: String
    /// The name as first written, or as its page titles it (`content/topics/<slug>/_index.md`).
    public var name: String
    /// Its items, newest first.
    public var items: [ItemID]
    /// Its own page, when it has one (a term of the site's own taxonomies): a description and
    /// old addresses for its list.
    public var page: SectionPage? = nil
}

/// Everything a build publishes, organised the way pages and feeds show it.
///
/// Made by `SiteBuilder` from parsed items without any I/O, so it can be tested in memory.
public struct Site: Sendable {
    /// The site's settings.
    public var config: SiteConfig
    /// The moment the build treats as now.
    public var now: Date
    /// The start of the hour `now` is in: the clock of trending and of undated events' dates.
    public var hour: Date
    /// The clock times at which the same input builds to the same output.
    public var validity: OutputValidity
    /// Every published item, ordered by source path.
    public var items: [ContentItem]
    /// News, newest first.
    public var news: [ItemID]
    /// Events with an occurrence that has not finished, by that occurrence's start, soonest first.
    public var upcomingEvents: [ItemID]
    /// Events whose every occurrence has finished, most recent first.
    public var pastEvents: [ItemID]
    /// Every occurrence not yet over, soonest first (a repeating event appears once per date).
    public var upcomingOccurrences: [EventOccurrence] = []
    /// Every occurrence that is over, most recent first.
    public var pastOccurrences: [EventOccurrence] = []
    /// Plain pages, by title.
    public var pages: [ItemID]
    /// Editor's picks: by `weight` (lowest first, unweighted last), then newest first.
    public var featured: [ItemID]
    /// Declared categories in `site.yml` order, then undeclared ones by name.
    public var categories: [Category]
    /// Tags, most used first, then by name.
    public var tags: [Term]
    /// For each item, the categories it is filed under (primary first), as indexes into `categories`.
    public var categoriesOfItem: [[Int]]
    /// For each item, its tags as indexes into `tags`.
    public var tagsOfItem: [[Int]]
    /// The site's own taxonomies (`SiteConfig.taxonomies`, in that order), with their terms.
    public var taxonomies: [Taxonomy] = []
    /// For each item, each of its `authors` as an index into the terms of the taxonomy that reads
    /// the author key (`authorTaxonomy`), nil for one with no page there; empty on a site without
    /// such a taxonomy.
    public var authorTermsOfItem: [[Int?]] = []
    /// The taxonomy whose terms are the items' authors (`taxonomies: [authors]`), whose terms'
    /// pages are the authors' pages.
    public var authorTaxonomy: Int? { taxonomies.firstIndex { $0.declaration.readsAuthors } }
    /// Items left out of this build and why, for the summary line.
    public var skipped: SkippedItems
    /// Each item's views, likes and comments (zero when nothing is known).
    public var popularity: [Popularity] = []
    /// Items ranked by trending score, highest first (see docs/trending.md).
    public var trending: [ItemID] = []
    /// The trending score of each ranked item.
    public var trendingScore: [ItemID: Double] = [:]
    /// Problems worth telling that do not stop the build (a data row naming no item).
    public var warnings: [Diagnostic] = []
    /// Each item's output path, from the site's `URLLayout` (`news/hello/`, `2014/11/01/hello.html`).
    public var paths: [String] = []
    /// The home page's "recent news" (and the API's `recent`): the newest news, without the picks
    /// "featured" shows above it unless site.yml asks for them (`home.recentIncludesFeatured`).
    public func recentNews(_ home: HomeOptions) -> [ItemID] {
        let shownAsPicks = home.recentIncludesFeatured ? [] : Set(featured.prefix(home.featured))
        return Array(news.lazy.filter { !shownAsPicks.contains($0) }.prefix(home.recent))
    }

    /// The sections' own pages (`content/news/_index.md`), by kind.
    public var sections: [ContentKind: SectionPage] = [:]
    /// The images the content shows, measured, with the files made of each (`ImageReading`).
    public var images = ImageCatalog()
    /// Where everything this site (or this language's part of it) publishes goes.
    public var layout: URLLayout
    /// Of a multilingual site, the part in one language: the other languages, and each item's
    /// translations; nil for a site in one language.
    public var languages: LanguageEdition? = nil

    /// Whether an item is shown here from another language, untranslated: it is listed (in lists,
    /// feeds, calendars and the API's lists) with a badge and links to its page in its own
    /// language, and has no page, item document or calendar file of its own here.
    public func isBorrowed(_ id: ItemID) -> Bool { languages?.borrowed[id] != nil }
}

/// One date of one event, for lists and calendars.
public struct EventOccurrence: Sendable, Equatable {
    /// The event.
    public var item: ItemID
    /// Which of its occurrences (0 for an event that does not repeat).
    public var index: Int
    /// The occurrence's times.
    public var occurrence: Occurrence
}

/// How many items a build left out, by reason.
public struct SkippedItems: Sendable, Equatable, Codable {
    /// Drafts (shown with `--drafts`).
    public var drafts = 0
    /// Not yet published (shown with `--future`).
    public var future = 0
    /// Past their `expiryDate`.
    public var expired = 0
    /// Files that are not pages by design: `headless: true`, `build: {render: never}`,
    /// `published: false`, Markdown inside a bundle beside its `index.md`.
    public var notPages = 0

    public init(drafts: Int = 0, future: Int = 0, expired: Int = 0) {
        self.drafts = drafts
        self.future = future
        self.expired = expired
    }
}
