import Foundation
import Testing

@testable import Herald

/// The snapshot's form of a parsed item apart from its body, and of its parse's diagnostics:
/// every field comes back (so an edit to any of them is told from an edit to the body alone).
extension SnapshotCodingTests {
    static let civil = CivilDateTime(year: 2026, month: 12, day: 3, hour: 18, minute: 30, second: 5)
    static let recurrence = Recurrence(
        frequency: .monthly, interval: 2,
        until: CivilDateTime(year: 2027, month: 6, day: 1, hour: 1, minute: 2, second: 3),
        count: 4, except: [civil])
    static let occurrence = Occurrence(
        start: Date(timeIntervalSince1970: 1_800_000_000), end: Date(timeIntervalSince1970: 1_800_003_600))
    static let eventDetails = EventDetails(
        start: Date(timeIntervalSince1970: 1_800_000_000), end: Date(timeIntervalSince1970: 1_800_007_200),
        allDay: true,
        timeZone: TimeZone(identifier: "Asia/Shanghai")!, location: "礼堂", address: "1 Main St", status: .postponed,
        registration: "https://example.org/r", organizer: "Union", recurrence: recurrence, occurrences: [occurrence],
        timeNote: "doors 18:00")
    static let contentLink = ContentLink(written: "../b.md", line: 12)
    static let bodyImage = BodyImage(
        written: "stage.jpg", path: "news/a/stage.jpg", link: "/news/a/stage.jpg", line: 14)
    static let bundle = ItemBundle(folder: "news/a/", resources: ["stage.jpg"])
    static let popularity = Popularity(views: 10, likes: 2, comments: 3)
    static let focus = ImageFocus(x: 0.25, y: 0.75)

    static let contentItem = ContentItem(
        kind: .event, sourcePath: "events/a/index.md", slug: "a", slugLine: 2, dateLine: 3, titleLine: 4,
        title: "讲座", date: Date(timeIntervalSince1970: 1_790_000_000),
        publishDate: Date(timeIntervalSince1970: 1_790_000_100),
        expiryDate: Date(timeIntervalSince1970: 1_890_000_000), categories: [TermReference(name: "Talks", line: 5)],
        tags: [TermReference(name: "science", line: 6)], featured: true, weight: 7, image: "cover.jpg",
        summary: "A talk", author: "Li", draft: true, layout: TermReference(name: "wide", line: 8),
        body: RenderedMarkdown(html: "<p>body</p>", leadHTML: "<p>body</p>", leadText: "body"),
        summaryHTML: "<p>A talk</p>", summaryText: "A talk", event: eventDetails, popularity: popularity,
        imageAlt: "The hall", imageLine: 9, imageFocus: focus, authors: ["Li", "Wang"],
        updated: Date(timeIntervalSince1970: 1_795_000_000), aliases: [TermReference(name: "/old/", line: 10)],
        fixedPath: TermReference(name: "/talk/", line: 11), bundle: bundle, language: "zh", translationKey: "talk",
        translationKeyLine: 13, contentLinks: [contentLink], bodyImages: [bodyImage], listed: false,
        params: ["room": .text("101")], toc: true, terms: [[TermReference(name: "Housing", line: 9)], []])

    static let diagnostic = {
        var diagnostic = Diagnostic(path: "content/news/a.md", line: 4, column: 2, "a warning", severity: .warning)
        diagnostic.omitted = 3
        return diagnostic.of(.deadContentLink("./b.md"))
    }()

    @Test func anItemComesBackWithEveryFieldButItsBody() throws {
        var expected = Self.contentItem
        expected.body = RenderedMarkdown()
        // `listed` is true unless a file says otherwise; false is the value set.
        #expect(unsetFields(of: Self.contentItem).filter { $0 != "listed" } == [])
        #expect(try roundTrip(Self.contentItem) == expected)
        try expectWhole(Self.eventDetails)
        try expectWhole(Self.recurrence)
        try expectWhole(Self.occurrence)
        try expectWhole(Self.civil)
        try expectWhole(Self.contentLink)
        try expectWhole(Self.bodyImage)
        try expectWhole(Self.bundle)
        try expectWhole(Self.popularity)
        try expectWhole(Self.focus)
        try expectWhole(TermReference(name: "x", line: 2))
    }

    @Test func eachKindOfDiagnosticComesBack() throws {
        try expectWhole(Self.diagnostic)
        for kind in [DiagnosticKind.coverImage, .deadContentLink("a.md"), .unkeptAlias("/"), .unusedTermPage] {
            #expect(try roundTrip(Self.diagnostic.of(kind)) == Self.diagnostic.of(kind))
        }
        #expect(try roundTrip(Self.diagnostic.of(nil)) == Self.diagnostic.of(nil))
    }

    @Test func anUnknownTimeZoneIsRefused() throws {
        var output = SnapshotWriter()
        output.write(Self.eventDetails)
        let zone = Array("Asia/Shanghai".utf8)
        let at = output.bytes.indices.first { output.bytes[$0...].starts(with: zone) }!
        var bytes = output.bytes
        bytes[at] = UInt8(ascii: "X")
        #expect(throws: SnapshotReader.Corrupt.self) { let _: EventDetails = try SnapshotReader(bytes).next() }
    }
}

/// An item's facts, as the command line's rebuild remakes its API document and feeds from them.
extension SnapshotCodingTests {
    static let imageFile = ImageFacts.File(
        url: "https://example.org/img/a-480.jpg", width: 480, height: 320, type: "image/jpeg")
    static let imageFacts = ImageFacts(
        url: "https://example.org/img/a-960.jpg", width: 960, height: 640, type: "image/jpeg", srcset: [imageFile],
        card: ImageFacts.File(url: "https://example.org/img/a-card.jpg", width: 600, height: 315, type: "image/jpeg"),
        thumbnail: ImageFacts.File(url: "https://example.org/img/a-t.jpg", width: 200, height: 200, type: "image/jpeg"))
    static let category = Category(
        slug: "talks", name: "Talks", description: "All talks", color: "#c00", icon: "mic", declared: true,
        items: [3, 4],
        warnedAbout: true)
    static let facts = ItemFacts(
        id: "tag:example.org,2026-12-03:/events/a/", kind: .event, title: "讲座",
        permalink: "https://example.org/events/a/",
        apiURL: "https://example.org/api/events/a.json", apiPath: "api/events/a.json", summaryText: "A talk",
        summaryHTML: "<p>A talk</p>", image: imageFacts, authors: ["Li"], author: "Li",
        people: [Byline(name: "Li", path: "authors/li/")],
        updated: Date(timeIntervalSince1970: 1_795_000_000), published: Date(timeIntervalSince1970: 1_790_000_000),
        dated: true, categories: [category], tags: [Term(slug: "science", name: "Science", items: [3])],
        taxonomies: APIItemTerms(byTaxonomy: [
            ("series", []),
            (
                "topics",
                [
                    APITerm(
                        slug: "housing", name: "Housing", count: nil, url: "https://example.org/topics/housing/",
                        api: "https://example.org/api/taxonomies/topics/housing.json")
                ]
            ),
        ]), readingMinutes: 4, event: eventDetails,
        previous: APIItemLink(
            title: "Fair", url: "https://example.org/events/fair/", api: "https://example.org/api/events/fair.json"),
        next: APIItemLink(
            title: "集市", url: "https://example.org/events/market/", api: "https://example.org/api/events/market.json"))

    @Test func factsComeBackWithEveryFieldButTheirTermsItems() throws {
        #expect(unsetFields(of: Self.facts) == [])
        try expectWhole(Self.imageFacts)
        try expectWhole(Self.imageFile)
        var expected = Self.facts
        expected.categories[0].items = []
        expected.tags[0].items = []
        #expect(try roundTrip(Self.facts) == expected)
        let channel = FeedChannel(
            title: "Talks", description: "d", homeURL: "https://example.org/", folder: "categories/talks/",
            items: [1, 2])
        try expectWhole(channel)
    }
}
