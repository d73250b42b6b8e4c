import Synchronization

/// One segment of a name (`title` of `item.title`), interned: each distinct name gets a number
/// once, so views compare keys as integers. A view's `switch` over twenty or thirty string cases
/// compared the name with each in turn, and a name the view does not have (one looked up on its
/// way down the context stack) was compared with all of them; those comparisons were most of the
/// cost of rendering a page.
public struct TemplateKey: Hashable, Sendable {
    // The two properties have names no view key has, since views name their keys as static
    // members of this type (`TemplateKey.title`).
    /// The number shared by every key of this name in the process.
    public let serial: Int
    /// The name as written.
    public let written: String

    /// The key for `name`, numbered the first time the name is seen.
    public init(_ name: String) {
        written = name
        serial = TemplateKey.registry.withLock { table in
            if let id = table[name] { return id }
            let id = table.count
            table[name] = id
            return id
        }
    }

    public static func == (a: TemplateKey, b: TemplateKey) -> Bool { a.serial == b.serial }
    public func hash(into hasher: inout Hasher) { hasher.combine(serial) }

    private static let registry = Mutex<[String: Int]>([:])
}
