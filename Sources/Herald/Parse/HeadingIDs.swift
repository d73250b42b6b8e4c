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
        asciiSlug(text) ?? unicodeSlug(text)
    }

    /// `slug` for text of any script, scalar by scalar.
    static func unicodeSlug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.trimmed().lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar.isASCII {
                // ASCII's letters, digits and `_` are all it keeps (its only connector punctuation
                // is `_`): decided without Unicode's tables, which cost most of a slug.
                let byte = UInt8(scalar.value)
                if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
                    || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                {
                    slug.append(scalar)
                }
            } else if keeps(scalar.properties.generalCategory) {
                slug.append(scalar)
            }
        }
        return slug.isEmpty ? "section" : String(slug)
    }

    /// The slug of all-ASCII text (most headings of English sites), the same as `slug` gives, made
    /// on its bytes: trimming, lower-casing and appending scalar by scalar were most of a
    /// heading's cost (perf, the 10,000-item corpus). Nil for text with any other character.
    static func asciiSlug(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0
            var end = bytes.count
            // Unicode's whitespace among ASCII: the space, tab, line feed, vertical tab, form feed, return.
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            var slug: [UInt8] = []
            slug.reserveCapacity(end - start)
            for byte in bytes[start..<end] {
                guard byte < 0x80 else { return nil }
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                if lower == 0x20 {
                    slug.append(UInt8(ascii: "-"))
                } else if lower == UInt8(ascii: "-") || lower == UInt8(ascii: "_") || (lower >= 0x30 && lower <= 0x39)
                    || (lower >= 0x61 && lower <= 0x7A)
                {
                    slug.append(lower)
                }
            }
            return slug.isEmpty ? "section" : String(decoding: slug, as: UTF8.self)
        }
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
        guard !prefix.isEmpty, prefix.count <= prefixLimit,
            prefix.unicodeScalars.allSatisfy({ scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.:".unicodeScalars.contains(scalar)
            })
        else { return nil }
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
