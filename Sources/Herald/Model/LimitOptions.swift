/// Bounds on what one content file can make Herald write (`limits:` in `site.yml`).
///
/// Every category and tag an item names gets a page of its own, and a category gets three feeds,
/// an API document and a social card too, each listing the item: without a bound, one file of a
/// few kilobytes naming thousands of terms wrote gigabytes (issue 35). With these bounds the
/// output of an item grows linearly with its size (docs/errors.md states the figure).
public struct LimitOptions: Sendable, Equatable {
    /// The most categories an item may name, and, counted apart, the most tags (`termsPerItem`).
    public var termsPerItem = 100

    /// The longest a category or tag may be, in bytes of UTF-8: its name is shown wherever the
    /// term is, and its slug is a folder name, which file systems keep under 256 bytes.
    public static let longestTerm = 200

    /// How many of an item's categories, and of its tags, a list shows with it (its card, a list
    /// page's entry, a feed's or a calendar's entry), and how many of the site's categories every
    /// page shows beside those `site.yml` declares: a term's page lists each of its items, so
    /// listing every term of each of them would make the output grow with the square of the terms.
    public static let termsShownInLists = 10

    public init() {}
}
