/// Why `herald build` built the whole site, when the last build's output could not be kept as it
/// was or brought up to date from its snapshot. `--timings` tells it, so that a user who expected
/// an edit to be rebuilt in a moment sees what made the build a whole one.
public enum WholeBuildCause: Sendable, Equatable, CustomStringConvertible {
    /// `--force`.
    case forced
    /// No record of a last build beside the output (the first build, or the record was removed
    /// or unreadable).
    case noRecord
    /// Another herald (another version, or the same one rebuilt) made the last build.
    case otherHerald
    /// Other options than the last build's, as the command line names them: the site folder,
    /// `--drafts`, `--future` or `--base-url`.
    case otherOptions([String])
    /// The clock passed an instant the output depends on (an item going live or expiring, an
    /// event beginning or ending, midnight for the calendars).
    case clockPassed
    /// The output folder was changed after the last build, or is not one Herald made.
    case outputChanged
    /// A content file was added, removed or renamed.
    case contentAddedOrRemoved
    /// site.yml, a template, a data file or a static file changed.
    case siteFilesChanged
    /// The snapshot was not used (see `SnapshotDistrust`, told in a note of its own), or there
    /// was none to rebuild from (`--no-snapshot`, or the last build kept none).
    case noSnapshot
    /// An edit to these content files changed more than their bodies: their front matter (a
    /// title, a date, terms …), their summaries (which lists and feeds show), or their links.
    case moreThanBodies([String])

    public var description: String {
        switch self {
        case .forced: "--force was given"
        case .noRecord: "there is no record of a last build beside the output"
        case .otherHerald: "another herald made the last build"
        case .otherOptions(let options):
            "\(options.dropLast().joined(separator: ", "))\(options.count > 1 ? " and " : "")\(options.last ?? "") differ\(options.count == 1 ? "s" : "") from the last build's"
        case .clockPassed:
            "the clock passed an instant the site depends on (an item going live or expiring, an event, midnight)"
        case .outputChanged: "the output folder was changed after the last build"
        case .contentAddedOrRemoved: "a content file was added, removed or renamed"
        case .siteFilesChanged: "site.yml, a template, a data file or a static file changed"
        case .noSnapshot: "files changed and there was no snapshot to rebuild them from"
        case .moreThanBodies(let paths):
            "an edit to \(paths.count == 1 ? paths[0] : "\(paths.count) content files") changed more than a body: front matter, a summary (the text lists and feeds show) or what it links to"
        }
    }
}

extension WholeBuildCause {
    /// The options that differ between two builds' option keys (`BuildRecord.optionsKey`), named
    /// as a user knows them.
    static func otherOptions(_ last: String, _ now: String) -> WholeBuildCause {
        .otherOptions(BuildRecord.differingOptions(last, now))
    }
}
