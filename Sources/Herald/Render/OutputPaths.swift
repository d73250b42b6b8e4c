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
        // Claims by index rather than by value, in a table sized up front: copying claims into a
        // growing dictionary was most of this check's 50 ms on the 10,000-item corpus (perf).
        var byPath: [String: Int] = [:]
        byPath.reserveCapacity(claims.count)
        var problems: [Diagnostic] = []
        for (index, claim) in claims.enumerated() {
            if let otherIndex = byPath[claim.path] {
                let other = claims[otherIndex]
                let (path, line) = claim.source ?? other.source ?? (claim.path, 1)
                problems.append(Diagnostic(path: path, line: line, "\(claim.owner) and \(other.owner) would both be written to /\(claim.path)"))
                continue
            }
            byPath[claim.path] = index
        }
        // Every output a file stands in the way of, by that file: one problem for each, since a
        // `static/news` file would otherwise be reported once for every news page. `clear` holds
        // folders known to be no file, nor any folder around them, so most paths stop at their
        // first folder.
        var blocked: [String: [Claim]] = [:]
        var clear = Set<String>()
        for claim in claims {
            var visited: [String] = []
            var blocks = false
            for folder in claim.path.enclosingFolders {
                if clear.contains(folder) { break }
                if byPath[folder] != nil {
                    blocked[folder, default: []].append(claim)
                    blocks = true
                }
                visited.append(folder)
            }
            if !blocks { clear.formUnion(visited) }
        }
        // In path order, whatever order the claims came in.
        for folder in blocked.keys { blocked[folder]!.sort { $0.path < $1.path } }
        for (folder, needing) in blocked.sorted(by: { $0.key < $1.key }) {
            let file = claims[byPath[folder]!]
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
