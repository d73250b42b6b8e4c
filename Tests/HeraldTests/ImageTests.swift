import Foundation
import Testing

@testable import Herald

/// Covers processed with libvips: sizes never enlarged, formats, orientation, metadata, the card
/// crop, what is published of the originals, the cache, and the `<picture>` templates are given.
@Suite struct ImageTests {
    /// A site whose one article has `cover` (a file of Tests/Fixtures/images) as its cover.
    func site(cover: String, siteYML: String = "", frontMatter: String = "") -> MemorySite {
        MemorySite(
            [
                "site.yml": "title: T\nbaseURL: https://example.org/club/\ntimezone: Asia/Shanghai\n" + siteYML,
                "content/news/2026-11-02-fair.md":
                    "---\ntitle: Fair\ndate: 2026-11-02\nimage: /images/\(cover)\nimageAlt: The stalls\n\(frontMatter)---\nText.\n",
            ], binary: ["static/images/\(cover)": Fixtures.image(cover)])
    }

    /// An editor's image URL names an output path (slashes before it, a query and a fragment
    /// dropped, percent escapes decoded), or nothing when the image is elsewhere.
    @Test(
        arguments: [
            ("/images/a.jpg", "images/a.jpg"), ("images/a%20b.jpg?v=2", "images/a b.jpg"),
            ("images/a.jpg#top", "images/a.jpg"), ("//images/a.jpg", nil), ("/图片/照片.jpg", "图片/照片.jpg"),
            ("images/a:b.jpg", "images/a:b.jpg"),
            ("1x:y.jpg", "1x:y.jpg"), ("Ünï:x.jpg", "Ünï:x.jpg"), ("/e\u{301}?#.jpg", "e\u{301}"),
            ("//cdn.example.org/a.jpg", nil), ("https://example.org/a.jpg", nil), ("HTTPS://example.org/a.jpg", nil),
            ("data:image/png;base64,AAAA", nil), ("javascript:alert(1)", nil), ("svn+ssh.x-y:a.jpg", nil), ("", nil),
            ("/", nil), ("?v=2", nil), ("/#top", nil),
        ] as [(String, String?)])
    func anImageURLNamesAnOutputPathOrNothing(written: String, path: String?) {
        #expect(ImageCatalog.localPath(written) == path)
    }

    /// The home page's first image is its largest paint: fetched at once with high priority, the
    /// rest lazily. The first card is the first featured item's, else the first recent item's.
    @Test func theHomePagesFirstCardImageIsFetchedFirstAndTheRestLazily() throws {
        func home(featured: Bool) throws -> String {
            var files = ["site.yml": "title: T\nbaseURL: https://example.org/club/\ntimezone: Asia/Shanghai\n"]
            for (day, name) in [(2, "fair"), (3, "gala"), (4, "talk")] {
                let pick = featured && name == "gala" ? "featured: true\n" : ""
                files["content/news/2026-11-0\(day)-\(name).md"] =
                    "---\ntitle: \(name)\ndate: 2026-11-0\(day)\nimage: /images/landscape.jpg\n\(pick)---\nText.\n"
            }
            return try #require(
                try MemorySite(files, binary: ["static/images/landscape.jpg": Fixtures.image("landscape.jpg")]).build()
                    .text("index.html"))
        }
        for featured in [true, false] {
            let page = try home(featured: featured)
            let images = page.components(separatedBy: "<img ").dropFirst()
            #expect(images.filter { $0.contains("fetchpriority=\"high\"") }.count == 1, "featured: \(featured)")
            #expect(
                images.first?.contains("fetchpriority=\"high\"") == true && images.first?.contains("loading=") == false,
                "featured: \(featured)")
            #expect(images.dropFirst().allSatisfy { $0.contains("loading=\"lazy\"") }, "featured: \(featured)")
            // The first card is the featured one when there is one, else the newest.
            let firstCard = try #require(page.range(of: "class=\"card__media\" href=\"")).upperBound
            #expect(
                page[firstCard...].hasPrefix(featured ? "/club/news/gala/" : "/club/news/talk/"),
                "featured: \(featured)")
        }
    }

    /// The processed files of an output, path → header.
    func processed(_ output: MemoryOutput) throws -> [String: ImageHeader] {
        var found: [String: ImageHeader] = [:]
        for (path, data) in output.files where path.hasPrefix("images/") && path.split(separator: ".").count == 4 {
            found[path] = try ImageCodec.header(of: data)
        }
        return found
    }

    /// Debian 12's liborc changes its list of compiled code without a lock while libvips compiles
    /// on another thread (a build crashed inside liborc in CI): libvips runs its plain C paths.
    @Test func libvipsRunsNoRunTimeCompiledCode() throws {
        try ImageCodec.start()
        #expect(!ImageCodec.runsCompiledVectorCode)
    }

    @Test func eachWidthIsMadeInWebPAndJPEGButNeverEnlarged() throws {
        let output = try site(cover: "landscape.jpg").build()
        let files = try processed(output)
        // 800 × 600: 480 and 720 wide, then its own width (960 and 1600 would enlarge it); the
        // card crop at 1200:630 is 800 × 420 at most, so 480, 720 and 800 wide; the square
        // thumbnail in the fallback format alone.
        let sizes = files.map { path, header in
            "\(path.split(separator: ".")[1]) \(header.width)x\(header.height) \(header.formatName)"
        }.sorted()
        #expect(
            sizes == [
                "480 480x360 jpeg", "480 480x360 webp", "720 720x540 jpeg", "720 720x540 webp", "800 800x600 jpeg",
                "800 800x600 webp",
                "card480 480x252 jpeg", "card480 480x252 webp", "card720 720x378 jpeg", "card720 720x378 webp",
                "card800 800x420 jpeg", "card800 800x420 webp", "thumb240 240x240 jpeg",
            ])
        #expect(
            output.files["images/landscape.jpg"] == Fixtures.image("landscape.jpg"), "a small original is published too"
        )
    }

    @Test func anImageIsTurnedUprightByItsOrientation() throws {
        // Stored 600 × 400 with EXIF orientation 6 (turn a quarter clockwise): 400 × 600 upright.
        let files = try processed(try site(cover: "rotated.jpg").build())
        let whole = files.filter { !$0.key.contains(".card") && !$0.key.contains(".thumb") }.map {
            "\($0.value.width)x\($0.value.height)"
        }.sorted()
        #expect(whole == ["400x600", "400x600"])
    }

    @Test func metadataIsStrippedGPSIncluded() throws {
        #expect(Self.hasEXIF(Fixtures.image("gps.jpg")), "the fixture carries EXIF (GPS position)")
        let output = try site(cover: "gps.jpg").build()
        let made = output.files.filter { $0.key.hasPrefix("images/gps.") && $0.key != "images/gps.jpg" }
        #expect(made.count == 9)
        for (path, data) in made {
            #expect(!Self.hasEXIF(data), "\(path) keeps EXIF")
        }
        #expect(output.files["images/gps.jpg"] == nil, "an original that says where it was taken is not published")
        let kept = try site(cover: "gps.jpg", siteYML: "images:\n  keepOriginal: true\n").build()
        #expect(kept.files["images/gps.jpg"] == Fixtures.image("gps.jpg"), "unless it is to be kept")
    }

    /// Whether a JPEG has an APP1 Exif segment or a WebP an EXIF chunk.
    static func hasEXIF(_ data: Data) -> Bool {
        data.range(of: Data("Exif\0\0".utf8)) != nil || data.range(of: Data("EXIF".utf8)) != nil
    }

    @Test func transparencyFallsBackToPNGAndSmallIconsStayAsTheyAre() throws {
        let alpha = try processed(try site(cover: "alpha.png").build())
        #expect(
            Set(alpha.values.map(\.formatName)) == ["png", "webp"],
            "an image with an alpha channel falls back to PNG, not JPEG")
        #expect(alpha.values.allSatisfy { $0.hasAlpha })
        let icon = try site(cover: "icon.png").build()
        #expect(try processed(icon).isEmpty)
        #expect(icon.files["images/icon.png"] == Fixtures.image("icon.png"))
        let page = try #require(icon.text("news/fair/index.html"))
        #expect(
            page.contains(
                #"<picture><img src="/club/images/icon.png" alt="The stalls" width="32" height="32" fetchpriority="high"></picture>"#
            ))
    }

    @Test func theTemplatesGetEverySizeWithTheRealWidthAndHeight() throws {
        let output = try site(cover: "landscape.jpg").build()
        let files = try processed(output).keys
        func named(_ size: String, _ format: String) throws -> String {
            "/club/"
                + (try #require(files.first { $0.hasPrefix("images/landscape.\(size).") && $0.hasSuffix("." + format) }))
        }
        let page = try #require(output.text("news/fair/index.html"))
        let cover =
            "<figure class=\"article__cover\"><picture><source type=\"image/webp\" srcset=\"\(try named("480", "webp")) 480w, \(try named("720", "webp")) 720w, \(try named("800", "webp")) 800w\" sizes=\"(min-width: 800px) 760px, calc(100vw - 2rem)\">"
            + "<img src=\"\(try named("800", "jpg"))\" srcset=\"\(try named("480", "jpg")) 480w, \(try named("720", "jpg")) 720w, \(try named("800", "jpg")) 800w\" sizes=\"(min-width: 800px) 760px, calc(100vw - 2rem)\" alt=\"The stalls\" width=\"800\" height=\"600\" fetchpriority=\"high\"></picture></figure>"
        #expect(page.contains(cover))
        // Cards show the crop, lazily; the page's social image is the crop's widest file.
        let list = try #require(output.text("news/index.html"))
        #expect(
            list.contains(
                "<img src=\"\(try named("card800", "jpg"))\" srcset=\"\(try named("card480", "jpg")) 480w, \(try named("card720", "jpg")) 720w, \(try named("card800", "jpg")) 800w\""
            ))
        #expect(list.contains(#"alt="" width="800" height="420" loading="lazy" decoding="async"></picture>"#))
        // Without social cards, a page is shared with its cover's crop.
        let shared = try #require(
            try site(cover: "landscape.jpg", siteYML: "socialCards: false\n").build().text("news/fair/index.html"))
        #expect(
            shared.contains(
                "<meta property=\"og:image\" content=\"https://example.org\(try named("card800", "jpg"))\">\n<meta property=\"og:image:width\" content=\"800\">\n<meta property=\"og:image:height\" content=\"420\">"
            ))
    }

    @Test func feedsTheAPIAndStructuredDataCarryTheCoverWithItsSizes() throws {
        let output = try site(cover: "landscape.jpg").build()
        let files = try processed(output).keys
        func url(_ size: String, _ format: String) throws -> String {
            "https://example.org/club/"
                + (try #require(files.first { $0.hasPrefix("images/landscape.\(size).") && $0.hasSuffix("." + format) }))
        }
        let rss = try #require(output.text("feed.xml"))
        #expect(
            rss.contains(
                "<media:content url=\"\(try url("800", "jpg"))\" medium=\"image\" type=\"image/jpeg\" width=\"800\" height=\"600\"/>\n<media:thumbnail url=\"\(try url("thumb240", "jpg"))\" width=\"240\" height=\"240\"/>"
            ))
        #expect(
            try #require(output.text("atom.xml")).contains(
                "<link rel=\"enclosure\" type=\"image/jpeg\" href=\"\(try url("800", "jpg"))\"/>"))
        let feedData = try #require(output.files["feed.json"])
        let feed = try #require(try JSONSerialization.jsonObject(with: feedData) as? [String: Any])
        let entry = try #require((feed["items"] as? [[String: Any]])?.first)
        #expect(entry["image"] as? String == (try url("800", "jpg")))
        #expect(entry["banner_image"] as? String == (try url("card800", "jpg")))
        let itemData = try #require(output.files["api/news/fair.json"])
        let item = try #require(try JSONSerialization.jsonObject(with: itemData) as? [String: Any])
        let image = try #require(item["image"] as? [String: Any])
        #expect(
            image["url"] as? String == (try url("800", "jpg")) && image["width"] as? Int == 800
                && image["height"] as? Int == 600)
        let srcset = try #require(image["srcset"] as? [[String: Any]])
        #expect(
            srcset.map { "\($0["width"]!) \($0["type"]!)" } == [
                "480 image/jpeg", "480 image/webp", "720 image/jpeg", "720 image/webp", "800 image/jpeg",
                "800 image/webp",
            ])
        let thumbnail = try #require(image["thumbnail"] as? [String: Any])
        #expect(thumbnail["url"] as? String == (try url("thumb240", "jpg")) && thumbnail["width"] as? Int == 240)
        let page = try #require(output.text("news/fair/index.html"))
        #expect(
            page.contains(
                "\"image\":[\"\(try url("800", "jpg"))\",\"\(try url("card800", "jpg"))\",\"\(try url("thumb240", "jpg"))\"]"
            ))
    }

    @Test func aBodysImagesOfTheSiteAreShownInTheirSizesAndOthersAsWritten() throws {
        let output = try MemorySite(
            [
                "site.yml": "title: T\nbaseURL: https://example.org/club/\n",
                "content/news/2026-11-02-fair.md": """
                ---
                title: Fair
                date: 2026-11-02
                ---
                ![The "stalls"](/images/fair.jpg "At noon") and ![gone](/images/gone.jpg), ![elsewhere](https://example.com/a.jpg)
                and ![an icon](/images/icon.png).
                """,
            ],
            binary: [
                "static/images/fair.jpg": Fixtures.image("landscape.jpg"),
                "static/images/icon.png": Fixtures.image("icon.png"),
            ]
        ).build()
        let files = try processed(output).keys
        func link(_ size: String, _ format: String) throws -> String {
            "/club/"
                + (try #require(files.first { $0.hasPrefix("images/fair.\(size).") && $0.hasSuffix("." + format) }))
        }
        let sizes = "(min-width: 800px) 760px, calc(100vw - 2rem)"
        let page = try #require(output.text("news/fair/index.html"))
        let picture =
            "<picture><source type=\"image/webp\" srcset=\"\(try link("480", "webp")) 480w, \(try link("720", "webp")) 720w, \(try link("800", "webp")) 800w\" sizes=\"\(sizes)\">"
            + "<img src=\"\(try link("800", "jpg"))\" srcset=\"\(try link("480", "jpg")) 480w, \(try link("720", "jpg")) 720w, \(try link("800", "jpg")) 800w\" sizes=\"\(sizes)\""
            + " alt=\"The &quot;stalls&quot;\" title=\"At noon\" width=\"800\" height=\"600\" loading=\"lazy\" decoding=\"async\" /></picture>"
        #expect(page.contains(picture))
        #expect(
            page.contains(#"<img src="/club/images/gone.jpg" alt="gone" />"#),
            "a file that is not there is left for herald check")
        #expect(page.contains(#"<img src="https://example.com/a.jpg" alt="elsewhere" />"#))
        #expect(page.contains(#"<img src="/club/images/icon.png" alt="an icon" width="32" height="32" />"#))
        #expect(!files.contains { $0.contains(".card") || $0.contains(".thumb") }, "a body's image is not cropped")
        // Feeds carry the same picture, with absolute URLs.
        #expect(
            try #require(output.text("feed.xml")).contains("srcset=\"https://example.org\(try link("480", "jpg")) 480w")
        )
    }

    @Test func anEmptyImageAltMarksADecorativeCover() throws {
        let decorative = try site(cover: "icon.png").build()
        #expect(try #require(decorative.text("news/fair/index.html")).contains(#"alt="The stalls""#))
        let page = try #require(
            try MemorySite(
                [
                    "content/news/2026-11-02-fair.md":
                        "---\ntitle: Fair\ndate: 2026-11-02\nimage: /images/icon.png\nimageAlt: \"\"\n---\n"
                ],
                binary: ["static/images/icon.png": Fixtures.image("icon.png")]
            ).build().text("news/fair/index.html"))
        #expect(
            page.contains(#"<picture><img src="/images/icon.png" alt="" width="32" height="32""#),
            "an empty alt, not the title")
    }

    @Test func settingsChooseWidthsFormatsAndQuality() throws {
        let yml =
            "images:\n  widths: [200, 400]\n  cardWidths: [300]\n  cardRatio: \"1:1\"\n  avif: true\n  quality:\n    jpeg: 50\n"
        let files = try processed(try site(cover: "landscape.jpg", siteYML: yml).build())
        let sizes = Set(files.map { "\($0.value.width)x\($0.value.height) \($0.value.formatName)" })
        #expect(
            sizes == [
                "200x150 heif", "200x150 jpeg", "200x150 webp", "400x300 heif", "400x300 jpeg", "400x300 webp",
                "300x300 heif", "300x300 jpeg", "300x300 webp", "240x240 jpeg",
            ])
        #expect(files.keys.contains { $0.hasSuffix(".avif") })
    }

    @Test func badImageSettingsAreErrorsOnTheirLine() {
        let parsed = SiteConfigParser.parse(
            "title: T\nimages:\n  widths: [480, huge]\n  cardRatio: wide\n  quality:\n    webp: 101\n  maxPixels: 0\n")
        #expect(
            parsed.diagnostics.map(\.description) == [
                "site.yml:3: images widths must be whole numbers of pixels from 16 to 8192, not 'huge'",
                "site.yml:4: images cardRatio must be a width and a height such as \"1200:630\" or \"16:9\", not 'wide'",
                "site.yml:6: images quality webp must be from 1 to 100, not 101",
                "site.yml:7: images maxPixels must be at least 1",
            ])
    }

    @Test func aFocusCentresTheCropAndAnAttentionCropIsUsedWithout() throws {
        // A 1:2 crop of the 800 × 600 gradient, at its left edge and at its right: the red
        // channel grows from left to right, so the two crops differ where they were cut.
        let yml = "images:\n  cardRatio: \"1:2\"\n  cardWidths: [100]\n"
        func crop(_ focus: String) throws -> Data {
            let output = try site(cover: "landscape.jpg", siteYML: yml, frontMatter: focus).build()
            return try #require(output.files.first { $0.key.contains(".card100.") && $0.key.hasSuffix(".jpg") }?.value)
        }
        let left = try crop("imageFocus: 0,0.5\n")
        let right = try crop("imageFocus: 1,0.5\n")
        #expect(left != right)
        let header = try ImageCodec.header(of: left)
        #expect(header.width == 100 && header.height == 200)
        let attention = try crop("")
        #expect(attention.count > 0, "without a focus, libvips' attention crop decides")
        let bad = site(cover: "landscape.jpg", frontMatter: "imageFocus: middle\n").diagnostics()
        #expect(
            bad == [
                "content/news/2026-11-02-fair.md:6: imageFocus must be two fractions of the cover's width and height, such as 0.5,0.3, not 'middle'"
            ])
    }

    @Test func aLargeOriginalIsNotPublishedUnlessKept() throws {
        let withheld = try site(cover: "landscape.jpg", siteYML: "images:\n  maxOriginalBytes: 1000\n").build()
        #expect(withheld.files["images/landscape.jpg"] == nil)
        #expect(try processed(withheld).count == 13)
        let kept = try site(
            cover: "landscape.jpg", siteYML: "images:\n  maxOriginalBytes: 1000\n  keepOriginal: true\n"
        ).build()
        #expect(kept.files["images/landscape.jpg"] == Fixtures.image("landscape.jpg"))
    }

    @Test func processingCanBeTurnedOff() throws {
        let output = try site(cover: "landscape.jpg", siteYML: "images:\n  process: false\n").build()
        #expect(try processed(output).isEmpty)
        #expect(
            try #require(output.text("news/fair/index.html")).contains(
                #"<img src="/club/images/landscape.jpg" alt="The stalls" width="800" height="600""#))
    }

    @Test func twoBuildsMakeTheSameBytes() throws {
        let first = try site(cover: "landscape.jpg").build().files
        let second = try site(cover: "landscape.jpg").build().files
        #expect(first == second)
    }

    /// A grey photo whose embedded colour profile is an RGB one: libvips refused it, and the build
    /// of a real site (reuixiy/io-oi.me) failed at its cover and social card. Browsers and Hugo
    /// show it as if it had no profile, and so does Herald.
    @Test func aProfileThatDoesNotFitItsPixelsIsLeftOut() throws {
        let grey = site(cover: "grey-rgb-profile.jpg")
        #expect(grey.diagnostics() == [])
        let output = try grey.build()
        let sizes = try processed(output)
        // Its own width in JPEG and WebP, the card crop in both, and the square thumbnail.
        #expect(sizes.count == 5 && sizes.values.allSatisfy { $0.width <= 48 && $0.height <= 32 }, "\(sizes)")
        let cards = output.files.filter { $0.key.hasPrefix("social/news/") }
        #expect(cards.count == 1)
        #expect(try cards.values.allSatisfy { try ImageCodec.header(of: $0).width == 1200 })
    }

    @Test func unreadableImagesAreErrorsAtTheLineThatNamesThem() {
        let corrupt = MemorySite(
            ["content/news/2026-11-02-fair.md": "---\ntitle: Fair\ndate: 2026-11-02\ncover: /images/fair.jpg\n---\n"],
            binary: ["static/images/fair.jpg": Fixtures.image("corrupt.jpg")]
        ).diagnostics()
        #expect(
            corrupt == [
                "content/news/2026-11-02-fair.md:4: cover image static/images/fair.jpg cannot be read: it is not a JPEG, PNG, WebP, GIF, TIFF, HEIC or AVIF image"
            ])
        let bomb = MemorySite(
            ["content/news/2026-11-02-fair.md": "---\ntitle: Fair\ndate: 2026-11-02\nimage: /images/map.png\n---\n"],
            binary: ["static/images/map.png": Fixtures.image("bomb.png")]
        ).diagnostics()
        #expect(
            bomb == [
                "content/news/2026-11-02-fair.md:4: cover image static/images/map.png is 50000 × 50000 pixels (2,500,000,000 pixels); images.maxPixels allows 100,000,000, so it is refused before it is decoded"
            ])
    }

    /// On disk, each processed image in the output is the image cache's own file (a hard link),
    /// not a copy: the same bytes as a build in memory writes, a no-op rebuild still finds the
    /// output up to date, and after an edit the recorded fingerprint is the folder's own.
    @Test func processedImagesShareTheCachesFilesOnDisk() throws {
        let scratch = try OutputFolderTests.Scratch()
        try scratch.write(
            "site/content/news/2026-11-02-fair.md", "---\ntitle: Fair\nimage: /images/fair.jpg\n---\nText.\n")
        try FileManager.default.createDirectory(
            at: scratch.site.appendingPathComponent("static/images"), withIntermediateDirectories: true)
        try Fixtures.image("landscape.jpg").write(to: scratch.site.appendingPathComponent("static/images/fair.jpg"))
        let cache = ImageCache.folder(besideOutput: scratch.output.path)
        func build() throws -> BuildReport {
            var options = BuildOptions(
                sourcePath: scratch.site.path, outputPath: scratch.output.path, now: Fixtures.now)
            options.imageCachePath = cache
            return try SiteBuild.run(options)
        }
        let first = try build()
        let inMemory = MemoryOutput()
        var options = BuildOptions(sourcePath: scratch.site.path, now: Fixtures.now)
        options.imageCachePath = cache
        _ = try Build(options: options, fileSystem: .disk(root: scratch.site.path)).run(into: inMemory)
        // The photo's thirteen sizes and formats, and the social cards of the two articles and the home page.
        let processed = try GoldenFiles.files(under: scratch.output).filter {
            ($0.hasPrefix("images/fair.") && $0 != "images/fair.jpg") || $0.hasPrefix("social/")
        }
        #expect(processed.count == 16)
        var cacheFiles: [UInt: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: cache) {
            var info = stat()
            if stat(cache + "/" + name, &info) == 0 { cacheFiles[UInt(info.st_ino)] = name }
        }
        for path in processed {
            var info = stat()
            #expect(stat(scratch.output.appendingPathComponent(path).path, &info) == 0)
            #expect(cacheFiles[UInt(info.st_ino)] != nil, "\(path) is a link to the cache's file")
            #expect(try Data(contentsOf: scratch.output.appendingPathComponent(path)) == inMemory.files[path])
        }
        #expect(first.written == first.files)
        #expect(try build().upToDate)

        try scratch.write(
            "site/content/news/2026-11-02-fair.md", "---\ntitle: Fair\nimage: /images/fair.jpg\n---\nEdited.\n")
        let rebuilt = try build()
        #expect(!rebuilt.upToDate && rebuilt.written < rebuilt.files, "the images are kept, not counted as written")
        #expect(
            BuildRecord.load(forOutput: scratch.output.path)?.output
                == OutputManifest.load(forOutput: scratch.output.path)?.fingerprint(root: scratch.output.path))
        #expect(try build().upToDate)
    }

    @Test func theCacheKeepsFilesAndSkipsUnchangedImages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "herald-image-cache-\(UUID().uuidString)")
        let source = folder.appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent("static/images"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: source.appendingPathComponent("content/news"), withIntermediateDirectories: true)
        try Data("title: T\n".utf8).write(to: source.appendingPathComponent("site.yml"))
        try Data("---\ntitle: Fair\ndate: 2026-11-02\nimage: /images/fair.jpg\n---\n".utf8).write(
            to: source.appendingPathComponent("content/news/2026-11-02-fair.md"))
        try Fixtures.image("landscape.jpg").write(to: source.appendingPathComponent("static/images/fair.jpg"))
        func build() throws -> (report: BuildReport, output: MemoryOutput) {
            var options = BuildOptions(sourcePath: source.path, now: Fixtures.now)
            options.imageCachePath = folder.appendingPathComponent("cache").path
            let output = MemoryOutput()
            let report = try Build(options: options, fileSystem: .disk(root: source.path)).run(into: output)
            return (report, output)
        }
        let first = try build()
        #expect(first.report.images == 1)
        let cached = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache").path)
        // The photo's thirteen files, and the social cards of its article and of the home page.
        #expect(cached.filter { !$0.hasPrefix("index") }.count == 15)
        let second = try build()
        #expect(second.report.images == 0, "every file came from the cache")
        #expect(second.output.files == first.output.files)
    }
}
