import Foundation

/// Encodes `Encodable` values to exactly the bytes Foundation's `JSONEncoder` writes with
/// `.sortedKeys` and `.withoutEscapingSlashes` (and `.prettyPrinted` when `pretty`), for less.
///
/// Why: the 10,000-item corpus writes 65 MB of JSON (API documents carrying each item's HTML,
/// JSON-LD in every page, the search index), and Foundation's encoder took 0.69 of the build's
/// 5.2 CPU-seconds (perf): it files every object's keys in a dictionary, keeps coding paths as
/// arrays, and builds a value tree before writing it. This encoder writes each value's bytes as
/// it is encoded, key and all; an object whose keys came out of order is put in order when it closes.
/// JSONByteEncoderTests hold it to JSONEncoder's bytes on every shape Herald writes and more.
struct JSONByteEncoder {
    /// Whether to lay the document out on indented lines, as `.prettyPrinted` does.
    var pretty: Bool

    /// The value's JSON. Throws only for a number JSON cannot hold (NaN, infinity), as JSONEncoder does.
    func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let output = JSONByteOutput(pretty: pretty)
        try output.write(value, depth: 0, parent: nil, key: nil)
        guard !output.bytes.isEmpty else {
            // As JSONEncoder: inside a container such a value is `{}`, but a document needs a value.
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return output.bytes
    }
}

/// The bytes being written, and how to write each kind of value into them.
final class JSONByteOutput {
    /// The JSON written so far.
    var bytes: [UInt8] = []
    /// Whether containers are laid out on indented lines.
    let pretty: Bool

    init(pretty: Bool) {
        self.pretty = pretty
    }

    /// Writes any value at `depth` (the number of containers around it).
    func write<T: Encodable>(_ value: T, depth: Int, parent: JSONValueEncoder?, key: (any CodingKey)?) throws {
        // The types JSONEncoder writes its own way instead of as they encode themselves, then
        // one written once for many documents.
        if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if T.self == APIImage.self {
            // The same image in many cards: its bytes are written once per indentation.
            bytes += try (value as! APIImage).written.bytes(pretty: pretty, depth: depth) {
                let fresh = JSONByteOutput(pretty: pretty)
                let encoder = JSONValueEncoder(output: fresh, depth: depth, parent: parent, key: key)
                try value.encode(to: encoder)
                encoder.finish()
                return fresh.bytes
            }
        } else {
            let encoder = JSONValueEncoder(output: self, depth: depth, parent: parent, key: key)
            try value.encode(to: encoder)
            encoder.finish()
        }
    }

    /// Writes a string in quotes, escaped as JSONEncoder escapes it.
    func writeString(_ string: String) {
        Self.appendString(string, to: &bytes)
    }

    /// Appends a string in quotes, escaped as JSONEncoder escapes it: quote, backslash and the
    /// control characters; `/` and everything beyond ASCII stay as they are.
    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        bytes.append(0x22)
        string.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while true {
                index = nextToEscape(in: utf8, from: index)
                guard index < utf8.count else { break }
                let byte = utf8[index]
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(0x5C)
                switch byte {
                case 0x22, 0x5C: bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(UInt8(ascii: "u"))
                    bytes.append(0x30)
                    bytes.append(0x30)
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(0x22)
    }

    /// The index of the first byte from `start` on that must be escaped (a quote, a backslash or a
    /// control character), or the count when there is none. Eight bytes are tested at once, with
    /// the "has a zero byte" arithmetic: articles' HTML, the bulk of the API, was 95 ms of CPU
    /// tested a byte at a time on the 10,000-item corpus (perf).
    @inline(__always) static func nextToEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = utf8.baseAddress {
            let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
            while index + 8 <= utf8.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let (quote, backslash) = (word ^ (ones &* 0x22), word ^ (ones &* 0x5C))
                // A byte below 0x20, or one that is 0 after the XOR, sets its high bit here; only
                // bytes after such a byte can be set wrongly (by a borrow), never one before it.
                let found =
                    ((word &- ones &* 0x20) & ~word | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash)
                    & highs
                if found != 0 { break }
                index += 8
            }
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return index }
            index += 1
        }
        return index
    }

    /// A lowercase hexadecimal digit, as JSONEncoder writes `\u001f`.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : UInt8(ascii: "a") + value - 10
    }

    /// Writes an integer in decimal.
    func writeInteger<T: BinaryInteger>(_ value: T) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a floating-point number as JSONEncoder does: its shortest decimal form, without a
    /// trailing `.0`. NaN and infinity have no JSON form and are refused.
    func writeFloat<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, codingPath: [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(value) cannot be written in JSON"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes `true` or `false`.
    func writeBool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes `null`.
    func writeNull() {
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Appends the spaces that indent a line at `level`.
    static func appendIndent(_ level: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * level))
    }
}

/// The encoder one value encodes itself to; it holds the container the value asks for and
/// closes it, in JSON, once the value is done (`finish`).
final class JSONValueEncoder: Encoder {
    let output: JSONByteOutput
    /// How many containers stand around this value.
    let depth: Int
    /// The encoder of the container this value is in, and its key there, for `codingPath`.
    let parent: JSONValueEncoder?
    let key: (any CodingKey)?
    /// The container the value asked for, if it asked for one with elements.
    private(set) var container: JSONContainer?
    /// Whether the value wrote itself as one value (a single-value container).
    var wroteSingleValue = false

    init(output: JSONByteOutput, depth: Int, parent: JSONValueEncoder?, key: (any CodingKey)?) {
        self.output = output
        self.depth = depth
        self.parent = parent
        self.key = key
    }

    /// Made from the parent chain only when asked (for an error): keeping it as an array on
    /// every value cost an allocation per value.
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: JSONValueEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedContainer<Key>(encoder: self, storage: openContainer(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedContainer(encoder: self, storage: openContainer(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }

    /// The container values are being added to, opened at the current end of the output.
    /// Asking again returns the same one, as JSONEncoder does.
    private func openContainer(isObject: Bool) -> JSONContainer {
        if let container { return container }
        let opened = JSONContainer(isObject: isObject, in: output, depth: depth)
        container = opened
        return opened
    }

    /// Replaces the values written since the container opened with the container's JSON. A value
    /// that wrote nothing at all is an empty object inside a container, as in JSONEncoder, and
    /// nothing at the top (which `JSONByteEncoder.encode` refuses).
    func finish() {
        if let container {
            container.close(in: output)
        } else if !wroteSingleValue && parent != nil {
            JSONContainer(isObject: true, in: output, depth: depth).close(in: output)
        }
    }
}

/// An object or array being filled. Its elements are written where they stand, each after its
/// comma and key, as JSONEncoder lays them out (`"key" : value` and two spaces per level when
/// pretty); where each element's bytes lie is noted, so that an object whose keys did not come in
/// JSONEncoder's order (by their UTF-8 bytes), or came twice, or that has elements filled later
/// (`nestedContainer`), is put in order when it closes. Most objects need no reordering: copying
/// every container's bytes once more at each level of nesting, as this did before, was a third
/// of the encoder's time on the 10,000-item corpus (perf).
final class JSONContainer {
    /// One element: its key (objects only), and its bytes, either a range of the output (with the
    /// key, without the comma and indentation before it) or, for a container opened with
    /// `nestedContainer`, which may be filled later, an encoder writing into an output of its own.
    struct Element {
        var key: String
        var range: Range<Int>
        var nested: JSONValueEncoder?
    }

    let isObject: Bool
    /// Where in the output the container's opening bracket is.
    let start: Int
    /// How many containers stand around this one.
    let depth: Int
    let pretty: Bool
    var elements: [Element] = []
    /// How many elements are written in the output, where the next needs a comma before it.
    private var written = 0
    /// Whether the elements must be laid out again when the container closes.
    private var reorder = false

    init(isObject: Bool, in output: JSONByteOutput, depth: Int) {
        self.isObject = isObject
        start = output.bytes.count
        self.depth = depth
        pretty = output.pretty
        output.bytes.append(isObject ? 0x7B : 0x5B)
        if pretty { output.bytes.append(0x0A) }
    }

    /// Writes an element's value through `write`, after its comma and key, noting where it lies.
    func add(key: String, in output: JSONByteOutput, _ write: () throws -> Void) rethrows {
        if written > 0 {
            output.bytes.append(0x2C)
            if pretty { output.bytes.append(0x0A) }
        }
        written += 1
        if pretty { JSONByteOutput.appendIndent(depth + 1, to: &output.bytes) }
        let from = output.bytes.count
        if isObject {
            if let last = elements.last, !reorder, !Self.precedes(last.key, key) {
                reorder = true
            }
            appendKey(key, to: &output.bytes)
        }
        try write()
        elements.append(Element(key: key, range: from..<output.bytes.count, nested: nil))
    }

    /// Adds an element that is a container of its own, filled through the encoder returned.
    func addNested(key: (any CodingKey)?, of encoder: JSONValueEncoder) -> JSONValueEncoder {
        let nested = JSONValueEncoder(
            output: JSONByteOutput(pretty: encoder.output.pretty), depth: encoder.depth + 1, parent: encoder, key: key)
        elements.append(Element(key: key?.stringValue ?? "", range: 0..<0, nested: nested))
        reorder = true
        return nested
    }

    /// Ends the container's JSON, putting its elements in order first if they are not.
    func close(in output: JSONByteOutput) {
        if reorder { layOutAgain(in: output) }
        if pretty {
            output.bytes.append(0x0A)
            JSONByteOutput.appendIndent(depth, to: &output.bytes)
        }
        output.bytes.append(isObject ? 0x7D : 0x5D)
    }

    /// `"key":` (or `"key" : ` when pretty).
    private func appendKey(_ key: String, to bytes: inout [UInt8]) {
        JSONByteOutput.appendString(key, to: &bytes)
        if pretty { bytes.append(0x20) }
        bytes.append(0x3A)
        if pretty { bytes.append(0x20) }
    }

    /// Replaces the elements written with all of them in order, each after its comma and indentation.
    private func layOutAgain(in output: JSONByteOutput) {
        let order = isObject ? keyOrder() : Array(elements.indices)
        let opening = start + (pretty ? 2 : 1)
        var text: [UInt8] = []
        text.reserveCapacity(output.bytes.count - opening + order.count * (2 * depth + 16))
        for (position, index) in order.enumerated() {
            let element = elements[index]
            if position > 0 {
                text.append(0x2C)
                if pretty { text.append(0x0A) }
            }
            if pretty { JSONByteOutput.appendIndent(depth + 1, to: &text) }
            if let nested = element.nested {
                if isObject { appendKey(element.key, to: &text) }
                nested.finish()
                text.append(contentsOf: nested.output.bytes)
            } else {
                text.append(contentsOf: output.bytes[element.range])
            }
        }
        output.bytes.removeSubrange(opening...)
        output.bytes.append(contentsOf: text)
    }

    /// Whether `left` comes before `right` by their UTF-8 bytes, as JSONEncoder sorts keys: with
    /// `memcmp`, where the generic `lexicographicallyPrecedes` over the UTF-8 views was half of
    /// putting objects in order (0.7% of a build's CPU, perf).
    static func precedes(_ left: String, _ right: String) -> Bool {
        var (left, right) = (left, right)
        return left.withUTF8 { first in
            right.withUTF8 { second in
                let shared = min(first.count, second.count)
                let order = shared == 0 ? 0 : memcmp(first.baseAddress!, second.baseAddress!, shared)
                return order < 0 || (order == 0 && first.count < second.count)
            }
        }
    }

    /// The elements in the order an object writes them: by the keys' UTF-8 bytes, as JSONEncoder
    /// sorts them; of a repeated key only the last, as JSONEncoder's dictionary keeps it.
    private func keyOrder() -> [Int] {
        let sorted = elements.indices.sorted { lhs, rhs in
            let (left, right) = (elements[lhs].key, elements[rhs].key)
            return left == right ? lhs < rhs : Self.precedes(left, right)
        }
        var order: [Int] = []
        order.reserveCapacity(sorted.count)
        for (position, index) in sorted.enumerated()
        where position + 1 == sorted.count || elements[sorted[position + 1]].key != elements[index].key {
            order.append(index)
        }
        return order
    }
}

/// An object's container, as `KeyedEncodingContainer` reaches it.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONValueEncoder
    let storage: JSONContainer

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONByteOutput { encoder.output }

    mutating func encodeNil(forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeNull() }
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeBool(value) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeString(value) }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try storage.add(key: key.stringValue, in: output) {
            try output.writeFloat(value, codingPath: codingPath + [key])
        }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try storage.add(key: key.stringValue, in: output) {
            try output.writeFloat(value, codingPath: codingPath + [key])
        }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        storage.add(key: key.stringValue, in: output) { output.writeInteger(value) }
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try storage.add(key: key.stringValue, in: output) {
            try output.write(value, depth: encoder.depth + 1, parent: encoder, key: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        storage.addNested(key: key, of: encoder).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        storage.addNested(key: key, of: encoder).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { storage.addNested(key: JSONSuperKey(), of: encoder) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { storage.addNested(key: key, of: encoder) }
}

/// An array's container.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoder
    let storage: JSONContainer

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { storage.elements.count }
    private var output: JSONByteOutput { encoder.output }
    /// The key an element has in coding paths: its position.
    private var nextKey: JSONIndexKey { JSONIndexKey(intValue: count) }

    mutating func encodeNil() throws { storage.add(key: "", in: output) { output.writeNull() } }
    mutating func encode(_ value: Bool) throws { storage.add(key: "", in: output) { output.writeBool(value) } }
    mutating func encode(_ value: String) throws { storage.add(key: "", in: output) { output.writeString(value) } }
    mutating func encode(_ value: Double) throws {
        let key = nextKey
        try storage.add(key: "", in: output) { try output.writeFloat(value, codingPath: codingPath + [key]) }
    }
    mutating func encode(_ value: Float) throws {
        let key = nextKey
        try storage.add(key: "", in: output) { try output.writeFloat(value, codingPath: codingPath + [key]) }
    }
    mutating func encode(_ value: Int) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: Int8) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: Int16) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: Int32) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: Int64) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: UInt8) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: UInt16) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: UInt32) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode(_ value: UInt64) throws { storage.add(key: "", in: output) { output.writeInteger(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try storage.add(key: "", in: output) {
            try output.write(value, depth: encoder.depth + 1, parent: encoder, key: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        storage.addNested(key: nextKey, of: encoder).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.addNested(key: nextKey, of: encoder).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { storage.addNested(key: nextKey, of: encoder) }
}

/// A value that writes itself as one value: written where it stands, at its encoder's depth.
struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONByteOutput { encoder.output }

    private func wrote() { encoder.wroteSingleValue = true }

    mutating func encodeNil() throws {
        output.writeNull()
        wrote()
    }
    mutating func encode(_ value: Bool) throws {
        output.writeBool(value)
        wrote()
    }
    mutating func encode(_ value: String) throws {
        output.writeString(value)
        wrote()
    }
    mutating func encode(_ value: Double) throws {
        try output.writeFloat(value, codingPath: codingPath)
        wrote()
    }
    mutating func encode(_ value: Float) throws {
        try output.writeFloat(value, codingPath: codingPath)
        wrote()
    }
    mutating func encode(_ value: Int) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: Int8) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: Int16) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: Int32) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: Int64) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: UInt) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: UInt8) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: UInt16) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: UInt32) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode(_ value: UInt64) throws {
        output.writeInteger(value)
        wrote()
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        // The value stands in this one's place: same depth, same coding path.
        try output.write(value, depth: encoder.depth, parent: encoder.parent, key: encoder.key)
        wrote()
    }
}

/// An array element's key in coding paths.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

/// The key `superEncoder()` writes under, as JSONEncoder names it.
struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { self.init() }
    init?(intValue: Int) { return nil }
}
