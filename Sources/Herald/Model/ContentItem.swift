import Foundation

/// The three kinds of content, each from its own folder under `content/`.
public enum ContentKind: String, Sendable, CaseIterable, Comparable {
    /// `content/news/**/*.md`: articles, dated, newest first.
    case news
    /// `content/events/**/*.md`: public events with a start and a place.
    case event
    /// `content/pages/**/*.md`: plain pages such as About and Contact.
    case page

    /// The folder under `content/` the kind is read from.
    public var folder: String {
        switch self {
        case .news: return "news"
        case .event: return "events"
        case .page: return "pages"
        }
    }

    /// The first URL segment of the kind's pages (pages have none: `/about/`).
    public var urlSection: String? {
        switch self {
        case .news: return "news"
        case .event: return "events"
        case .page: return nil
        }
    }

    public static func < (a: ContentKind, b: ContentKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A category's, tag's or other term's name as an item wrote it, with its line for diagnostics.
public struct TermReference: Sendable, Hashable {
    /// The name or slug as written, trimmed.
    public var name: String
    /// The front-matter line it was written on.
    public var line: Int

    public init(name: String, line: Int) {
        self.name = name
        self.line = line
    }
}

/// Whether an event goes ahead.
public enum EventStatus: String, Sendable, CaseIterable {
    case scheduled, cancelled, postponed
}

/// What makes an event an event: when, where, and whether it goes ahead.
public struct EventDetails: Sendable, Equatable {
    /// When it starts (for an all-day event: midnight of the first day in `timeZone`).
    public var start: Date
    /// When it ends (for an all-day event: midnight after the last day), if known.
    public var end: Date?
    /// Whether it is given by dates only (no times).
    public var allDay: Bool
    /// The zone the event takes place in; its times are shown in it.
    public var timeZone: TimeZone
    /// The venue, e.g. `Main Library, Room 201`.
    public var location: String?
    /// The venue's street address.
    public var address: String?
    /// Scheduled, cancelled or postponed.
    public var status: EventStatus
    /// Where to sign up (an http(s) URL).
    public var registration: String?
    /// Who runs it.
    public var organizer: String?
    /// How it repeats, if it does.
    public var recurrence: Recurrence?
    /// Every time it takes place, soonest first (one for an event that does not repeat).
    public var occurrences: [Occurrence]
    /// When it happens, in words that give no hours (Jekyll's `time: 中午及傍晚`), shown beside the day.
    public var timeNote: String?

    public init(
        start: Date, end: Date? = nil, allDay: Bool = false, timeZone: TimeZone, location: String? = nil,
        address: String? = nil, status: EventStatus = .scheduled, registration: String? = nil, organizer: String? = nil,
        recurrence: Recurrence? = nil, occurrences: [Occurrence]? = nil, timeNote: String? = nil
    ) {
        self.timeNote = timeNote
        self.start = start
        self.end = end
        self.allDay = allDay
        self.timeZone = timeZone
        self.location = location
        self.address = address
        self.status = status
        self.registration = registration
        self.organizer = organizer
        self.recurrence = recurrence
        self.occurrences = occurrences ?? [Occurrence(start: start, end: end)]
    }

    /// The moment after which the event is over: the end (else start) of its last occurrence.
    public var finish: Date { occurrences.last?.finish ?? end ?? start }

    /// The location, when it is a link and nothing else: where an event held online is joined
    /// (a Zoom meeting). `https://zoom.us/j/1 (passcode 123)` is text, shown as written.
    public var onlineURL: String? {
        guard let location, ["https://", "http://"].contains(where: { location.lowercased().hasPrefix($0) }),
            !location.contains(where: \.isWhitespace), URL(string: location)?.host != nil
        else { return nil }
        return location
    }

    /// The wall-clock start a repeating series counts from: the first `start` in the event's zone
    /// (the day alone for all-day events).
    public var seriesBase: CivilDateTime {
        let civil = CivilDateTime(start, in: timeZone)
        return allDay ? CivilDateTime(year: civil.year, month: civil.month, day: civil.day) : civil
    }

    /// The first occurrence not over at `now`, if any.
    public func nextOccurrence(after now: Date) -> Occurrence? { occurrences.first { $0.finish >= now } }
}

/// A page bundle: an item's folder (`content/news/gala/index.md`) and the files beside its
/// `index.md`, which are published beside the item's page.
public struct ItemBundle: Sendable, Equatable {
    /// The bundle's folder, relative to the site folder (`content/news/gala`).
    public var folder: String
    /// Its other files, relative to the folder (`photo.jpg`, `slides/deck.pdf`), sorted.
    public var resources: [String]

    public init(folder: String, resources: [String]) {
        self.folder = folder
        self.resources = resources
    }
}

/// A front-matter value Herald does not interpret, kept for templates as it was written.
public indirect enum FrontMatterValue: Sendable, Equatable, Hashable {
    case text(String)
    case bool(Bool)
    case number(String)
    case list([FrontMatterValue])
    case mapping([String: FrontMatterValue])
}

/// One parsed content file: a news article, an event or a page.
public struct ContentItem: Sendable, Equatable {
    /// News, event or page.
    public var kind: ContentKind
    /// The file it came from, relative to the site folder (`content/news/2026/hello.md`).
    public var sourcePath: String
    /// The last segment of its URL.
    public var slug: String
    /// The line of `slug:` (or 1 when the slug comes from the file name: a front matter's lines come
    /// after its opening line, so a written slug is always on a later line), for diagnostics.
    public var slugLine: Int
    /// The line of `publishDate:`, else of `date:` (the front matter's first line when neither is
    /// written), where a date far ahead is told.
    public var dateLine = 1
    /// The line of `title:` in its file, where problems with the title (a card that cannot be drawn) are told.
    public var titleLine = 1
    /// The title, as plain text.
    public var title: String
    /// The publication date (news always has one; events and pages may not).
    public var date: Date?
    /// Hidden until this moment, if given.
    public var publishDate: Date?
    /// Hidden from this moment on, if given.
    public var expiryDate: Date?
    /// Categories in the order written; the first is the primary one.
    public var categories: [TermReference]
    /// Tags in the order written.
    public var tags: [TermReference]
    /// An editor's pick.
    public var featured: Bool
    /// Order among featured picks (lower first).
    public var weight: Int?
    /// The cover image as written (`/images/a.jpg`, `images/a.jpg` or an absolute URL).
    public var image: String?
    /// The summary written in front matter, if any.
    public var summary: String?
    /// Who wrote it.
    public var author: String?
    /// Left out of builds unless drafts are asked for.
    public var draft: Bool
    /// A template chosen by front matter (`layout:`), with its line.
    public var layout: TermReference?
    /// The Markdown body, rendered.
    public var body: RenderedMarkdown
    /// The summary as HTML and text: front matter `summary`, else the body's lead.
    public var summaryHTML: String
    /// The summary as plain text.
    public var summaryText: String
    /// Event details, for events only.
    public var event: EventDetails?
    /// Views, likes and comments from front matter (a data file's figures take precedence).
    public var popularity: Popularity? = nil
    /// What the cover image shows, for readers who cannot see it (empty: a decorative image).
    public var imageAlt: String? = nil
    /// The line of the front matter that names the cover, for problems with the image file.
    public var imageLine = 1
    /// Where a crop of the cover is centred (`imageFocus: 0.5,0.3`), else an attention-based crop.
    public var imageFocus: ImageFocus? = nil
    /// Everyone who wrote it, in the order given (`author` as a list, or `authors`); `author` is
    /// them joined for display.
    public var authors: [String] = []
    /// When it was last updated (`updated`, `lastmod`, `modified`), if given.
    public var updated: Date? = nil
    /// Old addresses that redirect to it (`aliases`, `redirect_from`), as site paths with their lines.
    public var aliases: [TermReference] = []
    /// The URL path given in front matter (`url`, `permalink`), which replaces the site's pattern.
    public var fixedPath: TermReference? = nil
    /// The page bundle it comes from (`<name>/index.md` with its files), if it is one.
    public var bundle: ItemBundle? = nil
    /// The code of the language it is written in (a multilingual site's), or `""` on a site in
    /// one language.
    public var language = ""
    /// What it shares with its translations (`translationKey:`, else its path without language:
    /// `content/news/gala.md` for `gala.en.md` and `content/en/news/gala.md` alike); `""` on a
    /// site in one language.
    public var translationKey = ""
    /// The line of its `translationKey:` (1 when it has none).
    public var translationKeyLine = 1
    /// Links its body and summary make to other content files; their `href`s are markers until
    /// `ContentLinkResolver` gives each the item's URL.
    public var contentLinks: [ContentLink] = []
    /// The images of the site its body shows, with lines of the file; their `src`s are markers
    /// until `BodyImageResolver` gives each its `<picture>`.
    public var bodyImages: [BodyImage] = []
    /// Whether list pages, feeds and the API show it (`build: {list: never}` keeps it out).
    public var listed = true
    /// Front-matter keys Herald does not read, for templates (`{{item.params.country}}`).
    public var params: [String: FrontMatterValue] = [:]
    /// `toc:` as written: true asks for a table of contents, false declines one; nil leaves it
    /// to the site's `markdown.toc.minHeadings`.
    public var toc: Bool? = nil
    /// Its terms in each of the site's own taxonomies (`SiteConfig.taxonomies`, in that order),
    /// as written: `topics: [Housing, Rent]`.
    public var terms: [[TermReference]] = []

    /// The instant that decides whether the item is published yet: `publishDate`, else `date`.
    public var goesLiveAt: Date? { publishDate ?? date }

    /// When the item was published, for feeds, the API, the sitemap and trending, as of `now`: its
    /// `date`, else (an event) the start of its series, but never later than now (an event that
    /// names no announcement date must not sit at the top of a feed, dated in the future).
    public func publishedAt(now: Date) -> Date? { Self.publishedAt(date: date, event: event, now: now) }

    /// `publishedAt(now:)` from the two fields it reads, for code that reads items field by field.
    public static func publishedAt(date: Date?, event: EventDetails?, now: Date) -> Date? {
        if let date { return date }
        return event.map { min($0.start, now) }
    }

    /// The date lists sort by: the publication date, else (events) the start.
    public var sortDate: Date { date ?? event?.start ?? Date(timeIntervalSince1970: 0) }
}
