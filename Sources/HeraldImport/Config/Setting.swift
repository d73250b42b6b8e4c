import Foundation

/// A setting of the old site, with the `file:line` it came from, for site.yml's comments.
struct Setting<Value: Sendable & Equatable>: Sendable, Equatable {
    var value: Value
    var origin: String
}
