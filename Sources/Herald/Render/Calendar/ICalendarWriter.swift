import Foundation

/// Writes RFC 5545 iCalendar: content lines folded at 75 octets (never inside a UTF-8 character)
/// and ended with CRLF, TEXT values escaped, times with a TZID and a VTIMEZONE for each zone (all-day
/// events as dates), one RRULE for a repeating event.
struct ICalendarWriter: Sendable {
    let site: Site
    let urls: SiteURLs
    let facts: [ItemFacts]
    /// How an event's description names its organizer and its sign-up link, in the calendar's language.
    let labels: Labels
    /// Each event's VEVENT, folded, once: an event is in the site's calendar, its categories'
    /// and its own file, and making it three times was most of the calendars' 160 ms of CPU on
    /// the 10,000-item corpus (perf).
    private let blocks = Locked<[ItemID: [UInt8]]>([:])

    init(site: Site, urls: SiteURLs, facts: [ItemFacts], labels: Labels) {
        self.site = site
        self.urls = urls
        self.facts = facts
        self.labels = labels
    }

    /// How a description words values that are not self-evident, from the theme's strings
    /// (`calendarOrganizer: "主办：{name}"`: the label and its colon are the language's); a theme
    /// without them gives the value alone.
    struct Labels: Equatable, Sendable {
        var organizer: String
        var registration: String

        init(strings: InterfaceStrings) {
            organizer = strings.table["calendarOrganizer"] ?? "{name}"
            registration = strings.table["calendarRegistration"] ?? "{url}"
        }
    }

    /// A whole calendar of the given events.
    func calendar(name: String, events: [ItemID]) -> Data {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Herald//Herald static site generator//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "NAME:" + Self.text(name),
            "X-WR-CALNAME:" + Self.text(name),
            "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
            "X-PUBLISHED-TTL:PT6H",
        ]
        let details = events.compactMap { id in site.items[id].event.map { (id, $0) } }
        // By the name written: every name of UTC (`UTC`, `Etc/UTC`) is one zone, `UTC`.
        for zone in Set(details.filter { !$0.1.allDay }.map { TimeZoneNames.name(of: $0.1.timeZone) }).sorted() {
            let zoned = details.filter { TimeZoneNames.name(of: $0.1.timeZone) == zone && !$0.1.allDay }.map(\.1)
            let first = zoned.flatMap(\.occurrences).map(\.start).min()!
            let last = zoned.flatMap(\.occurrences).map(\.finish).max()!
            lines += VTimeZone.lines(for: zoned[0].timeZone, from: first, to: last)
        }
        var output: [UInt8] = []
        output.reserveCapacity(1024 * (details.count + 1))
        for line in lines { Self.fold(line, into: &output) }
        for (id, event) in details {
            if let block = blocks.withLock({ $0[id] }) {
                output += block
                continue
            }
            var block: [UInt8] = []
            for line in eventLines(id, event) { Self.fold(line, into: &block) }
            blocks.withLock { $0[id] = block }
            output += block
        }
        Self.fold("END:VCALENDAR", into: &output)
        return Data(output)
    }

    /// The UID of an event: `events-<slug>@<siteID>`, which neither the title, `permalinks:` nor
    /// `baseURL` changes, or the site needs no subscriber to see an event twice. Herald's own event
    /// path is written here on purpose rather than asked of `URLLayout`. A site without `siteID`
    /// keeps the UIDs it always had: the base path and event path, at `baseURL`'s host.
    func uid(_ id: ItemID) -> String {
        // Translations are one event: each language's calendar names it by the first language's slug.
        let itemSlug = site.languages?.identity[id] ?? site.items[id].slug
        let slug = SiteURLs.encode("events/" + itemSlug).split(separator: "/").joined(separator: "-")
        if let siteID = site.config.siteID { return "\(slug)@\(siteID)" }
        let host = URL(string: urls.baseURL)?.host ?? "localhost"
        let path = SiteURLs.encode(urls.basePath + "events/" + itemSlug).split(separator: "/").joined(separator: "-")
        return "\(path)@\(host)"
    }

    private func eventLines(_ id: ItemID, _ event: EventDetails) -> [String] {
        let item = site.items[id]
        let fact = facts[id]
        let zone = event.timeZone
        var lines = ["BEGIN:VEVENT", "UID:" + Self.text(uid(id)), "DTSTAMP:" + Self.utc(fact.published)]
        let first = event.occurrences.first ?? Occurrence(start: event.start, end: event.end)
        if event.allDay {
            lines.append("DTSTART;VALUE=DATE:" + Self.day(CivilDateTime(first.start, in: zone)))
            if let end = first.end { lines.append("DTEND;VALUE=DATE:" + Self.day(CivilDateTime(end, in: zone))) }
        } else {
            lines.append(
                "DTSTART;TZID=\(TimeZoneNames.name(of: zone)):" + Self.local(CivilDateTime(first.start, in: zone)))
            if let end = first.end {
                lines.append("DTEND;TZID=\(TimeZoneNames.name(of: zone)):" + Self.local(CivilDateTime(end, in: zone)))
            }
        }
        if let rule = event.recurrence { lines += recurrenceLines(rule, event: event, first: first) }
        lines.append("SUMMARY:" + Self.text(item.title))
        lines.append("DESCRIPTION:" + Self.text(description(item, event, permalink: fact.permalink)))
        let place = [event.location, event.address].compactMap { $0 }.joined(separator: ", ")
        if !place.isEmpty { lines.append("LOCATION:" + Self.text(place)) }
        lines.append("URL:" + fact.permalink)
        switch event.status {
        case .scheduled: lines.append("STATUS:CONFIRMED")
        case .cancelled: lines.append("STATUS:CANCELLED")
        case .postponed: lines.append("STATUS:TENTATIVE")
        }
        // The first few only: a category's calendar lists each of its events, as its feeds do.
        if !fact.categories.isEmpty {
            lines.append(
                "CATEGORIES:"
                    + fact.categories.prefix(LimitOptions.termsShownInLists).map { Self.text($0.name) }.joined(
                        separator: ","))
        }
        lines.append("END:VEVENT")
        return lines
    }

    /// The summary, then the organizer and the sign-up link, each labelled (a calendar app shows
    /// the description as plain text, where a bare second link would read as the event's page),
    /// then the event's page.
    private func description(_ item: ContentItem, _ event: EventDetails, permalink: String) -> String {
        var paragraphs = [item.summaryText]
        if let organizer = event.organizer {
            paragraphs.append(labels.organizer.replacingOccurrences(of: "{name}", with: organizer))
        }
        if let registration = event.registration {
            paragraphs.append(labels.registration.replacingOccurrences(of: "{url}", with: registration))
        }
        paragraphs.append(permalink)
        return paragraphs.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// RRULE and EXDATEs that make exactly the event's dates, counted from its first real date
    /// (DTSTART): the rule always ends with an UNTIL at the last date the series makes (in UTC, as
    /// RFC 5545 requires beside a TZID start), which also carries Herald's 500-date limit into
    /// calendar apps, and every `except` day after DTSTART gets an EXDATE.
    private func recurrenceLines(_ rule: Recurrence, event: EventDetails, first: Occurrence) -> [String] {
        guard let value = Self.rrule(rule, event: event) else { return [] }
        var lines = ["RRULE:" + value]
        let zone = event.timeZone
        let excluded = Set(rule.except.map(\.isoDate))
        let firstDay = CivilDateTime(first.start, in: zone).isoDate
        for candidate in rule.candidates(from: event.seriesBase)
        where excluded.contains(candidate.isoDate) && candidate.isoDate > firstDay {
            lines.append(
                event.allDay
                    ? "EXDATE;VALUE=DATE:" + Self.day(candidate)
                    : "EXDATE;TZID=\(TimeZoneNames.name(of: zone)):" + Self.local(candidate))
        }
        return lines
    }

    /// The RRULE value of a repeating event, e.g. `FREQ=WEEKLY;INTERVAL=1;UNTIL=20270114T110000Z`,
    /// ending at the last date the series makes; nil when it makes one date or none.
    static func rrule(_ rule: Recurrence, event: EventDetails) -> String? {
        guard let last = rule.candidates(from: event.seriesBase).last else { return nil }
        let until = event.allDay ? day(last) : utc(last.instant(in: event.timeZone))
        return "FREQ=\(rule.frequency.rawValue.uppercased());INTERVAL=\(rule.interval);UNTIL=\(until)"
    }

    // MARK: Values

    /// TEXT escaping (RFC 5545 3.3.11): `\` `;` `,` and line breaks; control characters dropped.
    static func text(_ value: String) -> String {
        value.rewritingUTF8(when: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 < 0x20 || $0 == 0x7F }) {
            bytes, output in
            for byte in bytes {
                switch byte {
                case 0x5C: output.append(ascii: "\\\\")
                case 0x3B: output.append(ascii: "\\;")
                case 0x2C: output.append(ascii: "\\,")
                case 0x0A: output.append(ascii: "\\n")
                case ..<0x20, 0x7F: break
                default: output.append(byte)
                }
            }
        }
    }

    /// `20261205T190000Z`.
    static func utc(_ instant: Date) -> String { local(CivilDateTime(instant, in: TimeZone(identifier: "UTC")!)) + "Z" }

    /// `20261205T190000`.
    static func local(_ civil: CivilDateTime) -> String {
        day(civil) + "T" + civil.hour.padded(2) + civil.minute.padded(2) + civil.second.padded(2)
    }

    /// `20261205`.
    static func day(_ civil: CivilDateTime) -> String {
        civil.year.padded(4) + civil.month.padded(2) + civil.day.padded(2)
    }

    /// One content line folded into physical lines of at most 75 octets, each ended with CRLF;
    /// continuation lines start with a space. A UTF-8 character is never split.
    static func fold(_ line: String) -> String {
        var output: [UInt8] = []
        fold(line, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `fold`, appended to `output`. A line that fits is copied whole: most do, and copying
    /// each character on its own was a third of writing a calendar.
    static func fold(_ line: String, into output: inout [UInt8]) {
        var line = line
        line.withUTF8 { bytes in
            guard bytes.count > 75 else {
                output.append(contentsOf: bytes)
                output.append(ascii: "\r\n")
                return
            }
            output.reserveCapacity(output.count + bytes.count + bytes.count / 70 * 3 + 2)
            var width = 0
            var index = 0
            while index < bytes.count {
                // A character's length from its lead byte; continuation bytes never start one.
                let lead = bytes[index]
                let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                if width + size > 75 {
                    output.append(ascii: "\r\n ")
                    width = 1
                }
                output.append(contentsOf: bytes[index..<min(index + size, bytes.count)])
                width += size
                index += size
            }
            output.append(ascii: "\r\n")
        }
    }
}

/// VTIMEZONE components from the system's time-zone data: the observance in force at the start of
/// the year of the first event, then every transition until after the last one.
enum VTimeZone {
    static func lines(for zone: TimeZone, from first: Date, to last: Date) -> [String] {
        let startYear = CivilDateTime(first, in: zone).year
        let rangeStart = CivilDateTime(year: startYear, month: 1, day: 1).instant(in: zone)
        let rangeEnd = last.addingTimeInterval(366 * 86_400)
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + TimeZoneNames.name(of: zone)]
        lines += step(zone, at: rangeStart, initial: true).lines
        var cursor = rangeStart
        var guardCount = 0
        while let transition = step(zone, at: cursor, initial: false).next, transition <= rangeEnd, guardCount < 400 {
            lines += step(zone, at: transition, initial: false).lines
            cursor = transition
            guardCount += 1
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// What the zone's data says at an instant: the observance that starts there (for the first,
    /// the one in force), and the next transition after it. Remembered, for every calendar of a
    /// build walks the same instants, and each answer of the system's zone data costs some
    /// microseconds: the 1,400 single-event calendars of the 10,000-item corpus asked 30 ms' worth.
    private static func step(_ zone: TimeZone, at instant: Date, initial: Bool) -> Step {
        let key = StepKey(zone: zone.identifier, instant: instant, initial: initial)
        if let known = steps.withLock({ $0[key] }) { return known }
        let from = zone.secondsFromGMT(for: initial ? instant : instant.addingTimeInterval(-1))
        let to = zone.secondsFromGMT(for: instant)
        let step = Step(
            lines: initial || from != to ? observance(zone, at: instant, from: from, to: to) : [],
            next: zone.nextDaylightSavingTimeTransition(after: instant))
        steps.withLock { $0[key] = step }
        return step
    }

    private struct StepKey: Hashable {
        var zone: String
        var instant: Date
        var initial: Bool
    }

    private struct Step {
        var lines: [String]
        var next: Date?
    }

    private static let steps = Locked<[StepKey: Step]>([:])

    private static func observance(_ zone: TimeZone, at instant: Date, from: Int, to: Int) -> [String] {
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        // DTSTART is the local time at the onset, reckoned in the offset in force before it.
        let onset = CivilDateTime(instant.addingTimeInterval(TimeInterval(from)), in: TimeZone(identifier: "UTC")!)
        var lines = [
            "BEGIN:\(kind)", "DTSTART:" + ICalendarWriter.local(onset), "TZOFFSETFROM:" + offset(from),
            "TZOFFSETTO:" + offset(to),
        ]
        if let name = zone.abbreviation(for: instant), !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") {
            lines.append("TZNAME:" + ICalendarWriter.text(name))
        }
        lines.append("END:\(kind)")
        return lines
    }

    /// `+0800`, `-0330`, `+0000`.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let text = sign + (magnitude / 3600).padded(2) + (magnitude % 3600 / 60).padded(2)
        return magnitude % 60 == 0 ? text : text + (magnitude % 60).padded(2)
    }
}

/// The `.ics` files: `/events.ics` with every listed event, `/categories/<slug>/events.ics` for
/// each category with events, and an `event.ics` in each event's folder (`URLLayout`).
enum ICalendarPlan {
    /// What one event's `.ics` file is made from.
    struct EventFileInputs: Equatable, Sendable {
        var item: ContentItem
        var facts: ItemFacts
        var config: SiteConfig
        var labels: ICalendarWriter.Labels
    }

    static func files(site: Site, urls: SiteURLs, facts: [ItemFacts], strings: InterfaceStrings) -> [GeneratedFile] {
        let writer = ICalendarWriter(
            site: site, urls: urls, facts: facts, labels: ICalendarWriter.Labels(strings: strings))
        let events = site.items.indices.filter { site.items[$0].event != nil && site.items[$0].listed }
        var files = [
            GeneratedFile(
                path: site.layout.eventsCalendarPath, owner: "the events calendar",
                make: { writer.calendar(name: site.config.title, events: events) }
            ).readingBodies().large()
        ]
        for category in site.categories {
            let own = category.items.filter { site.items[$0].event != nil }.sorted()
            guard !own.isEmpty else { continue }
            files.append(
                GeneratedFile(
                    path: site.layout.categoryCalendarPath(category.slug), owner: "the calendar of \(category.name)",
                    make: {
                        writer.calendar(name: "\(category.name) · \(site.config.title)", events: own)
                    }
                ).readingBodies().large())
        }
        for taxonomy in site.taxonomies {
            for term in taxonomy.terms {
                let own = term.items.filter { site.items[$0].event != nil }.sorted()
                guard !own.isEmpty else { continue }
                files.append(
                    GeneratedFile(
                        path: site.layout.termCalendarPath(taxonomy.declaration, term.slug),
                        owner: "the calendar of \(taxonomy.declaration.name) '\(term.name)'",
                        make: { writer.calendar(name: "\(term.name) · \(site.config.title)", events: own) }
                    ).readingBodies().large())
            }
        }
        for id in site.items.indices where site.items[id].event != nil && !site.isBorrowed(id) {
            // An event's own file reads only its item, its facts and the site's settings.
            let inputs = EventFileInputs(
                item: site.items[id], facts: facts[id], config: site.config, labels: writer.labels)
            files.append(
                GeneratedFile(
                    path: URLLayout.eventCalendarPath(itemPath: site.paths[id]),
                    owner: "the calendar file of \(site.items[id].sourcePath)", madeFrom: inputs,
                    make: {
                        writer.calendar(name: site.items[id].title, events: [id])
                    }
                ).readingBodies())
        }
        return files
    }
}
