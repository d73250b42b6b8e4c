import Foundation

/// One page's social card: the 1200 × 630 image shared links show (`og:image`), with the page's
/// title, its category's colour and icon, the site's name and the date (for an event its date,
/// time and place), on the item's darkened cover when it has one.
public struct SocialCard: Sendable, Equatable {
    /// Where it is published (`social/news/gala.3f2a9c1b07.jpg`).
    public var path: String
    /// A hash of everything drawn: its cache key.
    var key: String
    public var title: String
    /// The category, with its icon: `🎉 学院活动`.
    public var kicker: String?
    /// The date, or an event's date, time and place.
    public var meta: String?
    public var siteName: String
    /// The category's colour, for the bar along its edge.
    public var accent: String?
    /// The cover drawn behind the text.
    var cover: SiteImage?

    /// Changes whenever the same card would be drawn otherwise.
    static let version = "1"
    /// The format cards are written in.
    static let format = ImageFormat.jpeg

    init(page: String, title: String, kicker: String?, meta: String?, siteName: String, accent: String?, cover: SiteImage?, layout: SocialCardLayout) {
        (self.title, self.kicker, self.meta, self.siteName, self.accent, self.cover) = (title, kicker, meta, siteName, accent, cover)
        key = ImageRecipe.hash([Self.version, layout.fingerprint, title, kicker ?? "", meta ?? "", siteName, accent ?? "", cover?.contentHash ?? ""].joined(separator: "\u{1F}"))
        path = URLLayout.socialCardPath(page: page, hash: String(key.prefix(10)))
    }
}
