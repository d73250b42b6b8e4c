import Foundation
import Herald

/// The line options of the old site's highlight tags, written as Herald's fence options (Hugo's
/// own fence syntax, `{linenos=true hl_lines="2 4-5"}`, see `FenceOptions`):
/// - Jekyll's `{% highlight ruby linenos %}` (and `mark_lines="1 2"`, Jekyll 4.4's);
/// - Hugo's `{{< highlight go "linenos=table,hl_lines=8 15-17,linenostart=199" >}}`.
///
/// Options Herald's highlighting has no use for (Hugo's `style`, `noclasses`, …) are left
/// out: the theme's colours apply. `lineanchors` (a prefix Herald can put in an id) and
/// `anchorlinenos` are kept: the old site's links to lines lead to them.
enum HighlightFenceOptions {
    /// The arguments of a Jekyll `highlight` tag after its language (`linenos`, `mark_lines="1 2"`).
    static func jekyll(_ arguments: ShortcodeArguments) -> String {
        var options: [String] = []
        if arguments.positional.dropFirst().contains("linenos") { options.append("linenos=true") }
        if let marked = arguments.named["mark_lines"] { options.append("hl_lines=" + quoted(Substring(marked))) }
        return written(options)
    }

    /// Hugo's options argument: `key=value` pairs separated by commas.
    static func hugo(_ text: String) -> String {
        var options: [String] = []
        for pair in pairs(text) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else { continue }
            switch parts[0].lowercased() {
            case "linenos":
                if ["true", "false", "table", "inline"].contains(parts[1].lowercased()) {
                    options.append("linenos=" + parts[1].lowercased())
                }
            case "hl_lines":
                options.append("hl_lines=" + quoted(Substring(parts[1])))
            case "linenostart":
                if Int(parts[1]) != nil { options.append("linenostart=" + parts[1]) }
            case "lineanchors":
                if let prefix = HeadingIDs.safePrefix(parts[1]) { options.append("lineanchors=" + prefix) }
            case "anchorlinenos":
                if ["true", "false"].contains(parts[1].lowercased()) {
                    options.append("anchorlinenos=" + parts[1].lowercased())
                }
            default:
                continue
            }
        }
        return written(options)
    }

    /// The comma-separated pairs, a comma inside brackets (`hl_lines=[2,3]`) being part of one.
    private static func pairs(_ text: String) -> [Substring] {
        var pairs: [Substring] = []
        var start = text.startIndex
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "," where depth == 0:
                pairs.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        pairs.append(text[start...])
        return pairs
    }

    /// `"2 4-5"`: lines and ranges, with the quotes (or brackets) they were written in taken off.
    private static func quoted(_ value: Substring) -> String {
        let lines = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'[] "))
            .split(whereSeparator: { $0 == " " || $0 == "," }).filter {
                $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
            }
        return "\"" + lines.joined(separator: " ") + "\""
    }

    private static func written(_ options: [String]) -> String {
        options.isEmpty ? "" : "{" + options.joined(separator: " ") + "}"
    }
}
