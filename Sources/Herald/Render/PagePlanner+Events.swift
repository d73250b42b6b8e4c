import Foundation

/// Event views, the upcoming and past event lists (one card per date of a repeating event) and
/// the month calendars.
extension PagePlanner {
    /// Midnight today, tomorrow and a week after tomorrow, in the site's time zone.
    var dayBoundaries: (today: Date, tomorrow: Date, weekAfter: Date) {
        let zone = site.config.timeZone
        let now = CivilDateTime(site.now, in: zone)
        func midnight(_ offset: Int) -> Date {
            let (y, m, d) = CivilDateTime.civil(fromDays: now.daysSinceEpoch + offset)
            return CivilDateTime(year: y, month: m, day: d).instant(in: zone)
        }
        return (midnight(0), midnight(1), midnight(8))
    }

    /// The output folder of the current month's calendar (`events/calendar/2026/11/`).
    var currentMonthPath: String {
        let now = CivilDateTime(site.now, in: site.config.timeZone)
        return site.layout.calendarMonthPath(year: now.year, month: now.month)
    }

    /// An event as templates see it, at its next occurrence (or its first, once all are over).
    func makeEventView(_ event: EventDetails, id: ItemID, path: String) -> EventView {
        let occurrence =
            event.nextOccurrence(after: site.now) ?? event.occurrences.first
            ?? Occurrence(start: event.start, end: event.end)
        var view = EventView(
            when: dates.range(occurrence, allDay: event.allDay, zone: event.timeZone)
                + (event.timeNote.map { ", " + $0 } ?? ""),
            zone: dates.zoneLabel(event.timeZone, at: occurrence.start),
            startISO: "", endISO: nil,
            allDay: event.allDay, location: event.location, address: event.address,
            mapURL: event.address.map {
                "https://www.openstreetmap.org/search?query="
                    + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            },
            onlineURL: event.onlineURL, onlineHost: event.onlineURL.flatMap { URL(string: $0)?.host },
            registration: event.registration, organizer: event.organizer, status: event.status,
            upcoming: event.finish >= site.now,
            repeats: event.recurrence.map(dates.recurrence),
            dates: event.recurrence == nil
                ? []
                : event.occurrences.filter { $0.finish >= site.now }.prefix(12).map {
                    dates.range($0, allDay: event.allDay, zone: event.timeZone)
                },
            calendarFile: urls.path(URLLayout.eventCalendarPath(itemPath: path)),
            subscribe: "webcal://" + urls.absolute(site.layout.eventsCalendarPath).drop { $0 != ":" }.dropFirst(3))
        setTimes(&view, occurrence: occurrence, event: event)
        return view
    }

    /// Puts one occurrence's times and its today / this-week flags into an event view.
    func setTimes(_ view: inout EventView, occurrence: Occurrence, event: EventDetails) {
        let zone = event.timeZone
        // All-day events are dates, not moments: `<time datetime>` gets just the day.
        view.startISO = TimestampFormat.eventTime(occurrence.start, allDay: event.allDay, zone: zone)
        view.endISO = occurrence.end.map {
            TimestampFormat.eventTime($0, allDay: event.allDay, zone: zone, isEnd: true)
        }
        view.when = dates.range(occurrence, allDay: event.allDay, zone: zone) + (event.timeNote.map { ", " + $0 } ?? "")
        let days = dayBoundaries
        view.today =
            occurrence.finish >= site.now && occurrence.start < days.tomorrow && occurrence.finish >= days.today
        view.thisWeek = !view.today && occurrence.finish >= site.now && occurrence.start < days.weekAfter
    }

    /// The card of one date of an event: the item's own card for an event that does not repeat,
    /// else a card made for that date.
    func occurrenceView(_ entry: EventOccurrence) -> ItemView {
        var view = itemViews[entry.item]
        guard let event = site.items[entry.item].event, event.recurrence != nil, var eventView = view.event else {
            return view
        }
        setTimes(&eventView, occurrence: entry.occurrence, event: event)
        view.event = eventView
        view.published = entry.occurrence.start
        view.card = itemCard.card(of: view)
        return view
    }

    /// `/events/` (upcoming dates, soonest first, grouped into today / next 7 days / later) and
    /// `/events/past/` (past dates, newest first).
    mutating func planEventLists() {
        let upcoming = site.upcomingOccurrences.map(occurrenceView)
        // `content/events/_index.md` titles and introduces the list, as Hugo's section pages do.
        let section = site.sections[.event]
        planList(
            ListSpec(
                kind: .events, title: section?.title ?? text("upcomingEvents"), description: section?.description,
                basePath: site.layout.listPath(.event), section: "events",
                lastModified: site.upcomingOccurrences.map { facts[$0.item].published }),
            entries: upcoming)
        let past = site.pastOccurrences.map(occurrenceView)
        planList(
            ListSpec(
                kind: .pastEvents, title: text("pastEvents"),
                basePath: site.layout.pastEventsPath, section: "events",
                lastModified: site.pastOccurrences.map { facts[$0.item].published }),
            entries: past)
    }

    /// One page per month that has events, plus the current month: a grid of weeks (Monday first)
    /// marking the days with events, each day's events listed below, and links to the nearest
    /// months before and after that have events. `/events/calendar/` lists the months.
    mutating func planCalendar() {
        let byDay = calendarDays()
        let now = CivilDateTime(site.now, in: site.config.timeZone)
        let monthsWithEvents = Set(byDay.keys.map { String($0.prefix(7)) })
        let months = monthsWithEvents.union([String(now.isoDate.prefix(7))]).sorted()
        // Each month's entries, grouped once rather than filtered out of every day per month.
        let entriesByMonth = Dictionary(grouping: byDay) { String($0.key.prefix(7)) }.mapValues { $0.flatMap(\.value) }
        let withEvents = monthsWithEvents.sorted()
        for month in months {
            planCalendarMonth(
                month, byDay: byDay, monthsWithEvents: withEvents, entries: entriesByMonth[month] ?? [], now: now)
        }
        let terms = months.reversed().map { month in
            TermView(
                name: calendarLabel(month), slug: month, url: urls.path(calendarPath(month)),
                count: Set((entriesByMonth[month] ?? []).map { "\($0.entry.item)#\($0.entry.index)" }).count,
                description: nil, color: nil, icon: nil)
        }
        planTerms(
            kind: .months, title: text("calendar"), terms: Array(terms), basePath: site.layout.calendarMonthsPath,
            section: "events")
    }

    /// An occurrence entered on a day of the calendar, with the day it starts on in its event's zone.
    typealias CalendarDayEntry = (entry: EventOccurrence, civil: CivilDateTime)

    /// Each day's entries, by ISO date, in the order they start: every occurrence is entered on
    /// each day it spans, in the event's own zone, so a month's page is put together by lookups.
    func calendarDays() -> [String: [CalendarDayEntry]] {
        var byDay: [String: [CalendarDayEntry]] = [:]
        for entry in site.upcomingOccurrences.reversed() + site.pastOccurrences.reversed() {
            guard let event = site.items[entry.item].event else { continue }
            let first = CivilDateTime(entry.occurrence.start, in: event.timeZone)
            // The last moment it takes up: an end at midnight does not put it on the next day.
            let lastInstant = entry.occurrence.end.map { $0.addingTimeInterval(-1) } ?? entry.occurrence.start
            let last = CivilDateTime(max(lastInstant, entry.occurrence.start), in: event.timeZone)
            // Entered on each of its days, up to a year and a bit (a longer "event" is a season).
            for day in first.daysSinceEpoch...min(last.daysSinceEpoch, first.daysSinceEpoch + 400) {
                let (y, m, d) = CivilDateTime.civil(fromDays: day)
                byDay[CivilDateTime(year: y, month: m, day: d).isoDate, default: []].append((entry, first))
            }
        }
        for key in byDay.keys {
            byDay[key]!.sort { a, b in
                a.entry.occurrence.start != b.entry.occurrence.start
                    ? a.entry.occurrence.start < b.entry.occurrence.start
                    : (site.items[a.entry.item].sourcePath, a.entry.index) < (
                        site.items[b.entry.item].sourcePath, b.entry.index
                    )
            }
        }
        return byDay
    }

    /// The output folder of a month's calendar (`2026-11` → `events/calendar/2026/11/`).
    func calendarPath(_ month: String) -> String {
        site.layout.calendarMonthPath(year: Int(month.prefix(4)) ?? 0, month: Int(month.suffix(2)) ?? 0)
    }

    /// A month (`2026-11`) as the site's language names it.
    func calendarLabel(_ month: String) -> String {
        dates.month(year: Int(month.prefix(4))!, month: Int(month.suffix(2))!)
    }

    /// The calendar page of one month (`2026-11`): its grid, its days' events, and links to the
    /// nearest months before and after it that have events (`monthsWithEvents`, in order).
    mutating func planCalendarMonth(
        _ month: String, byDay: [String: [CalendarDayEntry]], monthsWithEvents: [String], entries: [CalendarDayEntry],
        now: CivilDateTime
    ) {
        let year = Int(month.prefix(4))!
        let number = Int(month.suffix(2))!
        let weeks = calendarWeeks(year: year, month: number, byDay: byDay, today: now.isoDate)
        let days = calendarDayEvents(year: year, month: number, byDay: byDay)
        let previous = monthsWithEvents.last { $0 < month }.map {
            LinkView(title: calendarLabel($0), url: urls.path(calendarPath($0)))
        }
        let next = monthsWithEvents.first { $0 > month }.map {
            LinkView(title: calendarLabel($0), url: urls.path(calendarPath($0)))
        }
        let view = CalendarMonthView(
            title: calendarLabel(month), weekdays: dates.weekdayHeaders, weeks: weeks, days: days,
            previous: previous, next: next, current: month == String(now.isoDate.prefix(7)))
        let path = calendarPath(month)
        var page = context(
            PageMeta(
                title: "\(text("calendar")) · \(calendarLabel(month))", description: "", url: urls.path(path),
                permalink: urls.absolute(path), image: nil, type: .calendar, section: "events"))
        page.calendar = view
        let lastModified = days.isEmpty ? nil : entries.map { facts[$0.entry.item].published }.max()
        add(
            PageJob(
                path: URLLayout.pageFile(path), template: ThemeTemplate.calendar.rawValue, context: page,
                lastModified: lastModified), owner: "the calendar of \(calendarLabel(month))")
    }

    /// A month's grid: whole weeks, Monday first, from the Monday on or before the 1st, each day
    /// with how many events it has (none for the days of the months around it).
    func calendarWeeks(
        year: Int, month number: Int, byDay: [String: [CalendarDayEntry]], today: String
    ) -> [[CalendarDayView]] {
        let first = CivilDateTime(year: year, month: number, day: 1)
        let length = CivilDateTime.daysIn(month: number, year: year)
        // Monday-first grid: back up to the Monday on or before the 1st.
        let lead = (first.weekday + 6) % 7
        var cells: [CalendarDayView] = []
        let cellCount = ((lead + length + 6) / 7) * 7
        for cell in 0..<cellCount {
            let (y, m, d) = CivilDateTime.civil(fromDays: first.daysSinceEpoch - lead + cell)
            let iso = CivilDateTime(year: y, month: m, day: d).isoDate
            let inMonth = m == number
            let count = inMonth ? byDay[iso]?.count ?? 0 : 0
            cells.append(
                CalendarDayView(
                    day: d, inMonth: inMonth, count: count, anchor: "d" + iso, today: iso == today,
                    label: dates.dateWithWeekday(CivilDateTime(year: y, month: m, day: d))))
        }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The days of a month that have events, each with its events listed in order.
    func calendarDayEvents(year: Int, month number: Int, byDay: [String: [CalendarDayEntry]]) -> [CalendarDayEvents] {
        (1...CivilDateTime.daysIn(month: number, year: year)).compactMap { day in
            let civil = CivilDateTime(year: year, month: number, day: day)
            guard let entries = byDay[civil.isoDate] else { return nil }
            return CalendarDayEvents(
                label: dates.dateWithWeekday(civil), anchor: "d" + civil.isoDate,
                entries: entries.map { calendarEntry($0.entry, start: $0.civil, on: civil) })
        }
    }

    /// An occurrence as a day of the calendar lists it: its time is the span on the day it
    /// starts, "continues" on the days after, "all day" for an all-day event.
    func calendarEntry(_ entry: EventOccurrence, start: CivilDateTime, on civil: CivilDateTime) -> CalendarEntry {
        let event = site.items[entry.item].event!
        let view = itemViews[entry.item]
        let time: String
        if event.allDay {
            time = text("allDay")
        } else if start.isoDate == civil.isoDate {
            let end = entry.occurrence.end.map { CivilDateTime($0, in: event.timeZone) }
            time = start.hourMinute + (end.map { $0.isoDate == start.isoDate ? "–" + $0.hourMinute : " →" } ?? "")
        } else {
            time = text("continues")
        }
        return CalendarEntry(
            title: view.title, url: view.url, time: time, location: event.location, status: event.status,
            color: view.categories.first?.color, language: view.otherLanguage?.code)
    }
}
