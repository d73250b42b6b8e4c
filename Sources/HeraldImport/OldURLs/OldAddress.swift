import Foundation
import Herald

/// Where the old site published an item, worked out from the old generator's rules.
struct OldAddress: Sendable, Equatable {
    /// The path below the site's base, as Herald's output paths are written: `blog/2019/01/14/intro/`
    /// (a folder, whose page is its index.html) or `2014/11/01/intro.html` (a file).
    var path: String
    /// The text the pattern's slug-like token (`:slug`, `:title`, `:filename`) was filled with,
    /// which Herald's `:slug` must give for the address to stay; nil when the pattern has none.
    var slug: String?
    /// Which rule gave it, for the report: `url:`, `permalink:`, `[permalinks] blog`, …
    var rule: String
}
