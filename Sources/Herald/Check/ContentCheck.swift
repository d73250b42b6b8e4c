import Foundation

/// Checks of the site model an editor would want before publishing, none of which stops a build:
/// cover images that are not there, items in categories `site.yml` does not declare, titles used
/// twice, events with no place, featured picks without a cover, category colours too pale to read,
/// links whose address has a space, a placeholder `baseURL`, a zone of no place for a language of a
/// region, and `herald new`'s placeholder text left in an item.
struct ContentCheck {
    let site: Site
    /// Follows a cover's URL to the output, as it follows every link of a page.
    let links: LinkCheck
    let urls: SiteURLs
    /// A content file's text, for the line of the key a finding is about.
    let sourceText: (String) -> String?
    /// Whether this is the default language's part (or the only one): findings about site.yml's
    /// own settings are told there, once, not once per language.
    var sitewide = true

    /// Every finding, in a fixed order.
    func findings() -> [Diagnostic] {
        var found = DiagnosticList()
        if sitewide {
            placeholderAddress(&found)
            categoryColours(&found)
        }
        placelessZone(&found)
        covers(&found)
        undeclaredCategories(&found)
        duplicateTitles(&found)
        eventsWithoutPlace(&found)
        linksWithSpaces(&found)
        placeholderBodies(&found)
        return found.all
    }

    /// The starter's `baseURL: https://example.org/` left as it is: every absolute link the site
    /// publishes (canonical links, feeds, `webcal://` links, the API) would lead to example.org.
    private func placeholderAddress(_ found: inout DiagnosticList) {
        let baseURL = site.config.baseURL
        guard PlaceholderAddress.isPlaceholder(baseURL) else { return }
        found.warning(
            SiteConfigFile.name, siteYMLLine(ofKey: "baseURL"),
            "baseURL \(baseURL.absoluteString) is a placeholder address: set it to the address readers will reach the site at, or its canonical links, feeds, calendar links and API will lead to \(baseURL.host ?? "nowhere")"
        )
    }

    /// `timezone: UTC` (or GMT) on a site whose language names a region: most likely written by a
    /// machine whose clock says UTC (a container, CI), so every event is shown, and sent to
    /// subscribers' calendars, in UTC. Each language is checked in its own zone.
    private func placelessZone(_ found: inout DiagnosticList) {
        let written = TimeZoneNames.name(of: site.config.timeZone)
        guard TimeZoneNames.isPlaceless(written), let region = RegionZones.region(ofLanguage: site.config.language),
            let likely = RegionZones.system.zone(forRegion: region)
        else { return }
        found.warning(
            SiteConfigFile.name, siteYMLLine(ofKey: "timezone"),
            "timezone is \(written), but the language \(site.config.language) is that of \(region), whose zone is \(likely): dates and events are shown, and sent to calendars, in \(written). Write timezone: \(likely) if the site is there"
        )
    }

    /// The line of a top-level key of site.yml (1 when it is not written).
    private func siteYMLLine(ofKey key: String) -> Int {
        sourceText(SiteConfigFile.name).flatMap { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(key + ":") }.map {
                $0 + 1
            }
        } ?? 1
    }

    /// The text `herald new` writes in a new item's body ("What, who for, and how to take part."),
    /// published as it is once the draft line goes.
    private func placeholderBodies(_ found: inout DiagnosticList) {
        let placeholders = ScaffoldText.placeholderBodies.map { $0.trimmingCharacters(in: .newlines) }
        for item in site.items {
            guard let text = sourceText(item.sourcePath)?.replacingOccurrences(of: "\r\n", with: "\n") else { continue }
            for placeholder in placeholders where text.contains(placeholder) {
                let firstLine = String(placeholder.prefix { $0 != "\n" })
                found.warning(
                    item.sourcePath, SiteCheck.lineContaining(firstLine, in: text) ?? 1,
                    "'\(firstLine)' is the placeholder herald new wrote: replace it with the \(item.kind == .news ? "article" : item.kind.rawValue)'s own text"
                )
            }
        }
    }

    /// `![A photo](/images/my photo.jpg)`: CommonMark ends a link's address at a space, so the whole
    /// link is shown as text. A common slip, with a simple fix; fenced code is left alone.
    private func linksWithSpaces(_ found: inout DiagnosticList) {
        // `](`, an address with a space in it, and `)`, where what follows the space is no "title".
        let pattern = /\]\(([^\s()<>]+(?: +[^\s()"'<>][^\s()]*)+)\)/
        for item in site.items {
            guard let text = sourceText(item.sourcePath), text.contains("](") else { continue }
            var fence: Substring?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " }
                if let open = fence {
                    if trimmed.hasPrefix(open) { fence = nil }
                    continue
                }
                if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                    fence = trimmed.prefix(3)
                    continue
                }
                for match in line.matches(of: pattern) {
                    let address = String(match.output.1)
                    found.warning(
                        item.sourcePath, index + 1,
                        "the link to '\(address)' has a space in its address, so it shows as text: write it as <\(address)> or with %20 for each space"
                    )
                }
            }
        }
    }

    /// The line of a front-matter key in a content file (1 when it is not written there).
    func line(of key: String, in path: String) -> Int {
        guard let text = sourceText(path) else { return 1 }
        // Under any of the key's names (`cover` for `image`), in YAML (`key:`) or TOML (`key =`),
        // after any blank lines and up to the line that closes the front matter.
        let names = Set((FrontMatterKeys.entries.first { $0.key == key }?.names ?? [key]).map { $0.lowercased() })
        var number = 0
        var opening: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.trimmingCharacters(
                in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\r\u{FEFF}")))
            guard let opened = opening else {
                if trimmed.isEmpty { continue }
                guard trimmed == "---" || trimmed == "+++" else { return 1 }
                opening = trimmed
                continue
            }
            if trimmed == opened || (opened == "---" && trimmed == "...") { break }
            let name = line.prefix { $0 != ":" && $0 != "=" && $0 != " " && $0 != "\t" }
            if names.contains(name.lowercased()) { return number }
        }
        return 1
    }

    private func covers(_ found: inout DiagnosticList) {
        for item in site.items {
            guard let image = item.image else {
                // A featured pick is shown large on the home page and in apps: without a cover it looks broken.
                if item.featured {
                    found.warning(
                        item.sourcePath, line(of: "featured", in: item.sourcePath),
                        "is featured but has no cover image (image:); featured picks are shown with their cover")
                }
                continue
            }
            // A cover that is not there fails the build (ImageReading); what is left to say is
            // about covers that are there.
            if item.featured, item.imageAlt == nil {
                found.warning(
                    item.sourcePath, item.imageLine,
                    "is featured but its cover has no imageAlt: say what the picture shows, for readers who cannot see it (imageAlt: \"\" for a decorative one)"
                )
            }
            guard
                let measured = ImageCatalog.localPath(image).flatMap({ site.images.image($0, focus: item.imageFocus) })
            else { continue }
            if measured.header.width > 0, measured.header.width < Self.coverWidth {
                found.warning(
                    item.sourcePath, item.imageLine,
                    "cover image \(measured.source) is \(measured.header.width) pixels wide; the theme shows covers \(Self.coverWidth) pixels wide, so it will look blurry: use a larger photo"
                )
            }
            if measured.publishOriginal, !measured.outputs.isEmpty,
                measured.byteCount > site.config.images.maxOriginalBytes
            {
                found.warning(
                    item.sourcePath, item.imageLine,
                    "cover image \(measured.source) is \(measured.byteCount / 1024) KB and published as it is (images.keepOriginal), though smaller files of it are made; readers who open it download all of it"
                )
            }
        }
    }

    /// The widest the default theme shows a cover, in CSS pixels: the article column. A narrower
    /// cover is enlarged on every screen.
    static let coverWidth = 760

    private func undeclaredCategories(_ found: inout DiagnosticList) {
        // A category the build already warned about (merged spellings, a likely typo) is said once.
        for category in site.categories where !category.declared && !category.warnedAbout {
            guard let first = category.items.min(by: { site.items[$0].sourcePath < site.items[$1].sourcePath }) else {
                continue
            }
            let item = site.items[first]
            let line =
                item.categories.first { Slug.make(from: $0.name) == category.slug || $0.name == category.name }?.line
                ?? 1
            let others = category.items.count - 1
            found.warning(
                item.sourcePath, line,
                "category '\(category.name)' is not declared in site.yml\(others > 0 ? " (\(others) more item\(others == 1 ? " uses" : "s use") it)" : ""); declare it to give it a slug, colour and description, or use a declared one"
            )
        }
    }

    /// Two items of one title. Events on different days are not: a group's "October Meetup" of
    /// each year is told apart by its date, shown beside it in every list (a real site had 23).
    private func duplicateTitles(_ found: inout DiagnosticList) {
        // The first item of each title, the first that is no event, and the first event of each title and day.
        var (first, firstNotEvent, firstOnDay): ([String: String], [String: String], [String: String]) = ([:], [:], [:])
        for item in site.items.sorted(by: { $0.sourcePath < $1.sourcePath }) {
            let title = item.title.lowercased().collapsingWhitespace()
            let day = item.event.map { title + " " + CivilDateTime($0.start, in: $0.timeZone).isoDate }
            if let earlier = day.map({ firstNotEvent[title] ?? firstOnDay[$0] }) ?? first[title] {
                found.warning(
                    item.sourcePath, line(of: "title", in: item.sourcePath),
                    "has the same title as \(earlier); readers cannot tell them apart in lists, feeds and search")
            }
            if first[title] == nil { first[title] = item.sourcePath }
            if let day {
                if firstOnDay[day] == nil { firstOnDay[day] = item.sourcePath }
            } else if firstNotEvent[title] == nil {
                firstNotEvent[title] = item.sourcePath
            }
        }
    }

    private func eventsWithoutPlace(_ found: inout DiagnosticList) {
        for item in site.items {
            guard let event = item.event, (event.location ?? "").trimmingCharacters(in: .whitespaces).isEmpty else {
                continue
            }
            found.warning(
                item.sourcePath, line(of: "start", in: item.sourcePath),
                "event has no location; add location: (a room, an address, or \"Online\")")
        }
    }

    private func categoryColours(_ found: inout DiagnosticList) {
        for declaration in site.config.categories {
            guard let written = declaration.color, let color = ColorContrast.parse(written) else { continue }
            let (light, dark) = ColorContrast.badgeRatios(color)
            let weak = [("light", light), ("dark", dark)].filter { $0.1 < ColorContrast.minimum }
            guard !weak.isEmpty else { continue }
            let which = weak.map { "\(String(format: "%.1f", $0.1)):1 in \($0.0) mode" }.joined(separator: ", ")
            found.warning(
                SiteConfigFile.name, declaration.line,
                "category '\(declaration.name)': colour \(written) is hard to read as badge text (\(which); at least \(String(format: "%.1f", ColorContrast.minimum)):1 is needed); choose a darker shade"
            )
        }
    }
}
