import Synchronization

/// Herald's front-matter keys and the other names real Hugo and Jekyll sites give them: the one
/// table behind docs/content.md's "Keys from other generators".
///
/// Keys are matched without regard to case, as Hugo matches them (`publishdate`, `Title`).
public enum FrontMatterKeys {
    /// What to do when one front matter gives a key under two of its names.
    enum Conflict {
        /// It is an error naming both lines: the two could disagree about a date or place.
        case error
        /// The first name in the list that is present wins, silently: these names overlap by
        /// design (Hugo's `description` beside `summary`, `images` beside `image`).
        case firstWins
    }

    /// One Herald key and the names it is also written under, in order of preference.
    struct Entry {
        var key: String
        var names: [String]
        var conflict: Conflict
    }

    /// Every key Herald reads, with its aliases. Keys without aliases list only themselves.
    static let entries: [Entry] = [
        Entry(key: "title", names: ["title"], conflict: .error),
        Entry(key: "date", names: ["date"], conflict: .error),
        Entry(key: "publishDate", names: ["publishDate", "pubdate", "published"], conflict: .error),
        Entry(key: "updated", names: ["updated", "lastmod", "modified"], conflict: .error),
        Entry(key: "expiryDate", names: ["expiryDate", "unpublishdate"], conflict: .error),
        Entry(key: "summary", names: ["summary", "description", "excerpt"], conflict: .firstWins),
        Entry(
            key: "image", names: ["image", "featured_image", "cover", "thumbnail", "banner", "images"],
            conflict: .firstWins),
        Entry(key: "author", names: ["author", "authors"], conflict: .error),
        Entry(
            key: "start", names: ["start", "startDate", "dateStart", "start_date", "eventDate", "event_start"],
            conflict: .error),
        Entry(key: "end", names: ["end", "endDate", "dateEnd", "end_date", "event_end"], conflict: .error),
        Entry(key: "location", names: ["location", "place", "venue"], conflict: .error),
        Entry(key: "aliases", names: ["aliases", "redirect_from"], conflict: .error),
        Entry(key: "url", names: ["url", "permalink"], conflict: .error),
        Entry(key: "categories", names: ["categories"], conflict: .error),
        Entry(key: "category", names: ["category"], conflict: .error),
        Entry(key: "tags", names: ["tags"], conflict: .error),
        Entry(key: "featured", names: ["featured"], conflict: .error),
        Entry(key: "weight", names: ["weight"], conflict: .error),
        Entry(key: "imageAlt", names: ["imageAlt"], conflict: .error),
        Entry(key: "imageFocus", names: ["imageFocus"], conflict: .error),
        Entry(key: "slug", names: ["slug"], conflict: .error),
        Entry(key: "draft", names: ["draft"], conflict: .error),
        Entry(key: "layout", names: ["layout"], conflict: .error),
        Entry(key: "allDay", names: ["allDay"], conflict: .error),
        Entry(key: "time", names: ["time"], conflict: .error),
        Entry(key: "timezone", names: ["timezone"], conflict: .error),
        Entry(key: "address", names: ["address"], conflict: .error),
        Entry(key: "status", names: ["status"], conflict: .error),
        Entry(key: "registration", names: ["registration"], conflict: .error),
        Entry(key: "organizer", names: ["organizer"], conflict: .error),
        Entry(key: "views", names: ["views"], conflict: .error),
        Entry(key: "likes", names: ["likes"], conflict: .error),
        Entry(key: "comments", names: ["comments"], conflict: .error),
        Entry(key: "repeat", names: ["repeat"], conflict: .error),
        Entry(key: "headless", names: ["headless"], conflict: .error),
        Entry(key: "build", names: ["build", "_build"], conflict: .error),
        Entry(key: "params", names: ["params"], conflict: .error),
        Entry(key: "translationKey", names: ["translationKey"], conflict: .error),
        Entry(key: "toc", names: ["toc"], conflict: .error),
    ]

    /// Name as Herald writes it → (Herald key, rank among its names): most keys are written so,
    /// and are found without lower-casing them.
    private static let byExactName: [String: (key: String, rank: Int)] = {
        var map: [String: (String, Int)] = [:]
        for entry in entries {
            for (rank, name) in entry.names.enumerated() { map[name] = (entry.key, rank) }
        }
        return map
    }()

    /// Lower-cased name → (Herald key, rank among its names).
    private static let byName: [String: (key: String, rank: Int)] = {
        var map: [String: (String, Int)] = [:]
        for entry in entries {
            for (rank, name) in entry.names.enumerated() { map[name.lowercased()] = (entry.key, rank) }
        }
        return map
    }()

    private static let conflictOfKey = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.conflict) })

    /// Every name Herald reads, for typo suggestions.
    static let allNames: [String] = entries.flatMap(\.names)

    /// The names an unknown key is most likely a typo of, closest first (more than one only when
    /// the key is as close to each: `tile` is one slip from `title` and from `time`). Stricter
    /// than for site.yml: real front matter is full of keys of its own (`slides`, `vimeo`,
    /// `blog`), which must not be taken for typos of Herald's (`likes`, `time`, `slug`); one edit
    /// (a letter added, left out or changed, or two swapped) is a typo, two only in a long key.
    static func suggestions(for key: String) -> [String] {
        let lower = key.lowercased()
        guard byName[lower] == nil else { return [] }
        // A real site repeats its own keys in every file: each is worked out once.
        if let known = suggestionCache.withLock({ $0[lower] }) { return known }
        let allowed = key.count >= 8 ? 2 : 1
        let length = lower.count
        // Names whose length differs by more than the allowed edits cannot be within them.
        let near = lowerNames.filter { abs($0.lower.count - length) <= allowed }
            .map { (name: $0.name, distance: SiteConfigParser.editDistance($0.lower, lower)) }
            .filter { $0.distance <= allowed }
        let best = near.map(\.distance).min()
        var answer: [String] = []
        for candidate in near where candidate.distance == best && !answer.contains(candidate.name) {
            answer.append(candidate.name)
        }
        suggestionCache.withLock { cache in if cache.count < 10_000 { cache[lower] = answer } }
        return answer
    }

    /// "did you mean 'start'?", or "did you mean 'title' or 'time'?".
    static func didYouMean(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        let list =
            quoted.count <= 2
            ? quoted.joined(separator: " or ") : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
        return "did you mean \(list)?"
    }

    /// Every name Herald reads with its lower-cased form, for `suggestions(for:)`.
    private static let lowerNames: [(name: String, lower: String)] = allNames.map { ($0, $0.lowercased()) }
    /// Suggestions worked out so far: lower-cased key → the names suggested (none: empty).
    private static let suggestionCache = Locked<[String: [String]]>([:])

    /// The Herald key a written name stands for, if Herald reads it.
    public static func key(for written: String) -> String? { byName[written.lowercased()]?.key }

    /// How one front matter spelled Herald's keys: Herald key → the key as written.
    struct Spelling {
        /// Herald key → written key, for keys present under another name; empty when every key is
        /// written as Herald writes it (most files), so that looking a key up costs nothing.
        var written: [String: String] = [:]
        /// Written keys Herald does not read, in the order written, for `params`.
        var unknown: [(key: String, line: Int)] = []
        /// Two names for one key (`start` and `dateStart`): the error, naming both lines.
        var conflicts: [Diagnostic] = []

        /// The key as written for a Herald key (or the Herald key itself, when absent).
        subscript(_ key: String) -> String { written[key] ?? key }

        /// The key each of the site's own taxonomies is written under, by their names (nil where
        /// absent), taking those keys out of `unknown`: they are read, not kept as params. A
        /// taxonomy named like a key Herald reads (`authors`) shares that key's value.
        mutating func claim(taxonomies names: [String]) -> [String?] {
            names.map { name in
                if let key = FrontMatterKeys.key(for: name) { return self[key] }
                guard
                    let index = unknown.firstIndex(where: { $0.key == name })
                        ?? unknown.firstIndex(where: { $0.key.lowercased() == name.lowercased() })
                else { return nil }
                return unknown.remove(at: index).key
            }
        }
    }

    /// Resolves the written keys of a front matter (`keys` in the order written, with lines).
    static func spelling(of keys: [(key: String, line: Int)], path: String) -> Spelling {
        var spelling = Spelling()
        // Every key Herald's own name, or one Herald does not read: nothing to resolve.
        if keys.allSatisfy({ key in byExactName[key.key].map { $0.rank == 0 } ?? (byName[key.key.lowercased()] == nil) }
        ) {
            spelling.unknown = keys.filter { byExactName[$0.key] == nil }
            return spelling
        }
        var chosen: [String: (name: String, line: Int, rank: Int)] = [:]
        for (name, line) in keys {
            guard let (key, rank) = byExactName[name] ?? byName[name.lowercased()] else {
                spelling.unknown.append((name, line))
                continue
            }
            guard let earlier = chosen[key] else {
                chosen[key] = (name, line, rank)
                continue
            }
            // The same name twice is a duplicate key, which the YAML reader reports.
            if earlier.name == name { continue }
            switch conflictOfKey[key] ?? .error {
            case .error:
                let (first, second) =
                    earlier.line <= line
                    ? ((earlier.name, earlier.line), (name, line)) : ((name, line), (earlier.name, earlier.line))
                spelling.conflicts.append(
                    Diagnostic(
                        path: path, line: second.1,
                        "'\(second.0)' and '\(first.0)' (line \(first.1)) both give the \(describe(key)); keep one of them"
                    ))
            case .firstWins:
                if rank < earlier.rank { chosen[key] = (name, line, rank) }
            }
        }
        spelling.written = chosen.mapValues(\.name)
        return spelling
    }

    /// A key's meaning in words, for the conflict message.
    private static func describe(_ key: String) -> String {
        switch key {
        case "start": return "event's start"
        case "end": return "event's end"
        case "publishDate": return "publication date"
        case "updated": return "time of the last update"
        case "expiryDate": return "expiry date"
        case "aliases": return "old addresses"
        case "url": return "item's URL"
        default: return key
        }
    }
}
