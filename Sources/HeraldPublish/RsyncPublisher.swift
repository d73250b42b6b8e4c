import Foundation
import Herald

/// Publishes with Debian's `rsync`, over SSH (`--to user@host:/srv/www/union`) or to a local path
/// (`--to rsync:/srv/www/union`).
///
/// rsync compares files by checksum (`--checksum`), not modification time, so a fresh clone
/// sends only what changed. Changed files are sent into a hidden folder and renamed into place
/// together at the end (`--delay-updates`), and stale files are deleted after that
/// (`--delete-delay`): a transfer that breaks off leaves the previous site serving. The renames at
/// the end are one per file, not one for the whole site, so a reader may for a moment get some new
/// pages and some old ones; use a folder target on the server for an all-at-once swap.
///
/// Like the folder and S3 targets, the destination keeps `.herald-manifest.json`, the list of what
/// Herald published there. Stale files are deleted only when it lists them: every other file is
/// protected from rsync's deletion by a filter rule, so a file put there by hand or by another
/// program stays (with `--force`, all but `.well-known/` and site verification files go).
final class RsyncPublisher: Publisher {
    /// The destination as rsync takes it, ending in `/`.
    let destination: String
    private let context: PublishContext
    private let rsync = ExternalTool(
        name: "rsync", installHint: "install it with `sudo apt-get install rsync` (and on the server too)")
    /// Made by `plan`, used by `publish`.
    private var scratch: String?
    private var previousManifest: PublishManifest?

    init(destination: String, context: PublishContext) {
        self.destination = destination.hasSuffix("/") ? destination : destination + "/"
        self.context = context
    }

    /// Options of every run: recursive, links as links, modification times kept, files readable by
    /// the web server, compared by checksum, stale files deleted last, updates put in place together,
    /// and a connection silent for two minutes given up rather than waited on for ever. The
    /// destination's manifest is left out of the transfer (and so never deleted by it): it is
    /// sent on its own.
    private var options: [String] {
        [
            "--recursive", "--links", "--times", "--chmod=D755,F644", "--checksum", "--delete-delay", "--delay-updates",
            "--mkpath", "--protect-args", "--timeout=120", "--filter=- /" + PublishManifest.fileName,
        ]
    }

    func plan(_ site: BuiltSite) throws -> PublishPlan {
        let scratch = try FileManager.default.makeScratchFolder(in: context.scratchFolder, prefix: ".herald-rsync-")
        self.scratch = scratch
        previousManifest = try step("read the manifest") { try readManifest(scratch: scratch) }
        return try step("compare with the target") {
            // A dry run that itemizes every file, unchanged ones too (`-ii`): the plan is rsync's own.
            let output = try rsync.run(
                options + ["--dry-run", "-ii", "--out-format=%i %n", site.folder + "/", destination],
                step: "compare with the target")
            var plan = Self.parse(itemized: output.text, site: site)
            // rsync replaces a file or a link that stands where the site needs a folder without
            // itemizing it as deleted, even when protected: found from a listing instead.
            let siteFolders = Set(site.publishedFiles.flatMap(\.path.enclosingFolders))
            let inTheWay = try listTarget().filter { siteFolders.contains($0) && !plan.deleted.contains($0) }
            plan.deleted = (plan.deleted + inTheWay).sorted()
            plan.targetFiles += inTheWay.count
            plan.setAsideForeign(
                publishedBefore: previousManifest.map { Set($0.files.keys) },
                sitePaths: Set(site.publishedFiles.map(\.path)))
            return plan
        }
    }

    func publish(_ site: BuiltSite, plan: PublishPlan, log: (String) -> Void) throws {
        guard let scratch else { return }
        try step("record the transfer", targetState: "nothing was sent yet; the target still serves the previous site")
        {
            // Every file about to be sent is named in the manifest first, so that a transfer that
            // breaks off never leaves a file of Herald's that the next publish takes for someone else's.
            var pending = previousManifest ?? PublishManifest(site: BuiltSite(folder: "", files: []))
            let new = (plan.added + plan.changed).filter { pending.files[$0] == nil }
            if !new.isEmpty {
                for path in new { pending.files[path] = PublishManifest.Entry(sha256: "", size: -1) }
                try send(pending, scratch: scratch, step: "record the transfer")
            }
        }
        try step(
            "transfer",
            targetState:
                "rsync puts files in place only at the end of a transfer, so the target keeps the previous site unless the transfer failed while renaming (run herald publish again)"
        ) {
            let rules = scratch + "/filter-rules"
            guard FileManager.default.createFile(atPath: rules, contents: Self.filterRules(plan)) else {
                throw PublishFailure(step: "transfer", "could not write \(rules)")
            }
            try rsync.run(
                options + ["--quiet", "--from0", "--filter=merge " + rules, site.folder + "/", destination],
                step: "transfer")
        }
        try step("send the manifest", targetState: "the new site is complete; the next publish sends some files again")
        {
            try send(
                PublishManifest(site: BuiltSite(folder: site.folder, files: site.publishedFiles)), scratch: scratch,
                step: "send the manifest")
        }
    }

    func cleanUp() {
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }

    /// The destination's manifest, or nil when it has none (or the destination does not exist yet).
    private func readManifest(scratch: String) throws -> PublishManifest? {
        let local = scratch + "/previous-" + PublishManifest.fileName
        let copied = try rsync.run(
            ["--protect-args", "--timeout=120", destination + PublishManifest.fileName, local],
            step: "read the manifest", allowFailure: true)
        if copied.status == 0 { return PublishManifest.decode(FileManager.default.contents(atPath: local)) }
        // 23 is "some files were not transferred": here, the one asked for is missing.
        if copied.status == 23, copied.standardError.contains("No such file or directory") { return nil }
        throw PublishFailure(
            step: "read the manifest",
            "rsync exited with status \(copied.status)\(ExternalTool.quote(copied.standardError))")
    }

    /// Every entry of the destination that is not a folder (files and links), or none when it does not exist.
    private func listTarget() throws -> [String] {
        let listed = try rsync.run(
            ["--list-only", "--recursive", "--protect-args", "--timeout=120", destination],
            step: "compare with the target", allowFailure: true)
        if listed.status == 23, listed.standardError.contains("No such file or directory") { return [] }
        guard listed.status == 0 else {
            throw PublishFailure(
                step: "compare with the target",
                "rsync --list-only exited with status \(listed.status)\(ExternalTool.quote(listed.standardError))")
        }
        return Self.parse(listing: listed.text)
    }

    /// Sends `manifest` to the destination's root.
    private func send(_ manifest: PublishManifest, scratch: String, step name: String) throws {
        let folder = scratch + "/manifest"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard
            FileManager.default.createFile(
                atPath: folder + "/" + PublishManifest.fileName, contents: manifest.encoded())
        else {
            throw PublishFailure(step: name, "could not write the manifest in \(folder)")
        }
        try rsync.run(
            [
                "--recursive", "--times", "--chmod=D755,F644", "--mkpath", "--protect-args", "--timeout=120", "--quiet",
                folder + "/", destination,
            ], step: name)
    }

    /// rsync's filter rules (NUL-separated) for the transfer: the files in `plan.deleted`, and
    /// the folders that hold them and nothing that is kept, may be deleted; nothing else may.
    static func filterRules(_ plan: PublishPlan) -> Data {
        let kept = plan.kept
        let folders = Set(plan.deleted.flatMap(\.enclosingFolders)).filter { folder in
            !kept.contains { $0.hasPrefix(folder + "/") }
        }
        var rules = plan.deleted.map { "R /" + pattern($0) }
        rules += folders.sorted().map { "R /" + pattern($0) + "/" }
        rules.append("P *")
        return Data(rules.joined(separator: "\0").utf8 + [0])
    }

    /// A path as an rsync pattern that matches only itself: a backslash escapes a wildcard only
    /// when the pattern has one, so only then are they escaped.
    static func pattern(_ path: String) -> String {
        guard path.contains(where: { "*?[".contains($0) }) else { return path }
        var escaped = ""
        for character in path {
            if "*?[]\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Reads `rsync --list-only --recursive` (`-rw-r--r--  2 2026/11/26 10:57:50 news/a.html`)
    /// into the paths of what is not a folder.
    static func parse(listing text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
            guard fields.count == 5, let kind = fields[0].first, kind != "d" else { return nil }
            return String(fields[4])
        }
    }

    /// Reads rsync's itemized list (`>f+++++++++ news/a/index.html`, `.f          index.html`,
    /// `*deleting   old/index.html`, `cd+++++++++ news/`) into a plan; folders are left out.
    static func parse(itemized text: String, site: BuiltSite) -> PublishPlan {
        var plan = PublishPlan()
        let sizes = Dictionary(site.files.map { ($0.path, $0.size) }, uniquingKeysWith: { a, _ in a })
        for line in text.split(separator: "\n") {
            // `%i` is always 11 characters (`>fc.t......`, `*deleting  `), then a space and the path.
            let characters = Array(line.prefix(11))
            let path = String(line.dropFirst(12))
            guard characters.count == 11, !path.isEmpty, !path.hasSuffix("/"), path != PublishManifest.fileName else {
                continue
            }
            // Other lines (`created directory /srv/www` when --mkpath makes the destination) are not items.
            guard "<>ch.*".contains(characters[0]), characters[0] == "*" || "fdLDS".contains(characters[1]) else {
                continue
            }
            if characters.starts(with: Array("*deleting")) {
                plan.deleted.append(path)
                plan.targetFiles += 1
                continue
            }
            guard characters[1] != "d" else { continue }
            if characters[2...].allSatisfy({ $0 == "+" }) {
                plan.added.append(path)
                plan.bytes += sizes[path] ?? 0
            } else if characters[0] == "." || characters[0] == "h" {
                // Unchanged content; at most a time or permission differs.
                plan.unchanged += 1
                plan.targetFiles += 1
            } else {
                plan.changed.append(path)
                plan.targetFiles += 1
                plan.bytes += sizes[path] ?? 0
            }
        }
        plan.added.sort()
        plan.changed.sort()
        plan.deleted.sort()
        return plan
    }
}
