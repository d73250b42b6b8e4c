import Foundation

/// Turns one content file into a `ContentItem`, or into the list of what is wrong with it.
public struct ItemParser: Sendable {
    /// The site's settings (time zone, Markdown options, base path).
    public var config: SiteConfig
    /// The Markdown renderer, set up for the site.
    public var markdown: MarkdownRenderer

    /// Front-matter keys Herald reads; other keys are allowed (themes may use them), but a key
    /// that is one typo away from one of these draws a warning.
    static let knownKeys = [
        "title", "date", "categories", "category", "tags", "featured", "weight", "image", "summary", "author",
        "slug", "draft", "publishDate", "expiryDate", "layout", "start", "end", "allDay", "timezone",
        "location", "address", "status", "registration", "organizer", "views", "likes", "comments", "repeat", "imageAlt",
    ]

    /// Creates a parser for a site.
    public init(config: SiteConfig) {
        self.config = config
        self.markdown = MarkdownRenderer(options: config.markdown, basePath: config.basePath)
    }

    /// What parsing one file gave: the item (unless it had errors) and every diagnostic.
    public struct Outcome: Sendable {
        /// The item, when the file had no errors.
        public var item: ContentItem?
        /// Errors and warnings, each `path:line: message`.
        public var diagnostics: [Diagnostic]
        /// CPU seconds spent rendering Markdown (the rest of parsing is the front matter), for `--timings`.
        public var markdownSeconds: Double = 0
    }

    /// The largest content file Herald reads: 16 MiB. A long article is well under 1 MB; a file
    /// beyond this is almost always pasted data (an image as base64, a table export), and would
    /// be copied whole into its page and every feed, at some fifteen times its size in memory.
    public static let largestFile = 16 * 1024 * 1024

    /// The diagnostic for a content file of `size` bytes, over `largestFile`.
    static func tooLarge(_ size: Int, path: String) -> Diagnostic {
        let megabytes = String(format: "%.1f", Double(size) / 1_048_576)
        return Diagnostic(path: path, line: 1, "file is \(megabytes) MB; content files may be at most \(largestFile / 1_048_576) MB: put images and documents in static/ and link to them, or split the text into several items")
    }

    /// Parses the file at `path` (relative to the site folder) of the given kind.
    public func parse(_ data: Data, path: String, kind: ContentKind) -> Outcome {
        if data.count > Self.largestFile { return Outcome(item: nil, diagnostics: [Self.tooLarge(data.count, path: path)]) }
        let source: (fields: YAMLReader, body: String)
        switch FrontMatter.read(data, path: path) {
        case .success(let read): source = read
        case .failure(let diagnostic): return Outcome(item: nil, diagnostics: [diagnostic])
        }
        var fields = source.fields
        for (key, line) in fields.keys where !Self.knownKeys.contains(key) {
            if let known = SiteConfigParser.closest(to: key, in: Self.knownKeys) {
                fields.problems.warning(path, line, "unknown key '\(key)' is ignored; did you mean '\(known)'?")
            }
        }

        let fileName = String(path.split(separator: "/").last ?? "")
        let title = fields.text("title")
        if title == nil {
            switch fields.node("title") {
            case nil: fields.problems.error(path, fields.line(ofKey: "title"), "a title is required (add `title: …` to the front matter)")
            case .scalar?: fields.problems.error(path, fields.line(ofKey: "title"), "title is empty")
            default: break  // a list or mapping was already reported as the wrong type
            }
        }

        var slug = Slug.fromFileName(fileName)
        var slugLine = 1
        if let written = fields.text("slug") {
            slugLine = fields.line(of: fields.node("slug"))
            if let problem = Slug.problem(with: written) {
                fields.problems.error(path, slugLine, problem)
            } else {
                slug = written
            }
        } else if let problem = Slug.problem(with: slug) {
            fields.problems.error(path, 1, "the file name gives a bad URL: \(problem); rename the file or set `slug:`")
        }

        // Events are read in their own zone; everything else in the site's.
        var zone = config.timeZone
        if kind == .event, let name = fields.text("timezone") {
            if let eventZone = TimeZoneNames.zone(name) { zone = eventZone } else {
                fields.problems.error(path, fields.line(of: fields.node("timezone")), "timezone '\(name)' is not an IANA time zone name such as Asia/Shanghai or America/New_York")
            }
        }

        var date = fields.date("date", timeZone: zone)?.instant
        // A file-name date is a publication date; an event's file name names the day it happens,
        // which must not make it a "future post".
        if date == nil, !fields.hasValue("date"), kind != .event, let prefix = Slug.datePrefix(of: fileName) {
            switch DateParser.parse(prefix, timeZone: zone) {
            case .success(let parsed): date = parsed.instant
            case .failure(let problem): fields.problems.error(path, 1, "the file name's date: \(problem.message)")
            }
        }
        if kind == .news, date == nil, !fields.hasValue("date") {
            fields.problems.error(path, fields.lineOffset + 1, "news needs a date: add `date: YYYY-MM-DD` (or start the file name with YYYY-MM-DD-)")
        }
        let publishDate = fields.date("publishDate", timeZone: zone)?.instant
        let expiryDate = fields.date("expiryDate", timeZone: zone)?.instant

        var categories = fields.stringList("categories") ?? []
        if let single = fields.text("category") { categories.insert((single, fields.line(of: fields.node("category"))), at: 0) }
        let tags = fields.stringList("tags") ?? []

        let featured = fields.bool("featured") ?? false
        let weight = fields.int("weight")
        let draft = fields.bool("draft") ?? false
        let image = fields.text("image")
        let imageAlt = fields.text("imageAlt")
        let summary = fields.text("summary")
        let author = fields.text("author") ?? config.author
        var popularity: Popularity?
        if fields.node("views") != nil || fields.node("likes") != nil || fields.node("comments") != nil {
            popularity = Popularity(views: fields.count("views") ?? 0, likes: fields.count("likes") ?? 0, comments: fields.count("comments") ?? 0)
        }
        let layout = fields.text("layout").map { TermReference(name: $0, line: fields.line(of: fields.node("layout"))) }

        var event: EventDetails?
        if kind == .event {
            event = readEvent(&fields, zone: zone, path: path)
        } else {
            for key in ["start", "end", "location", "status"] where fields.node(key) != nil {
                fields.problems.warning(path, fields.line(ofKey: key), "'\(key)' is for events; this file is under content/\(kind.folder)/ so it is ignored")
            }
        }

        guard !fields.problems.hasErrors, let title else {
            return Outcome(item: nil, diagnostics: fields.problems.all)
        }
        let markdownStart = CPUClock.thread()
        let body = markdown.render(source.body)
        var summaryHTML = body.leadHTML
        var summaryText = body.leadText
        if let summary {
            let rendered = markdown.render(summary, wantPlainText: true)
            summaryHTML = rendered.html
            summaryText = rendered.plainText.isEmpty ? summary.collapsingWhitespace() : rendered.plainText
        }
        let markdownSeconds = CPUClock.thread() - markdownStart
        let item = ContentItem(
            kind: kind, sourcePath: path, slug: slug, slugLine: slugLine, title: title, date: date,
            publishDate: publishDate, expiryDate: expiryDate,
            categories: categories.map { TermReference(name: $0.value.trimmed(), line: $0.line) }.filter { !$0.name.isEmpty },
            tags: tags.map { TermReference(name: $0.value.trimmed(), line: $0.line) }.filter { !$0.name.isEmpty },
            featured: featured, weight: weight, image: image, summary: summary, author: author, draft: draft,
            layout: layout, body: body, summaryHTML: summaryHTML, summaryText: summaryText, event: event,
            popularity: popularity, imageAlt: imageAlt)
        return Outcome(item: item, diagnostics: fields.problems.all, markdownSeconds: markdownSeconds)
    }

    /// Reads the event keys. A start is required; an end must not come before it.
    private func readEvent(_ fields: inout YAMLReader, zone: TimeZone, path: String) -> EventDetails? {
        let start = fields.date("start", timeZone: zone)
        if start == nil, !fields.hasValue("start") {
            fields.problems.error(path, fields.lineOffset + 1, "an event needs a start: add `start: YYYY-MM-DD HH:MM`")
        }
        let end = fields.date("end", timeZone: zone)
        let allDay = fields.bool("allDay") ?? (start.map { !$0.hasTime } ?? false)
        var status = EventStatus.scheduled
        if let text = fields.text("status") {
            let normalized = text.lowercased() == "canceled" ? "cancelled" : text.lowercased()
            if let known = EventStatus(rawValue: normalized) { status = known } else {
                fields.problems.error(path, fields.line(of: fields.node("status")), "status '\(text)' must be one of scheduled, cancelled, postponed")
            }
        }
        let registration = fields.text("registration")
        if let registration, !(registration.hasPrefix("https://") || registration.hasPrefix("http://") || registration.hasPrefix("mailto:")) {
            fields.problems.error(path, fields.line(of: fields.node("registration")), "registration must be an http(s) or mailto: link, not '\(registration)'")
        }
        guard let start else { return nil }

        var startInstant = start.instant
        var endInstant = end?.instant
        if allDay {
            // All-day events are whole days in the event's zone; `end` names the last day.
            startInstant = CivilDateTime(year: start.civil.year, month: start.civil.month, day: start.civil.day).instant(in: zone)
            let lastDay = end?.civil ?? start.civil
            let dayAfter = CivilDateTime.civil(fromDays: lastDay.daysSinceEpoch + 1)
            endInstant = CivilDateTime(year: dayAfter.year, month: dayAfter.month, day: dayAfter.day).instant(in: zone)
        }
        if let end, allDay ? end.civil.daysSinceEpoch < start.civil.daysSinceEpoch : (endInstant ?? startInstant) < startInstant {
            fields.problems.error(path, fields.line(of: fields.node("end")), "end comes before start")
        }
        let recurrence = readRecurrence(&fields, start: start, zone: zone, path: path)
        var occurrences: [Occurrence]?
        if let recurrence {
            // Each occurrence keeps the first one's wall-clock time (and, all day, its number of days).
            let duration = endInstant.map { $0.timeIntervalSince(startInstant) }
            let days = allDay ? ((end?.civil ?? start.civil).daysSinceEpoch - start.civil.daysSinceEpoch + 1) : 0
            // The series counts from the start as a wall-clock time in the event's zone (a start
            // written with another offset is converted first).
            let base = allDay ? CivilDateTime(year: start.civil.year, month: start.civil.month, day: start.civil.day) : CivilDateTime(start.instant, in: zone)
            occurrences = recurrence.starts(from: base).map { civil in
                let begin = civil.instant(in: zone)
                if allDay {
                    let after = CivilDateTime.civil(fromDays: civil.daysSinceEpoch + days)
                    return Occurrence(start: begin, end: CivilDateTime(year: after.year, month: after.month, day: after.day).instant(in: zone))
                }
                return Occurrence(start: begin, end: duration.map { begin.addingTimeInterval($0) })
            }
            if occurrences?.isEmpty == true {
                fields.problems.error(path, fields.line(of: fields.node("repeat")), "repeat leaves no occurrence at all (every date is in except)")
            }
        }
        return EventDetails(
            start: startInstant, end: endInstant, allDay: allDay, timeZone: zone,
            location: fields.text("location"), address: fields.text("address"), status: status,
            registration: registration, organizer: fields.text("organizer"),
            recurrence: recurrence, occurrences: occurrences)
    }

    /// Reads `repeat: {frequency: weekly|monthly, interval: 1, until: DATE | count: N, except: [DATE, …]}`.
    private func readRecurrence(_ fields: inout YAMLReader, start: ParsedDate, zone: TimeZone, path: String) -> Recurrence? {
        guard fields.hasValue("repeat") else { return nil }
        guard var rule = fields.mapping("repeat") else { return nil }
        defer { fields.absorb(rule) }
        let line = fields.line(of: fields.node("repeat"))
        for (key, keyLine) in rule.keys where !["frequency", "interval", "until", "count", "except"].contains(key) {
            rule.problems.error(path, keyLine, "repeat has no key '\(key)'; it takes frequency, interval, until or count, and except")
        }
        let frequencies = Recurrence.Frequency.allCases.map(\.rawValue).joined(separator: " or ")
        guard let text = rule.text("frequency") else {
            rule.problems.error(path, line, "repeat needs a frequency: \(frequencies)")
            return nil
        }
        guard let frequency = Recurrence.Frequency(rawValue: text.lowercased()) else {
            rule.problems.error(path, rule.line(of: rule.node("frequency")), "repeat frequency '\(text)' must be \(frequencies)")
            return nil
        }
        let interval = rule.int("interval") ?? 1
        if interval < 1 || interval > 52 {
            rule.problems.error(path, rule.line(of: rule.node("interval")), "repeat interval must be between 1 and 52")
        }
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
            rule.problems.error(path, rule.line(of: rule.node("count")), "repeat count must be between 1 and \(Recurrence.maximumOccurrences)")
        }
        let startDay = CivilDateTime(start.instant, in: zone).isoDate
        if let until, until.civil.isoDate < startDay {
            rule.problems.error(path, rule.line(of: rule.node("until")), "repeat until \(until.civil.isoDate) is before the start \(startDay)")
        }
        var except: [CivilDateTime] = []
        for entry in rule.stringList("except") ?? [] {
            switch DateParser.parse(entry.value, timeZone: zone) {
            case .success(let date): except.append(date.civil)
            case .failure(let problem): rule.problems.error(path, entry.line, "repeat except: \(problem.message)")
            }
        }
        guard !rule.problems.hasErrors else { return nil }
        let recurrence = Recurrence(frequency: frequency, interval: interval, until: until?.civil, count: count, except: except)
        let base = CivilDateTime(start.instant, in: zone)
        let days = Set(recurrence.candidates(from: start.hasTime ? base : start.civil).map(\.isoDate))
        for (entry, day) in zip(rule.stringList("except") ?? [], except) where !days.contains(day.isoDate) {
            rule.problems.warning(path, entry.line, "repeat except \(day.isoDate) is not one of the event's dates, so it changes nothing")
        }
        return recurrence
    }
}
