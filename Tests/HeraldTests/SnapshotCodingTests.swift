import Foundation
import Testing

@testable import Herald

/// The snapshot's binary form (SnapshotWriter, SnapshotReader): every view a page's context holds
/// comes back equal, with every field it has; what many views share is written once; and bytes
/// that were changed on disk are refused, never trusted or crashed on.
@Suite struct SnapshotCodingTests {
    // MARK: Samples, every field set

    static let files = ImageView.Files(
        src: "/img/a-960.jpg", srcset: "/img/a-480.jpg 480w", webpSrcset: "/img/a-480.webp 480w",
        avifSrcset: "/img/a-480.avif 480w", width: 960, height: 640, type: "image/jpeg")
    static let image = ImageView(
        files: files,
        card: ImageView.Files(
            src: "/img/a-card.jpg", srcset: "c", webpSrcset: "d", avifSrcset: "e",
            width: 600, height: 315, type: "image/jpeg"),
        thumbnail: ImageView.Files(
            src: "/img/a-t.jpg", srcset: "f", webpSrcset: "g", avifSrcset: "h",
            width: 200, height: 200, type: "image/jpeg"), alt: "A lecture hall")
    static let otherImage = ImageView(
        files: ImageView.Files(src: "/img/b.jpg"), card: ImageView.Files(src: "/img/b-card.jpg"), alt: "b")
    static let otherTerm = TermView(
        name: "Tag", slug: "tag", url: "/tags/tag/", count: 1, description: nil, color: nil, icon: nil)
    static let otherMore = MoreTermsView(total: 5, shown: 3, phrase: "另有 {count} 个", url: "/news/b/")!
    static let term = TermView(
        name: "讲座", slug: "jiang-zuo", url: "/categories/jiang-zuo/", count: 12, countText: "12 篇",
        description: "Talks", color: "#c00", icon: "mic")
    static let more = MoreTermsView(total: 9, shown: 3, phrase: "+{count} more", url: "/news/a/")!
    static let language = LanguageLinkView(
        code: "en", name: "English", url: "/en/", permalink: "https://example.org/en/", translated: true,
        current: true, isDefault: true)
    static let event = EventView(
        when: "Fri 4 Dec, 18:00–20:00", zone: "Asia/Shanghai", startISO: "2026-12-04T18:00:00+08:00",
        endISO: "2026-12-04T20:00:00+08:00", allDay: true, location: "Hall B", address: "1 Road",
        mapURL: "https://maps.example/?q=Hall", onlineURL: "https://meet.example/x", onlineHost: "meet.example",
        registration: "https://forms.example/r", organizer: "Students' Union", status: .postponed, upcoming: true,
        today: true, thisWeek: true, repeats: "every week", dates: ["4 Dec", "11 Dec"],
        calendarFile: "/events/a/event.ics", subscribe: "webcal://example.org/events.ics")
    static let body = String(repeating: "<p>A body long enough to be shared, 共享的正文。</p>\n", count: 40)
    static var itemFields: ItemViewFields {
        ItemViewFields(
            kind: .event, title: "Open day", url: "/events/open-day/",
            permalink: "https://example.org/events/open-day/",
            date: "4 December 2026", dateISO: "2026-12-04", summary: "Come and see", summaryHTML: "<p>Come and see</p>",
            image: image, imageAlt: "A hall", imageAbsolute: otherImage, categories: [term], tags: [otherTerm, term],
            moreCategories: more, moreTags: otherMore, author: "Ada, Grace", authors: ["Ada", "Grace"],
            params: [
                "country": .text("CN"), "seats": .number("40"), "open": .bool(true),
                "speakers": .list([.text("Ada")]), "venue": .mapping(["room": .text("B2")]),
            ],
            readingTime: "2 min", readingMinutes: 2, wordCount: 420, featured: true, content: body,
            toc: "<ul><li><a href=\"#a\">A</a></li></ul>", event: event, jsonLD: "{\"@type\":\"Event\"}",
            card: "<article class=\"card\">Open day</article>", published: Date(timeIntervalSince1970: 1_790_000_000),
            otherLanguage: language,
            neighbours: NeighboursView(
                previous: LinkView(title: "Fair", url: "/events/fair/"),
                next: LinkView(title: "集市", url: "/events/market/", language: "zh-CN")),
            taxonomies: [
                ItemTermsView(
                    name: "topics", title: "专题", url: "/topics/", terms: [term, otherTerm],
                    more: MoreTermsView(total: 5, shown: 2, phrase: "+{count} more", url: "/events/open-day/"))
            ],
            people: [PersonView(name: "Ann Lee", url: "/authors/ann-lee/"), PersonView(name: "Guest", url: nil)])
    }
    static let item = ItemView(itemFields)
    static let otherItem: ItemView = {
        var fields = itemFields
        fields.title = "Another"
        fields.url = "/news/another/"
        return ItemView(fields)
    }()
    static let pager = PagerView(
        number: 2, total: 5, previous: "/news/", next: "/news/page/3/",
        links: [PagerLink(number: 1, url: "/news/", current: true, gap: true)])
    static let link = LinkView(title: "About", url: "/about/", language: "en")
    static let otherLink = LinkView(title: "Contact", url: "/contact/", language: "zh")
    static let feed = FeedLink(title: "News", url: "/feed.xml", type: "application/rss+xml")
    static let list = ListView(
        kind: .category, title: "讲座", description: "Talks", color: "#c00", icon: "mic", items: [item, item],
        pager: pager, sections: [ListSection(title: "December", items: [item])], calendarURL: "/events/calendar/",
        taxonomy: LinkView(title: "专题", url: "/topics/"))
    static let home = HomeView(
        recent: [item], featured: [otherItem], upcoming: [item, otherItem], trending: [otherItem, item, item],
        categories: [term])
    static let terms = TermsView(kind: .tags, title: "Tags", terms: [term])
    static let day = CalendarDayView(day: 4, inMonth: true, count: 1, anchor: "d4", today: true, label: "4 December")
    static let entry = CalendarEntry(
        title: "Open day", url: "/events/open-day/", time: "18:00", location: "Hall B", status: .cancelled,
        color: "#c00", language: "en")
    static let month = CalendarMonthView(
        title: "December 2026", weekdays: ["Mon"], weeks: [[day]],
        days: [CalendarDayEvents(label: "4 December", anchor: "d4", entries: [entry])], previous: link, next: otherLink,
        current: true)
    static let meta = PageMeta(
        title: "Open day", description: "Come and see", url: "/events/open-day/",
        permalink: "https://example.org/events/open-day/", image: image, type: .event, section: "events",
        feeds: [feed], languages: [language])
    static let site = SiteView(
        title: "Union", description: "News", language: "zh-CN", root: "/union/", home: "/union/zh/",
        baseURL: "https://example.org/",
        categories: [term], moreCategories: more, pages: [link], year: 2026, stylesheet: "/style.css",
        generator: "Herald", feeds: [feed], search: "/search/", searchIndex: "/search.json", searchScript: "/s.js",
        otherSearchIndexes: [language], trending: true)

    /// Writes `value` as the one record of an archive, and reads it back.
    func roundTrip<T: SnapshotCodable>(_ value: T) throws -> T {
        let input = try SnapshotArchive(bytes: archive(of: [value])).record(0)
        let read: T = try input.next()
        #expect(input.isAtEnd)
        return read
    }

    /// The archive of `values`, each a record.
    private func archive<T: SnapshotCodable>(of values: [T]) -> [UInt8] {
        var output = SnapshotWriter()
        for value in values {
            output.write(value)
            output.endRecord()
        }
        return SnapshotArchive.bytes(of: output)
    }

    /// An archive made by hand, as a changed file might be.
    private func archive(records: [[UInt8]], entries: [[UInt8]]) -> [UInt8] {
        var bytes = Array("HRLDSNP2".utf8)
        var spans: [Int] = []
        for piece in records + entries {
            spans += [bytes.count, bytes.count + piece.count]
            bytes += piece
        }
        for number in spans + [records.count, entries.count] {
            withUnsafeBytes(of: UInt64(number).littleEndian) { bytes += $0 }
        }
        return bytes + Array("HRLDSNP2".utf8)
    }

    /// The fields of `value` that hold nothing: nil, empty, false or zero. A sample must have none,
    /// so that a field added later is in it, and the round trip shows whether it is written.
    func unsetFields(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            let empty: Bool
            switch child.value {
            case let text as String: empty = text.isEmpty
            case let flag as Bool: empty = !flag
            case let number as Int: empty = number == 0
            case let number as Double: empty = number == 0
            case let collection as any Collection: empty = collection.isEmpty
            default:
                let mirror = Mirror(reflecting: child.value)
                empty = mirror.displayStyle == .optional && mirror.children.isEmpty
            }
            return empty ? child.label ?? "?" : nil
        }
    }

    func expectWhole<T: SnapshotCodable & Equatable>(
        _ sample: T, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(unsetFields(of: sample) == [], "\(T.self)'s sample leaves fields unset", sourceLocation: sourceLocation)
        #expect(try roundTrip(sample) == sample, "\(T.self)", sourceLocation: sourceLocation)
    }

    @Test func everyViewComesBackWithEveryField() throws {
        try expectWhole(Self.files)
        try expectWhole(Self.image)
        try expectWhole(Self.term)
        try expectWhole(Self.more)
        try expectWhole(Self.language)
        try expectWhole(Self.event)
        try expectWhole(Self.itemFields)
        try expectWhole(Self.item.withAllTerms)
        try expectWhole(Self.pager)
        try expectWhole(Self.pager.links[0])
        try expectWhole(Self.link)
        try expectWhole(Self.feed)
        try expectWhole(Self.list)
        try expectWhole(Self.list.sections[0])
        try expectWhole(Self.home)
        try expectWhole(Self.terms)
        try expectWhole(Self.day)
        try expectWhole(Self.entry)
        try expectWhole(Self.month)
        try expectWhole(Self.month.days[0])
        try expectWhole(CalendarWeek(days: [Self.day]))
        try expectWhole(Self.meta)
        try expectWhole(Self.site)
        try expectWhole(ParamsView(values: Self.itemFields.params))
        try expectWhole(InterfaceStrings(table: ["recentNews": "最新消息", "more": "更多"]))
    }

    /// Flags each set otherwise than in the samples (where all are true), so that two read back
    /// in each other's place would show.
    @Test func flagsComeBackEachInItsPlace() throws {
        var event = Self.event
        (event.allDay, event.upcoming, event.thisWeek) = (false, false, false)
        #expect(try roundTrip(event) == event)
        var language = Self.language
        (language.translated, language.isDefault) = (false, false)
        #expect(try roundTrip(language) == language)
        var day = Self.day
        day.inMonth = false
        #expect(try roundTrip(day) == day)
        var link = Self.pager.links[0]
        link.current = false
        #expect(try roundTrip(link) == link)
    }

    @Test func anItemsPageViewKeepsShowingEveryTerm() throws {
        let own = Self.item.withAllTerms
        #expect(try roundTrip(own) == own)
        #expect(try roundTrip(own) != Self.item)
    }

    @Test func aViewAndALongTextSharedByManyAreWrittenOnce() throws {
        let once = archive(of: [Self.item])
        let thrice = archive(of: [[Self.item, Self.item, Self.item]])
        // Each view is a flag and a number, and the list a count.
        #expect(thrice.count <= once.count + 1 + 2 * 2)

        let texts = archive(of: [[Self.body, Self.body]])
        // The body, then the framing (40 bytes) and where the record and the entry are (32).
        #expect(texts.count < Self.body.utf8.count + 80)
        #expect(try SnapshotArchive(bytes: texts).record(0).next() == [Self.body, Self.body])
    }

    @Test func aRecordIsReadOnItsOwnWithTheSharedValuesItNames() throws {
        let other = Self.item.withAllTerms
        var output = SnapshotWriter()
        for value in [[Self.item], [other, Self.item], [Self.item]] {
            output.write(value)
            output.endRecord()
        }
        let archive = try SnapshotArchive(bytes: SnapshotArchive.bytes(of: output))
        #expect(archive.recordCount == 3)
        let third: [ItemView] = try archive.record(2).next()
        #expect(third == [Self.item])
        // The item's view and its body; not the other view, nor anything of its own.
        #expect(archive.entriesRead == 2)
        let second: [ItemView] = try archive.record(1).next()
        #expect(second == [other, Self.item])
        #expect(throws: SnapshotReader.Corrupt.self) { try archive.record(3) }
    }

    @Test func aSharedValueThatHoldsItselfOrARingOfThemIsRefused() throws {
        // An item's view is a flag and its box's number; a box that begins with a view of itself.
        for entries in [[[0, 0]], [[0, 1], [0, 0]]] as [[[UInt8]]] {
            let bytes = archive(records: [[0, 0]], entries: entries)
            #expect(throws: SnapshotReader.Corrupt.self) {
                let _: ItemView = try SnapshotArchive(bytes: bytes).record(0).next()
            }
        }
        // A chain of 20,000 boxes, each naming the next, ends at the nesting limit, not the stack's.
        let chain = (0..<20_000).map { [UInt8](repeating: 0, count: 1) + varint($0 + 1) }
        let bytes = archive(records: [[0, 0]], entries: chain)
        #expect(throws: SnapshotReader.Corrupt.self) {
            let _: ItemView = try SnapshotArchive(bytes: bytes).record(0).next()
        }
    }

    private func varint(_ value: Int) -> [UInt8] {
        var writer = SnapshotWriter()
        writer.varint(UInt64(value))
        return writer.bytes
    }

    @Test func anArchiveWhoseFramingOrSpansDisagreeWithItsBytesIsRefused() throws {
        let whole = archive(of: [Self.list, Self.list])
        for length in 0..<whole.count {
            #expect(throws: SnapshotReader.Corrupt.self, "cut at \(length)") {
                try SnapshotArchive(bytes: Array(whole[..<length]))
            }
        }
        #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotArchive(bytes: whole + [0]) }
        var wrongMagic = whole
        wrongMagic[0] = UInt8(ascii: "X")
        #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotArchive(bytes: wrongMagic) }
        var wrongEnd = whole
        wrongEnd[whole.count - 1] = UInt8(ascii: "X")
        #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotArchive(bytes: wrongEnd) }
        // Counts of 2^62: refused before anything is allocated for them.
        for count in [whole.count - 24, whole.count - 16] {
            var huge = whole
            huge[count + 7] = 0x40
            #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotArchive(bytes: huge) }
        }
        // The first of three records (bytes 8 to 9; its span is at 11 and 19) made to end before
        // it starts, past the spans, or to start in the magic.
        let three = archive(records: [[1], [2], [3]], entries: [])
        #expect(try SnapshotArchive(bytes: three).recordCount == 3)
        for (at, value) in [(19, 0), (19, 12), (11, 7)] as [(Int, UInt8)] {
            var changed = three
            #expect(changed[at] == (at == 11 ? 8 : 9))
            changed[at] = value
            #expect(throws: SnapshotReader.Corrupt.self, "\(at) = \(value)") { try SnapshotArchive(bytes: changed) }
        }
    }

    @Test func equalTablesAreEqualBytes() {
        var first: [String: String] = [:]
        var second: [String: String] = [:]
        for number in 0..<50 { first["k\(number)"] = "v\(number)" }
        for number in (0..<50).reversed() { second["k\(number)"] = "v\(number)" }
        var a = SnapshotWriter()
        a.write(first)
        var b = SnapshotWriter()
        b.write(second)
        #expect(a.bytes == b.bytes)
    }

    // MARK: Bytes changed on disk

    @Test func everyTruncationIsRefused() throws {
        let archive = try SnapshotArchive(bytes: archive(of: [Self.list]))
        let record = try archive.record(0)
        let _: ListView = try record.next()
        let range = try archive.record(0).offset..<record.offset
        for length in 0..<range.count {
            #expect(throws: SnapshotReader.Corrupt.self, "cut at \(length)") {
                let _: ListView = try SnapshotReader(archive, range: range.lowerBound..<range.lowerBound + length)
                    .next()
            }
        }
    }

    /// Changed bytes may still read as a list (a changed letter of a title); whatever they read
    /// as, reading ends, with a list or `Corrupt`, and nothing else. What tells a changed file from
    /// the one written is its stamp, which the build record keeps, as it keeps the output's.
    @Test func changedBytesEndInAListOrCorruptNeverElse() throws {
        let whole = archive(of: [Self.list])
        var random = SplitMix64(seed: 39)
        var outcomes = (read: 0, refused: 0)
        for _ in 0..<2_000 {
            var bytes = whole
            for _ in 0..<3 {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                let _: ListView = try SnapshotArchive(bytes: bytes).record(0).next()
                outcomes.read += 1
            } catch is SnapshotReader.Corrupt {
                outcomes.refused += 1
            }
        }
        #expect(outcomes.read + outcomes.refused == 2_000)
        #expect(outcomes.refused > 0)
    }

    @Test func valuesNestedBeyondTheLimitAreRefusedWithoutExhaustingTheStack() throws {
        // A list in a list … 10,000 deep, in 20 KB.
        let deep = Array([[UInt8]](repeating: [3, 1], count: 10_000).joined()) + [1, 1]
        #expect(throws: SnapshotReader.Corrupt.self) { let _: FrontMatterValue = try SnapshotReader(deep).next() }
        var shallow = FrontMatterValue.text("x")
        for _ in 0..<SnapshotReader.deepestNesting { shallow = .list([shallow]) }
        #expect(try roundTrip(shallow) == shallow)
    }

    @Test func aRangeBeyondTheBytesIsCutToThem() throws {
        #expect(try SnapshotReader([1, 2, 3], range: -2..<2).byte() == 1)
        #expect(throws: SnapshotReader.Corrupt.self) { try SnapshotReader([1, 2, 3], range: 5..<9).byte() }
    }

    @Test func aDateThatIsNoInstantIsRefused() {
        for seconds in [Double.nan, .infinity, 1e300] {
            var output = SnapshotWriter()
            output.double(seconds)
            #expect(throws: SnapshotReader.Corrupt.self) { let _: Date = try SnapshotReader(output.bytes).next() }
        }
    }

    @Test func aCountOrLengthBeyondTheBytesIsRefusedBeforeAnythingIsMade() {
        // A list of 2^40 elements, in 6 bytes.
        var huge = SnapshotWriter()
        huge.varint(1 << 40)
        #expect(throws: SnapshotReader.Corrupt.self) { let _: [String] = try SnapshotReader(huge.bytes).next() }
        var text = SnapshotWriter()
        text.varint(1 << 40)
        #expect(throws: SnapshotReader.Corrupt.self) { let _: String = try SnapshotReader(text.bytes).next() }
        #expect(throws: SnapshotReader.Corrupt.self) { let _: String = try SnapshotReader([3, 0xc3, 0x28]).next() }
        #expect(throws: SnapshotReader.Corrupt.self) { let _: Bool = try SnapshotReader([2]).next() }
        #expect(throws: SnapshotReader.Corrupt.self) {
            let _: ContentKind = try SnapshotReader([5] + Array("nope".utf8)).next()
        }
    }
}
