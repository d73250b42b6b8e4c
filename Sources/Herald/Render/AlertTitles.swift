import Foundation

/// Puts the titles of GitHub alerts (see `Alerts`) in the language of the edition showing them:
/// the parser writes GitHub's English title, and each title the theme's strings say otherwise
/// (`alertNote: 说明` in `templates/i18n/zh.yml`, or a site's own strings) replaces it in the
/// bodies, leads and summaries of the edition's items and in its sections' pages.
///
/// This is done on the model, not in the parser, because a parse is kept from build to build
/// (`BuildMemo`) while the strings may change, and one content file may show in an edition of
/// another language.
enum AlertTitles {
    /// Each English title paragraph and what replaces it, for the kinds whose title the strings
    /// change; empty for an English site that keeps GitHub's titles.
    static func replacements(strings: InterfaceStrings) -> [(english: String, localized: String)] {
        Alerts.Kind.allCases.compactMap { kind in
            guard let title = strings.table[kind.stringKey], title != kind.englishTitle else { return nil }
            return (kind.titleParagraph(kind.englishTitle), kind.titleParagraph(title))
        }
    }

    /// Replaces the titles in `site`'s items (or those `only` names) and section pages.
    static func resolve(_ site: inout Site, strings: InterfaceStrings, only: Set<ItemID>? = nil) {
        let replacements = replacements(strings: strings)
        guard !replacements.isEmpty else { return }
        for id in site.items.indices where only?.contains(id) != false {
            // The parser tells the rare body with an alert; a summary written in front matter
            // (short) is searched.
            guard site.items[id].body.hasAlerts || hasAlert(site.items[id].summaryHTML) else { continue }
            site.items[id].body.html = localize(site.items[id].body.html, replacements)
            site.items[id].body.leadHTML = localize(site.items[id].body.leadHTML, replacements)
            site.items[id].summaryHTML = localize(site.items[id].summaryHTML, replacements)
        }
        guard only == nil else { return }
        for (kind, section) in site.sections where hasAlert(section.html) {
            site.sections[kind]?.html = localize(section.html, replacements)
        }
    }

    /// `html` with each English title replaced.
    static func localize(_ html: String, _ replacements: [(english: String, localized: String)]) -> String {
        guard hasAlert(html) else { return html }
        var html = html
        for (english, localized) in replacements { html = html.replacingOccurrences(of: english, with: localized) }
        return html
    }

    /// What every alert's title paragraph has.
    private static let marker = Array(#"<p class="markdown-alert-title">"#.utf8)

    /// Whether `html` has an alert's title, looked for with `memchr` and `memcmp` (every summary
    /// and section page of a site in another language than English is looked at, and few have one).
    static func hasAlert(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return marker.withUnsafeBytes { needle in
                var from = 0
                while bytes.count - from >= needle.count,
                    let found = memchr(base + from, Int32(needle[0]), bytes.count - from - needle.count + 1)
                {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, needle.baseAddress!, needle.count) == 0 { return true }
                    from = index + 1
                }
                return false
            }
        }
    }
}
