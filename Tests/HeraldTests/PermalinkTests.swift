import Foundation
import Testing

@testable import Herald
@testable import HeraldPublish

/// site.yml `permalinks:` and the one `URLLayout` every output asks.
@Suite struct PermalinkTests {
    func item(_ kind: ContentKind, slug: String, date: String?, categories: [String] = []) -> ContentItem {
        ContentItem(
            kind: kind, sourcePath: "content/\(kind.folder)/\(slug).md", slug: slug, slugLine: 1, title: slug,
            date: date.flatMap(DateParser.parseInstant), publishDate: nil, expiryDate: nil,
            categories: categories.map { TermReference(name: $0, line: 3) }, tags: [], featured: false, weight: nil,
            image: nil,
            summary: nil, author: nil, draft: false, layout: nil, body: RenderedMarkdown(), summaryHTML: "",
            summaryText: "", event: nil)
    }

    func layout(_ patterns: [ContentKind: String], categories: [CategoryDeclaration] = []) throws -> URLLayout {
        var config = SiteConfig(title: "T", timeZone: TimeZone(identifier: "Asia/Shanghai")!, categories: categories)
        config.permalinks = try patterns.mapValues { try PermalinkPattern.parse($0).get() }
        return config.layout
    }

    @Test func herald_sOwnLayoutIsTheDefault() throws {
        let layout = try layout([:])
        #expect(layout.itemPath(item(.news, slug: "a", date: "2026-11-02T00:00:00Z")) == "news/a/")
        #expect(layout.itemPath(item(.event, slug: "b", date: nil)) == "events/b/")
        #expect(layout.itemPath(item(.page, slug: "about", date: nil)) == "about/")
    }

    @Test(arguments: [
        ("/blog/:year/:month/:day/:slug/", "blog/2019/01/14/hello/"),
        ("/:year/:month/:day/:title.html", "2019/01/14/hello.html"),
        ("/:section/:slug", "news/hello/"),
        ("/:category/:slug/", "campus-life/hello/"),
        ("/:categories/:year/:slug/", "campus-life/学院活动/2019/hello/"),
        ("/p/:year-:month-:slug/", "p/2019-01-hello/"),
    ])
    func tokensAreFilledIn(pattern: String, expected: String) throws {
        // 2019-01-14 in Shanghai, though 2019-01-13 in UTC: dates are read in the site's zone.
        let news = item(.news, slug: "hello", date: "2019-01-13T20:00:00Z", categories: ["Campus Life", "学院活动"])
        #expect(try layout([.news: pattern]).itemPath(news) == expected)
    }

    @Test func fileNameTokensKeepHugosAddressesOfUndatedSlugs() throws {
        var event = item(.event, slug: "orientation", date: "2026-02-15T00:00:00Z")
        event.sourcePath = "content/events/2026-02-15-orientation.md"
        #expect(try layout([.event: "/events/:filename/"]).itemPath(event) == "events/2026-02-15-orientation/")
        #expect(try layout([.event: "/events/:slugorfilename/"]).itemPath(event) == "events/2026-02-15-orientation/")
        event.slugLine = 4  // written in front matter
        #expect(try layout([.event: "/events/:slugorfilename/"]).itemPath(event) == "events/orientation/")
        event.bundle = ItemBundle(folder: "content/events/2026-02-15-orientation", resources: [])
        event.sourcePath = "content/events/2026-02-15-orientation/index.en.md"
        #expect(try layout([.event: "/events/:filename/"]).itemPath(event) == "events/2026-02-15-orientation/")
    }

    @Test func aCategoryTokenUsesTheDeclaredSlug() throws {
        let declared = [CategoryDeclaration(slug: "campus", name: "校园生活")]
        let news = item(.news, slug: "hello", date: "2026-11-02T00:00:00Z", categories: ["校园生活"])
        #expect(try layout([.news: "/:category/:slug/"], categories: declared).itemPath(news) == "campus/hello/")
    }

    @Test func resourcesAPIAndCalendarsFollowTheItemsPath() {
        #expect(
            URLLayout.resourcePath(itemPath: "blog/2019/01/14/hello/", resource: "a.jpg")
                == "blog/2019/01/14/hello/a.jpg")
        #expect(
            URLLayout.resourcePath(itemPath: "2019/01/14/hello.html", resource: "a.jpg") == "2019/01/14/hello/a.jpg")
        #expect(URLLayout.standard.apiItemPath(kind: .news, itemPath: "news/hello/") == "api/news/hello.json")
        #expect(URLLayout.standard.apiItemPath(kind: .page, itemPath: "about/") == "api/pages/about.json")
        #expect(
            URLLayout.standard.apiItemPath(kind: .news, itemPath: "2019/01/14/hello.html")
                == "api/news/2019/01/14/hello.json")
        #expect(URLLayout.eventCalendarPath(itemPath: "events/gala/") == "events/gala/event.ics")
        #expect(URLLayout.pageFile("2019/01/14/hello.html") == "2019/01/14/hello.html")
        #expect(URLLayout.pageFile("news/hello/") == "news/hello/index.html")
    }

    @Test(arguments: [
        ("/old/post/", "old/post/"), ("/old/post", "old/post/"), ("old/post.html", "old/post.html"),
        ("https://example.org/old/post/?x=1", "old/post/"), ("//double//slashes/", "double/slashes/"), ("/", ""),
    ])
    func aliasesBecomeOutputPaths(written: String, expected: String) {
        #expect(URLLayout.aliasPath(written) == expected)
    }

    @Test func patternsAreCheckedWhenSiteYmlIsRead() {
        let parsed = SiteConfigParser.parse(
            "title: T\npermalinks:\n  news: /blog/:year/:monthname/:slug/\n  events: /events/:year/\n  posts: /x/:slug/\n"
        )
        #expect(parsed.config == nil)
        #expect(
            parsed.diagnostics.sorted().map(\.description) == [
                "site.yml:3: permalink '/blog/:year/:monthname/:slug/' has the unknown token ':monthname'; use :year, :month, :day, :slugorfilename, :slug, :title, :section, :categories, :category, :filename",
                "site.yml:4: permalink '/events/:year/' must contain :slug (or :filename), or two items would share one page",
                "site.yml:5: warning: unknown key 'posts' in permalinks is ignored",
            ])
    }

    @Test func aDateTokenForAnUndatedItemIsAnError() {
        let site = MemorySite([
            "site.yml": "title: T\nbaseURL: https://example.org/\npermalinks:\n  pages: /:year/:slug/\n",
            "content/pages/about.md": "---\ntitle: About\n---\n",
        ])
        #expect(
            site.diagnostics() == [
                "content/pages/about.md:2: the permalink pattern for pages (/:year/:slug/) needs a date, and this item has none: add `date:`"
            ])
    }

    @Test func twoItemsAtOneAddressAreAnErrorNamingBoth() {
        let site = MemorySite([
            "site.yml": "title: T\nbaseURL: https://example.org/\npermalinks:\n  news: /:year/:slug/\n",
            "content/news/2026-11-01-hello.md": "---\ntitle: A\n---\n",
            "content/news/2026/2026-10-01-hello.md": "---\ntitle: B\n---\n",
            "content/news/2025-12-01-hello.md": "---\ntitle: C\n---\n",
        ])
        #expect(
            site.diagnostics() == [
                "content/news/2026/2026-10-01-hello.md:1: the URL /2026/hello/ is already used by content/news/2026-11-01-hello.md; give one of them another `slug:`"
            ], "the same slug in other years is no clash under a dated pattern")
    }

    /// For random sets of patterns, a site of news (in bundles and not), events, pages, categories in
    /// two scripts and old addresses builds, and every link of every page, redirect and feed leads
    /// to a file of the output (`herald check` finds nothing broken).
    @Test func everyLinkLeadsToAFileWhateverThePatterns() throws {
        var random = SplitMix64(seed: 20_261_122)
        let datedPieces = [
            ":year", ":month", ":day", ":year-:month", ":section", ":category", ":categories", "blog", "p", "archive",
        ]
        let undatedPieces = [":section", ":category", "info", "p"]
        func pattern(_ pieces: [String]) -> String {
            var segments = (0..<Int(random.next() % 3)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
            segments.insert(
                random.next() % 4 == 0 ? "x-:slug" : ":slug", at: Int(random.next() % UInt64(segments.count + 1)))
            return "/" + segments.joined(separator: "/") + (random.next() % 3 == 0 ? ".html" : "/")
        }
        for round in 0..<24 {
            let patterns = [
                "news": pattern(datedPieces), "events": pattern(datedPieces), "pages": pattern(undatedPieces),
            ]
            let site: [String: String] = [
                "site.yml":
                    "title: T\nbaseURL: https://example.org/union/\ntimezone: Asia/Shanghai\ncategories:\n  - name: 校园生活\n    slug: campus\npermalinks:\n"
                    + patterns.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)\n" }.joined(),
                "content/news/2026-11-01-first.md":
                    "---\ntitle: First\ncategories: [校园生活, Sport]\naliases: [/old/first/, /2026/first.html]\n---\nSee [a page that is not there](/\(round)/) and ![the icon](/assets/favicon.svg).\n",
                "content/news/2026/2026-11-02-second/index.md":
                    "---\ntitle: Second\ncategories: 学院活动\nimage: cover.png\n---\n![photo](photo.png) [deck](files/deck.pdf)\n",
                "content/news/2026/2026-11-02-second/files/deck.pdf": "PDF",
                "content/events/2026-12-05-gala.md":
                    "---\ntitle: Gala\ndate: 2026-12-05\ntime: 19:00-21:00\nplace: Hall\ncategories: [Sport]\nredirect_from: /events/old-gala/\n---\n",
                "content/events/fair/index.md":
                    "---\ntitle: Fair\ndateStart: 2026-11-01\ndateEnd: 2026-11-02\n---\n![map](map.png)\n",
                "content/pages/about.md": "---\ntitle: About\ncategories: [校园生活]\n---\n",
            ]
            // The one hand-written link (to a page that does not exist) is the only finding expected.
            let cover = [
                "content/news/2026/2026-11-02-second/cover.png": Fixtures.image("icon.png"),
                "content/events/fair/map.png": Fixtures.image("icon.png"),
                "content/news/2026/2026-11-02-second/photo.png": Fixtures.image("icon.png"),
            ]
            let report = try SiteCheck.run(
                BuildOptions(now: Fixtures.now), fileSystem: MemorySite(site, binary: cover).fileSystem)
            let unexpected = report.errors.filter { !$0.message.contains("links to /\(round)/") }
            #expect(unexpected.isEmpty, "patterns \(patterns): \(unexpected)")
            #expect(report.errors.count >= 1, "the broken hand-written link is found (patterns \(patterns))")
        }
    }
}

/// A small deterministic random number generator, so a property test fails the same way twice.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Old addresses: `aliases:` and `redirect_from:` become redirect pages and `_redirects`.
@Suite struct RedirectTests {
    let site = MemorySite([
        "site.yml": "title: T\nbaseURL: https://example.org/union/\nlanguage: zh-CN\n",
        "content/news/2026-11-02-gala.md":
            "---\ntitle: Gala <night>\naliases: [/2014/11/01/gala.html, /old/gala/]\n---\n",
        "content/events/2026-12-05-fair.md":
            "---\ntitle: Fair\nstart: 2026-12-05\nredirect_from: /events/2019-fair/\n---\n",
    ])

    @Test func eachAliasIsARedirectPageAndALineOfRedirects() throws {
        let output = try site.build()
        #expect(
            output.text("_redirects") == """
                # Old addresses of moved pages, made by herald build from `aliases:` and `redirect_from:`.
                /union/2014/11/01/gala.html /union/news/gala/ 301
                /union/events/2019-fair/ /union/events/fair/ 301
                /union/old/gala/ /union/news/gala/ 301

                """)
        #expect(
            output.text("2014/11/01/gala.html") == """
                <!DOCTYPE html>
                <html lang="zh-CN">
                <head>
                <meta charset="utf-8">
                <title>Gala &lt;night&gt;</title>
                <link rel="canonical" href="https://example.org/union/news/gala/">
                <meta name="robots" content="noindex">
                <meta http-equiv="refresh" content="0; url=/union/news/gala/">
                </head>
                <body>
                <p><a href="/union/news/gala/">Gala &lt;night&gt;</a></p>
                </body>
                </html>

                """)
        #expect(output.files["old/gala/index.html"] != nil)
        #expect(output.files["events/2019-fair/index.html"] != nil)
        #expect(
            try #require(output.text("sitemap.xml")).contains("old/gala") == false,
            "old addresses are not in the sitemap")
    }

    @Test func aSitesOwnRedirectsFileWinsAndCheckFollowsIt() throws {
        var files = site.files
        files["static/_redirects"] = "# ours\n/a /union/news/gala/ 301\n/b /union/news/gone/ 301\n"
        let output = try MemorySite(files).build()
        #expect(output.text("_redirects") == files["static/_redirects"])
        let report = try SiteCheck.run(BuildOptions(now: Fixtures.now), fileSystem: .memory(text: files))
        #expect(
            report.errors.map(\.description) == [
                "static/_redirects:3: the old address /b redirects to /union/news/gone/, which is not in the site"
            ])
    }

    @Test func theRedirectPagesOfASiteAreFoundForS3() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "herald-redirects-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try site.build()
        for (path, data) in output.files {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: file, contents: data)
        }
        let pages = S3Publisher.redirectPages(of: try BuiltSite.read(folder: folder))
        #expect(
            pages == [
                "2014/11/01/gala.html": "/union/news/gala/",
                "old/gala/index.html": "/union/news/gala/",
                "events/2019-fair/index.html": "/union/events/fair/",
            ])
    }
}
