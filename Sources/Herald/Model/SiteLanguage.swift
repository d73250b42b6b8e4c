import Foundation

/// One language of a multilingual site (an entry of `languages:` in site.yml): its code, the name
/// readers pick it by, where its pages go, and what it says differently from the site's defaults.
public struct SiteLanguage: Sendable, Equatable {
    /// The BCP 47 code (`zh-CN`, `en`): dates, interface text and `hreflang` follow it.
    public var code: String
    /// The name the language switcher shows, in the language itself (`中文`, `English`).
    public var name: String
    /// The folder its pages go in (`en`), or `""` for a default language at the site's root.
    public var path: String
    /// The site's title and description in this language, when they differ.
    public var title: String?
    public var description: String?
    /// The default author of its items that name none, when it is written differently in this
    /// language (`学生会宣传部` on the site, `Student Union Publicity` in English).
    public var author: String?
    /// The zone its dates are shown in, when it is not the site's.
    public var timeZone: TimeZone?
    /// Category display names and descriptions in this language, by category slug.
    public var categories: [String: CategoryText] = [:]
    /// Whether an item not translated into this language is listed in it (with a badge, linking
    /// to the original), as by default, or left out of its lists.
    public var listsUntranslated = true
    /// Interface strings given in site.yml (`strings:`), over the theme's for this language.
    public var strings: [String: String] = [:]
    /// The line of `site.yml` that declares it.
    public var line: Int = 1

    /// A language with its code and name; `path` is where its pages go (`""` for the site's root).
    public init(code: String, name: String, path: String) {
        self.code = code
        self.name = name
        self.path = path
    }

    /// A language's name in itself, from the system's CLDR data (`español`, `Français` →
    /// `Español`, `Français`, `中文`), for a site that names no language; its code when the
    /// data has none. Capitalised as it heads a menu, by the language's own rules.
    public static func nativeName(of code: String) -> String {
        let locale = Locale(identifier: code)
        guard let name = locale.localizedString(forLanguageCode: code), let first = name.first else { return code }
        return String(first).uppercased(with: locale) + name.dropFirst()
    }

    /// The output folder of its pages, ending in `/` (`en/`), or `""` at the site's root.
    public var root: String { path.isEmpty ? "" : path + "/" }

    /// Whether a code (from a file name, `zh-cn`, or front matter) names this language: the same
    /// code in any case, or its primary subtag alone (`zh` for `zh-CN`).
    public func isNamed(by written: String) -> Bool {
        let (mine, other) = (code.lowercased(), written.lowercased().replacingOccurrences(of: "_", with: "-"))
        return mine == other || mine.split(separator: "-").first.map(String.init) == other
    }
}

/// A category's name and description in one language (`languages: … categories:`).
public struct CategoryText: Sendable, Equatable {
    /// The name readers of that language see.
    public var name: String
    /// The sentence on the category's page, in that language.
    public var description: String?

    public init(name: String, description: String? = nil) {
        self.name = name
        self.description = description
    }
}

extension SiteLanguage {
    /// Where the default language is in every list by language (site.yml's `languages:`, a
    /// build's editions, themes and translation versions): first, as site.yml writes it.
    public static let defaultIndex = 0
}
