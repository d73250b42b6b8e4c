import Foundation
import Herald

/// An old site's addresses written as absolute URLs on its own host (`https://example.org/club/news/x/`),
/// which the new site writes as the paths they stand for (`/news/x/`). Whether an address is safe
/// to carry over is the build's own rule, `WrittenAddress`: what the import converts, Herald builds.
enum OwnSiteAddress {
    /// Why `address` (a path, or an own-host URL already made one by `local`) cannot be carried
    /// into the new site, in the build's words, or nil. A host left in it is another site's.
    static func problem(_ address: String) -> String? {
        WrittenAddress.check(address, siteHost: nil)?.what
    }

    /// Whether an address names a host: `scheme://host/…` or `//host/…`.
    static func hasHost(_ address: String) -> Bool {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return true }
        guard let separator = trimmed.range(of: "://") else { return false }
        let scheme = trimmed[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// An absolute URL on the old site's own host (`https://example.org/club/news/x/` where the
    /// site's address is `https://example.org/club/`) as the path it stands for below the site's
    /// base (`/news/x/`); any other address as it is. `ownAddress` is the old site's baseURL.
    static func local(_ address: String, ownAddress: String?) -> String {
        guard hasHost(address), let ownAddress, let own = host(of: ownAddress), host(of: address) == own else {
            return address
        }
        var rest = Substring(address.trimmingCharacters(in: .whitespaces))
        rest = rest[rest.range(of: "//")!.upperBound...]
        let path = String(rest.drop { $0 != "/" })
        let base = URLComponents(string: ownAddress)?.path.trimmingSuffix("/") ?? ""
        if !base.isEmpty, path == base || path.hasPrefix(base + "/") {
            return path == base ? "/" : String(path.dropFirst(base.count))
        }
        return path.isEmpty ? "/" : path
    }

    /// An address's host, lower-cased, or nil when it has none.
    static func host(of address: String) -> String? {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        let text = trimmed.hasPrefix("//") ? "http:" + trimmed : trimmed
        guard hasHost(text), let host = URLComponents(string: text)?.host, !host.isEmpty else { return nil }
        return host.lowercased()
    }
}
