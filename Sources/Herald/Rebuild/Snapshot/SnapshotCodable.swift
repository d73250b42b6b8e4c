import Foundation

/// A value the snapshot holds: it writes its fields in order (`SnapshotWriter`), and reads them
/// back in the same order (`SnapshotReader`).
///
/// A type's two halves are written by hand, next to each other, through its memberwise
/// initializer, so a field added without a default value does not compile until both know it.
/// One added with a default is caught by `SnapshotCodingTests`, which holds every type to a sample
/// whose every text, number, flag, list and optional field is set (a nested value has a sample of
/// its own; an enum or a field whose default is not empty is set by hand), and to the same sample
/// read back.
protocol SnapshotCodable {
    func write(to output: inout SnapshotWriter)
    init(from input: SnapshotReader) throws
}

extension SnapshotReader {
    /// The next value, of the type the context asks for.
    func next<T: SnapshotCodable>() throws -> T { try T(from: self) }
}

extension String: SnapshotCodable {
    func write(to output: inout SnapshotWriter) { output.text(self) }
    init(from input: SnapshotReader) throws { self = try input.text() }
}

extension Int: SnapshotCodable {
    func write(to output: inout SnapshotWriter) { output.signed(Int64(self)) }
    init(from input: SnapshotReader) throws {
        guard let value = Int(exactly: try input.signed()) else {
            throw SnapshotReader.Corrupt(description: "a number out of range")
        }
        self = value
    }
}

extension UInt64: SnapshotCodable {
    func write(to output: inout SnapshotWriter) { output.varint(self) }
    init(from input: SnapshotReader) throws { self = try input.varint() }
}

extension Bool: SnapshotCodable {
    func write(to output: inout SnapshotWriter) { output.bool(self) }
    init(from input: SnapshotReader) throws { self = try input.bool() }
}

extension Double: SnapshotCodable {
    func write(to output: inout SnapshotWriter) { output.double(self) }
    init(from input: SnapshotReader) throws { self = try input.double() }
}

/// A date is its seconds from 2001; one that is not a finite instant within ten thousand years of
/// then is refused, since the calendar code that formats dates would trap on it.
extension Date: SnapshotCodable {
    func write(to output: inout SnapshotWriter) { output.double(timeIntervalSinceReferenceDate) }
    init(from input: SnapshotReader) throws {
        let seconds = try input.double()
        guard seconds.isFinite, abs(seconds) < 10_000 * 366 * 86_400 else {
            throw SnapshotReader.Corrupt(description: "a date out of range")
        }
        self.init(timeIntervalSinceReferenceDate: seconds)
    }
}

extension Optional: SnapshotCodable where Wrapped: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        guard let self else { return output.bool(false) }
        output.bool(true)
        self.write(to: &output)
    }

    init(from input: SnapshotReader) throws { self = try input.bool() ? try Wrapped(from: input) : nil }
}

extension Array: SnapshotCodable where Element: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.varint(UInt64(count))
        // By index, so each element is read where it is rather than copied out (a reference
        // count for each of its texts).
        for index in indices { self[index].write(to: &output) }
    }

    init(from input: SnapshotReader) throws {
        let count = try input.count()
        self.init()
        reserveCapacity(Swift.min(count, SnapshotReader.largestReservation))
        for _ in 0..<count { append(try Element(from: input)) }
    }
}

/// Tables are written in the order of their keys, so that equal tables are equal bytes.
extension Dictionary: SnapshotCodable where Key: SnapshotCodable & Comparable, Value: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.varint(UInt64(count))
        for key in keys.sorted() {
            key.write(to: &output)
            self[key]!.write(to: &output)
        }
    }

    init(from input: SnapshotReader) throws {
        let count = try input.count()
        self.init(minimumCapacity: Swift.min(count, SnapshotReader.largestReservation))
        for _ in 0..<count {
            let key = try Key(from: input)
            self[key] = try Value(from: input)
        }
    }
}

/// An enum with text values is written as its text, and a text it does not know is refused.
extension SnapshotCodable where Self: RawRepresentable, RawValue == String {
    func write(to output: inout SnapshotWriter) { output.text(rawValue) }
    init(from input: SnapshotReader) throws {
        let raw = try input.text()
        guard let value = Self(rawValue: raw) else {
            throw SnapshotReader.Corrupt(description: "no such case: \(raw.prefix(40))")
        }
        self = value
    }
}
