import Foundation

/// The records a `SnapshotWriter` wrote and their shared table, as one file that is read one
/// record at a time: a page's context of 13,000 is read with the few shared entries it names,
/// never the whole file (which at 10,000 items takes 160 ms to read).
///
/// The form, all numbers 8-byte little-endian:
///
///     "HRLDSNP2"
///     the records' and entries' bytes, in the order the writer finished them
///     where each record starts and ends, then each entry (from the start of the file)
///     record count  entry count  "HRLDSNP2"
///
/// Where each is comes last so that the writer hands each megabyte on as it is finished,
/// rather than holding the whole (119 MB at 10,000 items) until it knows where everything is.
///
/// The file is mapped rather than read, so only the pages of what is read are loaded. It is
/// replaced whole by a rename (`SnapshotFile`), and otherwise only added to, by a rebuild that
/// holds a lock on it (`BuildSnapshot.append`): never cut short or changed in place, so a
/// mapping always sees the archive it mapped. Every span is checked on opening, and every read
/// within a record or entry is checked by `SnapshotReader`, so a changed file is refused, never
/// trusted.
final class SnapshotArchive {
    static let magic = Array("HRLDSNP2".utf8)
    /// The magic before the bytes, and the two counts and the magic again after the spans (a
    /// file cut short ends in something else).
    private static let framing = 8 + 16 + 8

    /// The file's bytes, and how to let go of them.
    private let base: UnsafeRawBufferPointer
    private let release: (UnsafeRawBufferPointer) -> Void
    /// Where each record and entry is, checked and copied when the archive is opened (a file
    /// changed in place since cannot make them disagree with the bytes read).
    private let records: [Range<Int>]
    private let entrySpans: [Range<Int>]
    var recordCount: Int { records.count }
    var entryCount: Int { entrySpans.count }
    /// Where every record and entry is, for a writer that adds to the archive.
    var spans: (records: [Range<Int>], entries: [Range<Int>]) { (records, entrySpans) }
    /// How many bytes the archive has.
    var size: Int { base.count }
    /// The file it was mapped from (device and inode), to tell it from one put in its place since.
    private(set) var file: (device: UInt64, inode: UInt64)? = nil
    /// The shared entries read so far, each read once (only those read take memory).
    private var entries: [Int: Entry] = [:]
    /// How deep the values being read nest, across entries (see `SnapshotReader.nested`).
    var depth = 0

    private enum Entry {
        case reading
        case text(String)
        case object(AnyObject)
    }

    /// Opens the archive `bytes` (what `bytes(of:)` made).
    convenience init(bytes: [UInt8]) throws {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        copy.copyBytes(from: bytes)
        let base = UnsafeRawBufferPointer(rebasing: copy[0..<bytes.count])
        do {
            self.init(base, layout: try Self.layout(of: base)) { _ in copy.deallocate() }
        } catch {
            copy.deallocate()
            throw error
        }
    }

    /// Opens the archive in the file at `path`, mapped: a regular file, never through a link,
    /// never waiting on a FIFO put in its place. Herald never cuts the file short in place (see
    /// above): a file cut short while it is mapped would end the process (SIGBUS).
    convenience init(contentsOf path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { throw SnapshotReader.Corrupt(description: "it cannot be opened") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= Self.framing,
            let mapped = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
        else { throw SnapshotReader.Corrupt(description: "it cannot be mapped") }
        let base = UnsafeRawBufferPointer(start: mapped, count: Int(info.st_size))
        do {
            self.init(base, layout: try Self.layout(of: base)) { munmap(mapped, $0.count) }
        } catch {
            munmap(mapped, base.count)
            throw error
        }
        file = (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    private init(
        _ base: UnsafeRawBufferPointer, layout: Layout, release: @escaping (UnsafeRawBufferPointer) -> Void
    ) {
        self.base = base
        self.release = release
        records = layout.records
        entrySpans = layout.entries
    }

    /// Where an archive's records and entries are.
    private struct Layout {
        var records: [Range<Int>]
        var entries: [Range<Int>]
    }

    /// The layout of the archive `base`, when it is framed as one and every span is within its bytes.
    private static func layout(of base: UnsafeRawBufferPointer) throws -> Layout {
        let size = base.count
        func number(at offset: Int) -> Int {
            Int(truncatingIfNeeded: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }
        guard size >= framing, base.prefix(8).elementsEqual(magic), base.suffix(8).elementsEqual(magic) else {
            throw SnapshotReader.Corrupt(description: "it is not a whole snapshot")
        }
        let (recordCount, entryCount) = (number(at: size - 24), number(at: size - 16))
        let spans = (size - framing) / 16
        guard recordCount >= 0, entryCount >= 0, recordCount <= spans, entryCount <= spans - recordCount else {
            throw SnapshotReader.Corrupt(description: "counts beyond the file")
        }
        let tablesAt = size - 24 - 16 * (recordCount + entryCount)
        func spansRead(_ count: Int, at offset: Int) throws -> [Range<Int>] {
            var read: [Range<Int>] = []
            // Room ahead for what a real archive has, not for whatever a count says.
            read.reserveCapacity(min(count, 1 << 16))
            for index in 0..<count {
                let (start, end) = (number(at: offset + 16 * index), number(at: offset + 16 * index + 8))
                guard start >= magic.count, start <= end, end <= tablesAt else {
                    throw SnapshotReader.Corrupt(description: "a record or entry beyond the file")
                }
                read.append(start..<end)
            }
            return read
        }
        return Layout(
            records: try spansRead(recordCount, at: tablesAt),
            entries: try spansRead(entryCount, at: tablesAt + 16 * recordCount))
    }

    deinit { release(base) }

    /// A reader of record `index`.
    func record(_ index: Int) throws -> SnapshotReader {
        guard index >= 0, index < recordCount else { throw SnapshotReader.Corrupt(description: "no such record") }
        return SnapshotReader(self, range: records[index])
    }

    func byte(at offset: Int) -> UInt8 { base[offset] }

    func withBytes<T>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(rebasing: base[range]))
    }

    /// The shared text numbered `number`, read once.
    func text(_ number: UInt64) throws -> String {
        let index = try entryIndex(number)
        switch entries[index] {
        case .text(let text): return text
        case .some: throw SnapshotReader.Corrupt(description: "a shared value read as text")
        case nil:
            let range = entryRange(index)
            let text = try withBytes(range) { bytes in
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw SnapshotReader.Corrupt(description: "text that is not UTF-8")
                }
                return text
            }
            entries[index] = .text(text)
            return text
        }
    }

    /// The shared object numbered `number`: the first time what `make` reads from its entry
    /// (which it must read whole), then the same object.
    func object<T: AnyObject>(_ number: UInt64, make: (SnapshotReader) throws -> T) throws -> T {
        let index = try entryIndex(number)
        switch entries[index] {
        case .object(let object):
            guard let object = object as? T else {
                throw SnapshotReader.Corrupt(description: "a shared value of another type")
            }
            return object
        case .reading: throw SnapshotReader.Corrupt(description: "a shared value that holds itself")
        case .text: throw SnapshotReader.Corrupt(description: "a shared text read as a value")
        case nil:
            entries[index] = .reading
            let reader = SnapshotReader(self, range: entryRange(index))
            let object = try reader.nested { try make(reader) }
            guard reader.isAtEnd else {
                throw SnapshotReader.Corrupt(description: "a shared value with bytes left over")
            }
            entries[index] = .object(object)
            return object
        }
    }

    /// How many shared entries have been read: what a record cost beyond its own bytes.
    var entriesRead: Int { entries.count }

    private func entryIndex(_ number: UInt64) throws -> Int {
        guard number < UInt64(entryCount) else {
            throw SnapshotReader.Corrupt(description: "a reference to no shared value")
        }
        return Int(number)
    }

    private func entryRange(_ index: Int) -> Range<Int> { entrySpans[index] }

    // MARK: Writing

    /// The archive of what `writer` wrote in memory, every record finished.
    static func bytes(of writer: SnapshotWriter) -> [UInt8] {
        var writer = writer
        _ = writer.finish()
        return writer.archive
    }
}
