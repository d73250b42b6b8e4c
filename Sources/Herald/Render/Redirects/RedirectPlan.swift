import Foundation

/// Old addresses that keep working: for each alias of an item, a section or a term (`aliases:`,
/// `redirect_from:`), a small page that sends browsers and search engines on to the item, and one `_redirects` file
/// with every alias, in the format Netlify and Cloudflare Pages read (and `herald publish` turns
/// into S3 website redirects).
enum RedirectPlan {
    /// The redirect pages and the `_redirects` file of a site in one language.
    static func files(site: Site, urls: SiteURLs) -> [GeneratedFile] { files(sites: [site], urls: urls) }

    /// The redirect pages of every language's part of a site, and one `_redirects` file for all.
    static func files(sites: [Site], urls: SiteURLs) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        var rules: [RedirectRule] = []
        for site in sites { add(site, urls: urls, files: &files, rules: &rules) }
        // The default language in a folder of its own (`defaultInSubfolder`): the site's root sends readers there.
        if sites.count > 1, let first = sites.first, !first.layout.root.isEmpty {
            let (link, absolute, title, language) = (
                urls.path(first.layout.root), urls.absolute(first.layout.root), first.config.title,
                first.config.language
            )
            files.append(
                GeneratedFile(
                    path: URLLayout.rootPage, owner: "the site's root, which leads to the default language's home page",
                    make: {
                        Data(page(to: link, absolute: absolute, title: title, language: language).utf8)
                    }
                ).readingBodies())
        }
        guard !rules.isEmpty else { return files }
        let sorted = rules.sorted { $0.from < $1.from }
        files.append(
            GeneratedFile(
                path: URLLayout.redirectsFile, owner: "the redirects file", replaceableByStatic: true,
                make: {
                    Data(RedirectRule.file(sorted).utf8)
                }
            ).readingBodies())
        return files
    }

    /// The redirect pages and rules of one language's part (an item shown untranslated has its
    /// old addresses in its own language's).
    private static func add(_ site: Site, urls: SiteURLs, files: inout [GeneratedFile], rules: inout [RedirectRule]) {
        for id in site.items.indices where !site.items[id].aliases.isEmpty && !site.isBorrowed(id) {
            let item = site.items[id]
            let target = site.paths[id]
            for alias in item.aliases {
                let path = URLLayout.aliasPath(alias.name)
                guard !path.isEmpty, path != target else { continue }
                let (link, absolute, title, language) = (
                    urls.path(target), urls.absolute(target), item.title, site.config.language
                )
                var file = GeneratedFile(
                    path: URLLayout.pageFile(path), owner: "the old address \(alias.name) of \(item.sourcePath)",
                    make: {
                        Data(page(to: link, absolute: absolute, title: title, language: language).utf8)
                    })
                file.source = (item.sourcePath, alias.line)
                file.alias = alias.name
                file.bodiesRead = []
                files.append(file)
                rules.append(RedirectRule(from: urls.path(path), to: link))
            }
        }
        // A section's old addresses lead to its list (`/posts/` → `/news/`), and a term's to its own.
        for (heading, target, title) in listPages(of: site) {
            for alias in heading.aliases {
                let path = URLLayout.aliasPath(alias.name)
                guard !path.isEmpty, path != target else { continue }
                let (link, absolute, language) = (urls.path(target), urls.absolute(target), site.config.language)
                var file = GeneratedFile(
                    path: URLLayout.pageFile(path), owner: "the old address \(alias.name) of \(heading.sourcePath)",
                    make: {
                        Data(page(to: link, absolute: absolute, title: title, language: language).utf8)
                    })
                file.source = (heading.sourcePath, alias.line)
                file.alias = alias.name
                file.bodiesRead = []
                files.append(file)
                rules.append(RedirectRule(from: urls.path(path), to: link))
            }
        }
    }

    /// The pages that head a list (a section's, a taxonomy's, a term's), each with the list's
    /// path and title.
    private static func listPages(of site: Site) -> [(page: SectionPage, target: String, title: String)] {
        var pages: [(page: SectionPage, target: String, title: String)] = []
        for kind in ContentKind.allCases {
            guard let section = site.sections[kind], kind != .page else { continue }
            pages.append((section, site.layout.listPath(kind), section.title ?? kind.folder))
        }
        for taxonomy in site.taxonomies {
            let declaration = taxonomy.declaration
            if let page = taxonomy.page {
                pages.append((page, site.layout.taxonomyPath(declaration), taxonomy.title))
            }
            for term in taxonomy.terms {
                guard let page = term.page else { continue }
                pages.append((page, site.layout.termPath(declaration, term.slug), term.name))
            }
        }
        return pages
    }

    /// The page at an old address: a meta refresh for browsers, `rel=canonical` and `noindex` so
    /// search engines move their entry to the new address, and a plain link for everyone else.
    static func page(to link: String, absolute: String, title: String, language: String) -> String {
        let (href, canonical, name) = (
            HTMLEscaping.escape(link), HTMLEscaping.escape(absolute), HTMLEscaping.escape(title)
        )
        return """
            <!DOCTYPE html>
            <html lang="\(HTMLEscaping.escape(language))">
            <head>
            <meta charset="utf-8">
            <title>\(name)</title>
            <link rel="canonical" href="\(canonical)">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(href)">
            </head>
            <body>
            <p><a href="\(href)">\(name)</a></p>
            </body>
            </html>

            """
    }
}

/// One line of a `_redirects` file: an old site link and where it now is, permanently (301).
public struct RedirectRule: Sendable, Equatable {
    /// The old link, as the server sees it (`/union/2014/11/01/gala.html`).
    public var from: String
    /// Where it now is (`/union/news/gala/`).
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The text of a `_redirects` file.
    static func file(_ rules: [RedirectRule]) -> String {
        "# Old addresses of moved pages, made by herald build from `aliases:` and `redirect_from:`.\n"
            + rules.map { "\($0.from) \($0.to) 301\n" }.joined()
    }

    /// Reads a `_redirects` file: `from to [status]` per line, `#` comments and blank lines skipped.
    public static func parse(_ text: String) -> [RedirectRule] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, !fields[0].hasPrefix("#") else { return nil }
            return RedirectRule(from: String(fields[0]), to: String(fields[1]))
        }
    }
}
