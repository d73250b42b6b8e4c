/// A place in one source line as cmark's block parser keeps it: the byte, the column (a tab runs
/// to the next multiple of 4) and whether a tab has been consumed only in part. The moves copy
/// cmark 0.30's `S_find_first_nonspace` and `S_advance_offset`, so that a line read back here
/// splits where cmark split it.
struct LineCursor {
    /// The byte the cursor is on.
    var offset: Int
    /// The column the cursor is at, counted from the start of the line.
    var column = 0
    /// Whether the tab at `offset` is partly consumed (its remaining columns still count).
    var partialTab = false
    /// The end of the line's text (before its line ending).
    let end: Int

    /// A cursor at the start of the line `range`.
    init(line range: Range<Int>) {
        offset = range.lowerBound
        end = range.upperBound
    }

    /// The first byte from here that is not a space or tab, and the columns of white space before it.
    func firstNonspace(in bytes: [UInt8]) -> (offset: Int, indent: Int) {
        var index = offset
        var reached = column
        var toTabStop = 4 - column % 4
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 {
                index += 1
                reached += 1
                toTabStop = toTabStop == 1 ? 4 : toTabStop - 1
            } else if byte == 0x09 {
                index += 1
                reached += toTabStop
                toTabStop = 4
            } else {
                break
            }
        }
        return (index, reached - column)
    }

    /// Moves `count` bytes on, or `count` columns when `columns` (then a tab may be consumed in part).
    mutating func advance(_ count: Int, columns: Bool, in bytes: [UInt8]) {
        var count = count
        while count > 0, offset < end {
            if bytes[offset] == 0x09 {
                let toTabStop = 4 - column % 4
                if columns {
                    partialTab = toTabStop > count
                    let step = min(count, toTabStop)
                    column += step
                    if !partialTab { offset += 1 }
                    count -= step
                } else {
                    partialTab = false
                    column += toTabStop
                    offset += 1
                    count -= 1
                }
            } else {
                partialTab = false
                offset += 1
                column += 1
                count -= 1
            }
        }
    }

    /// The spaces cmark puts in a line's text for the part of a tab a container prefix left over.
    var leftoverTabColumns: Int { partialTab ? 4 - column % 4 : 0 }
}
