import Foundation
import Herald
import Yams

/// The sections `--news`, `--events`, `--pages` and `--skip` name, overriding the guess.
public struct SectionOverrides: Sendable, Equatable {
    public var news: [String] = []
    public var events: [String] = []
    public var pages: [String] = []
    public var skip: [String] = []

    public init(news: [String] = [], events: [String] = [], pages: [String] = [], skip: [String] = []) {
        self.news = news
        self.events = events
        self.pages = pages
        self.skip = skip
    }

    /// The kind a section is given, nil inside for `--skip`; nil when the section is not named.
    func kind(of section: String) -> ContentKind?? {
        func names(_ list: [String]) -> Bool { list.contains { $0 == section || $0.trimmingSuffix("/") == section } }
        if names(skip) { return .some(nil) }
        if names(events) { return .event }
        if names(news) { return .news }
        if names(pages) { return .page }
        return nil
    }
}

/// What one section of the old site becomes, and why: the report prints it, so a wrong guess is
/// seen at once.
struct SectionChoice: Sendable, Equatable {
    var section: String
    /// News, events or pages; nil when the section is left out.
    var kind: ContentKind?
    var reason: String
    /// Its items (section pages not counted).
    var items: Int
}

/// Chooses a Herald kind for each section of the old site.
enum SectionMapping {
    static let newsNames: Set<String> = [
        "posts", "post", "blog", "blogs", "news", "articles", "article", "updates", "stories", "press", "announcements",
        "notices", "_posts", "_drafts",
    ]
    static let eventNames: Set<String> = [
        "events", "event", "activity", "activities", "meetups", "meetup", "calendar", "agenda", "workshops", "webinars",
        "_events",
    ]
    /// Front-matter names of an event's start.
    static let startNames = ["start", "startDate", "dateStart", "start_date", "eventDate", "event_start"]

    /// Whether an item looks like an event: a start key, or `layout`/`type` event.
    static func isEvent(_ item: OldItem, defaults: [(key: String, value: Node)]) -> Bool {
        if startNames.contains(where: { item.fields.field($0) != nil }) { return true }
        let layout =
            item.fields.text("layout") ?? item.fields.text("type")
            ?? defaults.first { $0.key == "layout" }?.value.string
        return layout?.lowercased() == "event" || layout?.lowercased() == "events"
    }

    /// Whether an item has a date (front matter or file name).
    static func isDated(_ item: OldItem) -> Bool {
        item.fields.field("date") != nil
            || Slug.datePrefix(of: ((item.bundleFolder ?? item.sourcePath) as NSString).lastPathComponent) != nil
    }

    /// The choice for every section of `items`.
    static func choose(
        _ items: [OldItem], config: OldSiteConfig, overrides: SectionOverrides,
        defaults: (OldItem) -> [(key: String, value: Node)]
    ) -> [String: SectionChoice] {
        let bySection = Dictionary(grouping: items, by: \.section)
        let taxonomies = Set(config.kind == .hugo ? config.taxonomies.map { $0.plural.lowercased() } : [])
        var choices: [String: SectionChoice] = [:]
        for (section, members) in bySection {
            let regular = members.filter { $0.role == .item }
            let name = section.lowercased()
            let leaf = String(name.split(separator: "/").last ?? "")
            func choice(_ kind: ContentKind?, _ reason: String) -> SectionChoice {
                // A page section's own page (`about/_index.md`) is one of its pages.
                SectionChoice(
                    section: section, kind: kind, reason: reason, items: kind == .page ? members.count : regular.count)
            }
            if let override = overrides.kind(of: section) {
                choices[section] = choice(override, override == nil ? "--skip" : "--\(override!.folder)")
                continue
            }
            if taxonomies.contains(name) {
                choices[section] = choice(
                    nil, "taxonomy pages: Herald makes its own pages for categories, tags and taxonomies")
                continue
            }
            if regular.isEmpty {
                choices[section] = choice(.page, "a section with only its own page")
                continue
            }
            let events = regular.filter { isEvent($0, defaults: defaults($0)) }.count
            let dated = regular.filter(isDated).count
            if events > 0, events * 2 >= regular.count {
                choices[section] = choice(
                    .event, "\(events) of \(regular.count) items have an event's start or layout: event")
            } else if eventNames.contains(leaf) && section != "_posts" {
                choices[section] = choice(.event, "an events section by its name")
            } else if newsNames.contains(leaf) || section.hasPrefix("_posts") || section.hasPrefix("_drafts") {
                choices[section] = choice(
                    .news, section.hasPrefix("_") ? "Jekyll's posts" : "a posts section by its name")
            } else if section == "pages" {
                choices[section] = choice(.page, "single pages")
            } else if regular.count >= 3, dated * 5 >= regular.count * 4 {
                choices[section] = choice(.news, "\(dated) of \(regular.count) items are dated, like posts")
            } else {
                choices[section] = choice(.page, regular.count <= 1 ? "a single page" : "undated pages")
            }
        }
        return choices
    }
}
