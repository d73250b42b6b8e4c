import Foundation

/// The rule for an address an editor writes, which becomes a path in the output: an item's `url:`,
/// its `aliases:` (`redirect_from:`), a `permalinks:` pattern. `herald import` holds an old site's
/// addresses to the same rule, so that what it converts, Herald builds.
///
/// An address names a page of *this* site, from its root. So it may not climb out of it (a `.` or
/// `..` segment, also percent-encoded, however often), use `\` or control characters (which
/// servers and other systems read as separators or cut at), name another site's host, or hold a
/// name longer than a file system takes. Checked when the file is read, so the editor gets
/// `path:line` naming the key; `ConfinedPath` holds the same line again under every writer,
/// whatever gets past here.
public enum WrittenAddress {
    /// What is wrong with an address, and what to do instead, as two parts of one sentence, so
    /// that the build and the import can each say it in their own frame.
    public struct Problem: Equatable, Sendable {
        /// What the address has, after the quoted address: "has a '..' segment, which …".
        public let what: String
        /// What to write instead.
        public let advice: String
    }

    /// Why `written` cannot be an address on this site, in words that name `key` as the editor
    /// wrote it, or nil. `siteHost` is the host of the site's `baseURL`: an absolute URL on it is
    /// the same as its path.
    public static func problem(_ written: String, key: String, siteHost: String?) -> String? {
        check(written, siteHost: siteHost).map { "\(key) '\(shortened(written))' \($0.what); \($0.advice)" }
    }

    /// What is wrong with `written` as an address on this site, or nil.
    public static func check(_ written: String, siteHost: String?) -> Problem? {
        // On scalars, not characters: `\` or `/` followed by a combining mark is one character
        // (found by fuzzing), but the same byte to a file system.
        if written.unicodeScalars.contains(where: isControl) {
            return Problem(what: "has a control character", advice: fromRoot)
        }
        if written.unicodeScalars.contains("\\") { return Problem(what: "has a '\\'", advice: slashes) }
        var path = Substring(written.trimmed())
        // `//host/path` names a host as `https://host/path` does (a browser reads it so).
        if let scheme = path.hasPrefix("//") ? path.range(of: "//") : path.range(of: "://") {
            let rest = path[scheme.upperBound...]
            let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = rest[..<hostEnd].split(separator: "@").last.map { $0.split(separator: ":").first ?? "" } ?? ""
            guard let siteHost, host.lowercased() == siteHost.lowercased() else {
                return Problem(
                    what: host.isEmpty ? "is not an address on this site" : "is an address on another site (\(host))",
                    advice: fromRoot)
            }
            path = rest[hostEnd...]
        }
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        return segmentProblem(path, encoded: false) ?? encodedProblem(String(path))
    }

    /// The problem hidden by percent-encoding. A server decodes `%2e%2e` to `..` before it looks
    /// for the file, and a proxy in front of it may decode again, so the address is decoded as
    /// long as that changes it (`%252e` is `%2e` once decoded); an address that needs more than
    /// four rounds has no honest reading.
    private static func encodedProblem(_ path: String) -> Problem? {
        var decoded = path
        for _ in 0..<4 {
            guard decoded.contains("%"), let once = decoded.removingPercentEncoding, once != decoded else { return nil }
            decoded = once
            if decoded.unicodeScalars.contains(where: isControl) {
                return Problem(what: "has an encoded control character", advice: fromRoot)
            }
            if decoded.unicodeScalars.contains("\\") {
                return Problem(what: "has an encoded '\\' (%5C)", advice: slashes)
            }
            if let problem = segmentProblem(Substring(decoded), encoded: true) { return problem }
        }
        return Problem(what: "is percent-encoded more than four times over", advice: fromRoot)
    }

    /// The problem with the segments of a path: `.`, `..`, or a name over 255 bytes.
    private static func segmentProblem(_ path: Substring, encoded: Bool) -> Problem? {
        for scalars in path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true) {
            let segment = String(String.UnicodeScalarView(scalars))
            if segment == "." || segment == ".." {
                let how = encoded ? "a '\(segment)' segment once percent-decoded" : "a '\(segment)' segment"
                return Problem(what: "has \(how), which would lead outside the site", advice: fromRoot)
            }
            let bytes = segment.utf8.count
            if bytes > ConfinedPath.longestName {
                return Problem(
                    what: "has a folder or file name of \(bytes) bytes",
                    advice: "names in an address may be at most \(ConfinedPath.longestName) bytes")
            }
        }
        return nil
    }

    private static let fromRoot = "write the address from the site's root, such as /news/my-post/"
    private static let slashes = "addresses separate folders with '/'"

    /// C0 and C1 control characters and DEL, which no address may hold.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The address as quoted in a message: the first 80 characters of a long one, control
    /// characters shown as �.
    public static func shortened(_ text: String) -> String {
        let visible = String(text.unicodeScalars.map { isControl($0) ? "�" : Character($0) })
        return visible.count > 80 ? String(visible.prefix(80)) + "…" : visible
    }
}
