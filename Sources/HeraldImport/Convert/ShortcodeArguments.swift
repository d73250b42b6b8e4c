import Foundation

/// A shortcode's arguments: positional ones in order, and named ones (`src="a.png"`).
struct ShortcodeArguments: Sendable, Equatable {
    var positional: [String] = []
    var named: [String: String] = [:]

    /// An argument by name, else by position.
    func value(_ name: String, at position: Int? = nil) -> String? {
        if let value = named[name] { return value }
        if let position, position < positional.count { return positional[position] }
        return nil
    }

    /// Reads Hugo's argument syntax: words, `"quoted"` (with `\"`), `` `raw` `` and `name=value`
    /// (`name = value` too).
    static func parse(_ text: String) -> ShortcodeArguments {
        var arguments = ShortcodeArguments()
        var scalars = Substring(text).unicodeScalars[...]
        func skipSpaces() { while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() } }
        func value() -> String {
            guard let first = scalars.first else { return "" }
            if first == "\"" || first == "`" {
                scalars.removeFirst()
                var result = String.UnicodeScalarView()
                while let next = scalars.first {
                    scalars.removeFirst()
                    if next == first { break }
                    if next == "\\", first == "\"", let escaped = scalars.first {
                        scalars.removeFirst()
                        result.append(escaped == "n" ? "\n" : escaped)
                        continue
                    }
                    result.append(next)
                }
                return String(result)
            }
            var result = String.UnicodeScalarView()
            while let next = scalars.first, !next.properties.isWhitespace, next != "=" {
                result.append(next)
                scalars.removeFirst()
            }
            return String(result)
        }
        while true {
            skipSpaces()
            guard let first = scalars.first else { break }
            let quoted = first == "\"" || first == "`"
            let word = value()
            if word.isEmpty, !quoted {
                // A lone `=`: nothing to name.
                scalars.removeFirst()
                continue
            }
            // Hugo reads `src = "a.png"` as `src="a.png"`: spaces may stand around the `=`.
            let afterWord = scalars
            skipSpaces()
            if !quoted, scalars.first == "=" {
                scalars.removeFirst()
                skipSpaces()
                arguments.named[word] = value()
            } else {
                scalars = afterWord
                arguments.positional.append(word)
            }
        }
        return arguments
    }
}
