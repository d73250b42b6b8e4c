import Foundation
import Yams

/// Reads `site.yml` into a `SiteConfig`, reporting every problem with its line.
public enum SiteConfigParser {
    /// Parses the text of `site.yml` (found at `path`). Errors fail; warnings ride along.
    public static func parse(
        _ text: String, path: String = SiteConfigFile.name
    ) -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        var reader: YAMLReader
        switch YAMLReader.parse(text, path: path, lineOffset: 0, what: "site.yml") {
        case .success(let parsed): reader = parsed
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        // The bounds every structured input keeps (depth, keys, aliases), as front matter and the
        // import's configurations do: a site.yml of 400,000 keys is a mistake or an attack.
        if let excess = InputLimits.excess(in: reader.mapping, bytes: text.utf8.count) {
            return (nil, [Diagnostic(path: path, line: excess.line, excess.message(what: "site.yml"))])
        }
        // Every setting a key does not give keeps SiteConfig's default; the title is required.
        var config = SiteConfig(title: "")
        SiteConfigKey.read(&reader, by: keys, into: &config, section: nil)
        // Worth saying only of a site.yml that is otherwise right.
        if config.baseURL.host == nil, !reader.problems.hasErrors {
            reader.problems.warning(path, reader.line(ofKey: baseURLKey.name), relativeBaseURLWarning)
        }
        return (reader.problems.hasErrors ? nil : config, reader.problems.all)
    }

    /// Why a base URL without a host is worth a warning.
    static let relativeBaseURLWarning =
        "baseURL is not an absolute URL such as https://example.org/, so feeds, the sitemap, calendars and the API will hold links that readers and apps cannot follow"

    /// Reads a base URL: an absolute http(s) URL (or a site path starting with `/`) with no query
    /// or fragment, made to end in `/`. Used for `site.yml` and `--base-url` alike.
    public static func parseBaseURL(_ text: String) -> Result<URL, InputProblem> {
        let normalized = text.hasSuffix("/") ? text : text + "/"
        let problem = InputProblem(
            message:
                "'\(text)' must be an absolute http(s) URL such as https://example.org/union/ (or a path starting with /), without ? or #"
        )
        guard !text.contains("?"), !text.contains("#"), let url = URL(string: normalized) else {
            return .failure(problem)
        }
        if ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil { return .success(url) }
        if url.scheme == nil, normalized.hasPrefix("/"), !normalized.hasPrefix("//") { return .success(url) }
        return .failure(problem)
    }

    /// Whether `text` can stand after the `@` of an iCalendar UID: 1 to 100 ASCII letters, digits,
    /// `.`, `-` and `_`.
    static func isSiteID(_ text: String) -> Bool {
        (1...100).contains(text.count)
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) }
    }

    /// Whether `text` is a plain CSS colour: `#rgb`…`#rrggbbaa`, a colour name, or a colour function
    /// of numbers. It goes into a `style` attribute, so nothing that could end the declaration passes.
    static func isCSSColor(_ text: String) -> Bool {
        let hex = text.first == "#" && [4, 5, 7, 9].contains(text.count) && text.dropFirst().allSatisfy(\.isHexDigit)
        let name = !text.isEmpty && text.count <= 30 && text.allSatisfy { $0.isASCII && $0.isLetter }
        let function =
            ["rgb(", "rgba(", "hsl(", "hsla(", "oklch(", "oklab(", "lab(", "lch("].contains {
                text.lowercased().hasPrefix($0)
            }
            && text.hasSuffix(")")
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " .,%/()-".contains($0)) }
            && text.filter { $0 == "(" }.count == 1 && text.filter { $0 == ")" }.count == 1
        return hex || name || function
    }

    /// Warns about each key that is not in `known`, suggesting the nearest known key for a typo.
    static func warnAboutUnknownKeys(_ reader: inout YAMLReader, known: [String], section: String?) {
        for (key, line) in reader.keys where !known.contains(key) {
            let place = section.map { " in \($0)" } ?? ""
            var message = "unknown key '\(key)'\(place) is ignored"
            if let split = reader.commaSplit(key, place: place) {
                guard let split else { continue }
                message = split
            } else if case let suggestions = closest(to: key, in: known), !suggestions.isEmpty {
                message += "; " + FrontMatterKeys.didYouMean(suggestions)
            }
            reader.problems.warning(reader.path, line, message)
        }
    }

    /// The known keys within a small edit distance of `key`, all those equally closest (in
    /// alphabetical order: `date` is as close to `name` as to `path`, and the hint names both,
    /// whatever order the keys are declared in).
    static func closest(to key: String, in known: [String]) -> [String] {
        let candidates = known.map { ($0, editDistance($0.lowercased(), key.lowercased())) }
        // Close enough to be a typo, and at least half the key right: "d" is not a typo of "end".
        guard let best = candidates.map(\.1).min(), best <= max(2, key.count / 3), best <= key.count / 2 else {
            return []
        }
        return Set(candidates.filter { $0.1 == best }.map(\.0)).sorted()
    }

    /// The edit distance between two strings, with two neighbours swapped counted as one edit
    /// (optimal string alignment): `strat` is one slip from `start`, as `stat` is, not two.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
