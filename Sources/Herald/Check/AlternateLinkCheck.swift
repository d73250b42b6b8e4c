import Foundation

/// Checks a multilingual site's `hreflang` alternates both ways: every page a page names as
/// itself in another language must exist and name that page back, as search engines require
/// (a one-way alternate is ignored by them).
struct AlternateLinkCheck {
    /// The site's files, output path → bytes.
    let files: [String: Data]
    /// Where links lead (the site's base path and URL).
    let links: LinkCheck

    /// One alternate that is not answered.
    struct Finding: Hashable {
        /// The page that names the alternate, and the page it names (output paths of page files).
        var page: String
        var alternate: String
        /// The language the page names the alternate in.
        var language: String
        /// Whether the alternate exists at all.
        var exists: Bool
    }

    /// Every alternate not answered, in page order.
    func findings(pages: [String]) -> [Finding] {
        let found: [[(language: String, target: String)]] = pages.parallelMap { page in self.alternates(of: page) }
        let alternates = Dictionary(zip(pages, found), uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        for page in pages {
            for (language, target) in alternates[page] ?? [] where target != page {
                guard let back = alternates[target] else {
                    if files[target] == nil {
                        findings.append(Finding(page: page, alternate: target, language: language, exists: false))
                    }
                    continue
                }
                if !back.contains(where: { $0.target == page }) {
                    findings.append(Finding(page: page, alternate: target, language: language, exists: true))
                }
            }
        }
        return findings
    }

    /// The `<link rel="alternate" hreflang="…" href="…">` of a page's head: language → page file.
    func alternates(of page: String) -> [(language: String, target: String)] {
        guard let data = files[page] else { return [] }
        // Only the head holds them; the body is not read.
        let head = data.range(of: Data("</head>".utf8)).map { data[..<$0.lowerBound] } ?? data
        let text = String(decoding: head, as: UTF8.self)
        var found: [(String, String)] = []
        for line in text.split(separator: "\n") where line.hasPrefix("<link rel=\"alternate\" hreflang=\"") {
            guard let language = Self.attribute("hreflang", in: line), language != "x-default",
                let href = Self.attribute("href", in: line),
                case .file(let path) = links.target(of: HTMLEntities.decode(href), from: page)
            else { continue }
            found.append((language, URLLayout.pageFile(path)))
        }
        return found
    }

    /// The value of `name="…"` in a tag.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
