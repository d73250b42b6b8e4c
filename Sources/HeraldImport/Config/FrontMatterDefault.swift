import Foundation
import Yams

/// One of Jekyll's `defaults:`: values given to every file a scope covers.
struct FrontMatterDefault: @unchecked Sendable {
    /// The folder the scope covers (`""` for all), and the type (`posts`, `pages`, a collection).
    var path: String
    var type: String?
    var values: [(key: String, value: Node)]

    /// Whether the scope covers a file of this type.
    func covers(_ file: String, type fileType: String) -> Bool {
        if let type, type != fileType { return false }
        if path.isEmpty { return true }
        if path.contains("*") {
            let pattern = path.split(separator: "/")
            let parts = file.split(separator: "/")
            return parts.count >= pattern.count && zip(pattern, parts).allSatisfy { $0 == "*" || $0 == $1 }
        }
        return file == path || file.hasPrefix(path.hasSuffix("/") ? path : path + "/")
    }
}
