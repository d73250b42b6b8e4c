/// The table syntax of GitHub Flavored Markdown read from one line's bytes, as cmark-gfm reads
/// it (`row_from_string` in `extensions/table.c` and the scanners in `ext_scanners.re`).
enum TableLineSyntax {
    /// A column's alignment, from the colons of its delimiter cell.
    enum Alignment {
        case none, left, center, right

        /// The attribute cmark-gfm writes on the column's `<th>` and `<td>` tags.
        var attribute: String {
            switch self {
            case .none: ""
            case .left: " align=\"left\""
            case .center: " align=\"center\""
            case .right: " align=\"right\""
            }
        }
    }

    /// The cells of a row in `range`, each the byte range of its raw text (escapes kept, not
    /// trimmed); nil for a line without a cell, such as `|` alone. Leading and trailing pipes are
    /// optional, and `\|` does not end a cell.
    static func cells(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>]? {
        let end = range.upperBound
        var offset = range.lowerBound + pipeLength(bytes, at: range.lowerBound, end: end)
        var cells: [Range<Int>] = []
        while offset < end {
            var cellEnd = offset
            while cellEnd < end, bytes[cellEnd] != pipe {
                cellEnd += (bytes[cellEnd] == backslash && cellEnd + 1 < end && bytes[cellEnd + 1] == pipe) ? 2 : 1
            }
            let pipeAfter = pipeLength(bytes, at: cellEnd, end: end)
            if cellEnd > offset || pipeAfter > 0 { cells.append(offset..<cellEnd) }
            offset = cellEnd + pipeAfter
            // A cell only ends at a pipe or at the end of the line, so without a pipe this is the end.
            if pipeAfter == 0 { break }
        }
        return cells.isEmpty ? nil : cells
    }

    /// Whether the text in `range` is a delimiter row: `:?-+:?` cells (with spaces and tabs around)
    /// between pipes, the outer pipes optional.
    static func isDelimiterRow(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let end = range.upperBound
        var index = range.lowerBound
        /// Passes one delimiter cell; false (and `index` unknown) if there is none.
        func delimiter() -> Bool {
            while index < end, isTableSpace(bytes[index]) { index += 1 }
            if index < end, bytes[index] == colon { index += 1 }
            let dashes = index
            while index < end, bytes[index] == dash { index += 1 }
            guard index > dashes else { return false }
            if index < end, bytes[index] == colon { index += 1 }
            while index < end, isTableSpace(bytes[index]) { index += 1 }
            return true
        }
        if index < end, bytes[index] == pipe { index += 1 }
        guard delimiter() else { return false }
        while index < end, bytes[index] == pipe {
            let afterPipe = index + 1
            index = afterPipe
            if !delimiter() {
                // That pipe was the optional trailing one.
                index = afterPipe
                break
            }
        }
        while index < end, isTableSpace(bytes[index]) { index += 1 }
        return index == end
    }

    /// The alignment a delimiter cell asks for: a colon on the left, the right, or both.
    static func alignment(of cell: Range<Int>, in bytes: [UInt8]) -> Alignment {
        let text = cellText(bytes, cell)
        let left = text.first == colon
        let right = text.last == colon
        switch (left, right) {
        case (true, true): return .center
        case (true, false): return .left
        case (false, true): return .right
        case (false, false): return .none
        }
    }

    /// A cell's Markdown: every `\|` turned into `|` (before inlines are parsed, so also inside
    /// code spans), white space trimmed at both ends.
    static func cellText(_ bytes: [UInt8], _ cell: Range<Int>) -> [UInt8] {
        var text = unescapingPipes(bytes[cell])
        while let last = text.last, isSpace(last) { text.removeLast() }
        let leading = text.prefix(while: isSpace).count
        if leading > 0 { text.removeFirst(leading) }
        return text
    }

    /// `bytes` with the backslash of every `\|` dropped.
    static func unescapingPipes(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == backslash, index + 1 < bytes.endIndex, bytes[index + 1] == pipe { index += 1 }
            text.append(bytes[index])
            index += 1
        }
        return text
    }

    /// Whether `line` opens a block where a table row could otherwise go: cmark-gfm tries the
    /// ordinary block starts before a row, and after a table (unlike inside a paragraph, where
    /// cmark saw these lines) indented code, an empty list item, an ordered list from any number,
    /// a thematic break and an HTML block of the seventh kind may start.
    static func startsBlock(_ bytes: [UInt8], _ line: ParagraphLine) -> Bool {
        if line.indent >= 4 { return true }
        let text = bytes[line.textStart..<line.end]
        return isThematicBreak(text) || isListMarker(text) || isHTMLBlockStart7(text)
    }

    /// `***`, `---` or `___` (three or more, spaces and tabs allowed between).
    private static func isThematicBreak(_ text: ArraySlice<UInt8>) -> Bool {
        guard let mark = text.first, mark == UInt8(ascii: "*") || mark == dash || mark == UInt8(ascii: "_") else {
            return false
        }
        var count = 0
        for byte in text {
            if byte == mark { count += 1 } else if byte != 0x20 && byte != 0x09 { return false }
        }
        return count >= 3
    }

    /// `-`, `+` or `*`, or one to nine digits and `.` or `)`, followed by white space or the line's end.
    private static func isListMarker(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        guard index < text.endIndex else { return false }
        if text[index] == dash || text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "*") {
            index += 1
        } else {
            while index < text.endIndex, index - text.startIndex < 9, isDigit(text[index]) { index += 1 }
            guard index > text.startIndex, index < text.endIndex,
                text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ")")
            else { return false }
            index += 1
        }
        return index == text.endIndex || isSpace(text[index])
    }

    /// An HTML block start of the seventh kind: a whole open or closing tag alone on the line
    /// (cmark's `scan_html_block_start_7`).
    private static func isHTMLBlockStart7(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        let end = text.endIndex
        func passSpaces() -> Int {
            let start = index
            while index < end, isHTMLSpace(text[index]) { index += 1 }
            return index - start
        }
        func passTagName() -> Bool {
            guard index < end, isLetter(text[index]) else { return false }
            while index < end, isLetter(text[index]) || isDigit(text[index]) || text[index] == dash { index += 1 }
            return true
        }
        guard index < end, text[index] == UInt8(ascii: "<") else { return false }
        index += 1
        if index < end, text[index] == UInt8(ascii: "/") {
            index += 1
            guard passTagName() else { return false }
            _ = passSpaces()
        } else {
            guard passTagName() else { return false }
            // Attributes: white space, a name, and perhaps `=` and a value.
            while true {
                let beforeAttribute = index
                guard passSpaces() > 0, index < end, isAttributeNameStart(text[index]) else {
                    index = beforeAttribute
                    break
                }
                while index < end,
                    isAttributeNameStart(text[index]) || isDigit(text[index]) || text[index] == UInt8(ascii: ".")
                        || text[index] == dash
                {
                    index += 1
                }
                let beforeValue = index
                _ = passSpaces()
                if index < end, text[index] == UInt8(ascii: "=") {
                    index += 1
                    _ = passSpaces()
                    if !passAttributeValue(text, &index) { index = beforeValue }
                } else {
                    index = beforeValue
                }
            }
            _ = passSpaces()
            if index < end, text[index] == UInt8(ascii: "/") { index += 1 }
        }
        guard index < end, text[index] == UInt8(ascii: ">") else { return false }
        index += 1
        while index < end, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0C { index += 1 }
        return index == end
    }

    /// Passes an attribute value: quoted in `'` or `"`, or unquoted; false if there is none.
    private static func passAttributeValue(_ text: ArraySlice<UInt8>, _ index: inout Int) -> Bool {
        guard index < text.endIndex else { return false }
        let quote = text[index]
        if quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
            guard let close = text[(index + 1)...].firstIndex(of: quote) else { return false }
            index = close + 1
            return true
        }
        let start = index
        while index < text.endIndex, isUnquotedValueByte(text[index]) { index += 1 }
        return index > start
    }

    /// The bytes the table syntax is made of.
    private static let pipe = UInt8(ascii: "|"), backslash = UInt8(ascii: "\\"), colon = UInt8(ascii: ":"),
        dash = UInt8(ascii: "-")

    /// The bytes of `scan_table_cell_end` at `index`: a pipe and the table spaces after it.
    private static func pipeLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int {
        guard index < end, bytes[index] == pipe else { return 0 }
        var after = index + 1
        while after < end, isTableSpace(bytes[after]) { after += 1 }
        return after - index
    }

    /// cmark-gfm's `table_spacechar`: space, tab, vertical tab, form feed.
    private static func isTableSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }
    /// cmark's `cmark_isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    /// The white space of cmark's HTML scanners (the same set).
    private static func isHTMLSpace(_ byte: UInt8) -> Bool { isSpace(byte) }
    /// An ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    /// An ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    /// A byte that may start an HTML attribute name (`[A-Za-z_:]`).
    private static func isAttributeNameStart(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == colon
    }
    /// A byte of an unquoted attribute value: anything but white space, quotes, `=`, `<`, `>`, a backtick and NUL.
    private static func isUnquotedValueByte(_ byte: UInt8) -> Bool {
        !isHTMLSpace(byte) && byte != 0x22 && byte != 0x27 && byte != 0x3D && byte != 0x3C && byte != 0x3E
            && byte != 0x60 && byte != 0
    }
}
