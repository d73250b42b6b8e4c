/// Appends text to an output buffer as UTF-8 bytes, HTML-escaped or as it is. The one table of
/// HTML escapes: Herald's `HTMLEscaping` (feeds, JSON-LD, redirect pages) uses it too.
public enum HTMLBytes {
    /// Whether `byte` is one `appendEscaped` replaces.
    @inline(__always) public static func needsEscaping(_ byte: UInt8) -> Bool {
        // Every byte to escape is below 0x40, which rules out letters and most text at once.
        byte < 0x40 && (byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27)
    }

    /// Appends `text` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;`. Text with none
    /// of them (most titles, URLs and dates) is copied in one go; the bytes are read in place when
    /// the string stores them contiguously, as native Swift strings do.
    @inline(__always)
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in appendEscaped(bytes, to: &output) }
        if done == nil { appendEscaped(Array(text.utf8), to: &output) }
    }

    /// Appends `bytes` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;`.
    public static func appendEscaped<Bytes: Collection<UInt8>>(_ bytes: Bytes, to output: inout [UInt8]) {
        var clean = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if needsEscaping(byte) {
                output.append(contentsOf: bytes[clean..<index])
                switch byte {
                case 0x26: output.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
                case 0x3C: output.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
                case 0x3E: output.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
                case 0x22: output.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
                default: output.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
                }
                clean = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        output.append(contentsOf: bytes[clean..<bytes.endIndex])
    }

    /// Appends `text` as it is.
    @inline(__always)
    static func append(_ text: String, to output: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { output.append(contentsOf: $0) }
        if done == nil { output.append(contentsOf: text.utf8) }
    }

    /// Appends a whole number in decimal.
    static func append(_ number: Int, to output: inout [UInt8]) {
        append(String(number), to: &output)
    }
}
