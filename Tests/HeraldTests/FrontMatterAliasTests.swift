import Foundation
import Testing

@testable import Herald

/// The keys other generators write, each read as the Herald key it stands for (docs/content.md's
/// table), and the rules for values in other shapes.
@Suite struct FrontMatterAliasTests {
    let config = SiteConfig(
        title: "T", baseURL: URL(string: "https://example.org/")!, timeZone: TimeZone(identifier: "Asia/Shanghai")!,
        author: "Office")

    func parse(
        _ front: String, path: String = "content/news/2026-11-02-hello.md", kind: ContentKind = .news
    ) -> ItemParser.Outcome {
        ItemParser(config: config).parse(Data("---\n\(front)\n---\nBody text.\n".utf8), path: path, kind: kind)
    }

    func item(
        _ front: String, path: String = "content/news/2026-11-02-hello.md", kind: ContentKind = .news
    ) throws -> ContentItem {
        let outcome = parse(front, path: path, kind: kind)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        return try #require(outcome.item)
    }

    func instant(_ text: String) -> Date? { DateParser.parseInstant(text) }

    @Test(arguments: ["publishDate", "pubdate", "published", "PublishDate"])
    func publicationDate(key: String) throws {
        #expect(try item("title: A\n\(key): 2026-11-03").publishDate == instant("2026-11-02T16:00:00Z"))
    }

    @Test(arguments: ["updated", "lastmod", "modified", "lastMod"])
    func updateTime(key: String) throws {
        #expect(try item("title: A\n\(key): 2026-11-04 08:00").updated == instant("2026-11-04T00:00:00Z"))
    }

    @Test(arguments: ["expiryDate", "unpublishdate", "expirydate"])
    func expiry(key: String) throws {
        #expect(try item("title: A\n\(key): 2027-01-01").expiryDate == instant("2026-12-31T16:00:00Z"))
    }

    @Test(arguments: ["summary", "description", "excerpt"])
    func summary(key: String) throws {
        let news = try item("title: A\n\(key): A *short* summary.")
        #expect(news.summary == "A *short* summary.")
        #expect(news.summaryText == "A short summary.")
    }

    @Test func summaryIsPreferredToDescriptionWithoutAnError() throws {
        #expect(try item("title: A\ndescription: For search engines.\nsummary: For cards.").summary == "For cards.")
    }

    @Test(arguments: [
        ("image: /images/a.jpg", "/images/a.jpg"),
        ("featured_image: /images/a.jpg", "/images/a.jpg"),
        ("cover: /images/a.jpg", "/images/a.jpg"),
        ("cover:\n  image: /images/a.jpg\n  alt: A cover", "/images/a.jpg"),
        ("thumbnail: /images/a.jpg", "/images/a.jpg"),
        ("banner: /images/a.jpg", "/images/a.jpg"),
        ("images: [/images/a.jpg, /images/b.jpg]", "/images/a.jpg"),
        ("images: [/images/b.jpg]\nimage: /images/a.jpg", "/images/a.jpg"),
    ])
    func coverImage(front: String, expected: String) throws {
        #expect(try item("title: A\n\(front)").image == expected)
    }

    @Test func coverMappingGivesTheAltText() throws {
        #expect(
            try item("title: A\ncover:\n  image: /a.jpg\n  alt: Students at the gate").imageAlt
                == "Students at the gate")
    }

    @Test(arguments: [
        ("author: Ann", ["Ann"]),
        ("author: [Ann, Bo]", ["Ann", "Bo"]),
        ("authors:\n  - Ann\n  - Bo", ["Ann", "Bo"]),
        ("author:\n  name: Ann\n  email: ann@example.org", ["Ann"]),
        ("authors:\n  - name: Ann\n  - name: Bo", ["Ann", "Bo"]),
        ("role: member", ["Office"]),
    ])
    func authors(front: String, expected: [String]) throws {
        let news = try item("title: A\n\(front)")
        #expect(news.authors == expected)
        #expect(news.author == expected.joined(separator: ", "))
    }

    @Test(arguments: ["start", "startDate", "dateStart", "start_date", "eventDate", "event_start"])
    func eventStart(key: String) throws {
        let event = try #require(
            try item("title: E\n\(key): 2026-12-05 19:00", path: "content/events/e.md", kind: .event).event)
        #expect(event.start == instant("2026-12-05T11:00:00Z"))
    }

    @Test(arguments: ["end", "endDate", "dateEnd", "end_date", "event_end"])
    func eventEnd(key: String) throws {
        let event = try #require(
            try item(
                "title: E\nstart: 2026-12-05 19:00\n\(key): 2026-12-05 21:00", path: "content/events/e.md", kind: .event
            ).event)
        #expect(event.end == instant("2026-12-05T13:00:00Z"))
    }

    @Test(arguments: ["location", "place", "venue"])
    func location(key: String) throws {
        let event = try #require(
            try item("title: E\nstart: 2026-12-05\n\(key): Main hall", path: "content/events/e.md", kind: .event).event)
        #expect(event.location == "Main hall")
    }

    @Test(arguments: ["aliases", "redirect_from"])
    func oldAddresses(key: String) throws {
        #expect(
            try item("title: A\n\(key):\n  - /old/a/\n  - /2014/11/01/a.html").aliases == [
                TermReference(name: "/old/a/", line: 4), TermReference(name: "/2014/11/01/a.html", line: 5),
            ])
        #expect(
            try item("title: A\n\(key): /old/a/").aliases.map(\.name) == ["/old/a/"], "a single path is a list of one")
    }

    @Test(arguments: ["url", "permalink"])
    func fixedURL(key: String) throws {
        let page = try item("title: About\n\(key): /about-us/", path: "content/pages/about.md", kind: .page)
        #expect(config.layout.itemPath(page) == "about-us/")
    }

    @Test func oneKeyUnderTwoNamesIsAnErrorNamingBothLines() {
        #expect(
            parse("title: E\nstart: 2026-12-05\ndateStart: 2026-12-06", path: "content/events/e.md", kind: .event)
                .diagnostics.map(\.description) == [
                    "content/events/e.md:4: 'dateStart' and 'start' (line 3) both give the event's start; keep one of them"
                ])
        #expect(
            parse("title: A\nlastmod: 2026-11-03\nupdated: 2026-11-04").diagnostics.map(\.description) == [
                "content/news/2026-11-02-hello.md:4: 'updated' and 'lastmod' (line 3) both give the time of the last update; keep one of them"
            ])
    }

    @Test(
        arguments: [
            ("catgories", "categories"), ("feature", "featured"), ("tag", "tags"), ("descritpion", "description"),
            ("slides", nil), ("vimeo", nil), ("blog", nil), ("name", nil), ("math", nil), ("eventlang", nil),
        ] as [(String, String?)])
    func typoSuggestionsAreForTyposOnly(key: String, suggestion: String?) {
        #expect(FrontMatterKeys.suggestions(for: key) == (suggestion.map { [$0] } ?? []))
    }

    /// The short typos that published wrong events in silence: two letters swapped is one slip.
    @Test func aSwapOrOneEditOfAnEventKeyIsAWarningAtItsLine() {
        let outcome = parse(
            "title: Gala\ndate: 2026-11-20\nstrat: 2026-12-20 19:00\nstauts: cancelled\nned: 2026-12-20 21:00\ntgas: [music]\ntile: x",
            path: "content/events/gala.md", kind: .event)
        #expect(
            outcome.diagnostics.map(\.description) == [
                "content/events/gala.md:4: warning: unknown key 'strat' is kept for templates as params.strat; did you mean 'start'?",
                "content/events/gala.md:5: warning: unknown key 'stauts' is kept for templates as params.stauts; did you mean 'status'?",
                "content/events/gala.md:6: warning: unknown key 'ned' is kept for templates as params.ned; did you mean 'end'?",
                "content/events/gala.md:7: warning: unknown key 'tgas' is kept for templates as params.tgas; did you mean 'tags'?",
                "content/events/gala.md:8: warning: unknown key 'tile' is kept for templates as params.tile; did you mean 'title' or 'time'?",
            ])
    }

    /// No two of Herald's names for different keys are one slip apart (a slip of one would then
    /// be the other, silently), and every slip of every name (a letter left out, added, changed,
    /// or two neighbours swapped) is caught, with that name among the suggestions.
    @Test func everySlipOfEveryKeyIsCaught() {
        let names = FrontMatterKeys.entries.flatMap { entry in
            entry.names.map { (key: entry.key, name: $0.lowercased()) }
        }
        for a in names {
            for b in names where a.key != b.key {
                #expect(SiteConfigParser.editDistance(a.name, b.name) >= 2, "\(a.name) and \(b.name)")
            }
        }
        var checked = 0
        for (_, name) in names {
            for slip in Self.slips(of: name) where FrontMatterKeys.key(for: slip) == nil {
                checked += 1
                let suggested = FrontMatterKeys.suggestions(for: slip).map { $0.lowercased() }
                #expect(suggested.contains(name), "\(slip) suggests \(suggested), not \(name)")
            }
        }
        #expect(checked > 20_000)
    }

    /// Every string one slip from `name`: each letter left out, each neighbour pair swapped, and
    /// each letter of a–z and `_` put in at each place or in place of each letter.
    static func slips(of name: String) -> Set<String> {
        let letters = Array(name)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz_")
        var slips: Set<String> = []
        for index in letters.indices {
            var left = letters
            left.remove(at: index)
            slips.insert(String(left))
            if index + 1 < letters.count {
                var swapped = letters
                swapped.swapAt(index, index + 1)
                slips.insert(String(swapped))
            }
            for letter in alphabet {
                var changed = letters
                changed[index] = letter
                slips.insert(String(changed))
            }
        }
        for index in 0...letters.count {
            for letter in alphabet {
                var added = letters
                added.insert(letter, at: index)
                slips.insert(String(added))
            }
        }
        slips.remove(name)
        return slips.filter { !$0.isEmpty }
    }

    @Test func otherGeneratorsTemplateSyntaxIsAWarningAtItsLine() {
        let outcome = parse("title: A", path: "content/news/2026-11-02-a.md")
        #expect(outcome.diagnostics.isEmpty)
        let shortcode = ItemParser(config: config).parse(
            Data(
                "---\ntitle: A\n---\n\nIntro.\n\n{{< figure src=\"/img/a.png\" caption=\"A very long caption for a figure\" >}}\n\n```\n{% raw %} in code is fine\n```\n"
                    .utf8), path: "content/news/2026-11-02-a.md", kind: .news)
        #expect(
            shortcode.diagnostics.map(\.description) == [
                "content/news/2026-11-02-a.md:7: warning: Hugo shortcode `{{< figure src=\"/img/a.png\" caption=\"…` is shown as text: Herald does not run other generators' templates (herald import converts them)"
            ])
        let liquid = ItemParser(config: config).parse(
            Data("---\ntitle: A\n---\nSee {% include note.html %} here.\n".utf8), path: "content/news/2026-11-02-a.md",
            kind: .news)
        #expect(
            liquid.diagnostics.map(\.description) == [
                "content/news/2026-11-02-a.md:4: warning: Liquid tag `{% include note.html %}` is shown as text: Herald does not run other generators' templates (herald import converts them)"
            ])
    }

    @Test func rawHTMLLeftOutIsToldOncePerBuild() throws {
        let site = MemorySite([
            "content/news/2026-11-01-a.md": "---\ntitle: A\n---\nText\n\n<div>box</div>\n",
            "content/news/2026-11-02-b.md": "---\ntitle: B\n---\nAn <sup>inline</sup> tag.\n",
            "content/news/2026-11-03-c.md":
                "---\ntitle: C\n---\nNo HTML, and the more marker is no HTML either.\n\n<!--more-->\n\nMore.\n",
        ])
        let output = MemoryOutput()
        let report = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: site.files)).run(
            into: output)
        #expect(
            report.warnings.map(\.description) == [
                "content/news/2026-11-01-a.md:6: warning: raw HTML is left out of this file and 1 other (Markdown's safe mode); set `markdown: {unsafe: true}` in site.yml if the content's HTML can be trusted"
            ])
    }

    @Test func translationsByFileNameAreLeftOutButOne() throws {
        let found = try ContentDiscovery.discover(
            in: .memory(text: [
                "content/news/2026-11-01-hello.md": "", "content/news/2026-11-01-hello.es.md": "",
                "content/news/2026-11-01-hello.pt-br.md": "",
                "content/news/only/index.es.md": "", "content/news/only/index.en.md": "",
                "content/news/only/photo.jpg": "",
                "content/news/v1.2.md": "",
            ]), language: "en")
        #expect(
            found.sources.map(\.path) == [
                "content/news/2026-11-01-hello.md", "content/news/only/index.en.md", "content/news/v1.2.md",
            ])
        #expect(found.sources[1].bundle?.resources == ["photo.jpg"])
        #expect(found.notPages == 3)
        #expect(
            found.warnings.map(\.description) == [
                "content/news/2026-11-01-hello.es.md:1: warning: is a translation, left out with 2 others: a site has one language, and each item is built in its own (the file without a language in its name, else the site's)"
            ])
        #expect(Slug.fromFileName("2026-11-01-hello.es.md") == "hello")
    }

    @Test func keysAreMatchedInAnyCaseAsHugoDoes() throws {
        let news = try item("Title: Upper\nDate: 2026-11-05\nTags: [a]")
        #expect(news.title == "Upper")
        #expect(news.tags.map(\.name) == ["a"])
        #expect(news.date == instant("2026-11-04T16:00:00Z"))
    }

    @Test func aSingleStringWhereAListBelongsIsAListOfOne() throws {
        let news = try item("title: A\ncategories: News\ntags: welcome")
        #expect(news.categories.map(\.name) == ["News"])
        #expect(news.tags.map(\.name) == ["welcome"])
    }

    @Test func unknownKeysAreKeptForTemplatesAsParams() throws {
        let news = try item(
            "title: A\ncountry: UK\nspeakers: [Ann, Bo]\nvenue_map:\n  lat: 51.5\n  public: true\nparams:\n  country: Wales\n  extra: more"
        )
        #expect(news.params["country"] == .text("Wales"), "Hugo's own params: mapping wins over a top-level key")
        #expect(news.params["speakers"] == .list([.text("Ann"), .text("Bo")]))
        #expect(news.params["venue_map"] == .mapping(["lat": .number("51.5"), "public": .bool(true)]))
        #expect(news.params["extra"] == .text("more"))
        #expect(news.params["title"] == nil)
    }

    @Test func paramsReachTemplates() throws {
        let site = MemorySite([
            "templates/talk.mustache":
                "{{#item}}{{params.country}}|{{#params.speakers}}<{{.}}>{{/params.speakers}}|{{params.hall.room}}|{{^params.missing}}none{{/params.missing}}{{/item}}",
            "content/pages/talk.md":
                "---\ntitle: Talk\nlayout: talk\ncountry: UK\nspeakers: [Ann, Bo]\nhall:\n  room: 201\n---\n",
        ])
        #expect(try site.build().text("talk/index.html") == "UK|<Ann><Bo>|201|none")
    }
}

/// Jekyll's `time:` and events whose day is their `date`.
@Suite struct EventDayAndTimeTests {
    func event(
        _ front: String, path: String = "content/events/2026-12-05-gala.md", zone: String = "Asia/Shanghai"
    ) -> ItemParser.Outcome {
        let config = SiteConfig(title: "T", timeZone: TimeZone(identifier: zone)!)
        return ItemParser(config: config).parse(Data("---\n\(front)\n---\n".utf8), path: path, kind: .event)
    }

    @Test(arguments: [
        ("19:00-21:00", 19, 0, 21, 0), ("19:00 - 21:30", 19, 0, 21, 30), ("19:00–21:00", 19, 0, 21, 0),
        ("19:00~21:00", 19, 0, 21, 0),
        ("19:00～21:00", 19, 0, 21, 0), ("19:00至21:00", 19, 0, 21, 0), ("7pm-9pm", 19, 0, 21, 0),
        ("7-9 pm", 19, 0, 21, 0),
        ("7:30 PM to 9 PM", 19, 30, 21, 0), ("１９：００－２１：００", 19, 0, 21, 0), ("12am-1am", 0, 0, 1, 0),
        ("9.30-11", 9, 30, 11, 0),
    ])
    func timeRanges(text: String, startHour: Int, startMinute: Int, endHour: Int, endMinute: Int) throws {
        let range = try TimeOfDayRange.parse(text).get()
        #expect(range.start == (startHour, startMinute))
        #expect(range.end?.hour == endHour && range.end?.minute == endMinute)
    }

    @Test(arguments: ["14:00", "2pm", "2 p.m.", "14h", "２：００ｐｍ"])
    func aTimeAloneIsAStart(text: String) throws {
        let range = try TimeOfDayRange.parse(text).get()
        #expect(range.start == (14, 0) && range.end == nil)
    }

    @Test(arguments: ["after dinner", "25:00", "19:60", "19:00-", "13pm", "19:00-21:00-23:00", ""])
    func unreadableTimes(text: String) {
        #expect((try? TimeOfDayRange.parse(text).get()) == nil)
    }

    @Test func dateAndTimeMakeATimedEventInTheEventsZone() throws {
        let outcome = event("title: Gala\ndate: 2026-12-05\ntime: 19:00-21:00\nplace: Hall")
        #expect(outcome.diagnostics.isEmpty)
        let details = try #require(outcome.item?.event)
        #expect(details.start == DateParser.parseInstant("2026-12-05T11:00:00Z"))
        #expect(details.end == DateParser.parseInstant("2026-12-05T13:00:00Z"))
        #expect(!details.allDay)
        #expect(details.location == "Hall")
        #expect(
            outcome.item?.date == nil,
            "the date is the event's day, not a publication date that would hide it as a future post")
    }

    @Test func aRangePastMidnightEndsTheNextDay() throws {
        let details = try #require(event("title: Party\ndate: 2026-12-31\ntime: 22:00-01:00").item?.event)
        #expect(details.end == DateParser.parseInstant("2027-01-01T01:00:00+08:00"))
    }

    @Test func theFileNamesDateGivesTheDayWhenTheFrontMatterHasNone() throws {
        let details = try #require(event("title: Gala\ntime: 18:30").item?.event)
        #expect(details.start == DateParser.parseInstant("2026-12-05T18:30:00+08:00"))
    }

    @Test(arguments: ["2018-09-27 及 2018-09-28", "2018-09-27 to 2018-09-28", "2018-09-27～2018-09-28"])
    func twoDaysInOneDateAreAnEventOfBothDays(text: String) throws {
        let outcome = event("title: Recruitment\ndate: \(text)", path: "content/events/recruit.md")
        #expect(outcome.diagnostics.isEmpty)
        let details = try #require(outcome.item?.event)
        #expect(details.allDay)
        #expect(details.start == DateParser.parseInstant("2018-09-27T00:00:00+08:00"))
        #expect(details.end == DateParser.parseInstant("2018-09-29T00:00:00+08:00"), "to the end of the last day")
    }

    @Test(arguments: ["2018-09-28 及 2018-09-27", "2018-09-27 or maybe 2018-09-28", "2018-09-27 及"])
    func otherTextInADateIsStillAnError(text: String) {
        #expect(event("title: Recruitment\ndate: \(text)", path: "content/events/recruit.md").diagnostics.count == 1)
    }

    @Test func aDateAloneIsAnAllDayEvent() throws {
        let details = try #require(
            event("title: Open day\ndate: 2026-12-12", path: "content/events/open-day.md").item?.event)
        #expect(details.allDay)
        #expect(details.start == DateParser.parseInstant("2026-12-12T00:00:00+08:00"))
    }

    @Test func aTimeBesideAStartIsIgnoredWithAWarning() {
        #expect(
            event("title: Gala\nstart: 2026-12-05 19:00\ntime: 20:00").diagnostics.map(\.description) == [
                "content/events/2026-12-05-gala.md:4: warning: 'time' is ignored: start already gives the start"
            ])
    }

    @Test func aMistypedTimeIsAnErrorAtItsLine() {
        #expect(
            event("title: Gala\ndate: 2026-12-05\ntime: \"19:75\"").diagnostics.map(\.description) == [
                "content/events/2026-12-05-gala.md:4: time: '19:75' is not a time: expected HH:MM or HH:MM-HH:MM, such as 19:00-21:00"
            ])
    }

    @Test func aTimeInWordsIsShownBesideTheDayOfAnAllDayEvent() throws {
        let outcome = event("title: Recruitment\ndate: 2026-12-05\ntime: 中午及傍晚")
        #expect(
            outcome.diagnostics.map(\.description) == [
                "content/events/2026-12-05-gala.md:4: warning: time '中午及傍晚' gives no hours, so the event is shown all day on 2026-12-05 with this text beside it; write `time: HH:MM-HH:MM` for a timed event"
            ])
        let details = try #require(outcome.item?.event)
        #expect(details.allDay && details.timeNote == "中午及傍晚")
        let page = try MemorySite([
            "content/events/2026-12-05-recruit.md":
                "---\ntitle: Recruitment\ndate: 2026-12-05\ntime: after dinner\n---\n"
        ]).build()
        #expect(try #require(page.text("events/recruit/index.html")).contains(", after dinner"))
    }

    @Test func anEveningMayEndAtTwentyFourHundred() throws {
        let details = try #require(event("title: Party\ndate: 2026-12-05\ntime: 14:00 - 24:00").item?.event)
        #expect(details.end == DateParser.parseInstant("2026-12-06T00:00:00+08:00"))
    }

    @Test func severalOrganizersAreNamedTogether() throws {
        let details = try #require(
            event("title: Call\nstart: 2026-12-05 10:00\norganizer:\n  - Ann Lee\n  - Bo Chen").item?.event)
        #expect(details.organizer == "Ann Lee, Bo Chen")
    }

    @Test func anEndBeforeTheStartIsStillAnError() {
        #expect(
            event("title: Gala\ndateStart: 2026-12-05 19:00\ndateEnd: 2026-12-05 18:00").diagnostics.map(\.description)
                == [
                    "content/events/2026-12-05-gala.md:4: end (2026-12-05 18:00) comes before start (2026-12-05 19:00)"
                ])
    }
}

/// Files that are not pages by the rules of the generator they were written for.
@Suite struct NotAPageTests {
    @Test func headlessRenderNeverUnpublishedAndBundleTextsAreNotPagesNorErrors() throws {
        let site = MemorySite([
            "content/news/shared/index.md": "---\nheadless: true\n---\nShared text.\n",
            "content/news/2026-11-01-hidden.md": "---\ntitle: Hidden\nbuild:\n  render: never\n---\n",
            "content/news/2026-11-02-unpublished.md": "---\ntitle: Not yet\npublished: false\n---\n",
            "content/news/2026-11-03-kept.md": "---\ntitle: Kept\npublished: true\n---\n",
            "content/news/gala/index.md": "---\ntitle: Gala\ndate: 2026-11-04\n---\n",
            "content/news/gala/speech.md": "A text the bundle's page could include; no front matter at all.\n",
            "content/news/gala/inner/index.md": "---\ntitle: Inner\n---\n",
            "content/news/2019/_index.md": "---\ntitle: 2019\n---\n",
        ])
        let output = try site.build()
        #expect(output.files["news/kept/index.html"] != nil)
        #expect(output.files["news/gala/index.html"] != nil)
        #expect(
            output.files.keys.filter { $0.hasSuffix(".md") || $0.contains("inner") }.isEmpty,
            "a bundle's Markdown, an index.md inside it included, is neither a page nor published, as in Hugo")
        for gone in [
            "news/hidden/index.html", "news/unpublished/index.html", "news/shared/index.html", "news/2019/index.html",
        ] {
            #expect(output.files[gone] == nil, "\(gone)")
        }
    }

    @Test func aTitleIsStillRequiredOfARealPage() {
        #expect(
            MemorySite(["content/news/2026-11-01-a.md": "---\ndescription: no title\n---\n"]).diagnostics() == [
                "content/news/2026-11-01-a.md:2: a title is required (add `title: …` to the front matter)"
            ])
    }
}
