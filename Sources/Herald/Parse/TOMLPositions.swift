/// Where each key and value of a TOML document is written.
///
/// TOMLKit gives the values but not their places (toml++ records them; TOMLKit does not pass
/// them on), and a diagnostic about a value must name its line. So the text, which TOMLKit has
/// already accepted, is scanned once more for places only: keys (`key = …`, dotted keys, quoted
/// keys), `[table]` and `[[array]]` headers, and the values in arrays and inline tables, skipping
/// strings (multi-line ones too) and comments. Scanning is on UTF-8 bytes; every delimiter is ASCII.
struct TOMLPositions {
    /// One step of a path from the document's top table to a value.
    enum Step: Hashable {
        /// The value of a key in a table.
        case key(String)
        /// An entry of an array (or of an array of tables).
        case index(Int)
    }

    /// Where the key of each path is written (for a table made by a header, the name in the header).
    private(set) var keys: [[Step]: YAMLMarks.Place] = [:]
    /// Where the value of each path begins (for a table made by a header, the header).
    private(set) var values: [[Step]: YAMLMarks.Place] = [:]

    /// Scans `text`, a TOML document.
    init(scanning text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.document()
        keys = scanner.keys
        values = scanner.values
    }

    /// Every place found, keys and values.
    var allPlaces: Set<YAMLMarks.Place> { Set(keys.values).union(values.values) }
}

/// The byte-level reader behind `TOMLPositions`. It is lenient: on text TOMLKit accepted it finds
/// every place; on anything else it still ends, always moving forward.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var keys: [[TOMLPositions.Step]: YAMLMarks.Place] = [:]
    var values: [[TOMLPositions.Step]: YAMLMarks.Place] = [:]
    /// How many `[[path]]` headers each array of tables has had so far.
    var tableArrayCounts: [[TOMLPositions.Step]: Int] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The byte under the cursor, or nil at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte `offset` after the cursor, or nil past the end.
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// The cursor's place; the column counts Unicode scalars (bytes that do not continue one).
    var place: YAMLMarks.Place {
        var column = 1
        for byte in bytes[lineStart..<index] where byte & 0xC0 != 0x80 { column += 1 }
        return YAMLMarks.Place(line: line, column: column)
    }

    /// Moves past one byte, counting lines.
    mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// Moves past `count` bytes.
    mutating func advance(_ count: Int) {
        for _ in 0..<count where index < bytes.count { advance() }
    }

    /// Whether the next bytes are `ascii`.
    func at(_ ascii: StaticString) -> Bool {
        var offset = 0
        for byte in UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount) {
            if peek(offset) != byte { return false }
            offset += 1
        }
        return true
    }

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
        var table: [TOMLPositions.Step] = []
        while true {
            skipBlank()
            guard let byte = peek else { return }
            let start = index
            if byte == UInt8(ascii: "[") { table = header() } else { keyValue(in: table) }
            if index == start { advance() }
        }
    }

    /// A `[table]` or `[[array of tables]]` header; returns the path of the table it opens.
    mutating func header() -> [TOMLPositions.Step] {
        let headerPlace = place
        advance()
        let isArray = peek == UInt8(ascii: "[")
        if isArray { advance() }
        let names = keyPath()
        skipSpaces()
        while peek == UInt8(ascii: "]") { advance() }
        var path: [TOMLPositions.Step] = []
        for (position, name) in names.enumerated() {
            path.append(.key(name.key))
            if keys[path] == nil { keys[path] = name.place }
            if values[path] == nil { values[path] = headerPlace }
            // `[fruit.info]` after `[[fruit]]` names the table in fruit's latest entry.
            if position < names.count - 1, let count = tableArrayCounts[path] { path.append(.index(count - 1)) }
        }
        if isArray {
            let count = tableArrayCounts[path, default: 0]
            tableArrayCounts[path] = count + 1
            path.append(.index(count))
            values[path] = headerPlace
        }
        return path
    }

    /// `key = value` (or `a.b.c = value`) under the table at `base`.
    mutating func keyValue(in base: [TOMLPositions.Step]) {
        let names = keyPath()
        guard !names.isEmpty else { return }
        var path = base
        for (position, name) in names.enumerated() {
            path.append(.key(name.key))
            if keys[path] == nil { keys[path] = name.place }
            // The tables a dotted key makes begin where their names are written.
            if position < names.count - 1, values[path] == nil { values[path] = name.place }
        }
        skipSpaces()
        if peek == UInt8(ascii: "=") { advance() }
        skipSpaces()
        value(at: path)
    }

    /// A key, dotted or not: each part (bare, "basic" or 'literal') with where it is written.
    mutating func keyPath() -> [(key: String, place: YAMLMarks.Place)] {
        var names: [(key: String, place: YAMLMarks.Place)] = []
        while true {
            skipSpaces()
            let namePlace = place
            guard let byte = peek else { break }
            if byte == UInt8(ascii: "\"") {
                names.append((basicString(), namePlace))
            } else if byte == UInt8(ascii: "'") {
                names.append((literalString(), namePlace))
            } else {
                let start = index
                while let byte = peek, !Self.endsBareKey(byte) { advance() }
                guard index > start else { break }
                names.append((String(decoding: bytes[start..<index], as: UTF8.self), namePlace))
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
             UInt8(ascii: "#"), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// A value of any kind at `path`; arrays and inline tables record their entries too.
    mutating func value(at path: [TOMLPositions.Step]) {
        values[path] = place
        guard let byte = peek else { return }
        switch byte {
        case UInt8(ascii: "\""):
            _ = basicString()
        case UInt8(ascii: "'"):
            _ = literalString()
        case UInt8(ascii: "["):
            advance()
            var count = 0
            while true {
                skipBlank()
                guard let byte = peek else { return }
                if byte == UInt8(ascii: "]") { advance(); return }
                if byte == UInt8(ascii: ",") { advance(); continue }
                let start = index
                value(at: path + [.index(count)])
                count += 1
                if index == start { advance() }
            }
        case UInt8(ascii: "{"):
            advance()
            while true {
                skipBlank()
                guard let byte = peek else { return }
                if byte == UInt8(ascii: "}") { advance(); return }
                if byte == UInt8(ascii: ",") { advance(); continue }
                let start = index
                keyValue(in: path)
                if index == start { advance() }
            }
        default:
            // A number, boolean or date: up to what ends a value (dates may hold a space).
            while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "]"), byte != UInt8(ascii: "}"),
                  byte != UInt8(ascii: "#"), byte != 0x0A { advance() }
        }
    }

    /// A "basic" or """multi-line basic""" string; returns its text with escapes decoded (for keys).
    mutating func basicString() -> String {
        if at("\"\"\"") {
            advance(3)
            while peek != nil {
                if peek == UInt8(ascii: "\\") {
                    advance(2)
                } else if at("\"\"\"") {
                    advance(3)
                    // Up to two more quotes belong to the text, before the closing three.
                    for _ in 0..<2 where peek == UInt8(ascii: "\"") { advance() }
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
            if byte == UInt8(ascii: "\"") { break }
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

    /// The UTF-8 of the Unicode scalar written as `count` hexadecimal digits after `\u` or `\U`.
    mutating func scalar(hexDigits count: Int) -> [UInt8] {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let byte = peek, let digit = Self.hexValue(byte) else { break }
            value = value * 16 + digit
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
        if at("'''") {
            advance(3)
            while peek != nil {
                if at("'''") {
                    advance(3)
                    for _ in 0..<2 where peek == UInt8(ascii: "'") { advance() }
                    break
                }
                advance()
            }
            return ""
        }
        advance()
        let start = index
        while let byte = peek, byte != UInt8(ascii: "'"), byte != 0x0A { advance() }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if peek == UInt8(ascii: "'") { advance() }
        return text
    }
}
