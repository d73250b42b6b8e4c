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
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default:
                if isAllowed(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
