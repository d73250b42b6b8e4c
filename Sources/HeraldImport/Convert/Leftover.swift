import Foundation

/// A construct an import left in the text, to be reported at its source line.
struct Leftover: Sendable, Equatable {
    var line: Int
    /// What it is, for the report's count: `shortcode notice`, `Liquid include`, `Liquid output`.
    var kind: String
    /// The construct as written (its first line, shortened), for the message.
    var text: String
    /// Why it was left.
    var reason: String
}
