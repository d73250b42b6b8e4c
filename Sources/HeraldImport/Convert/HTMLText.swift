import Foundation

/// HTML text escaping for the few attributes and texts an import writes.
enum HTMLText {
    /// Text with `&`, `<`, `>` and `"` escaped, for an attribute or an element.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
