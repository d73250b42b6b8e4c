/// The IDs of one body's headings: GitHub's slug of each heading's text, unique in the body.
public struct HeadingIDs {
    /// Every ID given so far, and for each slug how many repeats it has had (github-slugger's
    /// `occurrences`).
    private var used: Set<String> = []
    private var repeats: [String: Int] = [:]

    /// IDs `reserved` are taken before the first heading (the footnotes', `fn1`, `fnref1`), so a
    /// heading `## fn1` gets `fn1-1` and both links keep leading where they should.
    init(reserved: Set<String> = []) {
        used = reserved
    }

    /// GitHub's slug of a heading's text (github-slugger): lower case; every character that is
    /// not a letter, a mark, a number, connector punctuation (`_`), `-` or a space left out; each
    /// space made `-`. Letters of every script stay, so `报名方式` is its own slug. A heading with
    /// nothing left (`## !!!`) is `section`.
    static func slug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.trimmed().lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar.isASCII {
                // ASCII's letters, digits and `_` are all it keeps (its only connector punctuation
                // is `_`): decided without Unicode's tables, which cost most of a slug.
                let byte = UInt8(scalar.value)
                if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) {
                    slug.append(scalar)
                }
            } else if keeps(scalar.properties.generalCategory) {
                slug.append(scalar)
            }
        }
        return slug.isEmpty ? "section" : String(slug)
    }

    private static func keeps(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// The longest prefix of IDs Herald makes (`markdown.headingIDPrefix`, a fence's `lineanchors`).
    public static let prefixLimit = 64

    /// `prefix` if it can go into an `id` attribute and a JSON string as it is (Pygments does not
    /// escape its `lineanchors`): letters of any script, digits, `-_.:`; nil for anything else,
    /// and for an empty or over-long one.
    public static func safePrefix(_ prefix: String) -> String? {
        guard !prefix.isEmpty, prefix.count <= prefixLimit, prefix.unicodeScalars.allSatisfy({ scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.:".unicodeScalars.contains(scalar)
        }) else { return nil }
        return prefix
    }

    /// `wanted`, or `wanted-1`, `wanted-2`, … when it is taken.
    mutating func claim(_ wanted: String) -> String {
        var id = wanted
        while used.contains(id) {
            let count = (repeats[wanted] ?? 0) + 1
            repeats[wanted] = count
            id = "\(wanted)-\(count)"
        }
        used.insert(id)
        return id
    }
}
