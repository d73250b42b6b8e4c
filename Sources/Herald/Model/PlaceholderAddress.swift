import Foundation

/// Addresses no real site is published at: the names reserved for examples and for this machine
/// (RFC 2606 and RFC 6761). The starter site's `https://example.org/` is one; a site built with one
/// has feeds, calendars and shared links that lead nowhere.
public enum PlaceholderAddress {
    /// Whether the URL's host is a reserved example name (`example.org`, `news.example.com`,
    /// `union.example`) or this machine (`localhost`, `127.0.0.1`). `.test` is left out: a site
    /// built for a test server on purpose is not a slip.
    public static func isPlaceholder(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")) else {
            return false
        }
        let examples = ["example.com", "example.net", "example.org"]
        if examples.contains(where: { host == $0 || host.hasSuffix("." + $0) }) { return true }
        let reservedTopLevel = ["example", "invalid", "localhost"]
        if let last = host.split(separator: ".").last, reservedTopLevel.contains(String(last)) { return true }
        return host.hasPrefix("127.") || host == "::1" || host == "[::1]" || host == "0.0.0.0"
    }

    /// Whether the base URL written as text is a placeholder.
    public static func isPlaceholder(_ text: String) -> Bool {
        URL(string: text).map(isPlaceholder) ?? false
    }
}
