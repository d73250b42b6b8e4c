import Foundation

/// A feed's channel: what it is about and where it lives.
struct FeedChannel: Sendable, Equatable {
    var title: String
    var description: String
    /// The HTML page the feed mirrors (absolute).
    var homeURL: String
    /// Output folder of the feed files (`` for the site, `categories/<slug>/` for a category).
    var folder: String
    /// The feed's newest items, newest first.
    var items: [ItemID]
}

/// The site's feeds (RSS 2.0, Atom 1.0, JSON Feed 1.1) and the same three for each category and
/// each term of the site's own taxonomies.
/// An entry names the first few of its item's categories and tags
/// (`LimitOptions.termsShownInLists`): each category's feeds list the item, so naming all of them
/// made the feeds grow with the square of one item's categories.
enum FeedPlan {
    /// The feed files of a site, ready to be written.
    static func files(site: Site, urls: SiteURLs, facts: [ItemFacts]) -> [GeneratedFile] {
        let channels = self.channels(site: site, urls: urls, facts: facts)
        // Made once for every feed: outside Chinese and English it looks up the language's CLDR
        // patterns, which is too dear to do for every feed. It follows from the settings' language.
        let dates = DateText(language: site.config.language)
        return channels.flatMap { channel in
            let inputs = FeedInputs(
                channel: channel, config: site.config, layout: site.layout, urls: urls, hour: site.hour,
                bodies: site.config.feeds.fullContent ? channel.items.map { site.items[$0].body.html } : [],
                facts: channel.items.map { facts[$0] },
                events: channel.items.map { facts[$0].event.map { APIEvent($0, now: site.now) } })
            // Entries carry their items' whole text only with `feeds.fullContent`.
            let bodies = site.config.feeds.fullContent ? channel.items : []
            return [
                GeneratedFile(path: URLLayout.rssPath(channel.folder), owner: "the RSS feed", inputs: inputs) {
                    Data(FeedWriter($0, dates: dates).rss().utf8)
                }.readingBodies(of: bodies),
                GeneratedFile(path: URLLayout.atomPath(channel.folder), owner: "the Atom feed", inputs: inputs) {
                    Data(FeedWriter($0, dates: dates).atom().utf8)
                }.readingBodies(of: bodies),
                GeneratedFile(path: URLLayout.jsonFeedPath(channel.folder), owner: "the JSON feed", inputs: inputs) {
                    FeedWriter($0, dates: dates).jsonFeed()
                }.readingBodies(of: bodies),
            ]
        }
    }

    /// The site's channel and each category's and term's, with their newest entries.
    static func channels(site: Site, urls: SiteURLs, facts: [ItemFacts]) -> [FeedChannel] {
        let limit = site.config.feeds.limit
        // Feeds list news and events by publication date, newest first.
        let newestFirst: (ItemID, ItemID) -> Bool = { a, b in
            facts[a].published != facts[b].published
                ? facts[a].published > facts[b].published : site.items[a].sourcePath < site.items[b].sourcePath
        }
        let everything = (site.news + site.upcomingEvents + site.pastEvents).sorted(by: newestFirst)
        var channels = [
            FeedChannel(
                title: site.config.title, description: site.config.description,
                homeURL: urls.absolute(site.layout.homePath), folder: site.layout.homePath,
                items: Array(everything.prefix(limit)))
        ]
        func channel(name: String, description: String?, folder: String, items: [ItemID]) -> FeedChannel {
            let items = items.filter { site.items[$0].kind != .page }.sorted(by: newestFirst)
            return FeedChannel(
                title: "\(name) · \(site.config.title)", description: description ?? site.config.description,
                homeURL: urls.absolute(folder), folder: folder, items: Array(items.prefix(limit)))
        }
        for category in site.categories {
            channels.append(
                channel(
                    name: category.name, description: category.description,
                    folder: site.layout.categoryPath(category.slug), items: category.items))
        }
        for taxonomy in site.taxonomies {
            for term in taxonomy.terms {
                channels.append(
                    channel(
                        name: term.name, description: nil,
                        folder: site.layout.termPath(taxonomy.declaration, term.slug), items: term.items))
            }
        }
        return channels
    }

    /// All a channel's feeds read: the channel, the site's settings, addresses and hour, and its
    /// entries' facts, bodies (with `feeds.fullContent`) and (for JSON Feed) event dates as of now.
    struct FeedInputs: Equatable, Sendable {
        var channel: FeedChannel
        var config: SiteConfig
        var layout: URLLayout
        var urls: SiteURLs
        var hour: Date
        /// Each entry's body as HTML, with `feeds.fullContent`; else none.
        var bodies: [String]
        var facts: [ItemFacts]
        var events: [APIEvent?]
    }
}

/// Writes a channel's feeds in the three formats from the same inputs, and from nothing else, so
/// that a feed is made again exactly when its inputs change.
struct FeedWriter: Sendable {
    let inputs: FeedPlan.FeedInputs
    let dates: DateText

    /// A writer of `inputs`' feeds; `dates` is for the settings' language.
    init(_ inputs: FeedPlan.FeedInputs, dates: DateText) {
        self.inputs = inputs
        self.dates = dates
    }

    private var config: SiteConfig { inputs.config }
    private var zone: TimeZone { inputs.config.timeZone }
    private var channel: FeedChannel { inputs.channel }

    /// The entries' facts with their positions in the inputs.
    private var entries: EnumeratedSequence<[ItemFacts]> { inputs.facts.enumerated() }

    /// The entry's HTML: the whole article with absolute links, or its summary.
    func contentHTML(_ entry: Int) -> String {
        let fact = inputs.facts[entry]
        let html = config.feeds.fullContent ? inputs.bodies[entry] : fact.summaryHTML
        return AbsoluteURLs.rewrite(eventPreamble(fact.event) + html, pageURL: fact.permalink)
    }

    /// For events, a line with when and where, so a feed reader shows it above the text.
    func eventPreamble(_ event: EventDetails?) -> String {
        guard let event else { return "" }
        var parts = [
            HTMLEscaping.escape(
                dates.eventRange(event) + (event.allDay ? "" : " (\(dates.zoneLabel(event.timeZone, at: event.start)))")
            )
        ]
        if let location = event.location { parts.append(HTMLEscaping.escape(location)) }
        if event.status != .scheduled { parts.append(HTMLEscaping.escape(event.status.rawValue.uppercased())) }
        return "<p><strong>" + parts.joined(separator: " · ") + "</strong></p>\n"
    }

    /// The newest publication date in a channel (the site's "now" for an empty one), so a feed
    /// only changes when its entries do.
    func updated() -> Date { inputs.facts.first?.published ?? inputs.hour }

    /// RSS 2.0, with `content:encoded` for the full text and `atom:link rel="self"`.
    func rss() -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
            <channel>
            <title>\(XMLText.text(channel.title))</title>
            <link>\(XMLText.text(channel.homeURL))</link>
            <description>\(XMLText.text(channel.description.isEmpty ? channel.title : channel.description))</description>
            <language>\(XMLText.text(config.language))</language>
            <lastBuildDate>\(RFC822.format(updated(), in: zone))</lastBuildDate>
            <generator>Herald</generator>
            <atom:link href="\(XMLText.attribute(inputs.urls.absolute(URLLayout.rssPath(channel.folder))))" rel="self" type="application/rss+xml"/>

            """
        for (entry, fact) in entries {
            xml += "<item>\n"
            xml += "<title>\(XMLText.text(fact.title))</title>\n"
            xml += "<link>\(XMLText.text(fact.permalink))</link>\n"
            xml += "<guid isPermaLink=\"false\">\(XMLText.text(fact.id))</guid>\n"
            xml += "<pubDate>\(RFC822.format(fact.published, in: zone))</pubDate>\n"
            for author in fact.authors { xml += "<dc:creator>\(XMLText.text(author))</dc:creator>\n" }
            if fact.kind == .event {
                xml +=
                    "<category domain=\"\(XMLText.attribute(inputs.urls.absolute(inputs.layout.listPath(.event))))\">event</category>\n"
            }
            for category in fact.categories.prefix(LimitOptions.termsShownInLists) {
                xml +=
                    "<category domain=\"\(XMLText.attribute(inputs.urls.absolute(inputs.layout.categoryPath(category.slug))))\">\(XMLText.text(category.name))</category>\n"
            }
            xml +=
                "<description>\(XMLText.text(AbsoluteURLs.rewrite(fact.summaryHTML, pageURL: fact.permalink)))</description>\n"
            if let image = fact.image { xml += mediaContent(image) }
            if config.feeds.fullContent {
                xml += "<content:encoded>\(XMLText.text(contentHTML(entry)))</content:encoded>\n"
            }
            xml += "</item>\n"
        }
        xml += "</channel>\n</rss>\n"
        return xml
    }

    /// Atom 1.0 (RFC 4287).
    func atom() -> String {
        let feedURL = inputs.urls.absolute(URLLayout.atomPath(channel.folder))
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(XMLText.attribute(config.language))">
            <title type="text">\(XMLText.text(channel.title))</title>

            """
        if !channel.description.isEmpty {
            xml += "<subtitle type=\"text\">\(XMLText.text(channel.description))</subtitle>\n"
        }
        xml += """
            <link rel="alternate" type="text/html" href="\(XMLText.attribute(channel.homeURL))"/>
            <link rel="self" type="application/atom+xml" href="\(XMLText.attribute(feedURL))"/>
            <id>\(XMLText.text(feedURL))</id>
            <updated>\(TimestampFormat.rfc3339(updated(), in: zone))</updated>
            <author><name>\(XMLText.text(config.author ?? config.title))</name></author>
            <generator>Herald</generator>

            """
        for (entry, fact) in entries {
            let date = TimestampFormat.rfc3339(fact.published, in: zone)
            xml += "<entry>\n"
            xml += "<title type=\"text\">\(XMLText.text(fact.title))</title>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.attribute(fact.permalink))\"/>\n"
            if let image = fact.image {
                xml +=
                    "<link rel=\"enclosure\"\(image.type.map { " type=\"\($0)\"" } ?? "") href=\"\(XMLText.attribute(image.url))\"/>\n"
            }
            xml += "<id>\(XMLText.text(fact.id))</id>\n"
            let updated = fact.updated.map { TimestampFormat.rfc3339(max($0, fact.published), in: zone) } ?? date
            xml += "<published>\(date)</published>\n<updated>\(updated)</updated>\n"
            for author in fact.people {
                let uri = author.path.map { "<uri>\(XMLText.text(inputs.urls.absolute($0)))</uri>" } ?? ""
                xml += "<author><name>\(XMLText.text(author.name))</name>\(uri)</author>\n"
            }
            if fact.kind == .event { xml += "<category term=\"event\" label=\"Event\"/>\n" }
            for category in fact.categories.prefix(LimitOptions.termsShownInLists) {
                xml +=
                    "<category term=\"\(XMLText.attribute(category.slug))\" label=\"\(XMLText.attribute(category.name))\"/>\n"
            }
            xml +=
                "<summary type=\"html\">\(XMLText.text(AbsoluteURLs.rewrite(fact.summaryHTML, pageURL: fact.permalink)))</summary>\n"
            if config.feeds.fullContent {
                xml += "<content type=\"html\">\(XMLText.text(contentHTML(entry)))</content>\n"
            }
            xml += "</entry>\n"
        }
        xml += "</feed>\n"
        return xml
    }

    /// The cover as Media RSS's `media:content` (with its size when known) and the square
    /// thumbnail as `media:thumbnail`: what feed readers show beside an entry.
    func mediaContent(_ image: ImageFacts) -> String {
        var xml = "<media:content url=\"\(XMLText.attribute(image.url))\" medium=\"image\""
        if let type = image.type { xml += " type=\"\(type)\"" }
        if let width = image.width, let height = image.height { xml += " width=\"\(width)\" height=\"\(height)\"" }
        xml += "/>\n"
        if let thumbnail = image.thumbnail {
            xml +=
                "<media:thumbnail url=\"\(XMLText.attribute(thumbnail.url))\" width=\"\(thumbnail.width)\" height=\"\(thumbnail.height)\"/>\n"
        }
        return xml
    }

    /// JSON Feed 1.1; events carry their details in a `_herald` extension object.
    func jsonFeed() -> Data {
        let feed = JSONFeedDocument(
            version: "https://jsonfeed.org/version/1.1", title: channel.title, homePageURL: channel.homeURL,
            feedURL: inputs.urls.absolute(URLLayout.jsonFeedPath(channel.folder)),
            description: channel.description.isEmpty ? nil : channel.description, language: config.language,
            authors: [.init(name: config.author ?? config.title)],
            items: entries.map { entry, fact in
                let date = TimestampFormat.rfc3339(fact.published, in: zone)
                return JSONFeedDocument.Item(
                    id: fact.id, url: fact.permalink, title: fact.title,
                    contentHTML: contentHTML(entry), summary: fact.summaryText.isEmpty ? nil : fact.summaryText,
                    image: fact.image?.url, bannerImage: fact.image?.card?.url, datePublished: date,
                    dateModified: fact.updated.map { TimestampFormat.rfc3339(max($0, fact.published), in: zone) }
                        ?? date,
                    authors: fact.people.isEmpty
                        ? nil : fact.people.map { .init(name: $0.name, url: $0.path.map(inputs.urls.absolute)) },
                    tags: fact.categories.prefix(LimitOptions.termsShownInLists).map(\.name)
                        + fact.tags.prefix(LimitOptions.termsShownInLists).map(\.name),
                    herald: JSONFeedDocument.Extension(kind: fact.kind.rawValue, event: inputs.events[entry]))
            })
        return JSONOutput.encode(feed)
    }
}

/// JSON Feed 1.1 (https://jsonfeed.org/version/1.1), field for field.
private struct JSONFeedDocument: Encodable {
    struct Author: Encodable {
        var name: String
        /// The author's page, where they have one.
        var url: String? = nil
    }
    struct Extension: Encodable {
        var kind: String
        var event: APIEvent?
    }
    struct Item: Encodable {
        var id: String
        var url: String
        var title: String
        var contentHTML: String
        var summary: String?
        var image: String?
        /// The card crop, wider than tall, as JSON Feed's banner.
        var bannerImage: String?
        var datePublished: String
        var dateModified: String
        var authors: [Author]?
        var tags: [String]
        var herald: Extension

        enum CodingKeys: String, CodingKey {
            case id, url, title, summary, image, authors, tags
            case contentHTML = "content_html"
            case datePublished = "date_published"
            case dateModified = "date_modified"
            case bannerImage = "banner_image"
            case herald = "_herald"
        }
    }

    var version: String
    var title: String
    var homePageURL: String
    var feedURL: String
    var description: String?
    var language: String
    var authors: [Author]
    var items: [Item]

    enum CodingKeys: String, CodingKey {
        case version, title, description, language, authors, items
        case homePageURL = "home_page_url"
        case feedURL = "feed_url"
    }
}

/// RFC 822 dates for RSS, with four-digit years and a numeric zone: `Sat, 21 Nov 2026 12:00:00 +0800`.
enum RFC822 {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ instant: Date, in zone: TimeZone) -> String {
        let civil = CivilDateTime(instant, in: zone)
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let zoneText = "\(sign)\((abs(offset) / 3600).padded(2))\((abs(offset) % 3600 / 60).padded(2))"
        return
            "\(days[civil.weekday]), \(civil.day.padded(2)) \(months[civil.month - 1]) \(civil.year) \(civil.hourMinute):\(civil.second.padded(2)) \(zoneText)"
    }
}
