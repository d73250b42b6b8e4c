extension String {
    /// The folders a relative path lies in, innermost first: `a/b/c.html` → `a/b`, `a`.
    /// Found on UTF-8 bytes (`/` is ASCII), not Characters, which cost more than the check.
    public var enclosingFolders: [String] {
        var folders: [String] = []
        var end = utf8.endIndex
        while let slash = utf8[utf8.startIndex..<end].lastIndex(of: UInt8(ascii: "/")) {
            if slash > utf8.startIndex { folders.append(String(self[startIndex..<slash])) }
            end = slash
        }
        return folders
    }
}

/// Checks that no file stands where another output needs a folder: a page with slug `feed.xml`
/// needs `feed.xml/index.html` where the feed is a file; a `static/news` file blocks every news page.
/// Each problem is reported where it can be fixed: the content file's slug line, or the static file.
enum OutputPaths {
    /// Who writes an output path, and where to point an editor who must change something.
    struct Claim {
        var path: String
        var owner: String
        var source: (path: String, line: Int)?
    }

    static func check(_ claims: [Claim]) throws {
        var byPath: [String: Claim] = [:]
        var problems: [Diagnostic] = []
        for claim in claims {
            if let other = byPath[claim.path] {
                let (path, line) = claim.source ?? other.source ?? (claim.path, 1)
                problems.append(Diagnostic(path: path, line: line, "\(claim.owner) and \(other.owner) would both be written to /\(claim.path)"))
                continue
            }
            byPath[claim.path] = claim
        }
        // Every output a file stands in the way of, by that file: one problem for each, since a
        // `static/news` file would otherwise be reported once for every news page.
        var blocked: [String: [Claim]] = [:]
        for claim in claims.sorted(by: { $0.path < $1.path }) {
            for folder in claim.path.enclosingFolders where byPath[folder] != nil {
                blocked[folder, default: []].append(claim)
            }
        }
        for (folder, needing) in blocked.sorted(by: { $0.key < $1.key }) {
            let file = byPath[folder]!
            // One output is fixed where it is named; several, where the file in their way is.
            let (path, line) = needing.count == 1
                ? needing[0].source ?? file.source ?? (needing[0].path, 1)
                : file.source ?? needing.lazy.compactMap(\.source).first ?? (needing[0].path, 1)
            let others = needing.count - 1
            let who = others == 0 ? "\(needing[0].owner) needs" : "\(needing[0].owner) and \(others) more output\(others == 1 ? "" : "s") need"
            problems.append(Diagnostic(path: path, line: line, "\(who) the folder /\(folder)/, but \(file.owner) is a file there; choose another name"))
        }
        if !problems.isEmpty { throw BuildFailure(step: .planOutputFiles, diagnostics: problems) }
    }
}
