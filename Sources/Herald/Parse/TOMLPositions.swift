/// Where each key and value of a TOML document is written, as a tree shaped like the document.
///
/// TOMLKit gives the values but not their lines (toml++ records them; TOMLKit does not pass
/// them on), and a diagnostic about a value must name its line. So the text, which TOMLKit has
/// already accepted, is scanned once more for lines only: keys (`key = …`, dotted keys, quoted
/// keys), `[table]` and `[[array]]` headers, and the entries of arrays and inline tables, skipping
/// strings (multi-line ones too) and comments. Scanning is on UTF-8 bytes; every delimiter is ASCII.
struct TOMLPositions {
    /// Where one value is written and, for a table or an array, where its contents are.
    final class Entry {
        /// The line of the key that names the value (for a table made by a header, the header's).
        var keyLine = 0
        /// How many keys of the document come before this one, for the order written.
        var order = 0
        /// The line the value begins on (for a table made by a header, the header's).
        var line: Int
        /// A table's keys.
        var keys: [String: Entry] = [:]
        /// The line each entry of an array begins on, in order.
        var elementLines: [Int] = []
        /// The entries of an array that are tables or arrays themselves, by index.
        var nested: [Int: Entry] = [:]

        init(line: Int) { self.line = line }

        /// The entry for a key of this table, made on first sight.
        func child(_ name: String, keyLine: Int, line: Int, order: inout Int) -> Entry {
            if let known = keys[name] { return known }
            let entry = Entry(line: line)
            entry.keyLine = keyLine
            order += 1
            entry.order = order
            keys[name] = entry
            return entry
        }

        /// Adds an array entry that begins on `line`; a table or an array gets an entry of its own.
        @discardableResult
        func appendElement(line: Int, isContainer: Bool) -> Entry? {
            elementLines.append(line)
            guard isContainer else { return nil }
            let entry = Entry(line: line)
            nested[elementLines.count - 1] = entry
            return entry
        }

        /// The latest table of an array of tables (`[fruit.info]` after `[[fruit]]` is in it).
        var latestTable: Entry? { elementLines.isEmpty ? nil : nested[elementLines.count - 1] }
    }

    /// The document's top table.
    let root: Entry
    /// Every line on which a key or a value begins, increasing, each once.
    let lines: [Int]

    /// Scans `text`, a TOML document.
    init(scanning text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.document()
        root = scanner.root
        lines = scanner.lines
    }
}

/// The byte-level reader behind `TOMLPositions`. It is lenient: on text TOMLKit accepted it finds
/// every line; on anything else it still ends, always moving forward.
private struct Scanner {
    typealias Entry = TOMLPositions.Entry

    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// Keys seen so far.
    var order = 0
    let root = Entry(line: 1)
    /// Lines recorded, increasing: the cursor only moves forward.
    var lines: [Int] = [1]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The byte under the cursor, or nil at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte `offset` after the cursor, or nil past the end.
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// The cursor's line, noted as one on which something begins.
    mutating func here() -> Int {
        if lines.last != line { lines.append(line) }
        return line
    }

    /// Moves past one byte, counting lines.
    mutating func advance() {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
    }

    /// Moves past `count` bytes.
    mutating func advance(_ count: Int) {
        for _ in 0..<count where index < bytes.count { advance() }
    }

    /// Whether the next three bytes are `byte`.
    func atThree(_ byte: UInt8) -> Bool { peek == byte && peek(1) == byte && peek(2) == byte }

    /// Skips spaces and tabs.
    mutating func skipSpaces() {
        while let byte = peek, byte == 0x20 || byte == 0x09 { advance() }
    }

    /// Skips spaces, tabs, line breaks and comments.
    mutating func skipBlank() {
        while let byte = peek {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                advance()
            } else if byte == UInt8(ascii: "#") {
                while let byte = peek, byte != 0x0A { advance() }
            } else {
                return
            }
        }
    }

    /// The whole document: headers and `key = value` lines.
    mutating func document() {
        var table = root
        while true {
            skipBlank()
            guard let byte = peek else { return }
            let start = index
            if byte == UInt8(ascii: "[") { table = header() } else { keyValue(in: table) }
            if index == start { advance() }
        }
    }

    /// A `[table]` or `[[array of tables]]` header; returns the table it opens.
    mutating func header() -> Entry {
        let headerLine = here()
        advance()
        let isArray = peek == UInt8(ascii: "[")
        if isArray { advance() }
        let names = keyPath()
        skipSpaces()
        while peek == UInt8(ascii: "]") { advance() }
        var table = root
        for (position, name) in names.enumerated() {
            let entry = table.child(name.key, keyLine: name.line, line: headerLine, order: &order)
            if position < names.count - 1 {
                table = entry.latestTable ?? entry
            } else if isArray {
                table = entry.appendElement(line: headerLine, isContainer: true) ?? entry
            } else {
                table = entry
            }
        }
        return table
    }

    /// `key = value` (or `a.b.c = value`) in `table`.
    mutating func keyValue(in table: Entry) {
        let names = keyPath()
        guard let last = names.last else { return }
        var target = table
        // The tables a dotted key makes begin where their names are written.
        for name in names.dropLast() {
            target = target.child(name.key, keyLine: name.line, line: name.line, order: &order)
        }
        let entry = target.child(last.key, keyLine: last.line, line: last.line, order: &order)
        skipSpaces()
        if peek == UInt8(ascii: "=") { advance() }
        skipSpaces()
        value(into: entry)
    }

    /// A key, dotted or not: each part (bare, "basic" or 'literal') with the line it is on.
    mutating func keyPath() -> [(key: String, line: Int)] {
        var names: [(key: String, line: Int)] = []
        while true {
            skipSpaces()
            guard let byte = peek else { break }
            let nameLine = here()
            if byte == UInt8(ascii: "\"") {
                names.append((basicString(), nameLine))
            } else if byte == UInt8(ascii: "'") {
                names.append((literalString(), nameLine))
            } else {
                let start = index
                while let byte = peek, !Self.endsBareKey(byte) { advance() }
                guard index > start else { break }
                names.append((String(decoding: bytes[start..<index], as: UTF8.self), nameLine))
            }
            skipSpaces()
            guard peek == UInt8(ascii: ".") else { break }
            advance()
        }
        return names
    }

    /// Whether a byte cannot be part of a bare key.
    static func endsBareKey(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: "]"), UInt8(ascii: "["),
            UInt8(ascii: "#"), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "{"), UInt8(ascii: "\""),
            UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// A value of any kind; an array or inline table records its entries into `entry`.
    mutating func value(into entry: Entry?) {
        entry?.line = here()
        guard let byte = peek else { return }
        switch byte {
        case UInt8(ascii: "\""):
            _ = basicString()
        case UInt8(ascii: "'"):
            _ = literalString()
        case UInt8(ascii: "["):
            advance()
            while true {
                skipBlank()
                guard let byte = peek else { return }
                if byte == UInt8(ascii: "]") {
                    advance()
                    return
                }
                if byte == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                let start = index
                let isContainer = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
                value(into: entry?.appendElement(line: here(), isContainer: isContainer))
                if index == start { advance() }
            }
        case UInt8(ascii: "{"):
            advance()
            while true {
                skipBlank()
                guard let byte = peek else { return }
                if byte == UInt8(ascii: "}") {
                    advance()
                    return
                }
                if byte == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                let start = index
                keyValue(in: entry ?? Entry(line: line))
                if index == start { advance() }
            }
        default:
            // A number, boolean or date: up to what ends a value (dates may hold a space).
            while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "]"), byte != UInt8(ascii: "}"),
                byte != UInt8(ascii: "#"), byte != 0x0A
            { advance() }
        }
    }

    /// A "basic" or """multi-line basic""" string; returns its text with escapes decoded (for keys).
    mutating func basicString() -> String {
        let quote = UInt8(ascii: "\"")
        if atThree(quote) {
            advance(3)
            while peek != nil {
                if peek == UInt8(ascii: "\\") {
                    advance(2)
                } else if atThree(quote) {
                    advance(3)
                    // Up to two more quotes belong to the text, before the closing three.
                    for _ in 0..<2 where peek == quote { advance() }
                    break
                } else {
                    advance()
                }
            }
            return ""
        }
        advance()
        var text: [UInt8] = []
        while let byte = peek, byte != 0x0A {
            advance()
            if byte == quote { break }
            guard byte == UInt8(ascii: "\\"), let escaped = peek else {
                text.append(byte)
                continue
            }
            advance()
            switch escaped {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "e"): text.append(0x1B)
            case UInt8(ascii: "x"): text.append(contentsOf: scalar(hexDigits: 2))
            case UInt8(ascii: "u"): text.append(contentsOf: scalar(hexDigits: 4))
            case UInt8(ascii: "U"): text.append(contentsOf: scalar(hexDigits: 8))
            default: text.append(escaped)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The UTF-8 of the Unicode scalar written as `count` hexadecimal digits after `\x`, `\u` or `\U`.
    mutating func scalar(hexDigits count: Int) -> [UInt8] {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let byte = peek, let digit = Self.hexValue(byte) else { break }
            value = value &* 16 &+ digit
            advance()
        }
        return Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
    }

    /// The value of a hexadecimal digit.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A 'literal' or '''multi-line literal''' string (no escapes); returns its text (for keys).
    mutating func literalString() -> String {
        let quote = UInt8(ascii: "'")
        if atThree(quote) {
            advance(3)
            while peek != nil {
                if atThree(quote) {
                    advance(3)
                    for _ in 0..<2 where peek == quote { advance() }
                    break
                }
                advance()
            }
            return ""
        }
        advance()
        let start = index
        while let byte = peek, byte != quote, byte != 0x0A { advance() }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if peek == quote { advance() }
        return text
    }
}
