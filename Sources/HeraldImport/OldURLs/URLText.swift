import Foundation

/// Text made URL-safe the ways the old generators do it.
enum URLText {
    /// Hugo's `urlize` and path sanitising: spaces become `-`; letters, digits, marks and `._-~+`
    /// stay; everything else goes; lower-cased unless the site said not to.
    static func hugo(_ text: String, lowerCase: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
                || "._-~+/".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else if properties.isWhitespace {
                result += "-"
            }
        }
        return lowerCase ? result.lowercased() : result
    }

    /// Jekyll's `slugify`: `pretty` keeps `._~!$&'()+,;=@`, `default` only letters and digits; runs
    /// of anything else become one `-`, trimmed at both ends; lower-cased unless `cased`.
    static func jekyll(_ text: String, pretty: Bool, cased: Bool) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            let keep =
                properties.isAlphabetic || properties.numericType == .decimal
                || properties.generalCategory == .nonspacingMark
                || (pretty && "._~!$&'()+,;=@".unicodeScalars.contains(scalar))
            if keep {
                if pendingDash, !result.isEmpty { result += "-" }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return cased ? result : result.lowercased()
    }

    /// A written path (`/a/b`, `a/b/`, `https://host/a/`) as a path below the site's base.
    static func sitePath(_ written: String, basePath: String = "") -> String {
        var path = written.trimmingCharacters(in: .whitespaces)
        if let scheme = path.range(of: "://") { path = String(path[scheme.upperBound...].drop { $0 != "/" }) }
        if !basePath.isEmpty, path.hasPrefix(basePath + "/") { path = String(path.dropFirst(basePath.count)) }
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let joined = segments.joined(separator: "/")
        if joined.isEmpty { return "" }
        let last = segments.last ?? ""
        return last.contains(".") && !written.hasSuffix("/") ? joined : joined + "/"
    }
}
