import Foundation
import Testing

@testable import Herald

/// What `--timings` reports: every step, and the parts of parsing and rendering only when asked,
/// since timing them reads a thread's CPU clock twice per file and per page (`PartClock`).
@Suite struct StepTimingTests {
    let files = [
        "site.yml": "title: T\nbaseURL: https://example.org/\n",
        "content/news/2026-11-01-a.md": "---\ntitle: A\n---\nSome *Markdown*.\n",
        "content/pages/about.md": "---\ntitle: About\n---\nText.\n",
    ]

    func report(timesParts: Bool) throws -> BuildReport {
        var options = BuildOptions(now: Fixtures.now)
        options.timesParts = timesParts
        return try Build(options: options, fileSystem: .memory(text: files)).run(into: MemoryOutput())
    }

    func parts(_ report: BuildReport, _ step: BuildStep) -> [String]? {
        report.timings.first { $0.step == step.rawValue }?.parts.map(\.name)
    }

    @Test func thePartsOfParsingAndRenderingAreTimedWhenAsked() throws {
        let timed = try report(timesParts: true)
        #expect(timed.timings.map(\.step) == stepsTimedByBuild)
        #expect(parts(timed, .parseContent) == ["read files", "front matter", "Markdown"])
        #expect(parts(timed, .renderPages) == ["templates", "writing"])
    }

    @Test func withoutBeingAskedEveryStepIsTimedButNoPart() throws {
        let plain = try report(timesParts: false)
        #expect(plain.timings.map(\.step) == stepsTimedByBuild)
        #expect(plain.timings.flatMap { $0.parts.map(\.name) } == [])
    }

    /// The steps `Build` times: `SiteBuild` adds the check before and the swap after (or a
    /// rebuild from the snapshot instead of the build), and preparing and writing the output
    /// name where a failure happened, not steps of their own.
    let stepsTimedByBuild = BuildStep.allCases.filter {
        ![.checkForChanges, .rebuildEditedBodies, .swapOutputIn, .prepareOutput, .writeOutput].contains($0)
    }.map(\.rawValue)
}
