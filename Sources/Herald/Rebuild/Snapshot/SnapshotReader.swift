import Foundation

/// Reads the values of one record or shared entry of a `SnapshotArchive`, in the order
/// `SnapshotWriter` wrote them (see its header for the form).
///
/// The bytes come from a file beside the output, which anything may have changed, so every read
/// is checked and throws `Corrupt` rather than trusting it: a length or count beyond the bytes
/// left, text that is not UTF-8, a reference to no shared entry or to one of another type or to
/// itself, a flag that is neither 0 nor 1, a date that is not a finite instant, values nested deeper than `deepestNesting`.
/// Nothing reads past the end; a count cannot make a loop outrun the bytes, since every element
/// takes at least one byte, nor reserve memory for more than `largestReservation` elements ahead.
final class SnapshotReader {
    struct Corrupt: Error, CustomStringConvertible {
        var description: String
    }

    /// The archive read, which holds the shared entries (read once each, whichever record names them).
    private let archive: SnapshotArchive
    private(set) var offset: Int
    private let end: Int

    /// How deep values may nest (front matter's lists and mappings): two bytes a level, an
    /// unbounded depth would let a small file exhaust the stack.
    static let deepestNesting = 128
    /// How many elements a list or table reserves room for before reading them: a count is at
    /// most the bytes left, but an element takes far more memory than its one byte.
    static let largestReservation = 1024

    /// Reads `range` of the archive's bytes, which it has checked is within them.
    init(_ archive: SnapshotArchive, range: Range<Int>) {
        self.archive = archive
        offset = range.lowerBound
        end = range.upperBound
    }

    /// Reads `bytes[range]` (all of them by default), as a record with no shared entries; a range
    /// beyond the bytes is cut to them.
    convenience init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        var writer = SnapshotWriter()
        writer.bytes(bytes)
        writer.endRecord()
        // An archive of one record and no entries is always one.
        let archive = try! SnapshotArchive(bytes: SnapshotArchive.bytes(of: writer))
        let record = try! archive.record(0)
        let end = min(max(range?.upperBound ?? bytes.count, 0), bytes.count)
        self.init(archive, range: record.offset + min(max(range?.lowerBound ?? 0, 0), end)..<record.offset + end)
    }

    /// Reads a value that may hold values of its own type, one level deeper.
    func nested<T>(_ read: () throws -> T) throws -> T {
        guard archive.depth < Self.deepestNesting else { throw Corrupt(description: "values nested too deep") }
        archive.depth += 1
        defer { archive.depth -= 1 }
        return try read()
    }

    var isAtEnd: Bool { offset >= end }

    /// Reads what `SnapshotWriter.intern` wrote: the object `make` reads from its shared entry
    /// the first time, the same object each time after.
    func intern<T: AnyObject>(_: T.Type, make: (SnapshotReader) throws -> T) throws -> T {
        try archive.object(try varint(), make: make)
    }

    func byte() throws -> UInt8 {
        guard offset < end else { throw Corrupt(description: "it ends early") }
        defer { offset += 1 }
        return archive.byte(at: offset)
    }

    func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Corrupt(description: "a number too long") }
            value |= UInt64(next & 0x7f) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    func signed() throws -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Corrupt(description: "a flag neither 0 nor 1")
        }
    }

    func double() throws -> Double {
        guard end - offset >= 8 else { throw Corrupt(description: "it ends early") }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(archive.byte(at: offset + index)) << (8 * UInt64(index)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    /// A count of elements or bytes to come: at most the bytes left.
    func count() throws -> Int {
        let value = try varint()
        guard value <= UInt64(end - offset) else { throw Corrupt(description: "a count beyond its end") }
        return Int(value)
    }

    func text() throws -> String {
        let head = try varint()
        if head > 0 { return try utf8(length: head - 1) }
        return try archive.text(try varint())
    }

    private func utf8(length: UInt64) throws -> String {
        guard length <= UInt64(end - offset) else { throw Corrupt(description: "text beyond its end") }
        let count = Int(length)
        defer { offset += count }
        return try archive.withBytes(offset..<offset + count) { buffer in
            guard let text = String(validating: buffer, as: UTF8.self) else {
                throw Corrupt(description: "text that is not UTF-8")
            }
            return text
        }
    }
}
