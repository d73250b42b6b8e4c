import Foundation

/// Encodes JSON the same way everywhere: keys sorted, slashes unescaped, pretty-printed (so the
/// golden files diff line by line), with a final newline. Same value, same bytes.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T, pretty: Bool = true) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        // Every value Herald encodes is strings, numbers and arrays of them: this cannot fail.
        var data = (try? encoder.encode(value)) ?? Data("null".utf8)
        data.append(0x0A)
        return data
    }
}
