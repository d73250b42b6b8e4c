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
    /// The records finished since they were last handed on, and the record being written.
    private(set) var bytes: [UInt8] = []
    /// The shared entries finished since they were last handed on.
    private var shared: [UInt8] = []
    /// Where each record and entry of `bytes` and `shared` starts and ends in them.
    private var recordsHeld: [Range<Int>] = []
    private var entriesHeld: [Range<Int>] = []
    /// Where each record and entry handed on starts and ends in the archive.
    private var recordSpans: [Range<Int>] = []
    private var entrySpans: [Range<Int>] = []
    /// Where the archive's bytes go as they are finished: a file open for writing, which
    /// `finish()` closes, or (tests, and the few bytes a reader is made from) `archive`.
    private let descriptor: Int32?
    private(set) var archive: [UInt8] = []
    /// How many bytes of the archive have gone.
    private var archived = 0
    private(set) var failed = false

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
    /// How many bytes of records, or of entries, are held before they are handed on: the whole
    /// archive (119 MB at 10,000 items) was once held until its end, the build's peak memory
    /// with it.
    static let heldBytes = 1 << 20

    /// A writer whose archive is kept in memory (`SnapshotArchive.bytes(of:)`).
    init() { self.init(descriptor: nil) }

    /// A writer whose archive goes into `descriptor`, open for writing at its start, as it is
    /// written: what the build holds at once is a megabyte of it, not the whole.
    init(writingTo descriptor: Int32) { self.init(descriptor: descriptor) }

    /// A writer that adds records, and the entries they name, to `archive`, read from the file
    /// `descriptor` is open to append to: they go after its bytes, and `finish()` then writes
    /// where every record and entry is, old and new. What the archive's last spans were is left
    /// where it was, unread.
    init(appendingTo descriptor: Int32, after archive: SnapshotArchive) {
        self.descriptor = descriptor
        archived = archive.size
        (recordSpans, entrySpans) = archive.spans
    }

    /// How many bytes the archive has so far.
    var position: Int { archived + bytes.count + shared.count }

    private init(descriptor: Int32?) {
        self.descriptor = descriptor
        if descriptor != nil {
            // Room for a megabyte and the record or entry that passes it, so that neither grows by copying.
            bytes.reserveCapacity(Self.heldBytes * 2)
            shared.reserveCapacity(Self.heldBytes * 2)
        }
        hand(SnapshotArchive.magic)
    }

    /// Hands `part` on, after everything handed on before it.
    private mutating func hand(_ part: [UInt8]) {
        guard !failed else { return }
        if let descriptor {
            failed = !part.withUnsafeBytes { WholeWrite.write($0, to: descriptor) }
        } else {
            archive.append(contentsOf: part)
        }
        archived += part.count
    }

    /// Hands on the finished records, which `bytes` then holds no more.
    private mutating func handRecords() {
        let base = archived
        recordSpans += recordsHeld.map { base + $0.lowerBound..<base + $0.upperBound }
        hand(bytes)
        bytes.removeAll(keepingCapacity: true)
        recordsHeld.removeAll(keepingCapacity: true)
    }

    private mutating func handEntries() {
        let base = archived
        entrySpans += entriesHeld.map { base + $0.lowerBound..<base + $0.upperBound }
        hand(shared)
        shared.removeAll(keepingCapacity: true)
        entriesHeld.removeAll(keepingCapacity: true)
    }

    /// Ends the archive: hands on what is held, then where each record and entry is (see
    /// `SnapshotArchive`), and closes the file. Returns whether every byte was written.
    mutating func finish() -> Bool {
        precondition(bytes.count == (recordsHeld.last?.upperBound ?? 0), "a record not ended")
        handRecords()
        handEntries()
        var tables: [UInt8] = []
        tables.reserveCapacity(16 * (recordSpans.count + entrySpans.count + 1))
        func number(_ value: Int) { withUnsafeBytes(of: UInt64(value).littleEndian) { tables.append(contentsOf: $0) } }
        for span in recordSpans + entrySpans {
            number(span.lowerBound)
            number(span.upperBound)
        }
        number(recordSpans.count)
        number(entrySpans.count)
        tables += SnapshotArchive.magic
        hand(tables)
        if let descriptor { failed = close(descriptor) != 0 || failed }
        return !failed
    }

    mutating func write<T: SnapshotCodable>(_ value: T) { value.write(to: &self) }

    /// Ends the record being written: what is written next is the next record.
    mutating func endRecord() {
        recordsHeld.append((recordsHeld.last?.upperBound ?? 0)..<bytes.count)
        if bytes.count >= Self.heldBytes { handRecords() }
    }

    /// How many records are finished.
    var recordCount: Int { recordSpans.count + recordsHeld.count }

    /// How many shared entries are finished: the number of the next.
    private var entryCount: Int { entrySpans.count + entriesHeld.count }

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
        let number = addEntry(entry)
        entry.removeAll(keepingCapacity: true)
        spareBuffers.append(entry)
        return number
    }

    /// Adds `bytes` as the next entry of the shared table, and returns its number.
    private mutating func addEntry<Bytes: Collection<UInt8>>(_ entry: Bytes) -> Int {
        let start = shared.count
        shared.append(contentsOf: entry)
        entriesHeld.append(start..<shared.count)
        let number = entryCount - 1
        if shared.count >= Self.heldBytes { handEntries() }
        return number
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
        let number = addEntry(utf8)
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
