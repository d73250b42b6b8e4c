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
}
