import Foundation

/// Checks that old addresses still lead somewhere: every line of the output's `_redirects` (made
/// from `aliases:` and `redirect_from:`, or the site's own in `static/`) must point at a file of the
/// site, and every redirect page at its target. Each finding names the line that made the redirect.
struct RedirectCheck {
    let site: Site
    let files: [String: Data]
    let links: LinkCheck
    let urls: SiteURLs
    /// Reads a source file, for the line of a hand-written `static/_redirects` rule.
    let sourceText: (String) -> String?

    func findings() -> [Diagnostic] {
        guard let data = files[URLLayout.redirectsFile] else { return [] }
        // Where each generated rule came from: its item's alias line.
        var origin: [String: (path: String, line: Int)] = [:]
        for item in site.items {
            for alias in item.aliases {
                origin[urls.path(URLLayout.aliasPath(alias.name))] = (item.sourcePath, alias.line)
            }
        }
        let handWritten = sourceText("static/" + URLLayout.redirectsFile)
        var findings: [Diagnostic] = []
        for rule in RedirectRule.parse(String(decoding: data, as: UTF8.self))
        where !links.leadsSomewhere(rule.to, from: "") {
            let place =
                origin[rule.from]
                ?? handWritten.flatMap { text in
                    SiteCheck.lineContaining(rule.from, in: text).map { ("static/" + URLLayout.redirectsFile, $0) }
                }
                ?? (URLLayout.redirectsFile, 1)
            findings.append(
                Diagnostic(
                    path: place.0, line: place.1,
                    "the old address \(rule.from) redirects to \(rule.to), which is not in the site"))
        }
        return findings
    }
}
