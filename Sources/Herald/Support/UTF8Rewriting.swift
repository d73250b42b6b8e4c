/// Byte-level rewriting of strings, shared by the escapers on the build's hot path (HTML text,
/// XML text, JSON inside a script element, iCalendar text and line folding).
///
/// Each escaper used to walk Unicode scalars and append them one at a time to a new `String`,
/// which costs hundreds of instructions per character; together they were a fifth of the
/// instructions of a build (callgrind, 1,000-item corpus). Working on UTF-8 bytes into one buffer,
/// and returning the string itself when no byte needs attention (most titles, URLs and dates),
/// makes them a rounding error. Every character these escapers treat specially is ASCII, or is
/// recognised by its whole UTF-8 sequence, so no multi-byte character is ever split.
extension String {
    /// `self` when `needsChange` holds for none of its UTF-8 bytes; else the string `rewrite`
    /// builds from all of its bytes. `rewrite` must append valid UTF-8.
    func rewritingUTF8(
        when needsChange: (UInt8) -> Bool, _ rewrite: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void
    ) -> String {
        var text = self
        return text.withUTF8 { bytes -> String? in
            guard bytes.contains(where: needsChange) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + bytes.count / 8 + 16)
            rewrite(bytes, &output)
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }
}

extension Array where Element == UInt8 {
    /// Appends an ASCII replacement such as `&amp;`.
    @inline(__always) mutating func append(ascii text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
