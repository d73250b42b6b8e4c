/// Why `herald build` did not trust the snapshot beside the output (`BuildSnapshot`): it then
/// builds everything, and tells the reason as a note. Only a snapshot that cannot be trusted is
/// told of; one that could be but does not fit the edits (a title changed, a file added) is the
/// rebuild working as it should, and is not.
public enum SnapshotDistrust: Sendable, Equatable, CustomStringConvertible {
    /// Another herald (another version, or the same rebuilt) made the last build and its snapshot.
    case otherHerald
    /// The file changed, or went, after the build that wrote it.
    case changedSince
    /// Its bytes do not read as a snapshot, for this reason.
    case unreadable(String)

    public var description: String {
        switch self {
        case .otherHerald: "another herald made the last build"
        case .changedSince: "it changed after the last build wrote it"
        case .unreadable(let reason): "it could not be read (\(reason))"
        }
    }

    /// The note told about the snapshot at `path`.
    public func note(path: String) -> String {
        "note: the snapshot \(path) was not used, as \(description); everything was built"
    }
}
