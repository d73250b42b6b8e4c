import Foundation

/// Encodes JSON the same way everywhere: keys sorted, slashes unescaped, pretty-printed (so the
/// golden files diff line by line), with a final newline. Same value, same bytes.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T, pretty: Bool = true) -> Data {
        // Every value Herald encodes is strings, finite numbers and lists of them: this cannot fail.
        var bytes = (try? JSONByteEncoder(pretty: pretty).encode(value)) ?? Array("null".utf8)
        bytes.append(0x0A)
        return Data(bytes)
    }

    /// The same bytes for a value that writes its own JSON, without `Encodable`'s containers.
    /// (Named apart from `encode`, which overload resolution prefers for needing no `capacity`.)
    static func write<T: JSONWritable>(_ value: T, pretty: Bool = true, capacity: Int = 1024) -> Data {
        var json = JSONWriter(pretty: pretty, capacity: capacity)
        value.writeJSON(to: &json)
        json.append(written: [0x0A])
        return Data(json.bytes)
    }
}
