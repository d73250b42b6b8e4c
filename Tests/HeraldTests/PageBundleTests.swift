import Foundation
import Testing

@testable import Herald

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
        "content/news/2026/2026-11-02-gala/docs/programme.pdf": "PDF",
        "content/events/open-day/index.md":
            "---\ntitle: Open day\nstart: 2026-12-12\nimage: ./map.png\n---\n![Map](./map.png)\n",
    ]
    /// The covers: real images, which the build reads.
    let images = [
        "content/news/2026/2026-11-02-gala/cover.jpg": Fixtures.image("landscape.jpg"),
        "content/news/2026/2026-11-02-gala/stage one.jpg": Fixtures.image("rotated.jpg"),
        "content/events/open-day/map.png": Fixtures.image("icon.png"),
    ]

    @Test func aBundleIsNamedByItsFolderAndDatedByItsName() throws {
        let config = SiteConfig(title: "T", timeZone: TimeZone(identifier: "Asia/Shanghai")!)
        let outcome = ItemParser(config: config).parse(
            Data(files["content/news/2026/2026-11-02-gala/index.md"]!.utf8),
            source: ContentSource(
                path: "content/news/2026/2026-11-02-gala/index.md", kind: .news,
                bundle: ItemBundle(folder: "content/news/2026/2026-11-02-gala", resources: ["cover.jpg"])))
        let item = try #require(outcome.item)
        #expect(item.slug == "gala")
        #expect(item.date == DateParser.parseInstant("2026-11-02T00:00:00+08:00"))
    }

    @Test func discoveryFindsBundlesAndTheirFiles() throws {
        let found = try ContentDiscovery.discover(in: MemorySite(files, binary: images).fileSystem)
        #expect(
            found.sources.map(\.path) == [
                "content/events/open-day/index.md", "content/news/2026/2026-11-02-gala/index.md",
            ])
        #expect(
            found.sources[1].bundle
                == ItemBundle(
                    folder: "content/news/2026/2026-11-02-gala",
                    resources: ["cover.jpg", "docs/programme.pdf", "stage one.jpg"]))
    }

    @Test func filesArePublishedBesideThePageAndLinksPointThere() throws {
        let output = try MemorySite(files, binary: images).build()
        #expect(output.files["news/gala/cover.jpg"] == Fixtures.image("landscape.jpg"))
        #expect(output.files["news/gala/stage one.jpg"] == Fixtures.image("rotated.jpg"))
        #expect(output.text("news/gala/docs/programme.pdf") == "PDF")
        #expect(
            output.files["events/open-day/map.png"] == Fixtures.image("icon.png"), "a small PNG is published as it is")
        let page = try #require(output.text("news/gala/index.html"))
        #expect(
            page.contains(#"srcset="/union/news/gala/stage%20one.400."#)
                && page.contains(#"alt="the stage" width="400" height="600" loading="lazy""#),
            "a body's image of the bundle is shown in the sizes made of it, upright")
        #expect(page.contains(#"<a href="/union/news/gala/docs/programme.pdf?v=2#page=3">the programme</a>"#))
        #expect(
            page.contains(#"<a href="../other/">Elsewhere</a>"#),
            "a relative link to no file of the bundle is left as written")
        #expect(
            page.contains(#"src="/union/news/gala/cover.800."#)
                && page.contains(#"srcset="/union/news/gala/cover.480."#),
            "a relative image: names the bundle's file, whose sizes are published beside it")
        // Lists and feeds show the same links, which work from any page.
        #expect(try #require(output.text("feed.xml")).contains("https://example.org/union/news/gala/stage%20one.400."))
        #expect(
            try #require(output.text("events/open-day/index.html")).contains(
                #"<img src="/union/events/open-day/map.png" alt="Map" width="32" height="32" />"#),
            "an icon is shown as it is, with its size")
    }

    @Test func checkFollowsBundleFilesLikeAnyOtherLink() throws {
        var broken = files
        broken["content/news/2026/2026-11-02-gala/index.md"]! += "\n![missing](gone.jpg)\n"
        let report = try SiteCheck.run(
            BuildOptions(now: Fixtures.now), fileSystem: MemorySite(broken, binary: images).fileSystem)
        #expect(
            report.errors.map(\.description) == [
                "content/news/2026/2026-11-02-gala/index.md:6: links to ../other/, which is not in the site (on /union/news/gala/)",
                "content/news/2026/2026-11-02-gala/index.md:7: shows the image gone.jpg, which is not in the site (on /union/news/gala/)",
            ], "a link to no file of the bundle is followed as written, from the item's page")
    }

    @Test func sectionPagesTitleAndIntroduceTheirLists() throws {
        var site = files
        site["content/news/_index.md"] = "---\ntitle: Union news\ndescription: What the union did.\n---\n"
        site["content/events/_index.md"] = "---\ntitle: What's on\n---\nEveryone is welcome.\n"
        let output = try MemorySite(site, binary: images).build()
        let news = try #require(output.text("news/index.html"))
        #expect(news.contains("Union news") && news.contains("What the union did."))
        let events = try #require(output.text("events/index.html"))
        #expect(events.contains("What&#39;s on") && events.contains("Everyone is welcome."))
        #expect(output.files["news/_index/index.html"] == nil)
    }
}
