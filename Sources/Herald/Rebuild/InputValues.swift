import Foundation

/// The stamps of a site's input files as a build found them before reading any: each content
/// file's value (`FileStamps.values`), and the fingerprint of everything else a build reads
/// (site.yml, templates, static files, data). The build record keeps their sum; the snapshot
/// keeps them apart, so that the next build can tell which content files changed, and that
/// nothing else did.
struct InputValues: Sendable, Equatable {
    var content: [String: UInt64]
    var others: String

    /// The folder of the inputs whose files are told apart.
    static let contentFolder = "content"

    /// The inputs of the site in `root` as they are now.
    init(root: String) {
        content = FileStamps.values(root: root, path: Self.contentFolder)
        others =
            FileStamps.fingerprint(root: root, paths: BuildRecord.inputPaths.filter { $0 != Self.contentFolder })
    }

    init(content: [String: UInt64], others: String) {
        self.content = content
        self.others = others
    }

    /// The fingerprint of all the inputs, as `FileStamps.fingerprint` gives it for
    /// `BuildRecord.inputPaths`: the sum of the others' and of every content value.
    var fingerprint: String {
        guard var sum = FingerprintSum(text: others) else { return others }
        for value in content.values { sum.add(value) }
        return sum.text
    }

    /// The content files (paths relative to the site folder) whose values differ from `last`'s,
    /// with whether any entry was added or removed (a file, or a folder).
    func changedFiles(since last: InputValues) -> (changed: [String], addedOrRemoved: Bool) {
        var changed: [String] = []
        for (path, value) in content where last.content[path] != value {
            guard last.content[path] != nil else { return ([], true) }
            changed.append(path)
        }
        return (changed.sorted(), content.count != last.content.count)
    }
}

extension InputValues: SnapshotCodable {
    func write(to output: inout SnapshotWriter) {
        output.write(content)
        output.write(others)
    }

    init(from input: SnapshotReader) throws { self.init(content: try input.next(), others: try input.next()) }
}
