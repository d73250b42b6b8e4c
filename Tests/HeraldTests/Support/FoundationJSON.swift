import Foundation

/// Foundation's JSONEncoder with the options JSONOutput promises (sorted keys, unescaped
/// slashes, pretty-printed when asked): the reference Herald's own JSON is held to.
enum FoundationJSON {
    static func text<T: Encodable>(_ value: T, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
