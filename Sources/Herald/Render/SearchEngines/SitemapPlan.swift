import Foundation

/// `sitemap.xml` (sitemaps.org 0.9, with `lastmod`) and a `robots.txt` that points to it. A site
/// with more pages than one sitemap may hold gets numbered sitemaps (`sitemap-1.xml`, …) and
/// `sitemap.xml` becomes their index, which robots.txt names.
enum SitemapPlan {
    /// sitemaps.org's limits for one file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed.
    /// `HERALD_TEST_SITEMAP_URLS` lowers the first, so tests split a small site's sitemap as
    /// 50,000 pages would be split, and check every file against its schema.
    static let maximumURLs =
        ProcessInfo.processInfo.environment["HERALD_TEST_SITEMAP_URLS"].flatMap { Int($0) }.map { max(1, $0) } ?? 50_000
    static let maximumBytes = 52_428_800

    static func files(
        plan: PagePlan, urls: SiteURLs, zone: TimeZone, maximumURLs: Int = maximumURLs, maximumBytes: Int = maximumBytes
    ) -> [GeneratedFile] {
        // The jobs are read in place, and the entries' XML made on all cores: filtering copied
        // every page's whole job, and the entries one by one took 55 ms of serial planning on the
        // 10,000-item corpus (perf).
        let listed = plan.jobs.indices.filter { plan.jobs[$0].inSitemap }
        let lines = listed.parallelMap { index in
            let (path, date) = (plan.jobs[index].path, plan.jobs[index].lastModified)
            let folder = URLLayout.pagePath(ofFile: path)
            // A multilingual site's page lists itself in every language it is in, itself included,
            // as search engines ask (`xhtml:link`).
            let translated = plan.jobs[index].context.page.languages.filter(\.translated)
            let alternates =
                translated.count < 2
                ? ""
                : translated.map {
                    "<xhtml:link rel=\"alternate\" hreflang=\"\(XMLText.attribute($0.code))\" href=\"\(XMLText.attribute($0.permalink))\"/>"
                }.joined()
            return "<url><loc>\(XMLText.text(urls.absolute(folder)))</loc>"
                + (date.map { "<lastmod>\(TimestampFormat.rfc3339($0, in: zone))</lastmod>" } ?? "") + alternates
                + "</url>\n"
        }
        let header = plan.otherThemes.isEmpty ? Self.header : Self.multilingualHeader
        let robots = GeneratedFile(
            path: URLLayout.robotsPath, owner: "robots.txt", replaceableByStatic: true,
            make: {
                Data("User-agent: *\nAllow: /\n\nSitemap: \(urls.absolute(URLLayout.sitemapPath))\n".utf8)
            }
        ).readingBodies()
        // Each entry is made as its XML, so the files can be cut by size as well as by count.
        let chunks = chunked(
            lines, maximumURLs: maximumURLs, maximumBytes: maximumBytes - (header.utf8.count + footer.utf8.count))
        if chunks.count <= 1 {
            let lines = chunks.first ?? []
            return [
                GeneratedFile(
                    path: URLLayout.sitemapPath, owner: "the sitemap", make: { sitemap(lines, header: header) }
                ).readingBodies().large(), robots,
            ]
        }
        var files: [GeneratedFile] = []
        var index =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for (offset, lines) in chunks.enumerated() {
            let path = URLLayout.numberedSitemapPath(offset + 1)
            files.append(
                GeneratedFile(path: path, owner: "the sitemap", make: { sitemap(lines, header: header) })
                    .readingBodies().large())
            index += "<sitemap><loc>\(XMLText.text(urls.absolute(path)))</loc></sitemap>\n"
        }
        index += "</sitemapindex>\n"
        let finished = index
        files.append(
            GeneratedFile(path: URLLayout.sitemapPath, owner: "the sitemap index", make: { Data(finished.utf8) })
                .readingBodies())
        return files + [robots]
    }

    private static let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    /// A multilingual site's: its pages name their translations in XHTML's `link`.
    private static let multilingualHeader =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
    private static let footer = "</urlset>\n"

    private static func sitemap(_ lines: [String], header: String) -> Data {
        var xml = header
        for line in lines { xml += line }
        xml += footer
        return Data(xml.utf8)
    }

    /// The entries in runs that each stay within both limits, in order.
    static func chunked(_ lines: [String], maximumURLs: Int, maximumBytes: Int) -> [[String]] {
        var chunks: [[String]] = []
        var current: [String] = []
        var bytes = 0
        for line in lines {
            let size = line.utf8.count
            if !current.isEmpty, current.count == maximumURLs || bytes + size > maximumBytes {
                chunks.append(current)
                current = []
                bytes = 0
            }
            current.append(line)
            bytes += size
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }
}
