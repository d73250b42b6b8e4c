import Foundation

/// schema.org JSON-LD for an article (`NewsArticle`) or an event (`Event`), ready to stand inside
/// `<script type="application/ld+json">`: `<`, `>` and `&` are written as `\u003c` … so no content
/// can close the script element or open a comment.
enum StructuredData {
    static func jsonLD(for fact: ItemFacts, site: Site, urls: SiteURLs) -> String? {
        let zone = site.config.timeZone
        let publisher = Organization(
            type: "Organization", name: site.config.title, url: urls.absolute(site.layout.homePath))
        let description = fact.summaryText.isEmpty ? nil : fact.summaryText.prefix(characters: 300)
        var json = JSONWriter(pretty: false, capacity: 2048)
        switch fact.kind {
        case .news:
            json.value(
                NewsArticle(
                    context: "https://schema.org", type: "NewsArticle", headline: fact.title, description: description,
                    datePublished: TimestampFormat.rfc3339(fact.published, in: zone),
                    dateModified: TimestampFormat.rfc3339(
                        max(fact.updated ?? fact.published, fact.published), in: zone),
                    author: Authors(fact.people.map { author(of: $0, urls: urls) }, otherwise: publisher),
                    publisher: publisher, image: fact.image?.shapes, mainEntityOfPage: fact.permalink,
                    url: fact.permalink,
                    articleSection: fact.categories.first?.name,
                    keywords: fact.tags.isEmpty ? nil : fact.tags.map(\.name).joined(separator: ", "),
                    inLanguage: site.config.language))
        case .event:
            guard let event = fact.event else { return nil }
            json.value(eventData(event, fact: fact, description: description, site: site, urls: urls))
        case .page:
            return nil
        }
        return json.bytes.withUnsafeBufferPointer(scriptSafe)
    }

    /// An author with a page is a `Person` with its `url`. A name alone may be a person or a
    /// group (`Riverside Students' Union`), which schema.org's `Organization` covers.
    private static func author(of byline: Byline, urls: SiteURLs) -> Organization {
        guard let path = byline.path else { return Organization(type: "Organization", name: byline.name, url: nil) }
        return Organization(type: "Person", name: byline.name, url: urls.absolute(path))
    }

    /// An event's `Event` document, placed where it is held: online, or at its location.
    private static func eventData(
        _ event: EventDetails, fact: ItemFacts, description: String?, site: Site, urls: SiteURLs
    ) -> EventData {
        let api = APIEvent(event, now: site.now)
        let location = event.location ?? ""
        // A location that is a link is where the event is held online.
        let locationIsURL = event.onlineURL != nil
        let online =
            locationIsURL || location.lowercased().contains("online") || location.lowercased().contains("zoom")
        let status: String
        switch event.status {
        case .scheduled: status = "https://schema.org/EventScheduled"
        case .cancelled: status = "https://schema.org/EventCancelled"
        case .postponed: status = "https://schema.org/EventPostponed"
        }
        // schema.org requires a location; an event that names none is placed with its organizer.
        // Google rejects a Place without an address: the location's own words stand in for one.
        let name = event.location ?? event.organizer ?? site.config.title
        let place =
            online
            ? Place(
                type: "VirtualLocation", name: locationIsURL ? nil : event.location, address: nil,
                url: locationIsURL ? location : event.registration ?? fact.permalink)
            : Place(type: "Place", name: name, address: event.address ?? name, url: nil)
        return EventData(
            context: "https://schema.org", type: "Event", name: fact.title, description: description,
            startDate: api.start, endDate: api.end, eventStatus: status,
            eventAttendanceMode: online
                ? "https://schema.org/OnlineEventAttendanceMode"
                : "https://schema.org/OfflineEventAttendanceMode",
            location: place, image: fact.image?.shapes,
            organizer: Organization(
                type: "Organization", name: event.organizer ?? site.config.title,
                url: event.organizer == nil ? urls.absolute(site.layout.homePath) : nil),
            offers: event.registration.map { Offer(type: "Offer", url: $0) }, url: fact.permalink,
            inLanguage: site.config.language)
    }

    /// JSON with the characters that could end a script element, or start markup, escaped.
    static func scriptSafe(_ json: String) -> String {
        var json = json
        return json.withUTF8(scriptSafe)
    }

    /// The same, from JSON's bytes. Runs between the bytes to escape are copied whole: escaping
    /// byte by byte was a third of the JSON-LD's cost (perf).
    static func scriptSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // 0xE2 is the lead byte of U+2028 and U+2029 (E2 80 A8, E2 80 A9).
        func special(_ byte: UInt8) -> Bool { byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2 }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var (index, runStart) = (0, 0)
        while index < bytes.count {
            let byte = bytes[index]
            guard special(byte) else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch byte {
            case 0x3C: output.append(ascii: "\\u003c")
            case 0x3E: output.append(ascii: "\\u003e")
            case 0x26: output.append(ascii: "\\u0026")
            default:
                if index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
                {
                    output.append(ascii: bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    index += 2
                } else {
                    output.append(byte)
                }
            }
            index += 1
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        return String(decoding: output, as: UTF8.self)
    }

    struct Organization: JSONWritable {
        var type: String
        var name: String
        var url: String?
        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case name, url
        }
        func writeJSON(to json: inout JSONWriter) {
            json.object { json in
                json.field("@type", type)
                json.field("name", name)
                json.field("url", url)
            }
        }
    }

    struct Place: JSONWritable {
        var type: String
        var name: String?
        var address: String?
        var url: String?
        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case name, address, url
        }
        func writeJSON(to json: inout JSONWriter) {
            json.object { json in
                json.field("@type", type)
                json.field("address", address)
                json.field("name", name)
                json.field("url", url)
            }
        }
    }

    struct Offer: JSONWritable {
        var type: String
        var url: String
        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case url
        }
        func writeJSON(to json: inout JSONWriter) {
            json.object { json in
                json.field("@type", type)
                json.field("url", url)
            }
        }
    }

    struct NewsArticle: JSONWritable {
        var context: String
        var type: String
        var headline: String
        var description: String?
        var datePublished: String
        var dateModified: String
        var author: Authors
        var publisher: Organization
        var image: [String]?
        var mainEntityOfPage: String
        var url: String
        var articleSection: String?
        var keywords: String?
        var inLanguage: String
        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case type = "@type"
            case headline, description, datePublished, dateModified, author, publisher
            case image, mainEntityOfPage, url, articleSection, keywords, inLanguage
        }
        func writeJSON(to json: inout JSONWriter) {
            json.object { json in
                json.field("@context", context)
                json.field("@type", type)
                json.field("articleSection", articleSection)
                json.field("author", author)
                json.field("dateModified", dateModified)
                json.field("datePublished", datePublished)
                json.field("description", description)
                json.field("headline", headline)
                json.field("image", image)
                json.field("inLanguage", inLanguage)
                json.field("keywords", keywords)
                json.field("mainEntityOfPage", mainEntityOfPage)
                json.field("publisher", publisher)
                json.field("url", url)
            }
        }
    }

    /// One author as an object, several as a list (schema.org takes either), the publisher for none.
    struct Authors: JSONWritable {
        var all: [Organization]

        init(_ all: [Organization], otherwise publisher: Organization) { self.all = all.isEmpty ? [publisher] : all }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if all.count == 1 { try container.encode(all[0]) } else { try container.encode(all) }
        }

        func writeJSON(to json: inout JSONWriter) {
            if all.count == 1 { json.value(all[0]) } else { json.array(all) { $0.value($1) } }
        }
    }

    struct EventData: JSONWritable {
        var context: String
        var type: String
        var name: String
        var description: String?
        var startDate: String
        var endDate: String?
        var eventStatus: String
        var eventAttendanceMode: String
        var location: Place
        var image: [String]?
        var organizer: Organization
        var offers: Offer?
        var url: String
        var inLanguage: String
        enum CodingKeys: String, CodingKey {
            case context = "@context"
            case type = "@type"
            case name, description, startDate, endDate, eventStatus
            case eventAttendanceMode, location, image, organizer, offers, url, inLanguage
        }
        func writeJSON(to json: inout JSONWriter) {
            json.object { json in
                json.field("@context", context)
                json.field("@type", type)
                json.field("description", description)
                json.field("endDate", endDate)
                json.field("eventAttendanceMode", eventAttendanceMode)
                json.field("eventStatus", eventStatus)
                json.field("image", image)
                json.field("inLanguage", inLanguage)
                json.field("location", location)
                json.field("name", name)
                json.field("offers", offers)
                json.field("organizer", organizer)
                json.field("startDate", startDate)
                json.field("url", url)
            }
        }
    }
}
