import Foundation
import Herald
import Yams

/// Where Jekyll published a document: its `permalink:` (or one its defaults give), else its
/// type's pattern (posts: the site's `permalink`; pages: their path; collections: theirs).
struct JekyllAddressRules: Sendable {
    var config: OldSiteConfig
    var zone: TimeZone

    /// The old address of an item, or nil for a draft (Jekyll publishes none).
    func address(of item: OldItem, defaults: [(key: String, value: Node)]) -> OldAddress? {
        if item.jekyllType == "drafts" || item.fields.text("published")?.lowercased() == "false" { return nil }
        let written = item.fields.text("permalink") ?? defaults.last { $0.key == "permalink" }?.value.string
        let type = item.jekyllType ?? "pages"
        let pattern: String
        let rule: String
        if let written {
            pattern = JekyllConfigReader.styles[written] ?? written
            rule = "permalink:"
        } else if type == "posts" {
            pattern = config.permalinks["posts"]?.value ?? JekyllConfigReader.styles["date"]!
            rule = "the site's permalink"
        } else if type == "pages" {
            let pretty = (config.permalinks["posts"]?.value ?? "").hasSuffix("/")
            pattern = pretty ? "/:path/:basename/" : "/:path/:basename:output_ext"
            rule = "the page's path"
        } else {
            pattern = (config.collections[type] ?? nil) ?? "/:collection/:path:output_ext"
            rule = "the \(type) collection's permalink"
        }
        var slugValue: String?
        var path = fill(pattern, item: item, type: type, defaults: defaults, slugValue: &slugValue)
        // Jekyll writes `…/index.html` pages at their folder.
        path = URLLayout.pagePath(ofFile: path)
        if path.hasSuffix("/index/") || path == "index/" { path = String(path.dropLast("index/".count)) }
        return OldAddress(path: path, slug: slugValue, rule: rule)
    }

    /// The document's name without the date (posts) or extension.
    static func nameSlug(_ item: OldItem) -> String {
        let name = item.baseName
        return Slug.datePrefix(of: name) != nil ? String(name.dropFirst(11)) : name
    }

    /// The date Jekyll files a document under, in the site's zone.
    func day(of item: OldItem) -> CivilDateTime {
        if let text = item.fields.text("date"), case .success(let parsed) = DateParser.parse(text, timeZone: zone) {
            return CivilDateTime(parsed.instant, in: zone)
        }
        if let prefix = Slug.datePrefix(of: item.baseName),
            case .success(let parsed) = DateParser.parse(prefix, timeZone: zone)
        {
            return parsed.civil
        }
        return CivilDateTime(year: 1970, month: 1, day: 1)
    }

    /// The document's categories as Jekyll puts them in URLs: folders above `_posts`, then
    /// `category` and `categories`, lower-cased, without repeats.
    static func categories(of item: OldItem, defaults: [(key: String, value: Node)]) -> [String] {
        var names = item.folderCategories
        names += item.fields.texts("category", splitSpaces: true) + item.fields.texts("categories", splitSpaces: true)
        if item.fields.field("categories") == nil, item.fields.field("category") == nil {
            for (key, value) in defaults where key == "categories" || key == "category" { names += value.texts }
        }
        var seen = Set<String>()
        return names.map { $0.lowercased() }.filter { seen.insert($0).inserted }
    }

    /// The ISO 8601 week of a day (Monday first; week 1 holds the year's first Thursday), and the
    /// year that week belongs to, as Ruby's `%V` and `%G` give them.
    static func isoWeek(_ day: CivilDateTime) -> (year: Int, week: Int) {
        let days = day.daysSinceEpoch
        let weekday = (day.weekday + 6) % 7  // Monday 0 … Sunday 6
        let thursday = days - weekday + 3
        let thursdayYear = CivilDateTime(
            Date(timeIntervalSince1970: Double(thursday) * 86_400), in: TimeZone(identifier: "UTC")!
        ).year
        let firstDay = CivilDateTime(year: thursdayYear, month: 1, day: 1).daysSinceEpoch
        return (thursdayYear, (thursday - firstDay) / 7 + 1)
    }

    /// Month and weekday names as Jekyll's `:short_month`, `:long_month`, `:short_day` and `:long_day` write them.
    static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let longMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let shortDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// A pattern filled in for a document: each `:token` replaced by the document's date or name
    /// as Jekyll writes it; one Jekyll does not know is left as it is.
    func fill(
        _ pattern: String, item: OldItem, type: String, defaults: [(key: String, value: Node)], slugValue: inout String?
    ) -> String {
        let day = self.day(of: item)
        let slugSource = item.fields.text("slug") ?? Self.nameSlug(item)
        let relative = item.jekyllType == "pages" ? item.sourcePath : item.placement
        let folder = (relative as NSString).deletingLastPathComponent
        var result = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let token = rest[rest.index(after: colon)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            rest = rest[rest.index(after: colon)...].dropFirst(token.count)
            result +=
                Self.dateToken(token, of: day)
                ?? Self.documentToken(
                    token, item: item, type: type, defaults: defaults, slugSource: slugSource, folder: folder,
                    slugValue: &slugValue)
        }
        result += rest
        return URLText.sitePath(result)
    }

    /// A token of the document's date (`:year`, `:month`, `:week`, …), or nil for another token.
    static func dateToken(_ token: Substring, of day: CivilDateTime) -> String? {
        switch token {
        case "year": return day.year.padded(4)
        case "short_year": return (day.year % 100).padded(2)
        case "month": return day.month.padded(2)
        case "i_month": return String(day.month)
        case "short_month": return shortMonths[day.month - 1]
        case "long_month": return longMonths[day.month - 1]
        case "day": return day.day.padded(2)
        case "i_day": return String(day.day)
        case "y_day":
            return (day.daysSinceEpoch - CivilDateTime(year: day.year, month: 1, day: 1).daysSinceEpoch + 1).padded(3)
        case "short_day": return shortDays[day.weekday]
        case "long_day": return longDays[day.weekday]
        case "week": return isoWeek(day).week.padded(2)
        case "w_year": return String(isoWeek(day).year)
        case "hour": return day.hour.padded(2)
        case "minute": return day.minute.padded(2)
        case "second": return day.second.padded(2)
        default: return nil
        }
    }

    /// A token of the document's name, place or kind (`:title`, `:categories`, `:path`, …); the
    /// name a token gives is the item's slug (`slugValue`). A token Jekyll does not know stays.
    static func documentToken(
        _ token: Substring, item: OldItem, type: String, defaults: [(key: String, value: Node)], slugSource: String,
        folder: String, slugValue: inout String?
    ) -> String {
        switch token {
        case "title":
            let value = URLText.jekyll(slugSource, pretty: true, cased: true)
            slugValue = value
            return value
        case "slug":
            let value = URLText.jekyll(slugSource, pretty: false, cased: false)
            slugValue = value
            return value
        case "name":
            let value = URLText.jekyll(item.baseName, pretty: false, cased: false)
            slugValue = value
            return value
        case "basename":
            slugValue = item.baseName
            return item.baseName
        case "categories": return categories(of: item, defaults: defaults).joined(separator: "/")
        case "collection": return type
        case "path":
            if item.jekyllType != "pages" { slugValue = item.baseName }
            return item.jekyllType == "pages" ? folder : (folder.isEmpty ? item.baseName : folder + "/" + item.baseName)
        case "output_ext": return ".html"
        default: return ":" + token
        }
    }
}
