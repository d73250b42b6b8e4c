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
    /// The file and line the card's title comes from (an item's `title:`, a category in
    /// site.yml), where a card that cannot be drawn is reported; nil for the home page's.
    var origin: Diagnostic?

    /// The most characters of one text a card draws: the title shrinks to fit and wraps, so a
    /// longer one could never be shown whole, and only made drawing slower (a 10,000-character
    /// title failed to draw at all).
    static let longestText = 300

    /// Changes whenever the same card would be drawn otherwise.
    static let version = "1"
    /// The format cards are written in.
    static let format = ImageFormat.jpeg

    init(
        page: String, title: String, kicker: String?, meta: String?, siteName: String, accent: String?,
        cover: SiteImage?, layout: SocialCardLayout
    ) {
        let clip = Self.clipped
        (self.title, self.kicker, self.meta, self.siteName, self.accent, self.cover) = (
            clip(title), kicker.map(clip), meta.map(clip), clip(siteName), accent, cover
        )
        let (title, kicker, meta, siteName) = (self.title, self.kicker, self.meta, self.siteName)
        key = ImageRecipe.hash(
            [
                Self.version, layout.fingerprint, title, kicker ?? "", meta ?? "", siteName, accent ?? "",
                cover?.contentHash ?? "",
            ].joined(separator: "\u{1F}"))
        path = URLLayout.socialCardPath(page: page, hash: String(key.prefix(10)))
    }

    /// `text`, or its first `longestText` characters and an ellipsis.
    static func clipped(_ text: String) -> String {
        text.count > longestText ? String(text.prefix(longestText - 1)) + "…" : text
    }
}
