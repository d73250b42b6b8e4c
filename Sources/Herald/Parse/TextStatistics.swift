/// How much there is to read: words of space-separated scripts, and characters of Chinese,
/// Japanese and Korean text, which are not separated by spaces and are read per character.
public struct TextStatistics: Sendable, Equatable {
    /// Words of Latin, Cyrillic and other space-separated scripts.
    public var words = 0
    /// Han, kana and Hangul characters.
    public var cjkCharacters = 0

    public init(words: Int = 0, cjkCharacters: Int = 0) {
        self.words = words
        self.cjkCharacters = cjkCharacters
    }

    /// Adds the words and characters of `text`. ASCII is classified by byte, without Unicode
    /// property look-ups, since it is most of most text (and all of the Markdown syntax).
    mutating func count(_ text: String) {
        var inWord = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) {
                    if !inWord { words += 1 }
                    inWord = true
                } else if byte != 0x27 {  // an apostrophe keeps "union's" one word
                    inWord = false
                }
            } else if Self.isCJK(scalar) {
                cjkCharacters += 1
                inWord = false
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if !inWord { words += 1 }
                inWord = true
            } else if scalar != "’" {
                inWord = false
            }
        }
    }

    /// Reading time in whole minutes (at least 1): 220 words a minute for space-separated
    /// scripts and 400 characters a minute for Chinese, Japanese and Korean.
    public var readingMinutes: Int {
        let minutes = Double(words) / 220 + Double(cjkCharacters) / 400
        return max(1, Int(minutes.rounded(.up)))
    }

    /// Words plus CJK characters, the figure readers know as "word count".
    public var total: Int { words + cjkCharacters }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
