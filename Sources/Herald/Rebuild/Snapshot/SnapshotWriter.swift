import Foundation

/// Writes values in the snapshot's binary form, which `SnapshotReader` reads back.
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
/// What many values share is written once: an object (an item's view, shown by a dozen lists)
/// through `intern`, and a long text (an item's body, in its view, its API document and feeds)
/// by the storage it shares, each later time as a number. A number refers back within one
/// writing, so a record that is to be read on its own (one page of many) must be written by a
/// writer of its own, or after the shared values, which a reader then reads first.
struct SnapshotWriter {
    private(set) var bytes: [UInt8] = []
    private var objects: [ObjectIdentifier: Int] = [:]
    /// The objects and long texts written, kept alive while writing so that no other takes their
    /// identity or storage meanwhile.
    private var keptObjects: [AnyObject] = []
    private var keptTexts: [String] = []
    private var texts: [TextIdentity: Int] = [:]

    /// Texts shorter than this are written whole each time: looking them up would cost more
    /// than their bytes, and those shared by many values are bodies, far longer.
    static let sharedTextLength = 1024

    init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    mutating func write<T: SnapshotCodable>(_ value: T) { value.write(to: &self) }

    /// Writes `object` once: the first time as 0 followed by what `write` writes, then as its
    /// number (from 1). `SnapshotReader.intern` reads it back as one object.
    mutating func intern(_ object: AnyObject, write: (inout SnapshotWriter) -> Void) {
        let id = ObjectIdentifier(object)
        if let number = objects[id] { return varint(UInt64(number)) }
        varint(0)
        write(&self)
        keptObjects.append(object)
        objects[id] = objects.count + 1
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

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Text: a short one as its length plus one and its bytes; a long one as 0, then 0 with its
    /// length and bytes the first time, else the number of that first time (see the header).
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
        varint(0)
        varint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
        texts[identity] = texts.count + 1
        return true
    }

    /// Where a text's bytes are: two texts there share their storage, and so are equal.
    private struct TextIdentity: Hashable {
        var address: UInt
        var count: Int
    }
}
