import Foundation

/// The rule for an address an editor writes, which becomes a path in the output: an item's `url:`,
/// its `aliases:` (`redirect_from:`), a `permalinks:` pattern.
///
/// An address names a page of *this* site, from its root. So it may not climb out of it (a `.` or
/// `..` segment, also percent-encoded), use `\` or control characters (which servers and other
/// systems read as separators or cut at), name another site's host, or hold a name longer than a
/// file system takes. Checked when the file is read, so the editor gets `path:line` naming the
/// key; `ConfinedPath` holds the same line again under every writer, whatever gets past here.
public enum WrittenAddress {
    /// Why `written` cannot be an address on this site, in words that name `key` as the editor
    /// wrote it, or nil. `siteHost` is the host of the site's `baseURL`: an absolute URL on it is
    /// the same as its path.
    public static func problem(_ written: String, key: String, siteHost: String?) -> String? {
        let quoted = "\(key) '\(shortened(written))'"
        let example = "write the address from the site's root, such as /news/my-post/"
        if written.unicodeScalars.contains(where: isControl) { return "\(quoted) has a control character; \(example)" }
        // On scalars, not characters: `\` or `/` followed by a combining mark is one character
        // (found by fuzzing), but the same byte to a file system.
        if written.unicodeScalars.contains("\\") { return "\(quoted) has a '\\'; addresses separate folders with '/'" }
        var path = Substring(written.trimmed())
        // `//host/path` names a host as `https://host/path` does (a browser reads it so).
        if let scheme = path.hasPrefix("//") ? path.range(of: "//") : path.range(of: "://") {
            let rest = path[scheme.upperBound...]
            let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = rest[..<hostEnd].split(separator: "@").last.map { $0.split(separator: ":").first ?? "" } ?? ""
            guard let siteHost, host.lowercased() == siteHost.lowercased() else {
                return host.isEmpty ? "\(quoted) is not an address on this site; \(example)" : "\(quoted) is an address on another site (\(host)); \(example)"
            }
            path = rest[hostEnd...]
        }
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        if let problem = segmentProblem(path, quoted: quoted, encoded: false) { return problem }
        guard path.contains("%") else { return nil }
        // Servers decode `%2e%2e` to `..` before they look for the file; so would anything that
        // copies the output by its URLs.
        let decoded = String(path).removingPercentEncoding ?? String(path)
        if decoded.unicodeScalars.contains(where: isControl) { return "\(quoted) has an encoded control character; \(example)" }
        if decoded.unicodeScalars.contains("\\") { return "\(quoted) has an encoded '\\' (%5C); addresses separate folders with '/'" }
        return segmentProblem(Substring(decoded), quoted: quoted, encoded: true)
    }

    /// The problem with the segments of a path: `.`, `..`, or a name over 255 bytes.
    private static func segmentProblem(_ path: Substring, quoted: String, encoded: Bool) -> String? {
        for scalars in path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true) {
            let segment = String(String.UnicodeScalarView(scalars))
            if segment == "." || segment == ".." {
                let how = encoded ? "an encoded '\(segment)' segment (such as %2e%2e)" : "a '\(segment)' segment"
                return "\(quoted) has \(how), which would lead outside the site; write the address from the site's root, such as /news/my-post/"
            }
            let bytes = segment.utf8.count
            if bytes > ConfinedPath.longestName {
                return "\(quoted) has a folder or file name of \(bytes) bytes; names in an address may be at most \(ConfinedPath.longestName) bytes"
            }
        }
        return nil
    }

    /// C0 and C1 control characters and DEL, which no address may hold.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The address as quoted in a message: the first 80 characters of a long one.
    static func shortened(_ text: String) -> String {
        let visible = String(text.unicodeScalars.map { isControl($0) ? "�" : Character($0) })
        return visible.count > 80 ? String(visible.prefix(80)) + "…" : visible
    }
}
