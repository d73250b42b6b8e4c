import Foundation

/// The event keys of a content file: when (with Jekyll's `date` and `time`), where, and how it
/// repeats.
extension ItemParser {
    /// Reads the event keys. A start is required; an end must not come before it.
    ///
    /// The start is `start` (or one of its aliases); failing that, the event's day is `date` (or
    /// the file name's date), with Jekyll's `time: 19:00-21:00` giving its hours.
    func readEvent(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, zone: TimeZone, path: String, fileDate: String?
    ) -> EventDetails? {
        let (start, end, timeNote) = readEventTimes(&fields, keys: keys, zone: zone, path: path, fileDate: fileDate)
        if start == nil, !fields.hasValue(keys["start"]), !fields.hasValue(keys["date"]) {
            fields.problems.error(
                path, fields.lineOffset + 1,
                "an event needs a start: add `start: YYYY-MM-DD HH:MM` (or `date:` with `time: HH:MM-HH:MM`)")
        }
        let endLine =
            fields.hasValue(keys["end"])
            ? fields.line(of: fields.node(keys["end"])) : fields.line(of: fields.node(keys["time"]))
        let allDay = fields.bool(keys["allDay"]) ?? (start.map { !$0.hasTime } ?? false)
        let status = readStatus(&fields, keys: keys, path: path)
        let registration = fields.text(keys["registration"])
        if let registration,
            !(registration.hasPrefix("https://") || registration.hasPrefix("http://")
                || registration.hasPrefix("mailto:"))
        {
            fields.problems.error(
                path, fields.line(of: fields.node(keys["registration"])),
                "registration must be an http(s) or mailto: link, not '\(registration)'")
        }
        guard let start else { return nil }
        let span = Self.span(from: start, to: end, allDay: allDay, zone: zone)
        if let end,
            allDay ? end.civil.daysSinceEpoch < start.civil.daysSinceEpoch : (span.end ?? span.start) < span.start
        {
            // Both times, as written (in the event's zone), so the slip shows at once.
            func shown(_ date: ParsedDate) -> String {
                allDay || !date.hasTime ? date.civil.isoDate : "\(date.civil.isoDate) \(date.civil.hourMinute)"
            }
            fields.problems.error(path, endLine, "end (\(shown(end))) comes before start (\(shown(start)))")
        }
        // Several organisers, as a list, are named together.
        let organizers = fields.names(keys["organizer"])
        let recurrence = readRecurrence(&fields, key: keys["repeat"], start: start, zone: zone, path: path)
        var occurrences: [Occurrence]?
        if let recurrence {
            occurrences = Self.occurrences(of: recurrence, from: start, to: end, span: span, allDay: allDay, zone: zone)
            if occurrences?.isEmpty == true {
                fields.problems.error(
                    path, fields.line(of: fields.node(keys["repeat"])),
                    "repeat leaves no occurrence at all (every date is in except)")
            }
        }
        return EventDetails(
            start: span.start, end: span.end, allDay: allDay, timeZone: zone,
            location: fields.text(keys["location"]), address: fields.text(keys["address"]), status: status,
            registration: registration, organizer: organizers.isEmpty ? nil : organizers.joined(separator: ", "),
            recurrence: recurrence, occurrences: occurrences, timeNote: timeNote)
    }

    /// The start and end as written: `start:` and `end:`, or the day (`date:`, a day range, the
    /// file name's date) with Jekyll's `time:` giving the hours, or words for them (`timeNote`).
    private func readEventTimes(
        _ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, zone: TimeZone, path: String, fileDate: String?
    )
        -> (start: ParsedDate?, end: ParsedDate?, timeNote: String?)
    {
        var start = fields.date(keys["start"], timeZone: zone)
        var end = fields.date(keys["end"], timeZone: zone)
        let timeKey = keys["time"]
        if fields.hasValue(keys["start"]) {
            if fields.hasValue(timeKey) {
                fields.problems.warning(
                    path, fields.line(of: fields.node(timeKey)),
                    "'\(timeKey)' is ignored: \(keys["start"]) already gives the start")
            }
            return (start, end, nil)
        }
        var day: ParsedDate?
        if let written = fields.text(keys["date"]), let days = DayRange.parse(written, timeZone: zone) {
            // `date: 2018-09-27 及 2018-09-28`: the event takes both days (and those between).
            day = days.first
            if end == nil { end = days.last }
        } else if fields.hasValue(keys["date"]) {
            day = fields.date(keys["date"], timeZone: zone)
        } else if let fileDate, case .success(let parsed) = DateParser.parse(fileDate, timeZone: zone) {
            day = parsed
        }
        guard let day, let written = fields.text(timeKey) else { return (day, end, nil) }
        let line = fields.line(of: fields.node(timeKey))
        switch TimeOfDayRange.parse(written) {
        case .success(let range):
            start = range.start(on: day.civil, zone: zone)
            return (start, end ?? range.end(on: day.civil, zone: zone), nil)
        case .failure(let problem):
            // Prose (`中午及傍晚`, `after dinner`) is what a Jekyll template printed as it was:
            // shown beside the day. Something shaped like a time that is no time (`19:75`) is a mistake.
            guard TimeOfDayRange.isProse(written) else {
                fields.problems.error(path, line, "\(timeKey): \(problem.message)")
                return (start, end, nil)
            }
            fields.problems.warning(
                path, line,
                "\(timeKey) '\(written)' gives no hours, so the event is shown all day on \(day.civil.isoDate) with this text beside it; write `\(timeKey): HH:MM-HH:MM` for a timed event"
            )
            return (day, end, written)
        }
    }

    /// `status:`, `canceled` taken for `cancelled`; scheduled when none is given.
    private func readStatus(_ fields: inout YAMLReader, keys: FrontMatterKeys.Spelling, path: String) -> EventStatus {
        guard let text = fields.text(keys["status"]) else { return .scheduled }
        let normalized = text.lowercased() == "canceled" ? "cancelled" : text.lowercased()
        if let known = EventStatus(rawValue: normalized) { return known }
        fields.problems.error(
            path, fields.line(of: fields.node(keys["status"])),
            "status '\(text)' must be one of scheduled, cancelled, postponed")
        return .scheduled
    }

    /// The instants an event takes: as written, or for an all-day event whole days in its zone,
    /// `end` naming the last day.
    private static func span(
        from start: ParsedDate, to end: ParsedDate?, allDay: Bool, zone: TimeZone
    ) -> (start: Date, end: Date?) {
        guard allDay else { return (start.instant, end?.instant) }
        let lastDay = end?.civil ?? start.civil
        let dayAfter = CivilDateTime.civil(fromDays: lastDay.daysSinceEpoch + 1)
        return (
            CivilDateTime(year: start.civil.year, month: start.civil.month, day: start.civil.day).instant(in: zone),
            CivilDateTime(year: dayAfter.year, month: dayAfter.month, day: dayAfter.day).instant(in: zone)
        )
    }

    /// Each date of a repeating event: each keeps the first one's wall-clock time (and, all day,
    /// its number of days).
    private static func occurrences(
        of recurrence: Recurrence, from start: ParsedDate, to end: ParsedDate?, span: (start: Date, end: Date?),
        allDay: Bool, zone: TimeZone
    ) -> [Occurrence] {
        let duration = span.end.map { $0.timeIntervalSince(span.start) }
        let days = allDay ? ((end?.civil ?? start.civil).daysSinceEpoch - start.civil.daysSinceEpoch + 1) : 0
        // The series counts from the start as a wall-clock time in the event's zone (a start
        // written with another offset is converted first).
        let base =
            allDay
            ? CivilDateTime(year: start.civil.year, month: start.civil.month, day: start.civil.day)
            : CivilDateTime(start.instant, in: zone)
        return recurrence.starts(from: base).map { civil in
            let begin = civil.instant(in: zone)
            if allDay {
                let after = CivilDateTime.civil(fromDays: civil.daysSinceEpoch + days)
                return Occurrence(
                    start: begin,
                    end: CivilDateTime(year: after.year, month: after.month, day: after.day).instant(in: zone))
            }
            return Occurrence(start: begin, end: duration.map { begin.addingTimeInterval($0) })
        }
    }

    /// Reads `repeat: {frequency: weekly|monthly, interval: 1, until: DATE | count: N, except: [DATE, …]}`.
    func readRecurrence(
        _ fields: inout YAMLReader, key: String, start: ParsedDate, zone: TimeZone, path: String
    ) -> Recurrence? {
        guard fields.hasValue(key) else { return nil }
        guard var rule = fields.mapping(key) else { return nil }
        defer { fields.absorb(rule) }
        let line = fields.line(of: fields.node(key))
        for (key, keyLine) in rule.keys where !["frequency", "interval", "until", "count", "except"].contains(key) {
            rule.problems.error(
                path, keyLine, "repeat has no key '\(key)'; it takes frequency, interval, until or count, and except")
        }
        let frequencies = Recurrence.Frequency.allCases.map(\.rawValue).joined(separator: " or ")
        guard let text = rule.text("frequency") else {
            rule.problems.error(path, line, "repeat needs a frequency: \(frequencies)")
            return nil
        }
        guard let frequency = Recurrence.Frequency(rawValue: text.lowercased()) else {
            rule.problems.error(
                path, rule.line(of: rule.node("frequency")), "repeat frequency '\(text)' must be \(frequencies)")
            return nil
        }
        let interval = rule.int("interval") ?? 1
        if interval < 1 || interval > 52 {
            rule.problems.error(path, rule.line(of: rule.node("interval")), "repeat interval must be between 1 and 52")
        }
        let (until, count) = readRecurrenceEnd(&rule, line: line, start: start, zone: zone, path: path)
        var except: [CivilDateTime] = []
        for entry in rule.stringList("except") ?? [] {
            switch DateParser.parse(entry.value, timeZone: zone) {
            case .success(let date): except.append(date.civil)
            case .failure(let problem): rule.problems.error(path, entry.line, "repeat except: \(problem.message)")
            }
        }
        guard !rule.problems.hasErrors else { return nil }
        let recurrence = Recurrence(
            frequency: frequency, interval: interval, until: until?.civil, count: count, except: except)
        let base = CivilDateTime(start.instant, in: zone)
        let days = Set(recurrence.candidates(from: start.hasTime ? base : start.civil).map(\.isoDate))
        for (entry, day) in zip(rule.stringList("except") ?? [], except) where !days.contains(day.isoDate) {
            rule.problems.warning(
                path, entry.line, "repeat except \(day.isoDate) is not one of the event's dates, so it changes nothing")
        }
        return recurrence
    }

    /// A repeat's end, `until:` or `count:` (one of them, within bounds, not before the start).
    private func readRecurrenceEnd(
        _ rule: inout YAMLReader, line: Int, start: ParsedDate, zone: TimeZone, path: String
    ) -> (until: ParsedDate?, count: Int?) {
        let until = rule.date("until", timeZone: zone)
        let count = rule.int("count")
        switch (until, count, rule.hasValue("until"), rule.hasValue("count")) {
        case (_, _, true, true):
            rule.problems.error(path, line, "repeat takes until or count, not both")
        case (nil, nil, false, false):
            rule.problems.error(path, line, "repeat needs an end: `until: YYYY-MM-DD` or `count: N`")
        default:
            break
        }
        if let count, !(1...Recurrence.maximumOccurrences).contains(count) {
            rule.problems.error(
                path, rule.line(of: rule.node("count")),
                "repeat count must be between 1 and \(Recurrence.maximumOccurrences)")
        }
        let startDay = CivilDateTime(start.instant, in: zone).isoDate
        if let until, until.civil.isoDate < startDay {
            rule.problems.error(
                path, rule.line(of: rule.node("until")),
                "repeat until \(until.civil.isoDate) is before the start \(startDay)")
        }
        return (until, count)
    }
}
