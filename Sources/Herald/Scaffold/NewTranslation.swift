import Foundation

/// Where a multilingual site keeps an item in another language, and the first draft of a
/// translation (`herald new news --translate content/news/…md --lang en`).
public enum NewTranslation {
    /// The site's language a code names (`en`, `EN`, `zh` for `zh-CN`), or why there is none.
    public static func language(_ code: String, in config: SiteConfig) -> Result<SiteLanguage, InputProblem> {
        guard config.languages.count > 1 else {
            return .failure(
                InputProblem(
                    message:
                        "--lang: the site has one language; list its languages under languages: in site.yml first (see docs/multilingual.md)"
                ))
        }
        guard let language = config.languages.first(where: { $0.isNamed(by: code) }) else {
            return .failure(
                InputProblem(
                    message:
                        "--lang '\(code)' is not one of the site's languages (\(config.languages.map(\.code).joined(separator: ", ")))"
                ))
        }
        return .success(language)
    }

    /// Where a file of the default language goes in `language`: beside it with the language in
    /// its name (`gala.en.md`, `index.en.md`), or in the language's folder (`content/en/…`) when
    /// the site keeps translations in folders. The default language's own path is unchanged.
    public static func path(_ path: String, in language: SiteLanguage, config: SiteConfig) -> String {
        guard language.code != config.languages.first?.code else { return path }
        if config.translationsInFolders, path.hasPrefix("content/") {
            return "content/" + (language.path.isEmpty ? language.code.lowercased() : language.path) + "/"
                + path.dropFirst("content/".count)
        }
        return Self.path(path, languageCode: language.code)
    }

    /// A file's name with a language in it: `gala.md` → `gala.en.md`, `trip/index.md` → `trip/index.en.md`.
    public static func path(_ path: String, languageCode: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        guard let dot = name.lastIndex(of: ".") else { return path + "." + languageCode.lowercased() }
        return String(path[..<dot]) + "." + languageCode.lowercased() + String(path[dot...])
    }

    /// The first draft of a translation of `original` (the text of the file at `originalPath`):
    /// its front matter as it is (dates, place and categories are the same item's), a draft until
    /// translated, with `title` when given, and its body to translate in place.
    public static func draft(
        of original: String, originalPath: String, title: String?, in language: SiteLanguage, config: SiteConfig
    ) -> Result<NewItem, InputProblem> {
        let lines = original.components(separatedBy: "\n")
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
            let close = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
        else {
            return .failure(InputProblem(message: "\(originalPath) has no YAML front matter between --- lines to copy"))
        }
        var front = Array(lines[1..<close])
        if let title, let index = front.firstIndex(where: { $0.hasPrefix("title:") }) {
            front[index] = "title: " + quoted(title)
        }
        front.removeAll { $0.hasPrefix("draft:") }
        front.append("draft: true                     # remove once translated, to publish it in \(language.code)")
        let body = lines[(close + 1)...].joined(separator: "\n")
        let text = (["---"] + front + ["---"]).joined(separator: "\n") + "\n" + body
        return .success(NewItem(path: path(originalPath, in: language, config: config), text: text))
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
