import Foundation

/// What converting one body gave.
struct BodyConversion: Sendable, Equatable {
    var text: String
    /// Construct name → how many were converted.
    var converted: [String: Int] = [:]
    var leftovers: [Leftover] = []
    /// Whether the converted text holds HTML (a figure with a caption, a video), so the site
    /// needs `markdown.unsafe`.
    var usesHTML = false
}
