/// A value that writes its own JSON, straight into bytes, for the documents Herald writes by the
/// thousand: each item's API document, the API's category pages, each page's JSON-LD, and the
/// search index's rows.
///
/// Why: through `Encodable`, every object and list costs an encoder and a container (two
/// allocations), a boxed keyed container, a closure per field and generic metadata look-ups;
/// those documents took 0.12 of the 10,000-item build's CPU-seconds, of which escaping and
/// copying the text itself was a fifth (perf). A writer lists its fields in the order JSONEncoder
/// sorts keys (by their UTF-8 bytes) and leaves out the nil ones, as synthesised `Encodable` does:
/// the `Encodable` conformance stays the reference, and JSONWriterTests hold every writer to
/// Foundation's bytes for it.
protocol JSONWritable: Encodable {
    /// Writes the value at the writer's current place.
    func writeJSON(to json: inout JSONWriter)
}

/// Writes JSON as `JSONByteEncoder` does (and so as Foundation's `JSONEncoder` does with sorted
/// keys and unescaped slashes): each container opens on its own line when `pretty`, each element
/// after its comma and indentation, `"key" : value`.
struct JSONWriter {
    /// The JSON written so far.
    private(set) var bytes: [UInt8] = []
    let pretty: Bool
    /// How many containers stand around the value being written.
    private(set) var depth: Int
    /// How many elements the innermost open container holds so far.
    private var count = 0
    #if DEBUG
        /// The innermost object's last key, to catch a writer whose keys are out of JSONEncoder's order.
        private var lastKey: String?
    #endif

    init(pretty: Bool, depth: Int = 0, capacity: Int = 0) {
        self.pretty = pretty
        self.depth = depth
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    /// Writes an object whose fields `fields` writes, in key order.
    @inline(__always) mutating func object(_ fields: (inout JSONWriter) -> Void) {
        container(open: 0x7B, close: 0x7D, fields)
    }

    /// Writes a list of `elements`, each written by `write`.
    @inline(__always) mutating func array<C: Collection>(_ elements: C, _ write: (inout JSONWriter, C.Element) -> Void)
    {
        container(open: 0x5B, close: 0x5D) { json in
            for element in elements {
                json.startElement()
                write(&json, element)
            }
        }
    }

    /// Writes a list whose elements, of any kinds, `elements` writes one by one with `element`.
    @inline(__always) mutating func list(_ elements: (inout JSONWriter) -> Void) {
        container(open: 0x5B, close: 0x5D, elements)
    }

    private mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONWriter) -> Void) {
        let outerCount = count
        #if DEBUG
            let outerKey = lastKey
            lastKey = nil
        #endif
        bytes.append(open)
        if pretty { bytes.append(0x0A) }
        (count, depth) = (0, depth + 1)
        body(&self)
        depth -= 1
        if pretty {
            bytes.append(0x0A)
            JSONByteOutput.appendIndent(depth, to: &bytes)
        }
        bytes.append(close)
        count = outerCount
        #if DEBUG
            lastKey = outerKey
        #endif
    }

    /// The comma and indentation before an element of the innermost container.
    private mutating func startElement() {
        if count > 0 {
            bytes.append(0x2C)
            if pretty { bytes.append(0x0A) }
        }
        count += 1
        if pretty { JSONByteOutput.appendIndent(depth, to: &bytes) }
    }

    /// Starts an object's field: its comma, indentation and key. Keys are names written in the
    /// source, which need no escaping.
    private mutating func key(_ key: StaticString) {
        startElement()
        #if DEBUG
            let text = key.description
            precondition(
                lastKey.map { JSONContainer.precedes($0, text) } ?? true,
                "JSON key \(text) written after \(lastKey ?? ""): a writer must follow JSONEncoder's key order")
            lastKey = text
        #endif
        bytes.append(0x22)
        // Through `withUTF8Buffer`: a one-character key is stored as a scalar, with no `utf8Start`.
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
        if pretty {
            bytes.append(contentsOf: [0x20, 0x3A, 0x20])
        } else {
            bytes.append(0x3A)
        }
    }

    /// Starts an object's field whose key is data, not source (a taxonomy's name): escaped as a
    /// string is. The caller writes such keys in sorted order, as `JSONEncoder` would.
    mutating func key(named name: String) {
        startElement()
        #if DEBUG
            lastKey = nil
        #endif
        JSONByteOutput.appendString(name, to: &bytes)
        if pretty {
            bytes.append(contentsOf: [0x20, 0x3A, 0x20])
        } else {
            bytes.append(0x3A)
        }
    }

    // MARK: Values

    mutating func value(_ string: String) { JSONByteOutput.appendString(string, to: &bytes) }
    mutating func value(_ number: Int) { bytes.append(contentsOf: String(number).utf8) }
    mutating func value(_ flag: Bool) { bytes.append(contentsOf: (flag ? "true" : "false").utf8) }
    mutating func value<T: JSONWritable>(_ value: T) { value.writeJSON(to: &self) }

    /// Appends JSON written elsewhere for a value standing at the current depth.
    mutating func append(written: [UInt8]) { bytes.append(contentsOf: written) }

    // MARK: Elements of a `list`

    mutating func element(_ string: String) {
        startElement()
        value(string)
    }
    mutating func element(_ number: Int) {
        startElement()
        value(number)
    }
    mutating func element(_ numbers: [Int]) {
        startElement()
        array(numbers) { $0.value($1) }
    }

    // MARK: Fields (a nil one is left out, as synthesised `Encodable` leaves it out)

    mutating func field(_ name: StaticString, _ string: String) {
        key(name)
        value(string)
    }
    mutating func field(_ name: StaticString, _ string: String?) {
        guard let string else { return }
        field(name, string)
    }
    mutating func field(_ name: StaticString, _ number: Int) {
        key(name)
        value(number)
    }
    mutating func field(_ name: StaticString, _ number: Int?) {
        guard let number else { return }
        field(name, number)
    }
    mutating func field(_ name: StaticString, _ flag: Bool) {
        key(name)
        value(flag)
    }
    mutating func field<T: JSONWritable>(_ name: StaticString, _ written: T) {
        key(name)
        written.writeJSON(to: &self)
    }
    mutating func field<T: JSONWritable>(_ name: StaticString, _ written: T?) {
        guard let written else { return }
        field(name, written)
    }
    mutating func field(_ name: StaticString, _ strings: [String]) {
        key(name)
        array(strings) { $0.value($1) }
    }
    mutating func field(_ name: StaticString, _ strings: [String]?) {
        guard let strings else { return }
        field(name, strings)
    }
    mutating func field(_ name: StaticString, _ numbers: [Int]) {
        key(name)
        array(numbers) { $0.value($1) }
    }
    mutating func field<T: JSONWritable>(_ name: StaticString, _ list: [T]) {
        key(name)
        array(list) { $0.value($1) }
    }
    mutating func field<T: JSONWritable>(_ name: StaticString, _ list: [T]?) {
        guard let list else { return }
        field(name, list)
    }
}
