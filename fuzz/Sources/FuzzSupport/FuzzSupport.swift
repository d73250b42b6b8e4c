// What the Markdown targets share: a check that says what broke, and searches of the rendered
// HTML by bytes. (By characters, a combining mark right after a tag, `</a>߳`, would hide the tag:
// Swift joins the `>` and the mark into one character, where a browser reads bytes.)

/// `precondition`, whose message a release build drops: a finding must say what broke.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

/// The lines of a body as cmark counts them (and editors show them): ended by LF, CR or CRLF.
public func lineCount(of text: String) -> Int {
    var lines = 1
    var previous: UInt8 = 0
    for byte in text.utf8 {
        if byte == 0x0D || (byte == 0x0A && previous != 0x0D) { lines += 1 }
        previous = byte
    }
    return lines
}

/// How often `needle` occurs in `html`, by bytes.
public func occurrences(of needle: String, in html: String) -> Int {
    starts(of: needle, in: Array(html.utf8)).count
}

/// The text after each `prefix` up to the next `"`: the values of an attribute (`prefix` ends
/// with `="`), in order.
public func values(after prefix: String, in html: String) -> [String] {
    let bytes = Array(html.utf8)
    let length = prefix.utf8.count
    return starts(of: prefix, in: bytes).map { start in
        let from = start + length
        let end = bytes[from...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.count
        return String(decoding: bytes[from..<end], as: UTF8.self)
    }
}

/// The tag text (up to its `>`) at each `prefix`.
public func tags(at prefix: String, in html: String) -> [String] {
    let bytes = Array(html.utf8)
    return starts(of: prefix, in: bytes).map { start in
        let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

private func starts(of needle: String, in bytes: [UInt8]) -> [Int] {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return [] }
    var found: [Int] = []
    var index = 0
    while index <= bytes.count - pattern.count {
        if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            found.append(index)
            index += pattern.count
        } else {
            index += 1
        }
    }
    return found
}
