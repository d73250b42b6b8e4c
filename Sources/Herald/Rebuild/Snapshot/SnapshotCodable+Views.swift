import Foundation

// How each view a page's context holds is written into the snapshot and read back (see
// `SnapshotCodable`): every stored field, in the order of its declaration, which is the order of
// its memberwise initializer.

extension ImageView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(files)
        output.write(card)
        output.write(thumbnail)
        output.write(alt)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            files: try input.next(),
            card: try input.next(),
            thumbnail: try input.next(),
            alt: try input.next())
    }
}

extension EventView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(when)
        output.write(zone)
        output.write(startISO)
        output.write(endISO)
        output.write(allDay)
        output.write(location)
        output.write(address)
        output.write(mapURL)
        output.write(onlineURL)
        output.write(onlineHost)
        output.write(registration)
        output.write(organizer)
        output.write(status)
        output.write(upcoming)
        output.write(today)
        output.write(thisWeek)
        output.write(repeats)
        output.write(dates)
        output.write(calendarFile)
        output.write(subscribe)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            when: try input.next(),
            zone: try input.next(),
            startISO: try input.next(),
            endISO: try input.next(),
            allDay: try input.next(),
            location: try input.next(),
            address: try input.next(),
            mapURL: try input.next(),
            onlineURL: try input.next(),
            onlineHost: try input.next(),
            registration: try input.next(),
            organizer: try input.next(),
            status: try input.next(),
            upcoming: try input.next(),
            today: try input.next(),
            thisWeek: try input.next(),
            repeats: try input.next(),
            dates: try input.next(),
            calendarFile: try input.next(),
            subscribe: try input.next())
    }
}

extension TermView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(name)
        output.write(slug)
        output.write(url)
        output.write(count)
        output.write(countText)
        output.write(description)
        output.write(color)
        output.write(icon)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            name: try input.next(),
            slug: try input.next(),
            url: try input.next(),
            count: try input.next(),
            countText: try input.next(),
            description: try input.next(),
            color: try input.next(),
            icon: try input.next())
    }
}

extension LanguageLinkView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(code)
        output.write(name)
        output.write(url)
        output.write(permalink)
        output.write(translated)
        output.write(current)
        output.write(isDefault)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            code: try input.next(),
            name: try input.next(),
            url: try input.next(),
            permalink: try input.next(),
            translated: try input.next(),
            current: try input.next(),
            isDefault: try input.next())
    }
}

extension ListView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(kind)
        output.write(title)
        output.write(description)
        output.write(color)
        output.write(icon)
        output.write(items)
        output.write(pager)
        output.write(sections)
        output.write(calendarURL)
        output.write(taxonomy)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            kind: try input.next(),
            title: try input.next(),
            description: try input.next(),
            color: try input.next(),
            icon: try input.next(),
            items: try input.next(),
            pager: try input.next(),
            sections: try input.next(),
            calendarURL: try input.next(),
            taxonomy: try input.next())
    }
}

extension ListSection: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(items)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(),
            items: try input.next())
    }
}

extension HomeView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(recent)
        output.write(featured)
        output.write(upcoming)
        output.write(trending)
        output.write(categories)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            recent: try input.next(),
            featured: try input.next(),
            upcoming: try input.next(),
            trending: try input.next(),
            categories: try input.next())
    }
}

extension TermsView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(kind)
        output.write(title)
        output.write(terms)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            kind: try input.next(),
            title: try input.next(),
            terms: try input.next())
    }
}

extension PageMeta: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(description)
        output.write(url)
        output.write(permalink)
        output.write(image)
        output.write(type)
        output.write(section)
        output.write(feeds)
        output.write(languages)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(),
            description: try input.next(),
            url: try input.next(),
            permalink: try input.next(),
            image: try input.next(),
            type: try input.next(),
            section: try input.next(),
            feeds: try input.next(),
            languages: try input.next())
    }
}

extension SiteView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(description)
        output.write(language)
        output.write(root)
        output.write(home)
        output.write(baseURL)
        output.write(categories)
        output.write(moreCategories)
        output.write(pages)
        output.write(year)
        output.write(stylesheet)
        output.write(generator)
        output.write(feeds)
        output.write(search)
        output.write(searchIndex)
        output.write(searchScript)
        output.write(otherSearchIndexes)
        output.write(trending)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(),
            description: try input.next(),
            language: try input.next(),
            root: try input.next(),
            home: try input.next(),
            baseURL: try input.next(),
            categories: try input.next(),
            moreCategories: try input.next(),
            pages: try input.next(),
            year: try input.next(),
            stylesheet: try input.next(),
            generator: try input.next(),
            feeds: try input.next(),
            search: try input.next(),
            searchIndex: try input.next(),
            searchScript: try input.next(),
            otherSearchIndexes: try input.next(),
            trending: try input.next())
    }
}

extension CalendarMonthView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(weekdays)
        output.write(weeks)
        output.write(days)
        output.write(previous)
        output.write(next)
        output.write(current)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(),
            weekdays: try input.next(),
            weeks: try input.next(),
            days: try input.next(),
            previous: try input.next(),
            next: try input.next(),
            current: try input.next())
    }
}

extension CalendarWeek: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(days)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            days: try input.next())
    }
}

extension CalendarDayView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(day)
        output.write(inMonth)
        output.write(count)
        output.write(anchor)
        output.write(today)
        output.write(label)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            day: try input.next(),
            inMonth: try input.next(),
            count: try input.next(),
            anchor: try input.next(),
            today: try input.next(),
            label: try input.next())
    }
}

extension CalendarDayEvents: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(label)
        output.write(anchor)
        output.write(entries)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            label: try input.next(),
            anchor: try input.next(),
            entries: try input.next())
    }
}

extension CalendarEntry: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(url)
        output.write(time)
        output.write(location)
        output.write(status)
        output.write(color)
        output.write(language)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(),
            url: try input.next(),
            time: try input.next(),
            location: try input.next(),
            status: try input.next(),
            color: try input.next(),
            language: try input.next())
    }
}

extension PagerView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(number)
        output.write(total)
        output.write(previous)
        output.write(next)
        output.write(links)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            number: try input.next(),
            total: try input.next(),
            previous: try input.next(),
            next: try input.next(),
            links: try input.next())
    }
}

extension PagerLink: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(number)
        output.write(url)
        output.write(current)
        output.write(gap)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            number: try input.next(),
            url: try input.next(),
            current: try input.next(),
            gap: try input.next())
    }
}

extension MoreTermsView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(count)
        output.write(text)
        output.write(url)
    }

    init(from input: SnapshotReader) throws {
        // Its own initializer counts from a total; read, the count is as it was.
        count = try input.next()
        text = try input.next()
        url = try input.next()
    }
}

extension PersonView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(name)
        output.write(url)
    }

    init(from input: SnapshotReader) throws {
        self.init(name: try input.next(), url: try input.next())
    }
}

extension LinkView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(url)
        output.write(language)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(),
            url: try input.next(),
            language: try input.next())
    }
}

extension FeedLink: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(url)
        output.write(type)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(),
            url: try input.next(),
            type: try input.next())
    }
}

extension ParamsView: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(values)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            values: try input.next())
    }
}

extension InterfaceStrings: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(table)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            table: try input.next())
    }
}

extension ImageView.Files: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(src)
        output.write(srcset)
        output.write(webpSrcset)
        output.write(avifSrcset)
        output.write(width)
        output.write(height)
        output.write(type)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            src: try input.next(),
            srcset: try input.next(),
            webpSrcset: try input.next(),
            avifSrcset: try input.next(),
            width: try input.next(),
            height: try input.next(),
            type: try input.next())
    }
}

extension ContentKind: SnapshotCodable {}
extension EventStatus: SnapshotCodable {}
extension ListKind: SnapshotCodable {}
extension PageType: SnapshotCodable {}
extension TermsKind: SnapshotCodable {}

extension FrontMatterValue: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        switch self {
        case .text(let text):
            output.varint(0)
            output.write(text)
        case .bool(let flag):
            output.varint(1)
            output.write(flag)
        case .number(let number):
            output.varint(2)
            output.write(number)
        case .list(let values):
            output.varint(3)
            output.write(values)
        case .mapping(let values):
            output.varint(4)
            output.write(values)
        }
    }

    init(from input: SnapshotReader) throws {
        switch try input.varint() {
        case 0: self = .text(try input.next())
        case 1: self = .bool(try input.next())
        case 2: self = .number(try input.next())
        case 3: self = .list(try input.nested { try input.next() })
        case 4: self = .mapping(try input.nested { try input.next() })
        default: throw SnapshotReader.Corrupt(description: "no such front-matter value")
        }
    }
}

/// A page's context apart from the site's view and the interface text, which every page of a
/// language shares and `BuildSnapshot` keeps once per language.
enum PageContextForm {
    static func write(_ context: PageContext, to output: inout SnapshotWriter) {
        output.write(context.page)
        output.write(context.item)
        output.write(context.list)
        output.write(context.home)
        output.write(context.terms)
        output.write(context.calendar)
    }

    static func read(from input: SnapshotReader, site: SiteView, strings: InterfaceStrings) throws -> PageContext {
        PageContext(
            site: site, page: try input.next(), strings: strings, item: try input.next(), list: try input.next(),
            home: try input.next(), terms: try input.next(), calendar: try input.next())
    }
}
