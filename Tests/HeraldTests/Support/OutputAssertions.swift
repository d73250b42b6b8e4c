import Foundation
import Testing

@testable import Herald

/// The diagnostics a site held in memory fails to build with (empty when it builds).
func diagnostics(_ files: [String: String]) -> [String] { MemorySite(files).diagnostics() }

/// A site held in memory built with default settings (a `site.yml` added when missing).
func buildReport(_ files: [String: String]) throws -> BuildReport {
    var all = files
    if all["site.yml"] == nil { all["site.yml"] = "title: T\nbaseURL: https://example.org/\n" }
    return try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(text: all)).run(into: MemoryOutput())
}

/// Asserts, in the style of Hugo's `AssertFileContent`, that output file `path` exists and holds
/// every text of `contains` and none of `lacks`; each failure names the file and the text.
func expect(
    _ output: MemoryOutput, _ path: String, contains: [String] = [], lacks: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let text = output.text(path) else {
        Issue.record("\(path) was not written", sourceLocation: sourceLocation)
        return
    }
    for wanted in contains where !text.contains(wanted) {
        Issue.record("\(path) does not contain \(wanted.debugDescription)", sourceLocation: sourceLocation)
    }
    for unwanted in lacks where text.contains(unwanted) {
        Issue.record("\(path) contains \(unwanted.debugDescription)", sourceLocation: sourceLocation)
    }
}

extension Result where Failure == InputProblem {
    /// The message of a failed result (nil when it succeeded).
    var failureMessage: String? {
        if case .failure(let problem) = self { return problem.message }
        return nil
    }
}

/// The assertion helper fails when it should: a missing file, a missing text, an unwanted text.
@Suite struct OutputAssertionTests {
    @Test func expectFailsForAMissingFileAMissingTextAndAnUnwantedOne() throws {
        let output = try MemorySite(["content/pages/a.md": "---\ntitle: Alpha\n---\n"]).build()
        expect(output, "a/index.html", contains: ["Alpha"], lacks: ["Omega"])
        withKnownIssue { expect(output, "b/index.html") }
        withKnownIssue { expect(output, "a/index.html", contains: ["Omega"]) }
        withKnownIssue { expect(output, "a/index.html", lacks: ["Alpha"]) }
    }
}
