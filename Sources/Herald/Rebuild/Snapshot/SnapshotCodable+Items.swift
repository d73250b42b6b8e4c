import Foundation

/// The snapshot's form of a parsed item apart from its body, and of the diagnostics its parse
/// told: what the command line's rebuild compares a file's new parse with, to know an edit that
/// changed a body and nothing else (`BuildMemo.reparseBody` makes the same comparison in memory).
/// The body is left out because it is what such an edit changes; an item is read back with an
/// empty one.
extension ContentItem: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        writeHead(to: &output)
        output.write(event)
        output.write(popularity)
        output.write(imageAlt)
        output.write(imageLine)
        output.write(imageFocus)
        output.write(authors)
        output.write(updated)
        output.write(aliases)
        output.write(fixedPath)
        output.write(bundle)
        output.write(language)
        output.write(translationKey)
        output.write(translationKeyLine)
        output.write(contentLinks)
        output.write(bodyImages)
        output.write(listed)
        output.write(params)
        output.write(toc)
        output.write(terms)
    }

    /// The fields before the body, in the order they are declared.
    private func writeHead(to output: inout SnapshotWriter) {
        output.write(kind)
        output.write(sourcePath)
        output.write(slug)
        output.write(slugLine)
        output.write(dateLine)
        output.write(titleLine)
        output.write(title)
        output.write(date)
        output.write(publishDate)
        output.write(expiryDate)
        output.write(categories)
        output.write(tags)
        output.write(featured)
        output.write(weight)
        output.write(image)
        output.write(summary)
        output.write(author)
        output.write(draft)
        output.write(layout)
        output.write(summaryHTML)
        output.write(summaryText)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            kind: try input.next(), sourcePath: try input.next(), slug: try input.next(), slugLine: try input.next(),
            dateLine: try input.next(), titleLine: try input.next(), title: try input.next(), date: try input.next(),
            publishDate: try input.next(), expiryDate: try input.next(), categories: try input.next(),
            tags: try input.next(), featured: try input.next(), weight: try input.next(), image: try input.next(),
            summary: try input.next(), author: try input.next(), draft: try input.next(), layout: try input.next(),
            body: RenderedMarkdown(), summaryHTML: try input.next(), summaryText: try input.next(),
            event: try input.next(), popularity: try input.next(), imageAlt: try input.next(),
            imageLine: try input.next(), imageFocus: try input.next(), authors: try input.next(),
            updated: try input.next(), aliases: try input.next(), fixedPath: try input.next(), bundle: try input.next(),
            language: try input.next(), translationKey: try input.next(), translationKeyLine: try input.next(),
            contentLinks: try input.next(), bodyImages: try input.next(), listed: try input.next(),
            params: try input.next(), toc: try input.next(), terms: try input.next())
    }
}

extension Recurrence.Frequency: SnapshotCodable {}

extension TermReference: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(name)
        output.write(line)
    }

    init(from input: SnapshotReader) throws { self.init(name: try input.next(), line: try input.next()) }
}

extension EventDetails: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(start)
        output.write(end)
        output.write(allDay)
        output.write(timeZone.identifier)
        output.write(location)
        output.write(address)
        output.write(status)
        output.write(registration)
        output.write(organizer)
        output.write(recurrence)
        output.write(occurrences)
        output.write(timeNote)
    }

    init(from input: SnapshotReader) throws {
        let (start, end, allDay): (Date, Date?, Bool) = (try input.next(), try input.next(), try input.next())
        let zone: String = try input.next()
        guard let timeZone = TimeZone(identifier: zone) else {
            throw SnapshotReader.Corrupt(description: "no such time zone: \(zone.prefix(40))")
        }
        self.init(
            start: start, end: end, allDay: allDay, timeZone: timeZone, location: try input.next(),
            address: try input.next(), status: try input.next(), registration: try input.next(),
            organizer: try input.next(), recurrence: try input.next(), occurrences: try input.next() as [Occurrence],
            timeNote: try input.next())
    }
}

extension Recurrence: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(frequency)
        output.write(interval)
        output.write(until)
        output.write(count)
        output.write(except)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            frequency: try input.next(), interval: try input.next(), until: try input.next(), count: try input.next(),
            except: try input.next())
    }
}

extension Occurrence: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(start)
        output.write(end)
    }

    init(from input: SnapshotReader) throws { self.init(start: try input.next(), end: try input.next()) }
}

extension CivilDateTime: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        for part in [year, month, day, hour, minute, second] { output.write(part) }
    }

    init(from input: SnapshotReader) throws {
        self.init(
            year: try input.next(), month: try input.next(), day: try input.next(), hour: try input.next(),
            minute: try input.next(), second: try input.next())
    }
}

extension ItemBundle: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(folder)
        output.write(resources)
    }

    init(from input: SnapshotReader) throws { self.init(folder: try input.next(), resources: try input.next()) }
}

extension Popularity: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(views)
        output.write(likes)
        output.write(comments)
    }

    init(from input: SnapshotReader) throws {
        self.init(views: try input.next(), likes: try input.next(), comments: try input.next())
    }
}

extension ImageFocus: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(x)
        output.write(y)
    }

    init(from input: SnapshotReader) throws { self.init(x: try input.next(), y: try input.next()) }
}

extension ContentLink: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(written)
        output.write(line)
    }

    init(from input: SnapshotReader) throws { self.init(written: try input.next(), line: try input.next()) }
}

extension BodyImage: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(written)
        output.write(path)
        output.write(link)
        output.write(line)
    }

    init(from input: SnapshotReader) throws {
        self.init(written: try input.next(), path: try input.next(), link: try input.next(), line: try input.next())
    }
}

extension Diagnostic.Severity: SnapshotCodable {}

extension Diagnostic: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(path)
        output.write(line)
        output.write(column)
        output.write(message)
        output.write(severity)
        output.write(omitted)
        output.write(kind)
    }

    init(from input: SnapshotReader) throws {
        self.init(path: try input.next(), line: try input.next(), column: try input.next(), try input.next())
        severity = try input.next()
        omitted = try input.next()
        kind = try input.next()
    }
}

extension DiagnosticKind: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        switch self {
        case .coverImage: output.varint(0)
        case .deadContentLink(let written):
            output.varint(1)
            output.write(written)
        case .unkeptAlias(let written):
            output.varint(2)
            output.write(written)
        case .unusedTermPage: output.varint(3)
        }
    }

    init(from input: SnapshotReader) throws {
        switch try input.varint() {
        case 0: self = .coverImage
        case 1: self = .deadContentLink(try input.next())
        case 2: self = .unkeptAlias(try input.next())
        case 3: self = .unusedTermPage
        default: throw SnapshotReader.Corrupt(description: "no such kind of diagnostic")
        }
    }
}

extension ItemParser.Report: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(diagnostics)
        output.write(notPage)
        output.write(omittedHTMLLine)
        output.write(plainCodeLine)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            diagnostics: try input.next(), notPage: try input.next(), omittedHTMLLine: try input.next(),
            plainCodeLine: try input.next())
    }
}
