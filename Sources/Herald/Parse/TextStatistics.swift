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
    /// property look-ups, since it is most of most text (and all of the Markdown syntax); other
    /// characters are decoded from the UTF-8 bytes by hand, which costs less than the String's
    /// scalar view.
    mutating func count(_ text: String) {
        var text = text
        text.withUTF8 { count(utf8: $0) }
    }

    /// `count` on valid UTF-8 bytes.
    mutating func count(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        // Counted in locals, stored once at the end, and ASCII classed before anything is decoded.
        var (words, cjkCharacters) = (self.words, self.cjkCharacters)
        defer { (self.words, self.cjkCharacters) = (words, cjkCharacters) }
        var inWord = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                // A run of ASCII, classed without a branch per byte: a word starts at a letter or
                // digit outside a word; an apostrophe keeps "union's" one word; any other byte
                // ends a word. Branching on each byte was most of counting English text (1.9% of
                // a build's CPU on the 10,000-item corpus, perf).
                // The classes are read as bits of 128-bit masks, by byte value: comparisons, even
                // written as arithmetic, were compiled back into branches. The letters and digits
                // are 0-9 (bits 48-57), A-Z (65-90) and a-z (97-122); the apostrophe is bit 39.
                let letters: UInt128 = 0x07FF_FFFE_07FF_FFFE_03FF_0000_0000_0000
                let apostrophes: UInt128 = 0x80_0000_0000
                var (started, within) = (0, inWord ? 1 : 0)
                while index < bytes.count, bytes[index] < 0x80 {
                    let byte = bytes[index]
                    let letter = Int(truncatingIfNeeded: letters &>> byte) & 1
                    let apostrophe = Int(truncatingIfNeeded: apostrophes &>> byte) & 1
                    started &+= letter & (within ^ 1)
                    within = letter | (apostrophe & within)
                    index += 1
                }
                words += started
                inWord = within == 1
                continue
            }
            // U+5000-U+9FFF, most Chinese text, are all ideographs: counted from the lead byte
            // alone, without decoding (100 ms of CPU on the 10,000-item corpus, most of this).
            if lead >= 0xE5, lead <= 0xE9, index + 3 <= bytes.count {
                cjkCharacters += 1
                inWord = false
                index += 3
                continue
            }
            let size = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + size <= bytes.count else { break }
            var value = UInt32(lead) & (size == 2 ? 0x1F : size == 3 ? 0x0F : 0x07)
            for offset in 1..<size { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            index += size
            guard let scalar = Unicode.Scalar(value) else { continue }
            if let kind = Self.punctuationKind(value) {
                // The punctuation Chinese text puts between ideographs (`，`, `。`, `“”`), classed once.
                switch kind {
                case .word:
                    if !inWord { words += 1 }
                    inWord = true
                case .cjk:
                    cjkCharacters += 1
                    inWord = false
                case .joiner: break
                case .separator: inWord = false
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

    /// How a character counts: as part of a word, as a CJK character, as keeping a word together
    /// (an apostrophe), or as separating words.
    private enum Kind: UInt8 { case word, cjk, joiner, separator }

    /// Where the table below starts, and how far it reaches: General Punctuation, CJK Symbols and
    /// Punctuation, and the Halfwidth and Fullwidth Forms.
    private static let punctuationRanges: [(start: UInt32, count: Int)] = [
        (0x2000, 0x70), (0x3000, 0x40), (0xFF00, 0xF0),
    ]

    /// The kind of each character in those ranges, from the same Unicode properties `count`
    /// reads for other characters. Looking the properties up for each `，` and `。` was a third
    /// of counting a Chinese article (40 ms on the 10,000-item corpus, perf).
    private static let punctuationKinds: [[Kind]] = punctuationRanges.map { range in
        (range.start..<range.start + UInt32(range.count)).map { value in
            guard let scalar = Unicode.Scalar(value) else { return .separator }
            if isCJK(scalar) { return .cjk }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return .word }
            return scalar == "’" ? .joiner : .separator
        }
    }

    /// The kind of a character in the punctuation ranges; nil for any other.
    @inline(__always) private static func punctuationKind(_ value: UInt32) -> Kind? {
        for (index, range) in punctuationRanges.enumerated()
        where value >= range.start && value < range.start + UInt32(range.count) {
            return punctuationKinds[index][Int(value - range.start)]
        }
        return nil
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}
