import Foundation

/// Joins the page plans of a multilingual site's languages into one plan, and links every page
/// to itself in the other languages (`page.languages`: the switcher and `hreflang`).
///
/// An item's page links to its translations; any other page (the home page, a list, a category)
/// to the page at the same place in the other language's folder, when that language has it.
/// A language without the page is linked at its home page, and is not an alternate.
enum LanguageLinks {
    /// One plan of every language's pages, the default language's first.
    static func merge(_ plans: consuming [PagePlan], editions: [Site], urls: SiteURLs) -> PagePlan {
        let roots = editions.map(\.layout.root)
        let pages = PageLanguages(
            roots: roots,
            // Each language's pages, by path without the language's folder.
            plainPaths: plans.indices.map { index in
                Set(plans[index].jobs.map { String($0.path.dropFirst(roots[index].count)) })
            },
            itemOfSource: editions.map { site in
                Dictionary(
                    site.items.indices.map { (site.items[$0].sourcePath, $0) }, uniquingKeysWith: { first, _ in first })
            },
            languages: editions[SiteLanguage.defaultIndex].languages?.all ?? [], editions: editions, urls: urls)
        // The jobs are moved into one list and changed in place: copying 20,000 jobs (a view each)
        // to change them was a tenth of the planning of a two-language 10,000-item site. The
        // default language's are taken over where they are (the plans are the caller's no more).
        let counts = plans.map(\.jobs.count)
        var jobs = plans[0].jobs
        plans[0].jobs = []
        var merged = plans[0]
        merged.otherThemes = plans[1...].map(\.theme)
        jobs.reserveCapacity(counts.reduce(0, +))
        var languageOfJob = Array(repeating: 0, count: counts[0])
        languageOfJob.reserveCapacity(jobs.capacity)
        for current in 1..<counts.count {
            jobs += plans[current].jobs
            plans[current].jobs = []
            languageOfJob += Array(repeating: current, count: counts[current])
        }
        // Each page's links are made on all cores: a URL each per language, encoded twice.
        let paths = jobs.map { (path: $0.path, source: $0.source?.path) }
        let jobLanguages = languageOfJob
        let links = Array(paths.indices).parallelMap { index -> [LanguageLinkView] in
            pages.links(path: paths[index].path, source: paths[index].source, current: jobLanguages[index])
        }
        for index in jobs.indices {
            jobs[index].language = languageOfJob[index]
            jobs[index].context.page.languages = links[index]
        }
        merged.jobs = jobs
        return merged
    }

    /// Whether a page file is a paged list's second page or later (`news/page/2/index.html`).
    static func isLaterPage(_ file: String) -> Bool {
        let parts = file.split(separator: "/")
        return parts.count >= 3 && parts[parts.count - 3] == "page" && Int(parts[parts.count - 2]) != nil
    }

}

/// What every page's links to its other languages are made from, worked out once and shared by
/// the cores that make them.
private struct PageLanguages: Sendable {
    let roots: [String]
    /// Each language's pages, by path without the language's folder.
    let plainPaths: [Set<String>]
    /// Each language's items by source path.
    let itemOfSource: [[String: ItemID]]
    let languages: [SiteLanguage]
    let editions: [Site]
    let urls: SiteURLs

    /// The links of the page at `path` (showing the file `source`, if any) in language `current`
    /// to itself in every language, itself included.
    func links(path: String, source: String?, current: Int) -> [LanguageLinkView] {
        // Each language's file for this page, or nil where the language lacks it.
        var files: [String?] = Array(repeating: nil, count: languages.count)
        files[current] = path
        if let source, let id = itemOfSource[current][source] {
            for (language, translation) in editions[current].languages?.translations[id] ?? [] {
                files[language] = URLLayout.pageFile(translation)
            }
        } else if !LanguageLinks.isLaterPage(path) {
            // A list's later pages hold other items in each language: only its first is a translation.
            let plain = String(path.dropFirst(roots[current].count))
            for language in languages.indices where language != current && plainPaths[language].contains(plain) {
                files[language] = roots[language] + plain
            }
        }
        // A page in its own language alone has no alternates, not even itself.
        let alone = files.filter { $0 != nil }.count == 1
        return languages.indices.map { language in
            let page = files[language].map { URLLayout.pagePath(ofFile: $0) } ?? roots[language]
            return LanguageLinkView(
                code: languages[language].code, name: languages[language].name, url: urls.path(page),
                permalink: urls.absolute(page),
                translated: files[language] != nil && !alone, current: language == current, isDefault: language == 0
            )
        }
    }
}
