@testable import Herald

extension BuildSnapshot.Made {
    /// What a build with a memo made, as `herald build` is to give its snapshot: the last build's
    /// plans and model, and each item's parse report from the memo.
    init(_ last: LastBuild, memo: BuildMemo) {
        self.init(
            jobs: last.plan.jobs, parsed: last.allItems,
            reports: last.allItems.map { ItemParser.Report(memo.parses.lookup($0.sourcePath)!.outcome) },
            site: last.site, urls: last.urls, facts: last.facts,
            channels: FeedPlan.channels(site: last.site, urls: last.urls, facts: last.facts),
            inputs: InputValues(root: last.options.sourcePath))
    }
}
