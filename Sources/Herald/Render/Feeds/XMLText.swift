/// Text made safe for XML: the characters XML 1.0 forbids are dropped (C0 controls other than
/// tab, line feed and carriage return, U+FFFE and U+FFFF), and markup characters become entities.
/// Content is escaped rather than put in CDATA, so a `]]>` in it is harmless.
enum XMLText {
    /// Escapes element text (`&`, `<`, `>`).
    static func text(_ value: String) -> String { escape(value, quotes: false) }

    /// Escapes an attribute value in double quotes (also `"`).
    static func attribute(_ value: String) -> String { escape(value, quotes: true) }

    /// Whether XML 1.0 allows the character at all.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func escape(_ value: String, quotes: Bool) -> String {
        // Bytes that may need work: markup characters, C0 controls, and 0xEF, the lead byte of
        // U+FFFE and U+FFFF (EF BF BE, EF BF BF), the only other characters XML forbids that a
        // Swift string can hold.
        value.rewritingUTF8(when: {
            $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || ($0 == 0x22 && quotes) || $0 < 0x20 || $0 == 0xEF
        }) { bytes, output in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x26: output.append(ascii: "&amp;")
                case 0x3C: output.append(ascii: "&lt;")
                case 0x3E: output.append(ascii: "&gt;")
                case 0x22 where quotes: output.append(ascii: "&quot;")
                case 0x09, 0x0A, 0x0D: output.append(byte)
                case ..<0x20: break
                case 0xEF
                where index + 2 < bytes.count && bytes[index + 1] == 0xBF
                    && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                    index += 2
                default: output.append(byte)
                }
                index += 1
            }
        }
    }
}
