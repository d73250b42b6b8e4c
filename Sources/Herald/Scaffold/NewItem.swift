import Foundation

/// A new content file for `herald new news|event|page`: where it goes and its text, with every
/// front-matter key an editor is likely to fill in written out (the optional ones commented).
public struct NewItem: Sendable, Equatable {
    /// Relative to the site folder (`content/news/2026/2026-11-21-hello.md`).
    public var path: String
    /// The whole file.
    public var text: String

    /// The slug for a title: its letters and digits; Chinese (and other non-Latin) titles are
    /// transliterated to Latin first (`迎新晚会` → `ying-xin-wan-hui`), since a Latin slug is what
    /// people type and share. Nil when nothing usable is left. Cut at a word near 60 characters.
    public static func slug(forTitle title: String) -> (slug: String, transliterated: Bool)? {
        var source = title
        var transliterated = false
        if title.unicodeScalars.contains(where: {
            $0.properties.isAlphabetic && !$0.isASCII && $0.properties.isIdeographic
        }),
            let latin = title.applyingTransform(.toLatin, reverse: false)?.applyingTransform(
                .stripDiacritics, reverse: false)
        {
            source = latin
            transliterated = true
        }
        var slug = Slug.make(from: source)
        if slug.count > 60, let cut = slug.prefix(61).lastIndex(of: "-") { slug = String(slug[..<cut]) }
        return slug.isEmpty ? nil : (slug, transliterated)
    }

    /// A news article dated `now` in the site's zone.
    /// The same item as a page bundle: `content/news/2026/2026-11-21-gala.md` becomes
    /// `content/news/2026/2026-11-21-gala/index.md`, a folder for its images and files.
    public func bundled() -> NewItem {
        let dot = path.lastIndex(of: ".") ?? path.endIndex
        return NewItem(path: String(path[..<dot]) + "/index.md", text: text)
    }

    public static func news(title: String, slug: String, now: Date, config: SiteConfig) -> NewItem {
        let day = CivilDateTime(now, in: config.timeZone)
        let say = ScaffoldText.forLanguage(config.language).comments
        let text = """
            ---
            title: \(quoted(title))
            date: \(TimestampFormat.rfc3339(now, in: config.timeZone))
            \(categoryLine(config))
            tags: []
            # \(say["new.summary"]!)
            # image: /images/cover.jpg      # \(say["new.image"]!)
            # imageAlt: \(say["new.imageAlt"]!)
            # author: \(config.author ?? say["new.author"]!)
            featured: false
            draft: true                     # \(say["new.draft"]!)
            ---

            \(ScaffoldText.forLanguage(config.language).newNewsBody)
            """
        return NewItem(path: "content/news/\(day.year)/\(day.isoDate)-\(slug).md", text: text)
    }

    /// An event starting at `start` (a date, or a date and time, in the site's zone unless it names an offset).
    public static func event(title: String, slug: String, start: ParsedDate, now: Date, config: SiteConfig) -> NewItem {
        let zone = config.timeZone
        let startText = start.hasTime ? "\(start.civil.isoDate) \(start.civil.hourMinute)" : start.civil.isoDate
        // Two hours is a sensible first guess for a talk or a match; a whole-day event ends the same day.
        let endText =
            start.hasTime
            ? { () -> String in
                let end = CivilDateTime(start.instant.addingTimeInterval(2 * 3600), in: zone)
                return "\(end.isoDate) \(end.hourMinute)"
            }() : start.civil.isoDate
        let say = ScaffoldText.forLanguage(config.language).comments
        let text = """
            ---
            title: \(quoted(title))
            date: \(TimestampFormat.rfc3339(now, in: zone))
            start: \(startText)
            end: \(endText)
            \(start.hasTime ? "" : "allDay: true\n")timezone: \(TimeZoneNames.name(of: zone))
            location: ""                    # \(say["new.location"]!)
            # address: \(say["new.address"]!)         # \(say["new.addressNote"]!)
            # organizer: \(say["new.organizer"]!)
            # registration: https://…      # \(say["new.registration"]!)
            # repeat: { frequency: weekly, until: 2027-01-31 }
            \(categoryLine(config))
            tags: []
            # image: /images/cover.jpg
            # imageAlt: \(say["new.imageAlt"]!)
            draft: true                     # \(say["new.draft"]!)
            ---

            \(ScaffoldText.forLanguage(config.language).newEventBody)
            """
        return NewItem(path: "content/events/\(start.civil.isoDate)-\(slug).md", text: text)
    }

    /// A plain page (About, Contact), its placeholder in the site's language.
    public static func page(title: String, slug: String, language: String = "en") -> NewItem {
        let text = """
            ---
            title: \(quoted(title))
            ---

            \(ScaffoldText.forLanguage(language).newPageBody)
            """
        return NewItem(path: "content/pages/\(slug).md", text: text)
    }

    /// The categories line: the first declared category, with the others named in a comment.
    private static func categoryLine(_ config: SiteConfig) -> String {
        guard let first = config.categories.first else { return "categories: []" }
        let others = config.categories.dropFirst().map(\.slug)
        let or = ScaffoldText.forLanguage(config.language).comments["new.or"]!
        return "categories: [\(first.slug)]" + (others.isEmpty ? "" : "   # \(or): \(others.joined(separator: ", "))")
    }

    /// A YAML double-quoted string, so a title with `:` or `#` stays one value.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r", "\t": result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
