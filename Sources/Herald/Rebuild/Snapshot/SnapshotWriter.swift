import Foundation

/// Writes values in the snapshot's binary form, which `SnapshotReader` reads back, into records
/// that a `SnapshotArchive` holds side by side and reads one at a time.
///
/// The snapshot is read only by the binary that wrote it (its header names the binary), so the
/// form has no keys and no versions: a value is its fields in the order its `write(to:)` writes
/// them, and its `init(from:)` reads them in the same order. Numbers are LEB128 varints (signed
/// ones zigzag), text is its length and UTF-8 bytes, an optional a byte (0 when absent) and the
/// value, a list its count and elements.
///
/// Written by hand rather than through `Codable`: an `Encoder` of the same form took 350 ms for
/// the page views of 10,000 items, a sixth of it the runtime looking up the generic metadata of
/// its containers (bench/RESULTS.md, issue 39's third part).
///
/// What many values share is written once, as an entry of the shared table, and wherever it
/// appears as the entry's number: an object (an item's view, shown by a dozen lists) through
/// `intern`, and a long text (an item's body, in its view, its API document and feeds) by the
/// storage it shares. The table is apart from the records, so one record (one page of 13,000)
/// is read with the few entries it names and nothing else.
struct SnapshotWriter {
    /// The records written so far, one after another, and the record being written.
    private(set) var bytes: [UInt8] = []
    /// Where each finished record ends in `bytes`.
    private(set) var recordEnds: [Int] = []
    /// The shared table's entries, one after another, and where each ends.
    private(set) var shared: [UInt8] = []
    private(set) var sharedEnds: [Int] = []

    private var objects: [ObjectIdentifier: Int] = [:]
    private var texts: [TextIdentity: Int] = [:]
    /// The objects and long texts written, kept alive while writing so that no other takes their
    /// identity or storage meanwhile.
    private var keptObjects: [AnyObject] = []
    private var keptTexts: [String] = []
    /// Buffers an entry is written into while a record (or another entry) is being written,
    /// kept for the next entry rather than allocated for each.
    private var spareBuffers: [[UInt8]] = []

    /// Texts shorter than this are written whole each time: looking them up would cost more
    /// than their bytes, and those shared by many values are bodies, far longer.
    static let sharedTextLength = 1024

    /// A writer with room for `capacity` bytes of records and `sharedCapacity` of shared entries,
    /// so that neither is copied as it grows (101 MB at 10,000 items; room not written to costs
    /// no memory).
    init(capacity: Int = 1 << 16, sharedCapacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
        shared.reserveCapacity(sharedCapacity)
    }

    mutating func write<T: SnapshotCodable>(_ value: T) { value.write(to: &self) }

    /// Ends the record being written: what is written next is the next record.
    mutating func endRecord() { recordEnds.append(bytes.count) }

    /// How many records are finished.
    var recordCount: Int { recordEnds.count }

    /// What was written, without what the writing kept to tell shared values apart: what an
    /// archive is made of, which may be handed to another thread.
    struct Written: Sendable {
        var bytes: [UInt8]
        var recordEnds: [Int]
        var shared: [UInt8]
        var sharedEnds: [Int]
    }

    var written: Written { Written(bytes: bytes, recordEnds: recordEnds, shared: shared, sharedEnds: sharedEnds) }

    /// Writes `object` once, as an entry of the shared table holding what `write` writes, and
    /// here (and wherever it is written again) as that entry's number. `SnapshotReader.intern`
    /// reads it back as one object.
    mutating func intern(_ object: AnyObject, write: (inout SnapshotWriter) -> Void) {
        let id = ObjectIdentifier(object)
        if let number = objects[id] { return varint(UInt64(number)) }
        let number = addEntry { write(&$0) }
        keptObjects.append(object)
        objects[id] = number
        varint(UInt64(number))
    }

    /// Writes what `write` writes as the next entry of the shared table, and returns its number.
    /// An entry may hold entries of its own (a view's body): each is written whole before it.
    private mutating func addEntry(_ write: (inout SnapshotWriter) -> Void) -> Int {
        var entry = spareBuffers.popLast() ?? []
        swap(&bytes, &entry)
        write(&self)
        swap(&bytes, &entry)
        shared.append(contentsOf: entry)
        sharedEnds.append(shared.count)
        entry.removeAll(keepingCapacity: true)
        spareBuffers.append(entry)
        return sharedEnds.count - 1
    }

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    /// Bytes as they are, which the reader reads as whatever they are.
    mutating func bytes(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Text: a short one as its length plus one and its bytes; a long one as 0 and the number of
    /// the shared entry holding its bytes (see the header).
    mutating func text(_ value: String) {
        let written = value.utf8.withContiguousStorageIfAvailable { utf8 in text(utf8) }
        guard let written else {
            // Made contiguous in a copy of its own, which must then outlive the writing too.
            var copy = value
            if copy.withUTF8({ text($0) }) { keptTexts.append(copy) }
            return
        }
        if written { keptTexts.append(value) }
    }

    /// Writes text's bytes; returns whether they were a long text written for the first time.
    private mutating func text(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count >= Self.sharedTextLength, let base = utf8.baseAddress else {
            varint(UInt64(utf8.count) + 1)
            bytes.append(contentsOf: utf8)
            return false
        }
        varint(0)
        let identity = TextIdentity(address: UInt(bitPattern: base), count: utf8.count)
        if let number = texts[identity] {
            varint(UInt64(number))
            return false
        }
        // Text holds no entries of its own, so it goes straight into the table.
        shared.append(contentsOf: utf8)
        sharedEnds.append(shared.count)
        let number = sharedEnds.count - 1
        texts[identity] = number
        varint(UInt64(number))
        return true
    }

    /// Where a text's bytes are: two texts there share their storage, and so are equal.
    private struct TextIdentity: Hashable {
        var address: UInt
        var count: Int
    }
}
