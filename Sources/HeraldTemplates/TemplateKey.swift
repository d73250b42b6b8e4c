import Foundation

/// One segment of a name (`title` of `item.title`), interned: each distinct name gets a number
/// once, so a view finds a key's value by its number (`TemplateFields`) rather than by comparing
/// the name with each of its own, and a name the view does not have (one looked up on its way
/// down the context stack) costs one array read.
public struct TemplateKey: Hashable, Sendable {
    // The two properties have names no view key has, since the few keys code needs are static
    // members of this type (`TemplateKey.site`).
    /// The number shared by every key of this name in the process.
    public let serial: Int
    /// The name as written.
    public let written: String

    /// The key for `name`, numbered the first time the name is seen.
    public init(_ name: String) {
        written = name
        TemplateKey.lock.lock()
        defer { TemplateKey.lock.unlock() }
        if let serial = TemplateKey.serials[name] {
            self.serial = serial
        } else {
            serial = TemplateKey.serials.count
            TemplateKey.serials[name] = serial
        }
    }

    public static func == (a: TemplateKey, b: TemplateKey) -> Bool { a.serial == b.serial }
    public func hash(into hasher: inout Hasher) { hasher.combine(serial) }

    // An NSLock (a pthread mutex) rather than Synchronization's Mutex, which the thread sanitizer
    // cannot see on Linux and so reports every use from two threads as a race.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var serials: [String: Int] = [:]
}

extension TemplateKey: ExpressibleByStringLiteral {
    /// A key written as its name, as views declare their fields (`TemplateField("title", …)`).
    public init(stringLiteral name: String) { self.init(name) }
}
