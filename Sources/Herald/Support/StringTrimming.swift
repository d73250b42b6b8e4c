extension StringProtocol {
    /// The text without leading and trailing whitespace and line breaks. Native Swift, unlike
    /// Foundation's `trimmingCharacters(in:)`, which on Linux bridges every call through CFString
    /// and was a visible part of parsing ten thousand files.
    func trimmed() -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        // One copy of the kept bytes (appending scalar by scalar cost 24,000 instructions a call).
        return String(Substring(scalars[first...last]))
    }
}

extension String {
    /// The first `count` Characters, as `prefix(count)`, for less where the text within reach is
    /// ASCII: two ASCII bytes, other than "\r\n", are always two Characters, so the bytes are the
    /// Characters; a mark after the last byte kept would join it, so that byte is looked at too.
    /// Why: walking 200 Characters of every item's summary, twice (its page's description and
    /// its JSON-LD's), was 0.6% of a build's CPU (perf).
    func prefix(characters count: Int) -> String {
        let utf8 = self.utf8
        if utf8.count <= count { return self }
        // Read in place: stepping the view's indices a byte at a time was most of this
        // function's time (perf).
        var text = self
        let ascii = text.withUTF8 { bytes in
            !bytes.prefix(count + 1).contains { $0 >= 0x80 || $0 == 0x0D }
        }
        if ascii { return String(Substring(utf8.prefix(count))) }
        return String(prefix(count))
    }
}
