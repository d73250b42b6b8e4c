import Foundation

/// The snapshot's form of an item's facts (`ItemFacts`): what the command line's rebuild makes an
/// edited item's API document and the feeds that show it from, beside the new body.
extension ItemFacts: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        for text in [id, title, permalink, apiURL, apiPath, summaryText, summaryHTML] { output.write(text) }
        output.write(kind)
        output.write(image)
        output.write(authors)
        output.write(author)
        output.write(people)
        output.write(updated)
        output.write(published)
        output.write(dated)
        output.write(categories)
        output.write(tags)
        output.write(taxonomies)
        output.write(readingMinutes)
        output.write(event)
        output.write(previous)
        output.write(next)
    }

    init(from input: SnapshotReader) throws {
        let (id, title, permalink, apiURL): (String, String, String, String) = (
            try input.next(), try input.next(), try input.next(), try input.next()
        )
        let (apiPath, summaryText, summaryHTML): (String, String, String) = (
            try input.next(), try input.next(), try input.next()
        )
        self.init(
            id: id, kind: try input.next(), title: title, permalink: permalink, apiURL: apiURL, apiPath: apiPath,
            summaryText: summaryText, summaryHTML: summaryHTML, image: try input.next(), authors: try input.next(),
            author: try input.next(), people: try input.next(), updated: try input.next(), published: try input.next(),
            dated: try input.next(),
            categories: try input.next(), tags: try input.next(), taxonomies: try input.next(),
            readingMinutes: try input.next(),
            event: try input.next(), previous: try input.next(), next: try input.next())
    }
}

extension Byline: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(name)
        output.write(path)
    }

    init(from input: SnapshotReader) throws {
        self.init(name: try input.next(), path: try input.next())
    }
}

extension ImageFacts: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(url)
        output.write(width)
        output.write(height)
        output.write(type)
        output.write(srcset)
        output.write(card)
        output.write(thumbnail)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            url: try input.next(), width: try input.next(), height: try input.next(), type: try input.next(),
            srcset: try input.next(), card: try input.next(), thumbnail: try input.next())
    }
}

extension ImageFacts.File: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(url)
        output.write(width)
        output.write(height)
        output.write(type)
    }

    init(from input: SnapshotReader) throws {
        self.init(url: try input.next(), width: try input.next(), height: try input.next(), type: try input.next())
    }
}

/// A category as an item's facts name it: without the items filed under it, which nothing made
/// from facts reads (feeds and API documents name a category by its slug, name, colour and icon),
/// and which would write every category's list again for each of its items. It comes back with
/// none.
extension Category: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(slug)
        output.write(name)
        output.write(description)
        output.write(color)
        output.write(icon)
        output.write(declared)
        output.write(warnedAbout)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            slug: try input.next(), name: try input.next(), description: try input.next(), color: try input.next(),
            icon: try input.next(), declared: try input.next(), items: [], warnedAbout: try input.next())
    }
}

/// A tag or term as an item's facts name it, without its items (see `Category`'s form).
extension Term: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(slug)
        output.write(name)
    }

    init(from input: SnapshotReader) throws { self.init(slug: try input.next(), name: try input.next(), items: []) }
}

extension APIItemLink: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(url)
        output.write(api)
    }

    init(from input: SnapshotReader) throws {
        self.init(title: try input.next(), url: try input.next(), api: try input.next())
    }
}

extension APIItemTerms: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(byTaxonomy.map(\.name))
        output.write(byTaxonomy.map(\.terms))
    }

    init(from input: SnapshotReader) throws {
        let (names, terms): ([String], [[APITerm]]) = (try input.next(), try input.next())
        guard names.count == terms.count else {
            throw SnapshotReader.Corrupt(description: "\(names.count) taxonomies with \(terms.count) lists of terms")
        }
        self.init(byTaxonomy: Array(zip(names, terms)))
    }
}

extension APITerm: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(slug)
        output.write(name)
        output.write(count)
        output.write(description)
        output.write(url)
        output.write(api)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            slug: try input.next(), name: try input.next(), count: try input.next(), description: try input.next(),
            url: try input.next(), api: try input.next())
    }
}

extension FeedChannel: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(title)
        output.write(description)
        output.write(homeURL)
        output.write(folder)
        output.write(items)
    }

    init(from input: SnapshotReader) throws {
        self.init(
            title: try input.next(), description: try input.next(), homeURL: try input.next(), folder: try input.next(),
            items: try input.next())
    }
}

extension BodyImageResolver.Resolved: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(picture?.opening)
        output.write(picture?.closing)
        output.write(size)
    }

    init(from input: SnapshotReader) throws {
        let (opening, closing): (String?, String?) = (try input.next(), try input.next())
        let picture = opening.flatMap { opening in
            closing.map { BodyImageResolver.Picture(opening: opening, closing: $0) }
        }
        self.init(picture: picture, size: try input.next())
    }
}
