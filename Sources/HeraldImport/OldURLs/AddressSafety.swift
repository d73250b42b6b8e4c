import Foundation

/// Whether an address taken from an old site (`url:`, `aliases:`, `permalink:`, `redirect_from:`,
/// a permalink pattern) is safe to become a path in the new site's output. An imported site is
/// input from other hands: an address that climbs out of the output folder (`/../../tmp/x`), in
/// any spelling, must not be carried into the new site, where building it would write there.
///
/// The build is getting the same rule in a shared validator; this is the import's copy of it until
/// then, with the same API, so that the import can later be pointed at that one.
enum AddressSafety {
    /// Why `address` (a path, or an absolute URL already found to be on the site's own host and
    /// turned into its path) cannot be an output path, or nil when it can.
    static func problem(with address: String) -> String? {
        for scalar in address.unicodeScalars {
            if scalar == "\0" { return "holds a NUL byte" }
            if scalar.properties.generalCategory == .control { return "holds a control character (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(4)))" }
            if scalar == "\\" { return "holds a backslash, which some systems read as a folder separator" }
        }
        if hasHost(address) { return "is an absolute URL on another host; an address of this site is a path (/news/…)" }
        // Decoded as a server would, as often as it still changes (`%252e` is `%2e` once decoded).
        var decoded = address
        for _ in 0..<4 {
            let lower = decoded.lowercased()
            if lower.contains("%2f") || lower.contains("%5c") { return "holds an encoded slash or backslash (%2F, %5C)" }
            guard decoded.contains("%") else { break }
            guard let once = decoded.removingPercentEncoding else { return "holds a % that is not valid percent-encoding" }
            if once == decoded { break }
            decoded = once
            if decoded.unicodeScalars.contains(where: { $0 == "\\" || $0.properties.generalCategory == .control }) {
                return "holds an encoded backslash or control character"
            }
        }
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: false) where segment == "." || segment == ".." {
            return address == decoded
                ? "has a '\(segment)' segment, which would lead outside the site's folder"
                : "has an encoded '\(segment)' segment (\(address)), which would lead outside the site's folder"
        }
        return nil
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
        guard hasHost(address), let ownAddress, let own = host(of: ownAddress), host(of: address) == own else { return address }
        var rest = Substring(address.trimmingCharacters(in: .whitespaces))
        rest = rest[rest.range(of: "//")!.upperBound...]
        let path = String(rest.drop { $0 != "/" })
        let base = URLComponents(string: ownAddress)?.path.trimmingSuffix("/") ?? ""
        if !base.isEmpty, path == base || path.hasPrefix(base + "/") { return path == base ? "/" : String(path.dropFirst(base.count)) }
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

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
