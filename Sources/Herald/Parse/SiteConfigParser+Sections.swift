import Foundation
import Yams

/// The keys of site.yml's sections (`markdown:`, `home:`, `trending:`, `feeds:`, `limits:`), each
/// declared once; their defaults are those of the options each is read into.
extension SiteConfigParser {
    /// `markdown:`: the switches `MarkdownOptions` lists, the heading ID prefix and `toc:`.
    static var markdownKeys: [SiteConfigKey<MarkdownOptions>] {
        let prefix = SiteConfigKey<MarkdownOptions>("headingIDPrefix") { section, place, markdown in
            guard let prefix = section.text(place.name), !prefix.isEmpty else { return }
            if let safe = HeadingIDs.safePrefix(prefix) {
                markdown.headingIDPrefix = safe
            } else {
                section.problems.error(
                    section.path, section.line(of: section.node(place.name)),
                    "markdown.headingIDPrefix '\(prefix)' may hold only letters, digits, '-', '_', '.' and ':' (at most \(HeadingIDs.prefixLimit)), as it goes into every heading's id"
                )
            }
        }
        // `toc: true` is a table for every item with a heading listed, `toc: false` only for
        // items that ask; a mapping sets the levels and the threshold.
        let toc = SiteConfigKey<MarkdownOptions>("toc", nested: SiteConfigKey.paths(of: tableOfContentsKeys)) {
            section, place, markdown in
            if case .scalar? = section.node(place.name), let every = section.bool(place.name) {
                markdown.toc.minHeadings = every ? 1 : 0
            } else if var toc = section.mapping(place.name) {
                SiteConfigKey.read(&toc, by: tableOfContentsKeys, into: &markdown.toc, section: place.path)
                if markdown.toc.startLevel > markdown.toc.endLevel {
                    toc.problems.error(
                        toc.path, toc.line(of: toc.node("endLevel") ?? toc.node("startLevel")),
                        "markdown.toc.endLevel (\(markdown.toc.endLevel)) is below startLevel (\(markdown.toc.startLevel))"
                    )
                }
                section.absorb(toc)
            }
        }
        return MarkdownOptions.switches.map { SiteConfigKey.flag($0.key, $0.field) } + [prefix, toc]
    }

    /// `markdown: {toc: {startLevel: 2, endLevel: 3, minHeadings: 4, ordered: false}}`.
    static var tableOfContentsKeys: [SiteConfigKey<TableOfContentsOptions>] {
        TableOfContentsOptions.numbers.map { key, field, range in
            SiteConfigKey(key) { section, place, options in
                guard let value = section.int(place.name) else { return }
                if range.contains(value) {
                    options[keyPath: field] = value
                } else {
                    section.problems.error(
                        section.path, section.line(of: section.node(place.name)),
                        "markdown.toc.\(place.name) must be between \(range.lowerBound) and \(range.upperBound)")
                }
            }
        } + [.flag("ordered", \.ordered)]
    }

    /// `home:`: how many items each strip of the home page shows.
    static var homeKeys: [SiteConfigKey<HomeOptions>] {
        [
            .count("recent", \.recent), .count("featured", \.featured), .count("upcoming", \.upcoming),
            .count("trending", \.trending),
            .flag("recentIncludesFeatured", \.recentIncludesFeatured),
        ]
    }

    /// `feeds:`: how many entries, and whether they carry whole articles.
    static var feedKeys: [SiteConfigKey<FeedOptions>] {
        [
            SiteConfigKey("limit") { section, place, feeds in
                guard let limit = section.int(place.name) else { return }
                if limit >= 1 {
                    feeds.limit = limit
                } else {
                    section.problems.error(
                        section.path, section.line(of: section.node(place.name)), "feeds limit must be at least 1")
                }
            },
            SiteConfigKey("content") { section, place, feeds in
                guard let content = section.text(place.name) else { return }
                switch content {
                case "full": feeds.fullContent = true
                case "summary": feeds.fullContent = false
                default:
                    section.problems.error(
                        section.path, section.line(of: section.node(place.name)),
                        "feeds content must be full or summary, not '\(content)'")
                }
            },
        ]
    }

    /// `trending:`: the window, the gravity, the weights and how many items the list holds.
    static var trendingKeys: [SiteConfigKey<TrendingOptions>] {
        let weights: [SiteConfigKey<TrendingOptions>] = [
            positive("views", \.viewWeight), positive("likes", \.likeWeight), positive("comments", \.commentWeight),
        ]
        let window = SiteConfigKey<TrendingOptions>("window") { section, place, trending in
            positive(place.name, \.windowDays).read(&section, place, &trending)
            if trending.windowDays == 0 {
                section.problems.error(
                    section.path, section.line(of: section.node(place.name)), "trending window must be more than 0 days"
                )
            }
        }
        let limit = SiteConfigKey<TrendingOptions>("limit") { section, place, trending in
            guard let limit = section.int(place.name) else { return }
            if limit >= 1 {
                trending.limit = limit
            } else {
                section.problems.error(
                    section.path, section.line(of: section.node(place.name)), "trending limit must be at least 1")
            }
        }
        return [window, positive("gravity", \.gravity), .section("weights", \.self, weights), limit]
    }

    /// A number of at least 0 that sets `field`.
    private static func positive(
        _ name: String, _ field: WritableKeyPath<TrendingOptions, Double>
    ) -> SiteConfigKey<TrendingOptions> {
        SiteConfigKey(name) { reader, place, trending in
            guard let node = reader.node(place.name) else { return }
            guard let value = node.float ?? node.int.map(Double.init), value >= 0, value.isFinite else {
                reader.problems.error(
                    reader.path, reader.line(of: node), "\(place.name) must be a number of at least 0")
                return
            }
            trending[keyPath: field] = value
        }
    }

    /// `limits: {termsPerItem: 100}`: bounds on what one content file may ask for.
    static var limitKeys: [SiteConfigKey<LimitOptions>] {
        [
            SiteConfigKey("termsPerItem") { section, place, limits in
                guard let count = section.int(place.name) else { return }
                // Beyond 10,000 one item's terms write tens of thousands of pages and feeds.
                if (1...10_000).contains(count) {
                    limits.termsPerItem = count
                } else {
                    section.problems.error(
                        section.path, section.line(of: section.node(place.name)),
                        "limits termsPerItem must be from 1 to 10000, not \(count)")
                }
            }
        ]
    }
}
