import Foundation

/// The records a `SnapshotWriter` wrote and their shared table, as one file that is read one
/// record at a time: a page's context of 13,000 is read with the few shared entries it names,
/// never the whole file (which at 10,000 items takes 160 ms to read).
///
/// The form, all numbers 8-byte little-endian:
///
///     "HRLDSNP1"  record count  entry count
///     where each record ends    where each entry ends   (from the start of their bytes)
///     the records' bytes        the entries' bytes
///
/// The file is mapped rather than read, so only the pages of what is read are loaded. It is
/// replaced whole by a rename (`BesideOutput.replace`), never changed in place, so a mapping
/// always sees one file. Every end is checked on opening, and every read within a record or
/// entry is checked by `SnapshotReader`, so a changed file is refused, never trusted.
final class SnapshotArchive {
    private static let magic = Array("HRLDSNP1".utf8)
    private static let headerSize = 24

    /// The file's bytes, and how to let go of them.
    private let base: UnsafeRawBufferPointer
    private let release: (UnsafeRawBufferPointer) -> Void
    let recordCount: Int
    let entryCount: Int
    /// Where each record and entry ends, checked and copied when the archive is opened (a file
    /// changed in place since cannot make them disagree with the bytes read); and where the
    /// records' and the entries' bytes start.
    private let recordEnds: [Int]
    private let entryEnds: [Int]
    private let recordsAt: Int
    private let entriesAt: Int
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
    /// never waiting on a FIFO put in its place. Herald replaces the file whole, never changes it
    /// in place; a file cut short in place while it is read would end the process (SIGBUS).
    convenience init(contentsOf path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { throw SnapshotReader.Corrupt(description: "it cannot be opened") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= Self.headerSize,
            let mapped = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
        else { throw SnapshotReader.Corrupt(description: "it cannot be mapped") }
        let base = UnsafeRawBufferPointer(start: mapped, count: Int(info.st_size))
        do {
            self.init(base, layout: try Self.layout(of: base)) { munmap(mapped, $0.count) }
        } catch {
            munmap(mapped, base.count)
            throw error
        }
    }

    private init(
        _ base: UnsafeRawBufferPointer, layout: Layout, release: @escaping (UnsafeRawBufferPointer) -> Void
    ) {
        self.base = base
        self.release = release
        recordEnds = layout.recordEnds
        entryEnds = layout.entryEnds
        recordCount = layout.recordEnds.count
        entryCount = layout.entryEnds.count
        recordsAt = Self.headerSize + 8 * (recordCount + entryCount)
        entriesAt = recordsAt + (layout.recordEnds.last ?? 0)
    }

    /// Where an archive's records and entries end, from the start of their bytes.
    private struct Layout {
        var recordEnds: [Int]
        var entryEnds: [Int]
    }

    /// The layout of the archive `base`, when its header is one and its ends rise within it.
    private static func layout(of base: UnsafeRawBufferPointer) throws -> Layout {
        let size = base.count
        func number(at offset: Int) -> Int {
            Int(truncatingIfNeeded: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }
        guard size >= headerSize, base.prefix(8).elementsEqual(magic) else {
            throw SnapshotReader.Corrupt(description: "it is not a snapshot")
        }
        let (records, entries) = (number(at: 8), number(at: 16))
        let tables = (size - headerSize) / 8
        guard records >= 0, entries >= 0, records <= tables, entries <= tables - records else {
            throw SnapshotReader.Corrupt(description: "counts beyond the file")
        }
        let recordsAt = headerSize + 8 * (records + entries)
        guard let recordEnds = rise(count: records, at: headerSize, within: size - recordsAt, number),
            let entryEnds = rise(
                count: entries, at: headerSize + 8 * records, within: size - recordsAt - (recordEnds.last ?? 0),
                number),
            recordsAt + (recordEnds.last ?? 0) + (entryEnds.last ?? 0) == size
        else { throw SnapshotReader.Corrupt(description: "ends out of order or beyond the file") }
        return Layout(recordEnds: recordEnds, entryEnds: entryEnds)
    }

    /// The `count` ends from `offset`, when they never fall and stay within `limit`.
    private static func rise(count: Int, at offset: Int, within limit: Int, _ number: (Int) -> Int) -> [Int]? {
        var ends: [Int] = []
        ends.reserveCapacity(count)
        for index in 0..<count {
            let end = number(offset + 8 * index)
            guard end >= (ends.last ?? 0), end <= limit else { return nil }
            ends.append(end)
        }
        return ends
    }

    deinit { release(base) }

    /// A reader of record `index`.
    func record(_ index: Int) throws -> SnapshotReader {
        guard index >= 0, index < recordCount else { throw SnapshotReader.Corrupt(description: "no such record") }
        return SnapshotReader(self, range: Self.range(index, of: recordEnds, from: recordsAt))
    }

    /// Where item `index` of those `ends` tells starts and ends, in bytes that start at `base`.
    private static func range(_ index: Int, of ends: [Int], from base: Int) -> Range<Int> {
        base + (index == 0 ? 0 : ends[index - 1])..<base + ends[index]
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

    private func entryRange(_ index: Int) -> Range<Int> { Self.range(index, of: entryEnds, from: entriesAt) }

    // MARK: Writing

    /// The archive of what `writer` wrote, every record finished.
    static func bytes(of writer: SnapshotWriter) -> [UInt8] { bytes(of: writer.written) }

    /// The archive of what a writer wrote.
    static func bytes(of writer: SnapshotWriter.Written) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size(of: writer))
        for part in parts(of: writer) { part.withUnsafeBytes { bytes.append(contentsOf: $0) } }
        return bytes
    }

    /// Writes the archive of what `writer` wrote into the file at `path`, replacing it whole
    /// (under another name, then renamed). Returns whether it was written.
    @discardableResult static func save(_ writer: SnapshotWriter, to path: String) -> Bool {
        save(writer.written, to: path)
    }

    /// Writes the archive of what a writer wrote into the file at `path` (see above).
    @discardableResult static func save(_ writer: SnapshotWriter.Written, to path: String) -> Bool {
        let temporary = path + ".tmp-herald\(getpid())"
        // Made new, never through a link put in its place (one left by a run that stopped is removed).
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        var written = true
        for part in parts(of: writer) where written {
            written = part.withUnsafeBytes { writeAll(descriptor, $0) }
        }
        written = close(descriptor) == 0 && written
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private static func size(of writer: SnapshotWriter.Written) -> Int {
        headerSize + 8 * (writer.recordEnds.count + writer.sharedEnds.count) + writer.bytes.count + writer.shared.count
    }

    /// The archive's parts in order: header, the two tables of ends, the records, the entries.
    private static func parts(of writer: SnapshotWriter.Written) -> [[UInt8]] {
        precondition(writer.bytes.count == (writer.recordEnds.last ?? 0), "a record not ended")
        var head = magic
        head.reserveCapacity(size(of: writer) - writer.bytes.count - writer.shared.count)
        for number in [writer.recordEnds.count, writer.sharedEnds.count] + writer.recordEnds + writer.sharedEnds {
            withUnsafeBytes(of: UInt64(number).littleEndian) { head.append(contentsOf: $0) }
        }
        return [head, writer.bytes, writer.shared]
    }
}
