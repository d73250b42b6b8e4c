import Foundation
import Testing

@testable import Herald

@Suite struct DateParserTests {
    let shanghai = TimeZone(identifier: "Asia/Shanghai")!
    let london = TimeZone(identifier: "Europe/London")!

    func utc(_ text: String) -> Date { DateParser.parseInstant(text)! }

    func parse(_ text: String, _ zone: TimeZone) throws -> ParsedDate {
        try DateParser.parse(text, timeZone: zone).get()
    }

    @Test func dateAloneIsMidnightInTheGivenZone() throws {
        let date = try parse("2026-11-21", shanghai)
        #expect(date.instant == utc("2026-11-20T16:00:00Z"))
        #expect(!date.hasTime)
        #expect(!date.hasOffset)
    }

    @Test func localTimesAreReadInTheGivenZone() throws {
        #expect(try parse("2026-11-21 09:30", shanghai).instant == utc("2026-11-21T01:30:00Z"))
        #expect(try parse("2026-11-21T09:30:15", shanghai).instant == utc("2026-11-21T01:30:15Z"))
        // Summer time: London is UTC+1 in July and UTC+0 in December.
        #expect(try parse("2026-07-01 12:00", london).instant == utc("2026-07-01T11:00:00Z"))
        #expect(try parse("2026-12-01 12:00", london).instant == utc("2026-12-01T12:00:00Z"))
    }

    @Test func daylightSavingGapsAndOverlapsAreReadAsCalendarsDo() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        // 02:30 does not exist on 14 March 2027 in New York: read with EST, it is 03:30 EDT.
        #expect(try parse("2027-03-14 02:30", newYork).instant == utc("2027-03-14T07:30:00Z"))
        #expect(try parse("2027-03-28 01:30", london).instant == utc("2027-03-28T01:30:00Z"), "02:30 BST")
        // 01:30 happens twice on 7 November 2027: the first time, in EDT.
        #expect(try parse("2027-11-07 01:30", newYork).instant == utc("2027-11-07T05:30:00Z"))
        #expect(try parse("2027-11-07 03:00", newYork).instant == utc("2027-11-07T08:00:00Z"))
    }

    @Test func explicitOffsetsWinOverTheZone() throws {
        #expect(try parse("2026-11-21T09:30:00+02:00", shanghai).instant == utc("2026-11-21T07:30:00Z"))
        #expect(try parse("2026-11-21T09:30:00Z", shanghai).instant == utc("2026-11-21T09:30:00Z"))
        #expect(try parse("2026-11-21T09:30:00.250Z", shanghai).instant == utc("2026-11-21T09:30:00Z"))
        // YAML's timestamp form: a space before the offset, a one-digit hour.
        #expect(try parse("2001-12-14 21:59:43.10 -5", shanghai).instant == utc("2001-12-15T02:59:43Z"))
        #expect(try parse("2026-11-21T09:30:00-0330", shanghai).instant == utc("2026-11-21T13:00:00Z"))
        #expect(try parse("2026-11-21T09:30+08:00", london).hasOffset)
    }

    @Test func impossibleDatesAreExplained() {
        func message(_ text: String) -> String? {
            if case .failure(let problem) = DateParser.parse(text, timeZone: shanghai) { return problem.message }
            return nil
        }
        #expect(message("2026-02-30") == "'2026-02-30' is not a real date: February 2026 has 28 days")
        #expect(message("2026-13-01") == "'2026-13-01' is not a real date: there is no month 13")
        #expect(
            message("2026-11-21 24:30")
                == "'2026-11-21 24:30' is not a real time of day: hours run 00–23, minutes and seconds 00–59")
        #expect(message("next tuesday")?.hasPrefix("'next tuesday' is not a date: expected YYYY-MM-DD") == true)
        #expect(message("2026-11-21T09:30:00+25:00") == "'2026-11-21T09:30:00+25:00' has an impossible UTC offset")
        #expect(message("2026-11-21 9:30pm") != nil)
        #expect(message("2024-02-29") == nil, "2024 is a leap year")
        #expect(message("2100-02-29") != nil, "2100 is not a leap year")
    }

    @Test func civilDaysRoundTripAcrossCenturies() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (y, m, d) = CivilDateTime.civil(fromDays: days)
            #expect(CivilDateTime.days(year: y, month: m, day: d) == days)
            #expect((1...CivilDateTime.daysIn(month: m, year: y)).contains(d))
        }
        #expect(CivilDateTime.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDateTime(year: 2026, month: 11, day: 21).weekday == 6, "21 Nov 2026 is a Saturday")
    }

    @Test func rfc3339UsesTheZoneOffsetAtThatInstant() {
        let instant = utc("2026-07-01T11:00:00Z")
        #expect(TimestampFormat.rfc3339(instant, in: london) == "2026-07-01T12:00:00+01:00")
        #expect(TimestampFormat.rfc3339(instant, in: shanghai) == "2026-07-01T19:00:00+08:00")
        #expect(TimestampFormat.rfc3339(instant, in: TimeZone(identifier: "UTC")!) == "2026-07-01T11:00:00Z")
        #expect(
            TimestampFormat.rfc3339(instant, in: TimeZone(identifier: "America/St_Johns")!)
                == "2026-07-01T08:30:00-02:30")
        // Written as bytes for years 0-9999, the general way beyond: both read alike.
        let utcZone = TimeZone(identifier: "UTC")!
        #expect(
            TimestampFormat.rfc3339(Date(timeIntervalSince1970: -62_167_219_200), in: utcZone) == "0000-01-01T00:00:00Z"
        )
        #expect(
            TimestampFormat.rfc3339(Date(timeIntervalSince1970: 253_402_300_799), in: utcZone) == "9999-12-31T23:59:59Z"
        )
        #expect(
            TimestampFormat.rfc3339(Date(timeIntervalSince1970: 253_402_300_800), in: utcZone)
                == "10000-01-01T00:00:00Z")
        #expect(
            TimestampFormat.rfc3339(Date(timeIntervalSince1970: -62_167_219_201), in: utcZone)
                == "-0001-12-31T23:59:59Z")
        #expect(
            TimestampFormat.rfc3339(
                Date(timeIntervalSince1970: -1), in: TimeZone(secondsFromGMT: -(9 * 3600 + 30 * 60))!)
                == "1969-12-31T14:29:59-09:30")
    }
}
