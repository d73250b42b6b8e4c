import Foundation
import Testing

@testable import Herald

/// Social cards: one per news item, event, the home page and category page, drawn with libvips
/// in Chinese and English, shared as `og:image`, and changed by a site's `templates/social-card.yml`.
@Suite struct SocialCardTests {
    static let files = [
        "site.yml":
            "title: 计算机学院学生会\nbaseURL: https://union.example.edu/cs/\ntimezone: Asia/Shanghai\nlanguage: zh-CN\ncategories:\n  - name: 体育健身\n    slug: sports\n    color: \"#247834\"\n    icon: \"🏀\"\n",
        "content/events/2026-12-19-final.md":
            "---\ntitle: “计院杯”篮球联赛总决赛：东区体育馆见，一起为你的学院加油\nstart: 2026-12-19 19:00\nend: 2026-12-19 21:00\nlocation: 东区体育馆\ncategories: [体育健身]\nimage: /images/court.jpg\n---\n",
        "content/news/2026-11-02-trip.md":
            "---\ntitle: \"Winter trip to the Peak District: bouldering, hot chocolate and a long title that wraps\"\ndate: 2026-11-02\ncategories: [体育健身]\n---\n",
        "content/pages/about.md": "---\ntitle: About\n---\n",
    ]
    static let images = ["static/images/court.jpg": Fixtures.image("landscape.jpg")]

    func cards(_ output: MemoryOutput) -> [String: Data] { output.files.filter { $0.key.hasPrefix("social/") } }

    @Test func everyNewsItemEventHomeAndCategoryPageHasOne() throws {
        let output = try MemorySite(Self.files, binary: Self.images).build()
        let names = cards(output).keys.map {
            $0.replacingOccurrences(of: #"\.[0-9a-f]{10}\.jpg$"#, with: "", options: .regularExpression)
        }.sorted()
        #expect(names == ["social/categories/sports", "social/events/final", "social/home", "social/news/trip"])
        for (path, data) in cards(output) {
            let header = try ImageCodec.header(of: data)
            #expect(header.width == 1200 && header.height == 630 && header.formatName == "jpeg", "\(path)")
        }
        let card = try #require(cards(output).keys.first { $0.hasPrefix("social/events/final.") })
        let page = try #require(output.text("events/final/index.html"))
        #expect(
            page.contains(
                "<meta property=\"og:image\" content=\"https://union.example.edu/cs/\(card)\">\n<meta property=\"og:image:width\" content=\"1200\">\n<meta property=\"og:image:height\" content=\"630\">"
            ))
        #expect(page.contains("<meta name=\"twitter:image\" content=\"https://union.example.edu/cs/\(card)\">"))
        let home = try #require(cards(output).keys.first { $0.hasPrefix("social/home.") })
        #expect(try #require(output.text("index.html")).contains("content=\"https://union.example.edu/cs/\(home)\""))
        #expect(
            try #require(output.text("about/index.html")).contains("twitter:card\" content=\"summary\""),
            "a page without a cover shares no image")
    }

    @Test func whatIsDrawnIsWhereTheLayoutSaysInItsColours() throws {
        // A plain red background, a green bar: the pixels say so; the title is drawn over them.
        var files = Self.files
        files["templates/social-card.yml"] = "background: \"#ff0000\"\naccentWidth: 40\ntitle:\n  color: \"#0000ff\"\n"
        let output = try MemorySite(files, binary: Self.images).build()
        let card = try #require(cards(output).first { $0.key.hasPrefix("social/news/trip.") }?.value)
        let background = try ImageCodec.pixel(of: card, x: 1100, y: 600)
        #expect(abs(background[0] - 255) < 8 && background[1] < 8 && background[2] < 8, "\(background)")
        let bar = try ImageCodec.pixel(of: card, x: 10, y: 300)
        #expect(abs(bar[0] - 0x24) < 8 && abs(bar[1] - 0x78) < 8 && abs(bar[2] - 0x34) < 8, "\(bar)")
        // Somewhere along the title's first line, a blue stroke.
        var blue = false
        for x in stride(from: 130, to: 700, by: 3) where !blue {
            let pixel = try ImageCodec.pixel(of: card, x: x, y: 175)
            blue = pixel[2] > 180 && pixel[0] < 100
        }
        #expect(blue, "the title is drawn in the layout's colour")
    }

    @Test func theModesChooseBetweenCardsAndCovers() throws {
        var coverFirst = Self.files
        coverFirst["site.yml"]! += "socialCards: coverFirst\n"
        let first = try MemorySite(coverFirst, binary: Self.images).build()
        #expect(
            try #require(first.text("events/final/index.html")).contains(
                "og:image\" content=\"https://union.example.edu/cs/images/court.card800."))
        #expect(
            try #require(first.text("news/trip/index.html")).contains(
                "og:image\" content=\"https://union.example.edu/cs/social/news/trip."), "without a cover, the card")
        var off = Self.files
        off["site.yml"]! += "socialCards: false\n"
        let none = try MemorySite(off, binary: Self.images).build()
        #expect(cards(none).isEmpty)
        #expect(
            try #require(none.text("events/final/index.html")).contains(
                "og:image\" content=\"https://union.example.edu/cs/images/court.card800."))
        var wrong = Self.files
        wrong["site.yml"]! += "socialCards: sometimes\n"
        #expect(MemorySite(wrong).diagnostics() == ["site.yml:10: socialCards must be true, false or coverFirst"])
    }

    @Test func aBadLayoutIsAnErrorOnItsLine() {
        var files = Self.files
        files["templates/social-card.yml"] = "width: 1200\ntitle:\n  size: 1000\ncoverBrightness: 2\n"
        #expect(
            MemorySite(files, binary: Self.images).diagnostics() == [
                "templates/social-card.yml:3: size must be from 6 to 400, not 1000",
                "templates/social-card.yml:4: coverBrightness must be a number from 0 to 1",
            ])
    }

    @Test func cardsAreTheSameBytesEachBuildAndNewWhenTheirTextChanges() throws {
        let first = cards(try MemorySite(Self.files, binary: Self.images).build())
        #expect(first == cards(try MemorySite(Self.files, binary: Self.images).build()))
        var retitled = Self.files
        retitled["content/news/2026-11-02-trip.md"] = retitled["content/news/2026-11-02-trip.md"]!.replacingOccurrences(
            of: "Winter trip", with: "Spring trip")
        let second = cards(try MemorySite(retitled, binary: Self.images).build())
        #expect(
            first.keys.filter { $0.hasPrefix("social/news/") } != second.keys.filter { $0.hasPrefix("social/news/") },
            "a new title is a new address")
        #expect(
            first.keys.filter { $0.hasPrefix("social/events/") }
                == second.keys.filter { $0.hasPrefix("social/events/") })
    }

    /// Writes the Chinese and the English card to `screenshots/social-cards/` (git-ignored) for a
    /// person to look at, and checks that each has text where the title goes.
    @Test func theChineseAndEnglishCardsAreWrittenForAPersonToLookAt() throws {
        let output = try MemorySite(Self.files, binary: Self.images).build()
        let folder = Fixtures.repository.appendingPathComponent("screenshots/social-cards")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, prefix) in [
            ("chinese-event-on-its-cover.jpg", "social/events/final."), ("english-news.jpg", "social/news/trip."),
        ] {
            let card = try #require(cards(output).first { $0.key.hasPrefix(prefix) }?.value)
            try card.write(to: folder.appendingPathComponent(name))
            var light = 0
            for x in stride(from: 100, to: 900, by: 4)
            where try ImageCodec.pixel(of: card, x: x, y: 175).allSatisfy({ $0 > 200 }) { light += 1 }
            #expect(light > 10, "\(name): the title's white strokes")
        }
    }
}
