import Foundation
import Herald

/// What a publish changes on its target: the files it adds, changes and deletes.
public struct PublishPlan: Sendable, Equatable {
    /// Files the target does not have yet, by path.
    public var added: [String] = []
    /// Files the target has with other contents (or, on S3, another content type or cache policy).
    public var changed: [String] = []
    /// Files on the target that are no longer part of the site and that Herald published there
    /// (and, with `--force`, those it did not, except the ones `AlwaysKept` covers).
    public var deleted: [String] = []
    /// Files on the target that Herald did not publish and the site does not have: left as they are.
    public var kept: [String] = []
    /// Files on the target that Herald did not publish and that publishing would replace: the site
    /// has other contents at the same path, or needs a folder where they are (or a file where
    /// their folder is). Needs `--force`.
    public var replacedForeign: [String] = []
    /// Files the target already has as they are.
    public var unchanged = 0
    /// Bytes to send: the sizes of the added and changed files.
    public var bytes = 0
    /// Files the target held before (what a large deletion is measured against).
    public var targetFiles = 0
    /// The target holds files but was never published by Herald (no manifest, no earlier commit of
    /// ours): deleting what is there needs `--force`.
    public var targetIsForeign = false

    /// Sorts the target's files that Herald did not publish out of `deleted` and `changed`.
    /// `publishedBefore` is what the target's record (a manifest, Herald's last commit) says
    /// Herald put there, nil when there is no record; `sitePaths` the paths the new site has.
    /// A file not in the record is kept, unless it stands in the site's way (then it is replaced,
    /// which needs `--force`); one the site overwrites with other contents needs `--force` too.
    public mutating func setAsideForeign(publishedBefore: Set<String>?, sitePaths: Set<String>) {
        let published = publishedBefore ?? []
        let siteFolders = Set(sitePaths.flatMap(\.enclosingFolders))
        // A file where the site needs a folder, or inside a folder where the site has a file.
        func inTheWay(_ path: String) -> Bool {
            siteFolders.contains(path) || path.enclosingFolders.contains { sitePaths.contains($0) }
        }
        var stale: [String] = []
        for path in deleted {
            if published.contains(path) {
                stale.append(path)
            } else if inTheWay(path) {
                stale.append(path)
                replacedForeign.append(path)
            } else {
                kept.append(path)
            }
        }
        replacedForeign += changed.filter { !published.contains($0) }
        replacedForeign.sort()
        deleted = stale
        kept.sort()
        targetIsForeign = publishedBefore == nil && (kept + replacedForeign).contains { !AlwaysKept.covers($0) }
    }

    /// The plan with `--force`: files Herald did not publish are deleted too, all but those
    /// `AlwaysKept` covers.
    public func forced() -> PublishPlan {
        var plan = self
        plan.kept = kept.filter(AlwaysKept.covers)
        plan.deleted = (deleted + kept.filter { !AlwaysKept.covers($0) }).sorted()
        return plan
    }

    /// `2 files Herald did not publish were kept: google123.html, notes.txt; --force deletes
    /// notes.txt (.well-known/ and site verification files are kept even with --force)`; nil when
    /// none was.
    public var keptSummary: String? {
        guard !kept.isEmpty else { return nil }
        let deletable = kept.filter { !AlwaysKept.covers($0) }
        var text =
            "\(Self.count(kept.count)) file\(kept.count == 1 ? "" : "s") Herald did not publish \(kept.count == 1 ? "was" : "were") kept: \(Self.names(kept))"
        let always = "(.well-known/ and site verification files are kept even with --force)"
        if deletable.count == kept.count {
            text += "; --force deletes \(kept.count == 1 ? "it" : "them")"
        } else if deletable.isEmpty {
            text += " " + always
        } else {
            text +=
                "; --force deletes \(deletable.count == 1 ? deletable[0] : "\(Self.count(deletable.count)) of them") \(always)"
        }
        return text
    }

    /// `a, b, c, d, e and 12 more`.
    static func names(_ paths: [String]) -> String {
        let shown = paths.prefix(5).joined(separator: ", ")
        return paths.count > 5 ? shown + " and \(count(paths.count - 5)) more" : shown
    }

    /// Nothing to do.
    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && deleted.isEmpty }

    /// More than half of what the target holds would be deleted: probably the wrong target or a
    /// broken build, so `herald publish` asks for `--force`.
    public var deletesMostOfTarget: Bool { targetFiles > 0 && deleted.count * 2 > targetFiles }

    /// What the target knows of one of its files, for comparing with the site.
    public struct KnownFile: Sendable {
        /// The content hash, when the target (or its manifest) gives it; nil means "differs".
        public var sha256: String?
        /// The size, when known: a file whose size differs from its manifest entry was changed behind our back.
        public var size: Int?
        /// Stored metadata (content type and cache policy) to compare with the site's.
        public var metadata: String?

        /// A file known by hash and size.
        public init(sha256: String?, size: Int?, metadata: String? = nil) {
            self.sha256 = sha256
            self.size = size
            self.metadata = metadata
        }
    }

    /// Compares the site with the files a target holds (path → what is known of it).
    /// `metadata` gives the metadata a site file would be stored with.
    public static func compare(
        _ site: BuiltSite, with target: [String: KnownFile], metadata: (String) -> String? = { _ in nil }
    ) -> PublishPlan {
        var plan = PublishPlan()
        plan.targetFiles = target.count
        var sitePaths = Set<String>()
        for file in site.publishedFiles {
            sitePaths.insert(file.path)
            guard let known = target[file.path] else {
                plan.added.append(file.path)
                plan.bytes += file.size
                continue
            }
            if known.sha256 == file.sha256, known.size == nil || known.size == file.size,
                known.metadata == metadata(file.path)
            {
                plan.unchanged += 1
            } else {
                plan.changed.append(file.path)
                plan.bytes += file.size
            }
        }
        plan.deleted = target.keys.filter { !sitePaths.contains($0) }.sorted()
        return plan
    }

    /// `12 added, 3 changed, 2 deleted, 1,204 unchanged; 1.3 MB to send`.
    public var summary: String {
        if isEmpty { return "nothing changed (\(Self.count(unchanged)) files already published)" }
        return
            "\(Self.count(added.count)) added, \(Self.count(changed.count)) changed, \(Self.count(deleted.count)) deleted, \(Self.count(unchanged)) unchanged; \(Self.size(bytes)) to send"
    }

    /// Every change, a line each: `+ path`, `~ path`, `- path`, in path order.
    public var lines: [String] {
        (added.map { ($0, "+") } + changed.map { ($0, "~") } + deleted.map { ($0, "-") })
            .sorted { $0.0 < $1.0 }
            .map { "\($0.1) \($0.0)" }
    }

    /// `1,204`.
    static func count(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// `1.3 MB`, `812 B`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1000) }
        if bytes < 1_000_000_000 { return String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        return String(format: "%.2f GB", Double(bytes) / 1_000_000_000)
    }
}
