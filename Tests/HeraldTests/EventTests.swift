import Foundation
import Testing

@testable import Herald

@Suite struct RecurrenceTests {
    let first = CivilDateTime(year: 2026, month: 10, day: 8, hour: 19)

    @Test func weeklyUntilADateLeavingOutExceptDates() {
        let rule = Recurrence(
            frequency: .weekly, until: CivilDateTime(year: 2026, month: 11, day: 5),
            except: [CivilDateTime(year: 2026, month: 10, day: 22)])
        #expect(rule.starts(from: first).map(\.isoDate) == ["2026-10-08", "2026-10-15", "2026-10-29", "2026-11-05"])
        #expect(rule.starts(from: first).allSatisfy { $0.hour == 19 }, "the wall-clock time is kept")
    }

    @Test func everyOtherWeekForACount() {
        let rule = Recurrence(frequency: .weekly, interval: 2, count: 3)
        #expect(rule.starts(from: first).map(\.isoDate) == ["2026-10-08", "2026-10-22", "2026-11-05"])
    }

    @Test func monthlySkipsMonthsWithoutTheDayAndCountsAsRFC5545Does() {
        let rule = Recurrence(frequency: .monthly, count: 4, except: [CivilDateTime(year: 2027, month: 3, day: 31)])
        // 31 Oct, (no 31 Nov), 31 Dec, 31 Jan, (no 31 Feb), 31 Mar (excluded but counted).
        #expect(
            rule.starts(from: CivilDateTime(year: 2026, month: 10, day: 31)).map(\.isoDate) == [
                "2026-10-31", "2026-12-31", "2027-01-31",
            ])
    }

    @Test func occurrencesKeepLocalTimeAcrossDaylightSavingChanges() throws {
        let outcome = ItemParser(config: SiteConfig(title: "T")).parse(
            Data(
                """
                ---
                title: Walk
                start: 2026-10-18 09:00
                end: 2026-10-18 10:00
                timezone: Europe/London
                repeat: {frequency: weekly, count: 2}
                ---
                """.utf8), path: "content/events/walk.md", kind: .event)
        let event = try #require(outcome.item?.event)
        #expect(
            event.occurrences.map(\.start) == [
                DateParser.parseInstant("2026-10-18T08:00:00Z")!, DateParser.parseInstant("2026-10-25T09:00:00Z")!,
            ])
        #expect(event.occurrences.map { $0.end!.timeIntervalSince($0.start) } == [3600, 3600])
    }

    @Test func allDayRepeatsKeepTheirLengthInDays() throws {
        let outcome = ItemParser(config: SiteConfig(title: "T", timeZone: TimeZone(identifier: "Asia/Shanghai")!))
            .parse(
                Data(
                    """
                    ---
                    title: Fair
                    start: 2026-12-12
                    end: 2026-12-13
                    repeat: {frequency: monthly, count: 2}
                    ---
                    """.utf8), path: "content/events/fair.md", kind: .event)
        let event = try #require(outcome.item?.event)
        #expect(
            event.occurrences.map(\.start) == [
                DateParser.parseInstant("2026-12-11T16:00:00Z")!, DateParser.parseInstant("2027-01-11T16:00:00Z")!,
            ])
        #expect(
            event.occurrences.map { $0.end! } == [
                DateParser.parseInstant("2026-12-13T16:00:00Z")!, DateParser.parseInstant("2027-01-13T16:00:00Z")!,
            ])
    }

    @Test func malformedRepeatsAreExplained() {
        let file = "content/events/e.md"
        func problems(_ rule: String) -> [String] {
            MemorySite([file: "---\ntitle: E\nstart: 2026-12-01 10:00\nrepeat: \(rule)\n---\n"]).diagnostics()
        }
        #expect(problems("weekly") == ["\(file):4: repeat must be a set of `key: value` lines, not 'weekly'"])
        #expect(
            problems("{frequency: daily, count: 2}") == [
                "\(file):4: repeat frequency 'daily' must be weekly or monthly"
            ])
        #expect(
            problems("{frequency: weekly}") == ["\(file):4: repeat needs an end: `until: YYYY-MM-DD` or `count: N`"])
        #expect(
            problems("{frequency: weekly, count: 2, until: 2026-12-30}") == [
                "\(file):4: repeat takes until or count, not both"
            ])
        #expect(
            problems("{frequency: weekly, until: 2026-11-01}") == [
                "\(file):4: repeat until 2026-11-01 is before the start 2026-12-01"
            ])
        #expect(problems("{frequency: weekly, count: 0}") == ["\(file):4: repeat count must be between 1 and 500"])
        #expect(
            problems("{frequency: weekly, count: 2, except: [2026-12-32]}") == [
                "\(file):4: repeat except: '2026-12-32' is not a real date: December 2026 has 31 days"
            ])
        #expect(
            problems("{frequency: weekly, count: 1, except: [2026-12-01]}") == [
                "\(file):4: repeat leaves no occurrence at all (every date is in except)"
            ])
        #expect(
            problems("{frequency: weekly, count: 2, every: 3}") == [
                "\(file):4: repeat has no key 'every'; it takes frequency, interval, until or count, and except"
            ])
    }

    @Test func unknownStatusAndZoneAreStillErrors() {
        #expect(
            MemorySite([
                "content/events/e.md":
                    "---\ntitle: E\nstart: 2026-12-01 10:00\nstatus: maybe\ntimezone: Mars/Base\n---\n"
            ]).diagnostics() == [
                "content/events/e.md:4: status 'maybe' must be one of scheduled, cancelled, postponed",
                "content/events/e.md:5: timezone 'Mars/Base' is not an IANA time zone name such as Asia/Shanghai or America/New_York",
            ])
    }

    @Test func aRepeatingStartWrittenWithAnOffsetIsConvertedFirst() throws {
        let outcome = ItemParser(config: SiteConfig(title: "T", timeZone: TimeZone(identifier: "Asia/Shanghai")!))
            .parse(
                Data(
                    "---\ntitle: E\nstart: 2026-11-02T09:00:00Z\nrepeat: {frequency: weekly, count: 2}\n---\n".utf8),
                path: "content/events/e.md", kind: .event)
        let event = try #require(outcome.item?.event)
        #expect(
            event.occurrences.map(\.start) == [
                DateParser.parseInstant("2026-11-02T09:00:00Z")!, DateParser.parseInstant("2026-11-09T09:00:00Z")!,
            ])
    }
}

@Suite struct ICalendarFormatTests {
    /// The UIDs of every calendar file the site makes, by file.
    static func uids(baseURL: String, siteID: String?) throws -> [String: [String]] {
        let output = try MemorySite([
            "site.yml": "title: T\nbaseURL: \(baseURL)\ntimezone: Asia/Shanghai\n"
                + (siteID.map { "siteID: \($0)\n" } ?? ""),
            "content/events/2026-12-01-gala.md":
                "---\ntitle: Gala\nstart: 2026-12-01 19:00\nlocation: Hall\ncategories: [Social]\n---\n",
            "content/events/2026-12-08-quiz.md": "---\ntitle: Quiz\nstart: 2026-12-08 19:00\nlocation: Bar\n---\n",
        ]).build()
        var found: [String: [String]] = [:]
        for path in output.files.keys.sorted() where path.hasSuffix(".ics") {
            found[path] = output.text(path)!.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        }
        return found
    }

    /// Moving the site (example.org to its real host, a new base path) keeps every event's UID, so
    /// subscribers do not see each event twice; without `siteID` the host is all there is to use.
    @Test func eventUIDsSurviveAChangeOfBaseURL() throws {
        let id = "0d5e6f6a-2c1b-4d7e-9a3f-8b6c5d4e3f21"
        let before = try Self.uids(baseURL: "https://example.org/", siteID: id)
        let after = try Self.uids(baseURL: "https://union.example.edu/cs/", siteID: id)
        #expect(before["events.ics"] == ["UID:events-gala@\(id)", "UID:events-quiz@\(id)"])
        #expect(before["categories/social/events.ics"] == ["UID:events-gala@\(id)"])
        #expect(before == after)
        // A site without one keeps the UIDs it has always published.
        #expect(
            try Self.uids(baseURL: "https://union.example.edu/cs/", siteID: nil)["events.ics"] == [
                "UID:cs-events-gala@union.example.edu", "UID:cs-events-quiz@union.example.edu",
            ])
        #expect(
            MemorySite(["site.yml": "title: T\nsiteID: my site\n"]).diagnostics() == [
                "site.yml:2: siteID 'my site' must be letters, digits, '.', '-' and '_' only (such as the UUID herald new site writes); once calendars are subscribed to, never change it"
            ])
    }

    @Test func linesFoldAt75OctetsWithoutSplittingCharacters() {
        let line = "SUMMARY:" + String(repeating: "学", count: 40)
        let folded = ICalendarWriter.fold(line)
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(
            physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
        #expect(ICalendarWriter.fold("SHORT:x") == "SHORT:x\r\n")
    }

    @Test func textIsEscaped() {
        #expect(ICalendarWriter.text("a\\b; c, d\ne\r\u{1}") == "a\\\\b\\; c\\, d\\ne")
    }

    @Test func timeZonesCarryTheirTransitions() {
        let london = TimeZone(identifier: "Europe/London")!
        let lines = VTimeZone.lines(
            for: london, from: DateParser.parseInstant("2026-10-01T00:00:00Z")!,
            to: DateParser.parseInstant("2026-12-01T00:00:00Z")!)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("BEGIN:DAYLIGHT\nDTSTART:20260329T010000\nTZOFFSETFROM:+0000\nTZOFFSETTO:+0100"))
        #expect(text.contains("BEGIN:STANDARD\nDTSTART:20261025T020000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0000"))
        #expect(VTimeZone.offset(-12_600) == "-0330")
    }

    @Test func excludingTheFirstDateKeepsTheCalendarFileExact() throws {
        let output = try MemorySite([
            "content/events/e.md":
                "---\ntitle: E\nstart: 2026-11-05 19:00\nrepeat: {frequency: weekly, count: 3, except: [2026-11-05]}\n---\n"
        ]).build()
        let ics = try #require(output.text("events/e/event.ics"))
        #expect(ics.contains("DTSTART;TZID=Asia/Shanghai:20261112T190000\r\n"))
        #expect(ics.contains("RRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20261119T110000Z\r\n"))
        #expect(!ics.contains("EXDATE"), "the excluded date is before DTSTART")
    }

    @Test func theOccurrenceLimitIsWrittenIntoTheRule() throws {
        let output = try MemorySite([
            "content/events/e.md":
                "---\ntitle: E\nstart: 2026-01-01 10:00\nrepeat: {frequency: weekly, until: 2040-01-01}\n---\n"
        ]).build()
        // 500 weeks from 1 January 2026 end on 29 July 2035.
        #expect(try #require(output.text("events/e/event.ics")).contains("UNTIL=20350726T020000Z"))
    }

    /// tzdata's names of places are taken, those Foundation's list lacks too (Asia/Kolkata, which
    /// a real imported site wrote and was refused); abbreviations are not. Every name of UTC is
    /// taken and written UTC, never Linux Foundation's GMT (which calendar apps show as London's).
    @Test func everyTzdataNameOfAPlaceOrOfUTCIsTakenAndUTCIsWrittenUTC() throws {
        for name in ["Asia/Kolkata", "Asia/Calcutta", "US/Pacific", "Europe/Kyiv", "Asia/Shanghai"] {
            #expect(TimeZoneNames.zone(name) != nil, "\(name)")
        }
        for name in ["PST", "EST", "GMT+8", "Etc/GMT+5", "Mars/Base", "CST6CDT"] {
            #expect(TimeZoneNames.zone(name) == nil, "\(name)")
        }
        #expect(
            TimeZoneNames.placeNames(
                tzdata:
                    "# tzdata\nZ Asia/Kolkata 5:53:28 - LMT 1854 Jun 28\nR X 1 2 - - 0 -\nL Asia/Kolkata Asia/Calcutta\nZ EST -5 - EST\nL Etc/UTC Etc/Zulu\n"
            )
                == ["Asia/Kolkata", "Asia/Calcutta"])
        for written in ["UTC", "Etc/UTC", "GMT", "Zulu"] {
            let output = try MemorySite([
                "site.yml": "title: T\nbaseURL: https://example.org/\ntimezone: \(written)\n",
                "content/events/e.md": "---\ntitle: E\nstart: 2026-12-01 19:00\n---\n",
            ]).build()
            let ics = try #require(output.text("events/e/event.ics"), "\(written)")
            #expect(
                ics.contains("DTSTART;TZID=UTC:20261201T190000\r\n") && ics.contains("\r\nTZID:UTC\r\n"), "\(written)")
            let page = try #require(output.text("events/e/index.html"))
            #expect(page.contains("Time zone: UTC</small>") && !page.contains("GMT"), "\(written)")
        }
    }

    /// Issue 37, item 7: an online event's calendar file carries its sign-up link, labelled in the
    /// site's language, as its page does; the page links the meeting (the trial found its Zoom
    /// address shown as text).
    @Test func theCalendarFileCarriesTheSignUpLinkInTheSitesLanguage() throws {
        let event =
            "---\ntitle: Talk\nstart: 2026-12-01 19:00\nlocation: https://zoom.example.com/j/1\norganizer: Alumni office\nregistration: https://forms.example.com/talk\n---\nA talk.\n"
        for (language, organizer, registration) in [("en", "Organizer: ", "Registration: "), ("zh-CN", "主办：", "报名：")] {
            let output = try MemorySite([
                "site.yml": "title: T\nbaseURL: https://example.org/\nlanguage: \(language)\n",
                "content/events/talk.md": event,
            ]).build()
            let ics = try #require(output.text("events/talk/event.ics")).replacingOccurrences(of: "\r\n ", with: "")
            #expect(
                ics.contains(
                    "DESCRIPTION:A talk.\\n\\n\(organizer)Alumni office\\n\\n\(registration)https://forms.example.com/talk\\n\\nhttps://example.org/events/talk/\r\n"
                ), "\(language)")
            #expect(ics.contains("LOCATION:https://zoom.example.com/j/1\r\n"))
            // The page links the meeting, by its host; a card says only that it is online.
            let (join, online) = language == "en" ? ("Join online", "Online") : ("在线参加", "线上")
            expect(
                output, "events/talk/index.html",
                contains: [
                    "<a href=\"https://zoom.example.com/j/1\" rel=\"noopener\">\(join)</a> <small>zoom.example.com</small>"
                ],
                lacks: ["<dd>https://zoom"])
            expect(
                output, "events/index.html", contains: ["<span class=\"card__where\"> · \(online)</span>"],
                lacks: ["· https://zoom"])
        }
        // A link with more words after it is text, shown as written.
        let written = event.replacingOccurrences(
            of: "location: https://zoom.example.com/j/1", with: "location: https://zoom.example.com/j/1 (passcode 123)")
        expect(
            try MemorySite(["content/events/talk.md": written]).build(), "events/talk/index.html",
            contains: ["<dd>https://zoom.example.com/j/1 (passcode 123)"], lacks: ["Join online"])
    }
}

@Suite struct EventViewsTests {
    @Test func upcomingListCallsOutTodayAndTheNextSevenDays() throws {
        // Now is Saturday 21 November 2026, 12:00 in Shanghai.
        let output = try MemorySite([
            "content/events/now.md": "---\ntitle: Running now\nstart: 2026-11-21 10:00\nend: 2026-11-21 14:00\n---\n",
            "content/events/tonight.md": "---\ntitle: Tonight\nstart: 2026-11-21 19:00\n---\n",
            "content/events/tuesday.md": "---\ntitle: Tuesday\nstart: 2026-11-24 19:00\n---\n",
            "content/events/later.md": "---\ntitle: Later\nstart: 2026-12-24 19:00\n---\n",
            "content/events/over.md": "---\ntitle: Over\nstart: 2026-11-21 08:00\nend: 2026-11-21 09:00\n---\n",
        ]).build()
        let list = try #require(output.text("events/index.html"))
        let headings = list.components(separatedBy: "<h2 class=\"list-section\">").dropFirst().map {
            $0.prefix { $0 != "<" }
        }
        #expect(headings == ["Today", "Next 7 days", "Later"])
        let order = ["Running now", "Tonight", "Tuesday", "Later"].map { list.range(of: ">\($0)</a>")!.lowerBound }
        #expect(order == order.sorted(), "soonest first")
        #expect(!list.contains(">Over</a>"))
        #expect(try #require(output.text("events/past/index.html")).contains(">Over</a>"))
    }

    @Test func repeatingEventsAppearOncePerDateAndInTheCalendar() throws {
        let output = try MemorySite([
            "content/events/club.md":
                "---\ntitle: Club night\nstart: 2026-11-05 19:00\nend: 2026-11-05 21:00\nrepeat: {frequency: weekly, count: 5, except: [2026-11-26]}\n---\n"
        ]).build()
        let upcoming = try #require(output.text("events/index.html"))
        #expect(upcoming.components(separatedBy: ">Club night</a>").count - 1 == 1, "one date left after now (3 Dec)")
        let past = try #require(output.text("events/past/index.html"))
        #expect(past.components(separatedBy: ">Club night</a>").count - 1 == 3, "5, 12 and 19 November")
        let november = try #require(output.text("events/calendar/2026/11/index.html"))
        #expect(november.contains("id=\"d2026-11-12\"") && !november.contains("id=\"d2026-11-26\""))
        #expect(november.contains("<a rel=\"next\" href=\"/events/calendar/2026/12/\">December 2026 →</a>"))
        let december = try #require(output.text("events/calendar/2026/12/index.html"))
        #expect(december.contains("<a rel=\"prev\" href=\"/events/calendar/2026/11/\">← November 2026</a>"))
        #expect(output.text("events/calendar/index.html")?.contains("/events/calendar/2026/11/") == true)
        let page = try #require(output.text("events/club/index.html"))
        #expect(page.contains("Every week, 5 times (not on 26 Nov 2026)"))
    }

    @Test func theCurrentMonthHasACalendarEvenWithoutEvents() throws {
        let output = try MemorySite(["content/events/e.md": "---\ntitle: E\nstart: 2027-02-01 10:00\n---\n"]).build()
        let current = try #require(output.text("events/calendar/2026/11/index.html"))
        #expect(current.contains("No events this month."))
        #expect(current.contains("<a rel=\"next\" href=\"/events/calendar/2027/02/\">February 2027 →</a>"))
        #expect(try #require(output.text("events/index.html")).contains("href=\"/events/calendar/2026/11/\""))
    }

    @Test func eventPagesShowAnAddressAloneAndNoSignUpWhenCancelled() throws {
        let output = try MemorySite([
            "content/events/a.md":
                "---\ntitle: A\nstart: 2026-12-01 10:00\naddress: 1 River Road\nregistration: https://example.org/r\nstatus: cancelled\n---\n"
        ]).build()
        // No Register button for a cancelled event, but one for a scheduled event.
        expect(
            output, "events/a/index.html",
            contains: ["<dd>1 River Road<br><a href=\"https://www.openstreetmap.org/search?query=1%20River%20Road\""],
            lacks: ["rel=\"noopener\">Register</a>"])
        expect(
            try MemorySite([
                "content/events/b.md":
                    "---\ntitle: B\nstart: 2026-12-01 10:00\nregistration: https://example.org/r\n---\n"
            ]).build(),
            "events/b/index.html", contains: ["rel=\"noopener\">Register</a>"])
    }

    @Test func longAndMidnightEventsSitOnTheirDays() throws {
        let output = try MemorySite([
            "content/events/season.md": "---\ntitle: Season\nstart: 2026-09-01\nend: 2026-12-31\n---\n",
            "content/events/late.md": "---\ntitle: Late\nstart: 2026-11-25 22:00\nend: 2026-11-26 00:00\n---\n",
        ]).build()
        let november = try #require(output.text("events/calendar/2026/11/index.html"))
        #expect(november.contains("id=\"d2026-11-21\""), "a four-month event is on today too")
        #expect(output.files["events/calendar/2026/12/index.html"] != nil)
        let day26 = november.components(separatedBy: "id=\"d2026-11-26\"").last!.components(separatedBy: "</section>")
            .first!
        #expect(!day26.contains(">Late</a>"), "ending at midnight does not put it on the next day")
    }
}
