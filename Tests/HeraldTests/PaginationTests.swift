import Testing

@testable import Herald

@Suite struct PaginationTests {
    @Test func emptyListStillHasItsFirstPage() {
        let pages = Pagination.paginate([Int](), pageSize: 10, basePath: "tags/x/")
        #expect(pages.count == 1)
        #expect(pages[0].elements.isEmpty)
        #expect(pages[0].path == "tags/x/")
        #expect(pages[0].previousPath == nil && pages[0].nextPath == nil)
    }

    @Test func pagesAreNumberedUnderPage() {
        let pages = Pagination.paginate(Array(1...5), pageSize: 2, basePath: "categories/sport/")
        #expect(pages.map { Array($0.elements) } == [[1, 2], [3, 4], [5]])
        #expect(pages.map(\.path) == ["categories/sport/", "categories/sport/page/2/", "categories/sport/page/3/"])
        #expect(pages[1].previousPath == "categories/sport/")
        #expect(pages[1].nextPath == "categories/sport/page/3/")
        #expect(pages.allSatisfy { $0.totalPages == 3 })
    }

    @Test func exactMultipleHasNoEmptyTrailingPage() {
        #expect(Pagination.paginate(Array(1...4), pageSize: 2, basePath: "news/").count == 2)
        #expect(
            Pagination.paginate(Array(1...4), pageSize: 0, basePath: "news/").count == 4,
            "a page size below 1 is taken as 1")
    }

    @Test func pagerShowsFirstLastAndNeighboursWithGaps() {
        let pages = Pagination.paginate(Array(1...100), pageSize: 10, basePath: "news/")
        #expect(pages[0].pagerNumbers() == [1, 2, 3, nil, 10])
        #expect(pages[4].pagerNumbers() == [1, nil, 3, 4, 5, 6, 7, nil, 10])
        #expect(pages[9].pagerNumbers() == [1, nil, 8, 9, 10])
        #expect(pages[3].pagerNumbers() == [1, 2, 3, 4, 5, 6, nil, 10], "no gap for a run that reaches page 1")
        #expect(Pagination.paginate([1], pageSize: 10, basePath: "x/")[0].pagerNumbers() == [1])
    }

    @Test func aHugePageSizeCannotOverflow() {
        #expect(Pagination.paginate(Array(1...3), pageSize: Int.max, basePath: "x/").count == 1)
        #expect(
            diagnostics(["site.yml": "title: T\npageSize: 9223372036854775807\n"]) == [
                "site.yml:2: pageSize must be between 1 and 10000"
            ])
    }
}
