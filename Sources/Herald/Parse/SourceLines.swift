/// Where each line of a Markdown source starts and ends, numbered as cmark numbers them (from 1;
/// a line ends at `\n`, `\r\n` or a lone `\r`), so cmark's source positions can be read back
/// against the bytes.
struct SourceLines {
    /// The byte offset of each line's first byte; line `n` is at index `n - 1`.
    private var starts: [Int] = []
    /// The byte offset just past each line's text, before its line ending.
    private var ends: [Int] = []

    /// Splits `bytes` into lines once, on bytes (every line ending is ASCII).
    init(_ bytes: [UInt8]) {
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                starts.append(start)
                ends.append(index)
                index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        // The last line, when the text does not end with a line ending (cmark counts it too).
        if start < bytes.count {
            starts.append(start)
            ends.append(bytes.count)
        }
    }

    /// How many lines there are.
    var count: Int { starts.count }

    /// The byte range of line `number`'s text (without its line ending); nil past the end.
    func range(ofLine number: Int) -> Range<Int>? {
        guard number >= 1, number <= starts.count else { return nil }
        return starts[number - 1]..<ends[number - 1]
    }
}
