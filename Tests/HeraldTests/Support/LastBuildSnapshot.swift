import Foundation
import Testing

@testable import Herald

extension BuildSnapshot.Made {
    /// What a build with a memo made, as `herald build` is to give its snapshot: the last build's
    /// plans and model, and each item's parse report from the memo.
    init(_ last: LastBuild, memo: BuildMemo) {
        self.init(
            jobs: last.plan.jobs, parsed: last.allItems,
            reports: last.allItems.map { ItemParser.Report(memo.parses.lookup($0.sourcePath)!.outcome) },
            editions: [
                Edition(
                    site: last.site, facts: last.facts,
                    channels: FeedPlan.channels(site: last.site, urls: last.urls, facts: last.facts))
            ],
            urls: last.urls, inputs: InputValues(root: last.options.sourcePath),
            rules: PublishingRules(
                now: last.options.now, includeDrafts: last.options.includeDrafts,
                includeFuture: last.options.includeFuture, namesEveryFutureItem: last.options.namesEveryFutureItem))
    }
}

/// A site folder built with a memo, as `herald serve` builds it: its last build (for a snapshot),
/// the memo, and what the build wrote.
func builtWithMemo(_ folder: URL) throws -> (last: LastBuild, memo: BuildMemo, files: [String: Data]) {
    var build = Build(
        options: BuildOptions(sourcePath: folder.path, now: Fixtures.now), fileSystem: .disk(root: folder.path))
    let memo = BuildMemo()
    build.memo = memo
    let output = MemoryOutput()
    _ = try build.run(into: output)
    let last = try #require(memo.lastBuild.withLock { $0 })
    return (last, memo, output.files)
}
