import Foundation

/// Publishes with Debian's `rsync`, over SSH (`--to user@host:/srv/www/union`) or to a local path
/// (`--to rsync:/srv/www/union`).
///
/// rsync compares files by checksum (`--checksum`), not modification time, so a fresh clone
/// sends only what changed. Changed files are sent into a hidden folder and renamed into place
/// together at the end (`--delay-updates`), and stale files are deleted after that
/// (`--delete-delay`): a transfer that breaks off leaves the previous site serving. The renames at
/// the end are one per file, not one for the whole site, so a reader may for a moment get some new
/// pages and some old ones; use a folder target on the server for an all-at-once swap.
final class RsyncPublisher: Publisher {
    /// The destination as rsync takes it, ending in `/`.
    let destination: String
    private let rsync = ExternalTool(name: "rsync", installHint: "install it with `sudo apt-get install rsync` (and on the server too)")

    init(destination: String) {
        self.destination = destination.hasSuffix("/") ? destination : destination + "/"
    }

    /// Options of every run: recursive, links as links, modification times kept, files readable by
    /// the web server, compared by checksum, stale files deleted last, updates put in place together,
    /// and a connection silent for two minutes given up rather than waited on for ever.
    private var options: [String] {
        ["--recursive", "--links", "--times", "--chmod=D755,F644", "--checksum", "--delete-delay", "--delay-updates",
         "--mkpath", "--protect-args", "--timeout=120"]
    }

    func plan(_ site: BuiltSite) throws -> PublishPlan {
        try step("compare with the target") {
            // A dry run that itemizes every file, unchanged ones too (`-ii`): the plan is rsync's own.
            let output = try rsync.run(options + ["--dry-run", "-ii", "--out-format=%i %n", site.folder + "/", destination],
                                       step: "compare with the target")
            return Self.parse(itemized: output.text, site: site)
        }
    }

    func publish(_ site: BuiltSite, plan: PublishPlan, log: (String) -> Void) throws {
        try step("transfer", targetState: "rsync puts files in place only at the end of a transfer, so the target keeps the previous site unless the transfer failed while renaming (run herald publish again)") {
            try rsync.run(options + ["--quiet", site.folder + "/", destination], step: "transfer")
        }
    }

    func cleanUp() {}

    /// Reads rsync's itemized list (`>f+++++++++ news/a/index.html`, `.f          index.html`,
    /// `*deleting   old/index.html`, `cd+++++++++ news/`) into a plan; folders are left out.
    static func parse(itemized text: String, site: BuiltSite) -> PublishPlan {
        var plan = PublishPlan()
        let sizes = Dictionary(site.files.map { ($0.path, $0.size) }, uniquingKeysWith: { a, _ in a })
        for line in text.split(separator: "\n") {
            // `%i` is always 11 characters (`>fc.t......`, `*deleting  `), then a space and the path.
            let characters = Array(line.prefix(11))
            let path = String(line.dropFirst(12))
            guard characters.count == 11, !path.isEmpty, !path.hasSuffix("/") else { continue }
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
