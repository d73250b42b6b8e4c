import Foundation
@testable import Herald
import Testing

/// Page bundles: `<name>/index.md` with its files, published beside the item's page.
@Suite struct PageBundleTests {
    let files: [String: String] = [
        "site.yml": "title: T\nbaseURL: https://example.org/union/\ntimezone: Asia/Shanghai\n",
        "content/news/2026/2026-11-02-gala/index.md": """
            ---
            title: Gala
            image: cover.jpg
            ---
            Photos: ![the stage](stage%20one.jpg) and [the programme](docs/programme.pdf?v=2#page=3).
            [Elsewhere](../other/) and [home](/) stay as written.
            """,
        "content/news/2026/2026-11-02-gala/cover.jpg": "JPEG cover",
        "content/news/2026/2026-11-02-gala/stage one.jpg": "JPEG stage",
        "content/news/2026/2026-11-02-gala/docs/programme.pdf": "PDF",
        "content/events/open-day/index.md": "---\ntitle: Open day\nstart: 2026-12-12\nimage: ./map.png\n---\n![Map](./map.png)\n",
        "content/events/open-day/map.png": "PNG",
    ]

    @Test func aBundleIsNamedByItsFolderAndDatedByItsName() throws {
        let config = SiteConfig(title: "T", timeZone: TimeZone(identifier: "Asia/Shanghai")!)
        let outcome = ItemParser(config: config).parse(Data(files["content/news/2026/2026-11-02-gala/index.md"]!.utf8),
                                                       source: ContentSource(path: "content/news/2026/2026-11-02-gala/index.md", kind: .news,
                                                                             bundle: ItemBundle(folder: "content/news/2026/2026-11-02-gala", resources: ["cover.jpg"])))
        let item = try #require(outcome.item)
        #expect(item.slug == "gala")
        #expect(item.date == DateParser.parseInstant("2026-11-02T00:00:00+08:00"))
    }

    @Test func discoveryFindsBundlesAndTheirFiles() throws {
        let found = try ContentDiscovery.discover(in: .memory(text: files))
        #expect(found.sources.map(\.path) == ["content/events/open-day/index.md", "content/news/2026/2026-11-02-gala/index.md"])
        #expect(found.sources[1].bundle == ItemBundle(folder: "content/news/2026/2026-11-02-gala", resources: ["cover.jpg", "docs/programme.pdf", "stage one.jpg"]))
    }

    @Test func filesArePublishedBesideThePageAndLinksPointThere() throws {
        let output = try MemorySite(files).build()
        #expect(output.text("news/gala/cover.jpg") == "JPEG cover")
        #expect(output.text("news/gala/stage one.jpg") == "JPEG stage")
        #expect(output.text("news/gala/docs/programme.pdf") == "PDF")
        #expect(output.text("events/open-day/map.png") == "PNG")
        let page = try #require(output.text("news/gala/index.html"))
        #expect(page.contains(#"<img src="/union/news/gala/stage%20one.jpg" alt="the stage" />"#))
        #expect(page.contains(#"<a href="/union/news/gala/docs/programme.pdf?v=2#page=3">the programme</a>"#))
        #expect(page.contains(#"<a href="../other/">Elsewhere</a>"#), "a relative link to no file of the bundle is left as written")
        #expect(page.contains(#"src="/union/news/gala/cover.jpg""#), "a relative image: names the bundle's file")
        // Lists and feeds show the same links, which work from any page.
        #expect(try #require(output.text("feed.xml")).contains("https://example.org/union/news/gala/stage%20one.jpg"))
        #expect(try #require(output.text("events/open-day/index.html")).contains(#"<img src="/union/events/open-day/map.png" alt="Map" />"#))
    }

    @Test func checkFollowsBundleFilesLikeAnyOtherLink() throws {
        var broken = files
        broken["content/news/2026/2026-11-02-gala/index.md"]! += "\n![missing](gone.jpg)\n"
        let report = try SiteCheck.run(BuildOptions(now: Fixtures.now), fileSystem: .memory(text: broken))
        #expect(report.errors.map(\.description) == [
            "content/news/2026/2026-11-02-gala/index.md:6: links to ../other/, which is not in the site (on /union/news/gala/)",
            "content/news/2026/2026-11-02-gala/index.md:7: shows the image gone.jpg, which is not in the site (on /union/news/gala/)",
        ], "a link to no file of the bundle is followed as written, from the item's page")
    }

    @Test func sectionPagesTitleAndIntroduceTheirLists() throws {
        var site = files
        site["content/news/_index.md"] = "---\ntitle: Union news\ndescription: What the union did.\n---\n"
        site["content/events/_index.md"] = "---\ntitle: What's on\n---\nEveryone is welcome.\n"
        let output = try MemorySite(site).build()
        let news = try #require(output.text("news/index.html"))
        #expect(news.contains("Union news") && news.contains("What the union did."))
        let events = try #require(output.text("events/index.html"))
        #expect(events.contains("What&#39;s on") && events.contains("Everyone is welcome."))
        #expect(output.files["news/_index/index.html"] == nil)
    }
}
