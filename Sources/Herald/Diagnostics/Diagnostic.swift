/// The problems code acts on, each with what it names as written in the content file.
public enum DiagnosticKind: Hashable, Sendable {
    /// A cover image the build cannot show: not there, not an image, too many pixels.
    case coverImage
    /// A link to a Markdown file that is no content item (`[build](./build.md)`).
    case deadContentLink(String)
    /// An old address (`aliases:`) that cannot be kept: the home page, another page's or alias's
    /// address, or a path another output is written to.
    case unkeptAlias(String)
    /// A term's page (`content/authors/ann/_index.md`) that no listed item names, which makes no page.
    case unusedTermPage
}

extension Diagnostic {
    /// The diagnostic, of `kind`.
    public func of(_ kind: DiagnosticKind?) -> Diagnostic {
        var diagnostic = self
        diagnostic.kind = kind
        return diagnostic
    }
}

/// A problem found in a site's input, reported as `path:line: message` (`path:line:column:` for
/// templates, whose tags are often several to a line).
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible, Comparable {
    /// How bad a problem is: errors fail the build, warnings are printed and the build goes on.
    public enum Severity: String, Sendable { case error, warning }

    /// The file's path relative to the site folder, e.g. `content/news/hello.md`.
    public var path: String
    /// The 1-based line the problem is on (1 when it concerns the whole file).
    public var line: Int
    /// The 1-based column, in characters, when the problem is at one place of the line; 0 when not said.
    public var column = 0
    /// What is wrong, in words an editor understands.
    public var message: String
    /// Whether the problem stops the build.
    public var severity: Severity
    /// For the line that stands for diagnostics left out (`DiagnosticCap`), how many; 0 otherwise.
    public var omitted = 0
    /// What the problem is about, for code that acts on it (`herald import` repairs what its new
    /// site's build refuses) and must not depend on the message's words; nil for most problems.
    public var kind: DiagnosticKind? = nil

    /// Creates a diagnostic; `line` is clamped to at least 1.
    public init(path: String, line: Int, _ message: String, severity: Severity = .error) {
        self.path = path
        self.line = max(1, line)
        self.message = message
        self.severity = severity
    }

    /// Creates a diagnostic at a line and column.
    public init(path: String, line: Int, column: Int, _ message: String, severity: Severity = .error) {
        self.init(path: path, line: line, message, severity: severity)
        self.column = max(0, column)
    }

    /// Creates a warning.
    public static func warning(path: String, line: Int, _ message: String) -> Diagnostic {
        Diagnostic(path: path, line: line, message, severity: .warning)
    }

    /// A problem with a path as a whole, which has no line to point at (a file that is not there):
    /// shown as `path: message`.
    public static func about(_ path: String, _ message: String) -> Diagnostic {
        var diagnostic = Diagnostic(path: path, line: 1, message)
        diagnostic.line = 0
        return diagnostic
    }

    /// `path:line: message` (`path: message` for a path as a whole), with `warning: ` before the
    /// message of a warning.
    public var description: String {
        (line == 0 ? "\(path): " : column > 0 ? "\(path):\(line):\(column): " : "\(path):\(line): ")
            + (severity == .warning ? "warning: " : "") + message
    }

    /// By path, then line and column; a file's summary of diagnostics left out comes after its others.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let (aSummary, bSummary) = (a.omitted > 0 ? 1 : 0, b.omitted > 0 ? 1 : 0)
        return (a.path, aSummary, a.line, a.column, a.message) < (b.path, bSummary, b.line, b.column, b.message)
    }
}

/// The build stopped: one step found errors, each listed as a diagnostic.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// The name of the build step that failed, e.g. "parse content".
    public var step: String
    /// Every problem found, sorted by path and line (errors and the warnings seen so far).
    public var diagnostics: [Diagnostic]

    /// Creates a failure of `step` with its problems sorted for stable output, at most
    /// `DiagnosticCap.perFile` of each kind per file.
    public init(step: String, diagnostics: [Diagnostic]) {
        self.step = step
        self.diagnostics = DiagnosticCap.apply(diagnostics)
    }

    /// The errors only (a summary of errors left out among them).
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// How many errors there were, those left out of `diagnostics` included.
    public var errorCount: Int { DiagnosticCap.count(errors) }

    /// `parse content failed with 3 errors`: how every command sums a failed build up.
    public var summary: String {
        let count = errorCount
        return "\(step) failed with \(count) error\(count == 1 ? "" : "s")"
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n") + "\nerror: " + summary
    }
}

/// Collects diagnostics while a step works through many files, keeping at most
/// `DiagnosticCap.perFile` of each severity per file and counting the rest, so that a file with
/// a problem on each of a million lines costs a counter, not a million diagnostics.
public struct DiagnosticList: Sendable {
    /// The diagnostics kept, in the order reported.
    private var kept: [Diagnostic] = []
    /// Per file and severity: how many were reported, and how many of those were left out.
    private var reported: [DiagnosticCap.Group: (count: Int, omitted: Int)] = [:]

    public init() {}

    /// Everything reported so far, in the order it was reported, then one summary per file and
    /// severity that had more than `DiagnosticCap.perFile`.
    public var all: [Diagnostic] {
        kept
            + reported.filter { $0.value.omitted > 0 }.sorted {
                ($0.key.path, $0.key.severity.rawValue) < ($1.key.path, $1.key.severity.rawValue)
            }
            .map { DiagnosticCap.summary(path: $0.key.path, severity: $0.key.severity, omitted: $0.value.omitted) }
    }

    /// Records an error at `path:line`, of `kind` when code acts on it.
    public mutating func error(_ path: String, _ line: Int, _ message: String, kind: DiagnosticKind? = nil) {
        record(Diagnostic(path: path, line: line, message).of(kind))
    }

    /// Records a warning at `path:line`, of `kind` when code acts on it.
    public mutating func warning(_ path: String, _ line: Int, _ message: String, kind: DiagnosticKind? = nil) {
        record(Diagnostic.warning(path: path, line: line, message).of(kind))
    }

    /// Records diagnostics found elsewhere.
    public mutating func append(contentsOf other: [Diagnostic]) {
        for diagnostic in other { record(diagnostic) }
    }

    /// Keeps `diagnostic` if its file has room for it, else counts it (a summary adds its count).
    private mutating func record(_ diagnostic: Diagnostic) {
        let group = DiagnosticCap.Group(path: diagnostic.path, severity: diagnostic.severity)
        var tally = reported[group] ?? (0, 0)
        if diagnostic.omitted > 0 {
            tally.omitted += diagnostic.omitted
        } else if tally.count < DiagnosticCap.perFile {
            tally.count += 1
            kept.append(diagnostic)
        } else {
            tally.omitted += 1
        }
        reported[group] = tally
    }

    /// Whether any error (not just warnings) was recorded.
    public var hasErrors: Bool { reported.keys.contains { $0.severity == .error } }
}

/// Why a value given on the command line or in a file is not acceptable, in one sentence.
public struct InputProblem: Error, Equatable, Sendable {
    /// A sentence for the user.
    public var message: String

    public init(message: String) { self.message = message }
}
