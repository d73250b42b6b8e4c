import Foundation

/// The files of a new site (`herald new site`), in its language: a commented `site.yml`, two news
/// articles, two events, an About page and a cover image, dated around `now` so the home page has recent news
/// and upcoming events the moment it is built. With the default theme's files when asked, for a
/// site that means to change them.
public enum StarterSite {
    /// Path relative to the new site's folder → contents, in the site's language (`ScaffoldText`).
    /// `title` nil takes the language's default; `siteID` is written once and never changes; `ci`
    /// adds that service's workflow, which publishes the site on every push.
    public static func files(
        title: String?, language: String, timeZone: TimeZone, now: Date, siteID: String, withTemplates: Bool,
        ci: CIWorkflow? = nil
    ) -> [String: Data] {
        let text = ScaffoldText.forLanguage(language)
        func day(_ offset: Int) -> CivilDateTime {
            CivilDateTime(now.addingTimeInterval(Double(offset) * 86_400), in: timeZone)
        }
        // An hour ago, so the first article is published however early in the day the site is made.
        let justNow = CivilDateTime(now.addingTimeInterval(-3600), in: timeZone)
        var files = [
            SiteConfigFile.name: siteYML(
                title: title, language: language, timeZone: timeZone, siteID: siteID, text: text)
        ]
        files.merge(articles(text, justNow: justNow, earlier: day(-3)), uniquingKeysWith: { $1 })
        files.merge(events(text, meetup: day(7), workshop: day(21)), uniquingKeysWith: { $1 })
        files.merge(aboutAndCover(text, today: day(0)), uniquingKeysWith: { $1 })
        files.merge(ignoreAndCI(ci), uniquingKeysWith: { $1 })
        var data = files.mapValues { Data($0.utf8) }
        if withTemplates {
            for (path, contents) in DefaultTheme.files { data["templates/" + path] = contents }
        }
        return data
    }

    /// A commented `site.yml`, in the site's language.
    private static func siteYML(
        title: String?, language: String, timeZone: TimeZone, siteID: String, text: ScaffoldText
    ) -> String {
        let comment = text.comments
        return """
            # \(comment["top"]!)
            title: \(NewItem.quoted(title ?? text.defaultTitle))
            description: \(text.description)
            # \(comment["baseURL"]!)
            baseURL: https://example.org/
            # \(comment["siteID"]!)
            siteID: \(siteID)
            # \(comment["language"]!)
            language: \(language)
            # \(comment["timezone"]!)
            timezone: \(TimeZoneNames.name(of: timeZone))
            pageSize: 10             # \(comment["pageSize"]!)
            # author: \(comment["author.example"]!)   # \(comment["author"]!)

            home:
              recent: 6              # \(comment["recent"]!)
              featured: 3            # \(comment["featured"]!)
              upcoming: 4            # \(comment["upcoming"]!)

            # \(comment["categories"]!)
            categories:
              - slug: announcements
                name: \(text.announcements.name)
                description: \(text.announcements.description)
                color: "#5f3dc4"
                icon: "📢"
              - slug: meetups
                name: \(text.meetups.name)
                description: \(text.meetups.description)
                color: "#bb3e0d"
                icon: "🎉"

            """
    }

    /// Two articles: a welcome (featured, with the cover) and one on writing articles.
    private static func articles(
        _ text: ScaffoldText, justNow: CivilDateTime, earlier: CivilDateTime
    ) -> [String: String] {
        var files: [String: String] = [:]
        files["content/news/\(justNow.year)/\(justNow.isoDate)-welcome.md"] = """
            ---
            title: \(text.welcome.title)
            date: \(justNow.isoDate) \(justNow.hourMinute)
            categories: [announcements]
            tags: \(text.welcome.tags)
            image: /images/welcome.svg
            imageAlt: \(text.welcome.imageAlt)
            featured: true
            ---

            \(text.welcome.body)
            """
        files["content/news/\(earlier.year)/\(earlier.isoDate)-writing-articles.md"] = """
            ---
            title: \(text.writing.title)
            date: \(earlier.isoDate) 14:30
            categories: [announcements]
            tags: \(text.writing.tags)
            summary: \(text.writing.summary)
            ---

            \(text.writing.body)
            """
        return files
    }

    /// Two events: a meetup in a week and an online workshop in three.
    private static func events(_ text: ScaffoldText, meetup: CivilDateTime, workshop: CivilDateTime) -> [String: String]
    {
        var files: [String: String] = [:]
        files["content/events/\(meetup.isoDate)-welcome-meetup.md"] = """
            ---
            title: \(text.meetup.title)
            start: \(meetup.isoDate) 18:30
            end: \(meetup.isoDate) 20:30
            location: \(text.meetup.location)
            organizer: \(text.meetup.organizer)
            categories: [meetups]
            tags: \(text.meetup.tags)
            ---

            \(text.meetup.body)
            """
        files["content/events/\(workshop.isoDate)-online-workshop.md"] = """
            ---
            title: \(NewItem.quoted(text.workshop.title))
            start: \(workshop.isoDate) 19:00
            end: \(workshop.isoDate) 20:00
            location: \(text.workshop.location)
            registration: https://forms.example.com/herald-workshop
            categories: [meetups]
            tags: \(text.workshop.tags)
            ---

            \(text.workshop.body)
            """
        return files
    }

    /// The About page, and the welcome article's cover (showing today's date).
    private static func aboutAndCover(_ text: ScaffoldText, today: CivilDateTime) -> [String: String] {
        var files: [String: String] = [:]
        files["content/pages/about.md"] = """
            ---
            title: \(text.about.title)
            ---

            \(text.about.body)
            """
        files["static/images/welcome.svg"] = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" role="img" aria-label="\(text.welcome.imageAlt)">
              <rect width="1200" height="630" fill="#eef2ff"/>
              <rect x="250" y="140" width="300" height="340" rx="24" fill="#fff" stroke="#5f3dc4" stroke-width="12"/>
              <rect x="250" y="140" width="300" height="80" rx="24" fill="#5f3dc4"/>
              <text x="400" y="380" font-family="sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="#5f3dc4">\(today.day)</text>
              <rect x="650" y="170" width="320" height="290" rx="16" fill="#fff" stroke="#bb3e0d" stroke-width="12"/>
              <rect x="690" y="215" width="240" height="30" rx="8" fill="#bb3e0d"/>
              <rect x="690" y="275" width="240" height="16" rx="8" fill="#c9cdd6"/>
              <rect x="690" y="315" width="200" height="16" rx="8" fill="#c9cdd6"/>
              <rect x="690" y="355" width="220" height="16" rx="8" fill="#c9cdd6"/>
              <rect x="690" y="395" width="160" height="16" rx="8" fill="#c9cdd6"/>
            </svg>

            """
        return files
    }

    /// `.gitignore`, and with `ci` that service's workflow.
    private static func ignoreAndCI(_ ci: CIWorkflow?) -> [String: String] {
        var files: [String: String] = [:]
        // Everything herald writes: the built site, and beside it its marker, build record and cache
        // (which holds an absolute path) and the staging folders of builds under way.
        files[".gitignore"] = "site-output/\n.site-output.*\n"
        if let ci {
            files[ci.path] = ci.file()
            // GitLab deploys the public/ folder the pipeline builds; it is never committed.
            if ci == .gitlab { files[".gitignore"]! += "public/\n.public.*\n" }
        }
        return files
    }
}
