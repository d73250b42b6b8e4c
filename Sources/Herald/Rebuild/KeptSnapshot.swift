import Foundation

/// For `herald serve` of a multilingual site: the last build's snapshot, kept in memory, for a
/// rebuild after edits to bodies alone (`SnapshotRebuild`, as `herald build` rebuilds from the
/// file), where a site in one language keeps its model and plans (`LastBuild`).
///
/// Why a snapshot: the rebuild from the last model (BodyEditRebuild) knows one language's pages,
/// and SnapshotRebuild already puts an edit into every language's edition; a snapshot of some 10 MB
/// per 1,000 items costs the build 6% of its CPU (perf, 10,000 items), and a serve build of a
/// multilingual site makes one only for this.
///
/// `@unchecked Sendable`: its archive caches what it has read, so it is used only inside the
/// memo's lock (`BuildMemo.keptSnapshot`).
struct KeptSnapshot: @unchecked Sendable {
    var snapshot: BuildSnapshot
    /// The settings and theme (as loaded, in the site's language) the build made it with.
    let config: SiteConfig
    let theme: Theme
    /// When the build's output stays the same (every language's).
    let validity: OutputValidity
    /// The content files the build told a warning about.
    let warned: Set<String>

    /// The snapshot of what a build made, in memory; nil if it cannot be read back.
    init?(
        _ made: BuildSnapshot.Made, config: SiteConfig, theme: Theme, validity: OutputValidity, warned: Set<String>
    ) {
        var writer = SnapshotWriter()
        BuildSnapshot.write(made, to: &writer)
        guard let snapshot = try? BuildSnapshot(SnapshotArchive(bytes: SnapshotArchive.bytes(of: writer))) else {
            return nil
        }
        (self.snapshot, self.config, self.theme) = (snapshot, config, theme)
        (self.validity, self.warned) = (validity, warned)
    }

    /// The files the edits to `paths` make again, read from `fileSystem`, at `now`; nil when the
    /// clock has passed an instant at which the output changes, or the edits are more than
    /// bodies. The snapshot takes what the rebuild made.
    mutating func rebuild(_ paths: [String], fileSystem: FileSystem, now: Date) -> SnapshotRebuild.Result? {
        guard validity.holds(at: now) else { return nil }
        var edits: [(path: String, data: Data)] = []
        for path in paths {
            guard let data = try? fileSystem.readFileAtMost(path, ItemParser.largestFile) else { return nil }
            edits.append((path, data))
        }
        let rebuild = SnapshotRebuild(snapshot: snapshot, config: config, theme: theme, now: now, warned: warned)
        guard let result = try? rebuild.rebuild(edits) else { return nil }
        snapshot.keep(result)
        return result
    }
}
