import Foundation

/// `sitemap.xml` (sitemaps.org 0.9, with `lastmod`) and a `robots.txt` that points to it.
enum SitemapPlan {
    static func files(plan: PagePlan, urls: SiteURLs, zone: TimeZone) -> [GeneratedFile] {
        let entries = plan.jobs.filter(\.inSitemap).map { job -> (String, Date?) in
            let folder = job.path.hasSuffix("index.html") ? String(job.path.dropLast("index.html".count)) : job.path
            return (urls.absolute(folder), job.lastModified)
        }
        let sitemap = GeneratedFile(path: "sitemap.xml", owner: "the sitemap", make: {
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            for (url, date) in entries {
                xml += "<url><loc>\(XMLText.text(url))</loc>"
                if let date { xml += "<lastmod>\(TimestampFormat.rfc3339(date, in: zone))</lastmod>" }
                xml += "</url>\n"
            }
            xml += "</urlset>\n"
            return Data(xml.utf8)
        })
        let robots = GeneratedFile(path: "robots.txt", owner: "robots.txt", replaceableByStatic: true, make: {
            Data("User-agent: *\nAllow: /\n\nSitemap: \(urls.absolute("sitemap.xml"))\n".utf8)
        })
        return [sitemap, robots]
    }
}
