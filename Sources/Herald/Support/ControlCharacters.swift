/// Removal of the characters no page, feed or calendar may carry.
///
/// HTML calls control characters in its input parse errors, XML 1.0 forbids most of them outright
/// (one in a feed makes the whole feed unreadable), and iCalendar text has no place for them. They
/// reach a file by accident (pasted from a terminal or a PDF) or by YAML escapes such as `"\x07"`,
/// so they are taken out where text enters the build: whole content files, and front-matter values.
extension String {
    /// The text without C0 controls other than tab, line feed and carriage return, without DEL and
    /// C1 controls (U+0080–U+009F), and without the noncharacters U+FFFE and U+FFFF.
    func removingControlCharacters() -> String {
        var text = self
        return text.withUTF8 { bytes -> String? in
            // Works on the UTF-8 bytes of valid text, where 0xC2 and 0xEF only ever lead a sequence.
            func unsafeLength(at index: Int) -> Int {
                let byte = bytes[index]
                if byte < 0x20 { return byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0 : 1 }
                if byte == 0x7F { return 1 }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return 2 }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                    return 3
                }
                return 0
            }
            /// The first byte from `start` on that starts a character to remove, or the count.
            /// Eight bytes are tested at once for a byte that may (below 0x20, 0x7F, 0xC2, 0xEF):
            /// a byte at a time, this was 33 ms of CPU on the 10,000-item corpus (perf).
            func nextToRemove(from start: Int) -> Int {
                var index = start
                if let base = bytes.baseAddress {
                    let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
                    func hasByte(_ word: UInt64, _ byte: UInt64) -> UInt64 {
                        let equal = word ^ (ones &* byte)
                        return (equal &- ones) & ~equal
                    }
                    while index + 8 <= bytes.count {
                        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                        // Set where a byte may start one (or, by a borrow, after such a byte only).
                        let maybe =
                            ((word &- ones &* 0x20) & ~word | hasByte(word, 0x7F) | hasByte(word, 0xC2)
                                | hasByte(word, 0xEF)) & highs
                        if maybe != 0 {
                            // Line ends are below 0x20 too: look at these eight bytes one by one.
                            for offset in 0..<8 where unsafeLength(at: index + offset) > 0 { return index + offset }
                        }
                        index += 8
                    }
                }
                while index < bytes.count, unsafeLength(at: index) == 0 { index += 1 }
                return index
            }
            var next = nextToRemove(from: 0)
            guard next < bytes.count else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var runStart = 0
            while next < bytes.count {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<next]))
                runStart = next + unsafeLength(at: next)
                next = nextToRemove(from: runStart)
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }
}

extension String {
    /// The text with every bidirectional embedding, override or isolate it opens closed at its end.
    ///
    /// A right-to-left override (U+202E) left open in a title reverses whatever a page, feed
    /// reader or app shows after it on the same line ("Invoice ‮fdp.exe" reads as "Invoice exe.pdf"),
    /// so a value may reorder only itself. Balanced controls, which right-to-left text may need,
    /// are kept as they are.
    func closingBidiControls() -> String {
        guard hasBidiControls else { return self }
        var open: [Unicode.Scalar] = []
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append("\u{202C}")  // embeddings and overrides end with PDF
            case 0x2066, 0x2067, 0x2068: open.append("\u{2069}")  // isolates end with PDI
            case 0x202C, 0x2069:
                // A closer ends the innermost opener of its kind, and any opened after it (UAX #9).
                if let last = open.lastIndex(of: scalar) { open.removeSubrange(last...) }
            default: break
            }
        }
        guard !open.isEmpty else { return self }
        var result = self
        result.unicodeScalars.append(contentsOf: open.reversed())
        return result
    }
}

extension String {
    /// The text with each line's open bidirectional controls closed at the end of that line, so a
    /// Markdown body's override reorders only its own line, never the lines and values after it.
    func closingBidiControlsPerLine() -> String {
        guard hasBidiControls else { return self }
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        let closed = lines.map { String($0).closingBidiControls() }
        return closed.elementsEqual(lines, by: { $0 == $1 }) ? self : closed.joined(separator: "\n")
    }
}

extension String {
    /// Whether the text holds an embedding, override or isolate control, or their closers
    /// (U+202A–U+202E, U+2066–U+2069), found on UTF-8 bytes: this runs on every content file,
    /// and dashes and curly quotes share the lead byte E2 with them.
    var hasBidiControls: Bool {
        var text = self
        return text.withUTF8 { bytes in
            ByteSearch.firstIndex(of: 0xE2, in: bytes) { lead in
                guard lead + 2 < bytes.count else { return false }
                let (second, third) = (bytes[lead + 1], bytes[lead + 2])
                return (second == 0x80 && (0xAA...0xAE).contains(third))
                    || (second == 0x81 && (0xA6...0xA9).contains(third))
            } != nil
        }
    }
}
