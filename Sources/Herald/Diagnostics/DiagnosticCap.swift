/// How many diagnostics of one file are shown, and the one line that stands for the rest.
///
/// One bad file can cause a problem on every line (a 25 MB `popularity.csv` naming no item made a
/// million warnings, and a million `Diagnostic`s took most of the build's 1.1 GB). Past the cap a
/// reader learns nothing from more lines of the same file, so each file shows its first
/// `perFile` errors and its first `perFile` warnings, then one line such as
/// `data/popularity.csv: warning: … and 999,980 more warnings in this file`.
///
/// Most diagnostics carry no kind (`DiagnosticKind` names only those code acts on), and the
/// message's wording is not one, so the cap is per file and severity: a file with twenty warnings of one kind hides the later ones of another,
/// and the summary says so. `DiagnosticList` keeps no more than this while collecting (memory stays
/// bounded however many problems a file has), and `apply` merges lists collected apart.
public enum DiagnosticCap {
    /// Diagnostics of one severity shown per file: a screenful, enough to see the pattern.
    public static let perFile = 20

    /// `diagnostics` sorted, with at most `perFile` of each file and severity and one summary for
    /// the rest (summaries already among them are merged into it).
    public static func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var shown: [Diagnostic] = []
        var kept: [Group: Int] = [:]
        var left: [Group: Int] = [:]
        for diagnostic in diagnostics.sorted() {
            let group = Group(path: diagnostic.path, severity: diagnostic.severity)
            if diagnostic.omitted > 0 {
                left[group, default: 0] += diagnostic.omitted
            } else if kept[group, default: 0] < perFile {
                kept[group, default: 0] += 1
                shown.append(diagnostic)
            } else {
                left[group, default: 0] += 1
            }
        }
        for (group, count) in left { shown.append(summary(path: group.path, severity: group.severity, omitted: count)) }
        return shown.sorted()
    }

    /// The line that stands for `omitted` diagnostics of a file left out.
    static func summary(path: String, severity: Diagnostic.Severity, omitted: Int) -> Diagnostic {
        let noun = severity == .warning ? "warning" : "error"
        var line = Diagnostic.about(
            path, "… and \(NumberText.grouped(omitted)) more \(noun)\(omitted == 1 ? "" : "s") in this file")
        line.severity = severity
        line.omitted = omitted
        return line
    }

    /// How many problems `diagnostics` stand for: each shown one, and each summary's left-out ones.
    public static func count(_ diagnostics: some Sequence<Diagnostic>) -> Int {
        diagnostics.reduce(0) { $0 + max(1, $1.omitted) }
    }

    /// A file and severity, capped together.
    struct Group: Hashable {
        var path: String
        var severity: Diagnostic.Severity
    }
}
