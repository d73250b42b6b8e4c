import Foundation

/// How much readers engaged with an item, from analytics (`data/popularity.csv`) or front matter.
public struct Popularity: Sendable, Equatable {
    /// Page views.
    public var views: Int
    /// Likes (or reactions).
    public var likes: Int
    /// Comments.
    public var comments: Int

    public init(views: Int = 0, likes: Int = 0, comments: Int = 0) {
        self.views = views
        self.likes = likes
        self.comments = comments
    }
}

/// One row of a popularity data file, naming its item by content path or slug.
public struct PopularityRecord: Sendable, Equatable {
    /// The item as the file names it: a path under `content/` (`news/2026/a.md`, with or without
    /// the `content/` prefix) or a slug.
    public var key: String
    /// The figures.
    public var popularity: Popularity
    /// Where it was read, for diagnostics.
    public var path: String
    public var line: Int

    public init(key: String, popularity: Popularity, path: String, line: Int) {
        self.key = key
        self.popularity = popularity
        self.path = path
        self.line = line
    }
}

/// How trending is scored (`trending:` in `site.yml`); see docs/trending.md.
public struct TrendingOptions: Sendable, Equatable {
    /// Only items published within this many days count.
    public var windowDays: Double = 30
    /// How fast a score decays with age; higher favours newer items.
    public var gravity: Double = 1.8
    /// Points per view, like and comment.
    public var viewWeight: Double = 1
    public var likeWeight: Double = 5
    public var commentWeight: Double = 10
    /// Items on the `/trending/` page (and in `api/trending.json`).
    public var limit: Int = 20

    public init() {}

    /// The points an item's popularity is worth before decay.
    public func points(_ popularity: Popularity) -> Double {
        Double(popularity.views) * viewWeight + Double(popularity.likes) * likeWeight + Double(popularity.comments)
            * commentWeight
    }

    /// points / (age in hours + 2) ^ gravity.
    public func score(points: Double, ageHours: Double) -> Double {
        points / pow(max(0, ageHours) + 2, gravity)
    }
}
