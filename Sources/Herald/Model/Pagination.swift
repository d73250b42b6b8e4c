/// One page of a paged list.
public struct PageSlice<Element: Sendable>: Sendable {
    /// 1-based page number.
    public var number: Int
    /// How many pages the list has (at least 1).
    public var totalPages: Int
    /// The elements on this page.
    public var elements: ArraySlice<Element>
    /// The list's first page's path, e.g. `categories/sports/`.
    public var basePath: String
    /// The output path of each page number (`URLLayout.pagerPath` for pages, another for the API).
    var pathOfPage: @Sendable (Int) -> String

    /// The output path (relative to the site root) of page `number` of this list.
    public func path(ofPage number: Int) -> String { pathOfPage(number) }

    /// This page's own path.
    public var path: String { path(ofPage: number) }
    /// The previous page's path, if any.
    public var previousPath: String? { number > 1 ? path(ofPage: number - 1) : nil }
    /// The next page's path, if any.
    public var nextPath: String? { number < totalPages ? path(ofPage: number + 1) : nil }

    /// The page numbers a pager shows: the first, the last, and up to `radius` on each side of
    /// this one, with `nil` standing for each gap. A list of 800 pages thus links 7 of them,
    /// not 800, which keeps every page small and the build linear.
    public func pagerNumbers(radius: Int = 2) -> [Int?] {
        var shown = Set([1, totalPages])
        for n in (number - radius)...(number + radius) where (1...totalPages).contains(n) { shown.insert(n) }
        var result: [Int?] = []
        var previous = 0
        for n in shown.sorted() {
            if n > previous + 1 { result.append(nil) }
            result.append(n)
            previous = n
        }
        return result
    }
}

/// Splits every paged list the same way: categories, tags, news and events all use this.
public enum Pagination {
    /// Splits `elements` into pages of `pageSize` under `basePath`, each page at `pathOfPage`
    /// (by default the pager's folders, `…/page/2/`). An empty list still has one (empty) page,
    /// so its URL exists.
    public static func paginate<Element: Sendable>(
        _ elements: [Element], pageSize: Int, basePath: String,
        pathOfPage: (@Sendable (Int) -> String)? = nil
    ) -> [PageSlice<Element>] {
        let pathOfPage = pathOfPage ?? { URLLayout.pagerPath(basePath, page: $0) }
        // Clamped to the list's length so that no page size can overflow the arithmetic.
        let size = min(max(1, pageSize), max(1, elements.count))
        let total = max(1, (elements.count + size - 1) / size)
        return (1...total).map { number in
            let start = (number - 1) * size
            let end = min(elements.count, start + size)
            return PageSlice(
                number: number, totalPages: total, elements: elements[start..<end], basePath: basePath,
                pathOfPage: pathOfPage)
        }
    }
}
