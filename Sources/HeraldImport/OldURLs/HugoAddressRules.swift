import Foundation
import Herald

/// Where Hugo published a page: its `url:`, else its section's `[permalinks]` pattern, else its
/// folders and its slug or file name; lower-cased unless `disablePathToLower`.
struct HugoAddressRules: Sendable {
    var config: OldSiteConfig
    var zone: TimeZone

    /// Hugo's permalink tokens whose value is the page's own name.
    static let slugTokens: Set<String> = [
        "slug", "title", "filename", "slugorfilename", "contentbasename", "slugorcontentbasename",
    ]

    /// The old address of an item, or nil for a draft (never published).
    func address(of item: OldItem) -> OldAddress? {
        guard var address = ownAddress(of: item) else { return nil }
        // `defaultContentLanguageInSubdir`: the default language too lived under its code (`/en/…`).
        if config.defaultLanguageInSubdir, let language = config.languages.first, address.rule != "url:" {
            address.path = language + "/" + address.path
        }
        return address
    }

    /// The address before any language folder.
    func ownAddress(of item: OldItem) -> OldAddress? {
        if item.isDraft { return nil }
        let fields = item.fields
        if let url = fields.text("url") {
            return OldAddress(path: URLText.sitePath(url, basePath: config.basePath), slug: nil, rule: "url:")
        }
        if item.role == .sectionPage { return OldAddress(path: lower(item.section) + "/", slug: nil, rule: "section") }
        let name = item.baseName
        let slug = fields.text("slug")
        // The folders the page is in below content/ (a bundle: the folders its own folder is in).
        // (A translation in its language's own content folder is placed from that folder.)
        let dir =
            ([config.contentDir] + config.languageContentDirs.values.sorted()).first {
                item.sourcePath.hasPrefix($0 + "/")
            } ?? config.contentDir
        let relative = item.sourcePath.dropFirst(dir.count + 1).split(separator: "/").map(String.init)
        let folders = Array(relative.dropLast(item.bundleFolder == nil ? 1 : 2))
        if let pattern = config.permalinks[item.section.lowercased()] {
            var tokenValue: String?
            let path = fill(
                pattern.value, item: item, folders: folders, slug: slug, name: name, tokenValue: &tokenValue)
            return OldAddress(path: path, slug: tokenValue, rule: "[permalinks] \(item.section)")
        }
        let last = lower(URLText.hugo(slug ?? name, lowerCase: false))
        var path = (folders.map { lower(URLText.hugo($0, lowerCase: false)) } + [last]).joined(separator: "/")
        path += config.uglyURLs ? ".html" : "/"
        return OldAddress(path: path, slug: last, rule: "folders and \(slug == nil ? "file name" : "slug:")")
    }

    /// The path lower-cased, as Hugo makes it unless told not to.
    func lower(_ text: String) -> String { config.lowerCasePaths ? text.lowercased() : text }

    /// A `[permalinks]` pattern filled in for an item.
    func fill(
        _ pattern: String, item: OldItem, folders: [String], slug: String?, name: String, tokenValue: inout String?
    ) -> String {
        let date = item.fields.text("date") ?? item.fields.text("publishDate") ?? item.fields.text("pubdate")
        let day =
            date.flatMap { text -> CivilDateTime? in
                guard case .success(let parsed) = DateParser.parse(text, timeZone: zone) else { return nil }
                return parsed.hasOffset ? parsed.civil : CivilDateTime(parsed.instant, in: zone)
            } ?? CivilDateTime(year: 1, month: 1, day: 1)
        let title = item.fields.text("title") ?? ""
        let monthNames = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december",
        ]
        let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        var result = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let token = rest[rest.index(after: colon)...].prefix { $0.isLetter || $0 == "_" }
            rest = rest[rest.index(after: colon)...].dropFirst(token.count)
            let value: String
            switch token.lowercased() {
            case "year": value = day.year.padded(4)
            case "month": value = day.month.padded(2)
            case "monthname": value = monthNames[max(0, min(11, day.month - 1))]
            case "day": value = day.day.padded(2)
            case "weekday": value = String(day.weekday)
            case "weekdayname": value = weekdayNames[day.weekday]
            case "yearday":
                value = String(day.daysSinceEpoch - CivilDateTime(year: day.year, month: 1, day: 1).daysSinceEpoch + 1)
            case "section": value = folders.first ?? item.section
            case "sections": value = folders.joined(separator: "/")
            case "title":
                value = URLText.hugo(title, lowerCase: false)
                tokenValue = lower(value)
            case "slug":
                value = URLText.hugo(slug ?? title, lowerCase: false)
                tokenValue = lower(value)
            case "filename", "contentbasename":
                value = name
                tokenValue = lower(name)
            case "slugorfilename", "slugorcontentbasename":
                value = slug ?? name
                tokenValue = lower(value)
            default: value = ":" + token
            }
            result += value
        }
        result += rest
        return URLText.sitePath(lower(result))
    }
}
