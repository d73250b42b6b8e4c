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
        var owner: String
        var source: (path: String, line: Int)?
        /// The old address, for a redirect page: a clash makes the problem `.unkeptAlias`.
        var alias: String? = nil
    }

    /// Checks the output `paths`; `claim` tells who wants the path at an index, asked only for
    /// the paths in a problem (made for every path, the descriptions were a third of this check).
    static func check(_ paths: [String], claim: (Int) -> Claim) throws {
        var problems: [Diagnostic] = []
        let byPath = indexByPath(paths, claim: claim, problems: &problems)
        // In path order, whatever order the claims came in.
        for (folder, needing) in blockedFolders(paths, byPath: byPath).sorted(by: { $0.key < $1.key }) {
            let needing = needing.sorted { paths[$0] < paths[$1] }
            let file = claim(byPath[folder]!)
            let first = claim(needing[0])
            // One output is fixed where it is named; several, where the file in their way is. The
            // problem is of the alias of the claim it is told at, when that is a redirect.
            let placed =
                needing.count == 1
                ? [first, file].first { $0.source != nil }
                : file.source != nil ? file : needing.lazy.map(claim).first { $0.source != nil }
            let (path, line) = placed?.source ?? (paths[needing[0]], 1)
            let others = needing.count - 1
            let who =
                others == 0
                ? "\(first.owner) needs" : "\(first.owner) and \(others) more output\(others == 1 ? "" : "s") need"
            problems.append(
                Diagnostic(
                    path: path, line: line,
                    "\(who) the folder /\(folder)/, but \(file.owner) is a file there; choose another name"
                )
                .of(placed?.alias.map(DiagnosticKind.unkeptAlias)))
        }
        if !problems.isEmpty { throw BuildFailure(step: .planOutputFiles, diagnostics: problems) }
    }

    /// Each path's first index, telling every path claimed twice as a problem.
    private static func indexByPath(
        _ paths: [String], claim: (Int) -> Claim, problems: inout [Diagnostic]
    ) -> [Substring: Int] {
        // Paths by index, in a table sized up front, and folders looked up as slices of the paths
        // (no string made per folder): this check was 40 ms on one core for the 10,000-item corpus.
        var byPath: [Substring: Int] = [:]
        byPath.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            if let otherIndex = byPath[path[...]] {
                let (mine, other) = (claim(index), claim(otherIndex))
                // Told where the first claim with a source is, and of its alias when it is one.
                let placed = mine.source != nil ? mine : other
                let (file, line) = placed.source ?? (path, 1)
                problems.append(
                    Diagnostic(
                        path: file, line: line, "\(mine.owner) and \(other.owner) would both be written to /\(path)"
                    )
                    .of(placed.alias.map(DiagnosticKind.unkeptAlias)))
                continue
            }
            byPath[path[...]] = index
        }
        return byPath
    }

    /// Every output a file stands in the way of, by that file: one problem for each, since a
    /// `static/news` file would otherwise be reported once for every news page.
    private static func blockedFolders(_ paths: [String], byPath: [Substring: Int]) -> [Substring: [Int]] {
        // The folders around each path, outermost first, are looked up among the paths, but those
        // it shares with the path before it, whose answers are kept (`previous`): most paths
        // share all but their innermost folder. A set of the folders known clear, grown for every
        // path, made this check 8.5 times slower at 50,000 items than at 10,000 (perf).
        var blocked: [Substring: [Int]] = [:]
        var previous: [(folder: Substring, isFile: Bool)] = []
        for (index, path) in paths.enumerated() {
            var depth = 0
            var shared = true
            var from = path.utf8.startIndex
            while let slash = path.utf8[from...].firstIndex(of: UInt8(ascii: "/")) {
                from = path.utf8.index(after: slash)
                guard slash > path.utf8.startIndex else { continue }
                let folder = path[path.startIndex..<slash]
                shared = shared && depth < previous.count && previous[depth].folder == folder
                if !shared {
                    previous.removeSubrange(depth...)
                    previous.append((folder, byPath[folder] != nil))
                }
                if previous[depth].isFile { blocked[folder, default: []].append(index) }
                depth += 1
            }
            previous.removeSubrange(depth...)
        }
        return blocked
    }
}
