import Foundation

/// The files of a new site (`herald new site`): a commented `site.yml`, two news articles, two
/// events, an About page and a cover image, dated around `now` so the home page has recent news
/// and upcoming events the moment it is built. With the default theme's files when asked, for a
/// site that means to change them.
public enum StarterSite {
    /// Path relative to the new site's folder → contents.
    public static func files(title: String, language: String, timeZone: TimeZone, now: Date, withTemplates: Bool) -> [String: Data] {
        var files: [String: String] = [:]
        func day(_ offset: Int) -> CivilDateTime { CivilDateTime(now.addingTimeInterval(Double(offset) * 86_400), in: timeZone) }
        let today = day(0), earlier = day(-3), meetup = day(7), workshop = day(21)
        // An hour ago, so the first article is published however early in the day the site is made.
        let justNow = CivilDateTime(now.addingTimeInterval(-3600), in: timeZone)

        files["site.yml"] = """
        # The site's settings. Every key is explained in Herald's docs/configuration.md.
        title: \(NewItem.quoted(title))
        description: News and events of our community.
        # The address the site is published at; feeds, calendars and the API use it for absolute links.
        baseURL: https://example.org/
        # Picks the theme's interface text and date format (en, zh-CN …).
        language: \(language)
        # Dates written without an offset are read in this zone.
        timezone: \(timeZone.identifier)
        pageSize: 10             # items per page of a list
        # author: Communications team   # the author of items that name none

        home:
          recent: 6              # news cards in "Recent news"
          featured: 3            # editor's picks
          upcoming: 4            # next upcoming events

        # Categories in display order. Colours are badge text: herald check warns when one is too light to read.
        categories:
          - slug: announcements
            name: Announcements
            description: Notices from the committee.
            color: "#5f3dc4"
            icon: "📢"
          - slug: meetups
            name: Meetups
            description: Get-togethers, talks and workshops.
            color: "#bb3e0d"
            icon: "🎉"

        """
        files["content/news/\(justNow.year)/\(justNow.isoDate)-welcome.md"] = """
        ---
        title: Welcome to our new site
        date: \(justNow.isoDate) \(justNow.hourMinute)
        categories: [announcements]
        tags: [site]
        image: /images/welcome.svg
        imageAlt: A calendar page and a newspaper
        featured: true
        ---

        This is the first article of the site, and it is featured: it is shown among the editor's picks
        on the home page. Edit it in `content/news/`, or add another with `herald new news "Title"`.

        <!--more-->

        ## What is here

        - **News** in `content/news/`, newest first, with feeds (RSS, Atom, JSON Feed).
        - **Events** in `content/events/`, with a calendar and `.ics` files for calendar apps.
        - **Pages** such as [About](../../about/) in `content/pages/`.

        """
        files["content/news/\(earlier.year)/\(earlier.isoDate)-writing-articles.md"] = """
        ---
        title: How to write an article
        date: \(earlier.isoDate) 14:30
        categories: [announcements]
        tags: [site, how-to]
        summary: Front matter between two lines of dashes, then Markdown.
        ---

        Each article is a Markdown file. The lines between the two `---` lines are its front matter:
        its title, date, category, tags and cover image. Everything after them is the article.

        Run `herald check` before publishing: it finds broken links, missing images and other slips.

        """
        files["content/events/\(meetup.isoDate)-welcome-meetup.md"] = """
        ---
        title: Welcome meetup
        start: \(meetup.isoDate) 18:30
        end: \(meetup.isoDate) 20:30
        location: Student Centre, Room 101
        organizer: The committee
        categories: [meetups]
        tags: [social]
        ---

        Come and meet the committee and other members. Drinks and snacks provided.

        """
        files["content/events/\(workshop.isoDate)-online-workshop.md"] = """
        ---
        title: "Online workshop: publishing with Herald"
        start: \(workshop.isoDate) 19:00
        end: \(workshop.isoDate) 20:00
        location: Online
        registration: https://forms.example.com/herald-workshop
        categories: [meetups]
        tags: [how-to]
        ---

        An hour on writing news and events, previewing with `herald serve` and publishing.

        """
        files["content/pages/about.md"] = """
        ---
        title: About
        ---

        Who we are, what we do, and how to reach us.

        """
        files["static/images/welcome.svg"] = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" role="img" aria-label="A calendar page and a newspaper">
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
        // Everything herald writes: the built site, and beside it its marker, build record and cache
        // (which holds an absolute path) and the staging folders of builds under way.
        files[".gitignore"] = "site-output/\n.site-output.*\n"
        var data = files.mapValues { Data($0.utf8) }
        if withTemplates {
            for (path, contents) in DefaultTheme.files { data["templates/" + path] = contents }
        }
        return data
    }
}
