/// What highlighting a body's fenced code found worth telling: fence options it could not use,
/// each at its fence's line, and whether blocks were left plain because Pygments is missing.
/// Lines are the body's (1-based); `ItemParser` moves them to the file's.
public struct CodeBlockReport: Sendable, Equatable {
    /// A fence option the block was highlighted without.
    public struct Problem: Sendable, Equatable {
        /// What was wrong, for code and tests to match (never the wording).
        public enum Kind: String, Sendable {
            /// `{linenos=true` with no closing `}`: no option of the fence is used.
            case unclosedOptions
            /// A name that is not `linenos`, `hl_lines` or `linenostart`.
            case unknownOption
            /// A known option with a value it cannot take (`linenos=maybe`, `hl_lines=[x]`).
            case malformedValue
        }

        public var kind: Kind
        /// The body line of the fence.
        public var line: Int
        /// What is wrong and what Herald did, in words an editor understands.
        public var message: String
    }

    /// Every option problem, in document order (at most `FenceOptions.problemsPerFence` a fence).
    public var problems: [Problem] = []
    /// The body line of the first block with a language that was left plain because Python or
    /// python3-pygments is not installed; told once per build (`warningForPlainCode`).
    public var plainLine: Int? = nil

    public init() {}

    /// One warning for all the files whose code could not be highlighted, at the first of them:
    /// a missing package is one fix, not one per block.
    static func warningForPlainCode(_ places: [(path: String, line: Int)]) -> [Diagnostic] {
        guard let first = places.min(by: { ($0.path, $0.line) < ($1.path, $1.line) }) else { return [] }
        let others = places.count - 1
        let files = others == 0 ? "this file" : "this file and \(others) other\(others == 1 ? "" : "s")"
        return [
            .warning(
                path: first.path, line: first.line,
                "code in \(files) is not highlighted: \(PygmentsProcess.interpreter) with Pygments could not be started; install python3-pygments (apt install python3-pygments), or set `markdown: {highlight: false}` in site.yml"
            )
        ]
    }
}
