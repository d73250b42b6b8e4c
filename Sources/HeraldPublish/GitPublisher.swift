import Foundation
import Herald

/// Publishes to a git branch (`--to git:origin#gh-pages`, `git:/srv/git/site.git#pages`,
/// `git:https://gitee.com/union/site.git#pages`) for GitHub, Gitee or GitLab Pages.
///
/// The output becomes the branch's whole tree (with `.nojekyll`, and `CNAME` when the target names
/// a domain) in one new commit on top of the branch, made in a scratch repository: the user's
/// working tree, index and current branch are never touched. The commit is sent with one push,
/// which the remote takes whole or not at all.
final class GitPublisher: Publisher {
    let repository: String
    let branch: String
    private let context: PublishContext
    private let git = ExternalTool(name: "git", installHint: "install it with `sudo apt-get install git`")

    /// Made by `plan`, used by `publish`.
    private var scratch: String?
    private var url = ""
    private var parent: String?
    private var tree = ""

    init(repository: String, branch: String, context: PublishContext) {
        self.repository = repository
        self.branch = branch
        self.context = context
    }

    /// git run on the scratch repository, with its own index.
    private func scratchGit(_ scratch: String) -> ExternalTool {
        var tool = git
        tool.environment = ["GIT_DIR": scratch + "/repo.git", "GIT_INDEX_FILE": scratch + "/index"]
        return tool
    }

    func plan(_ site: BuiltSite) throws -> PublishPlan {
        try git.requireInstalled(step: "prepare")
        url = try step("find the repository") { try resolveRepository() }
        let scratch = try FileManager.default.makeScratchFolder(in: context.scratchFolder, prefix: ".herald-git-")
        self.scratch = scratch
        let repo = scratchGit(scratch)
        try repo.run(["init", "--quiet", "--bare", scratch + "/repo.git"], step: "prepare")

        parent = try step("fetch the branch") {
            let listed = try git.run(["ls-remote", url, "refs/heads/" + branch], step: "fetch the branch").text
            guard let sha = listed.split(separator: "\t").first.map(String.init), !sha.isEmpty else { return nil }
            // Only the tip is needed: its tree to compare with, and the commit to build on.
            let shallow = isLocalPath(url) ? [] : ["--depth=1"]
            try repo.run(
                ["fetch", "--quiet", "--no-tags"] + shallow + [url, "refs/heads/" + branch], step: "fetch the branch")
            return sha
        }

        tree = try step("make the tree") {
            // The output folder as the work tree, read only; --force takes files a .gitignore in it names.
            try repo.run(
                ["-c", "core.autocrlf=false", "-c", "core.safecrlf=false", "add", "--all", "--force", "."],
                step: "make the tree", directory: site.folder, environment: ["GIT_WORK_TREE": site.folder])
            var extras: [(String, Data)] = []
            // Without .nojekyll, GitHub Pages runs Jekyll, which drops folders starting with _ and rewrites nothing we want.
            if !site.files.contains(where: { $0.path == ".nojekyll" }) { extras.append((".nojekyll", Data())) }
            if let domain = context.target.domain { extras.append(("CNAME", Data((domain + "\n").utf8))) }
            for (path, contents) in extras {
                let blob = try repo.run(["hash-object", "-w", "--stdin"], step: "make the tree", input: contents).text
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                try repo.run(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"], step: "make the tree")
            }
            return try repo.run(["write-tree"], step: "make the tree").text.trimmingCharacters(
                in: .whitespacesAndNewlines)
        }

        return try step("compare with the branch") { try compare(site, repo: repo) }
    }

    /// The plan: the diff from the branch's tip to the new tree, with the files Herald did not
    /// publish set aside.
    private func compare(_ site: BuiltSite, repo: ExternalTool) throws -> PublishPlan {
        var plan = PublishPlan()
        let sizes = Dictionary(site.files.map { ($0.path, $0.size) }, uniquingKeysWith: { a, _ in a })
        let names = try repo.run(["ls-tree", "-r", "--name-only", "-z", tree], step: "compare with the branch").text
        let sitePaths = names.split(separator: "\0").map(String.init)
        guard let parent else {
            plan.added = sitePaths
            plan.bytes = plan.added.reduce(0) { $0 + (sizes[$1] ?? 0) }
            return plan
        }
        let before = try repo.run(["ls-tree", "-r", "--name-only", "-z", parent], step: "compare with the branch").text
        plan.targetFiles = before.split(separator: "\0").count
        let diff = try repo.run(
            ["diff-tree", "-r", "--no-renames", "--name-status", "-z", parent, tree], step: "compare with the branch"
        ).text
        let fields = diff.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)
        var index = 0
        while index + 1 < fields.count {
            let (status, path) = (fields[index], fields[index + 1])
            index += 2
            switch status.first {
            case "A":
                plan.added.append(path)
                plan.bytes += sizes[path] ?? 0
            case "D": plan.deleted.append(path)
            default:
                plan.changed.append(path)
                plan.bytes += sizes[path] ?? 0
            }
        }
        plan.unchanged = plan.targetFiles - plan.changed.count - plan.deleted.count
        // What Herald published is the tree of its last commit: later commits by others (a
        // CNAME or a verification file added on the forge's website) are theirs.
        let published = try lastHeraldCommit(repo, from: parent).map { try self.published(by: $0, repo: repo) }
        plan.setAsideForeign(publishedBefore: published, sitePaths: Set(sitePaths))
        return plan
    }

    func publish(_ site: BuiltSite, plan: PublishPlan, log: (String) -> Void) throws {
        guard let scratch else { return }
        let repo = scratchGit(scratch)
        let unchanged = "the branch is unchanged: a push updates it in one step or not at all"
        if let parent, !plan.kept.isEmpty {
            tree = try step("make the tree", targetState: unchanged) {
                // The files Herald did not publish go into the new tree as they are on the branch.
                let kept = Set(plan.kept)
                let entries = try repo.run(["ls-tree", "-r", "-z", parent], step: "make the tree").text
                    .split(separator: "\0").filter { entry in
                        entry.split(separator: "\t", maxSplits: 1).last.map { kept.contains(String($0)) } ?? false
                    }
                try repo.run(
                    ["update-index", "-z", "--index-info"], step: "make the tree",
                    input: Data((entries.joined(separator: "\0") + "\0").utf8))
                return try repo.run(["write-tree"], step: "make the tree").text.trimmingCharacters(
                    in: .whitespacesAndNewlines)
            }
        }
        let commit = try step("commit", targetState: unchanged) {
            var (message, identity) = sourceDescription()
            if !plan.kept.isEmpty {
                let encoder = JSONEncoder()
                encoder.outputFormatting = .withoutEscapingSlashes
                message += Self.keptTrailer + String(decoding: try encoder.encode(plan.kept), as: UTF8.self) + "\n"
            }
            var arguments = ["commit-tree", tree, "-m", message]
            if let parent { arguments += ["-p", parent] }
            return try repo.run(arguments, step: "commit", environment: identity).text.trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        try step("push", targetState: unchanged) {
            let pushed = try repo.run(
                ["push", "--quiet", url, "\(commit):refs/heads/\(branch)"], step: "push", allowFailure: true)
            if pushed.status != 0 {
                let moved =
                    pushed.standardError.contains("non-fast-forward") || pushed.standardError.contains("fetch first")
                throw PublishFailure(
                    step: "push",
                    moved
                        ? "the branch \(branch) changed on the remote while publishing; run herald publish again"
                        : "git push exited with status \(pushed.status)\(ExternalTool.quote(pushed.standardError))")
            }
        }
        log("Pushed \(commit.prefix(12)) to \(branch)")
    }

    func cleanUp() {
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }

    /// The newest commit Herald made on the branch's first-parent line from `tip`, or nil when
    /// there is none. A shallow fetch is deepened a few times to look for it.
    private func lastHeraldCommit(_ repo: ExternalTool, from tip: String) throws -> String? {
        for attempt in 0..<4 {
            let log = try repo.run(["log", "--first-parent", "--format=%H %s", tip], step: "compare with the branch")
                .text
            for line in log.split(separator: "\n") where line.contains(Self.signature) {
                return String(line.prefix { $0 != " " })
            }
            guard attempt < 3, let scratch, FileManager.default.fileExists(atPath: scratch + "/repo.git/shallow") else {
                return nil
            }
            try repo.run(
                ["fetch", "--quiet", "--no-tags", "--deepen=200", url, "refs/heads/" + branch], step: "fetch the branch"
            )
        }
        return nil
    }

    /// What a commit of Herald's published: its tree, less the files it kept as they were on the
    /// branch, which its message names (they stay someone else's).
    private func published(by commit: String, repo: ExternalTool) throws -> Set<String> {
        let tree = try repo.run(["ls-tree", "-r", "--name-only", "-z", commit], step: "compare with the branch").text
        let message = try repo.run(["log", "-1", "--format=%B", commit], step: "compare with the branch").text
        let kept =
            message.split(separator: "\n").first { $0.hasPrefix(Self.keptTrailer) }
            .flatMap { try? JSONDecoder().decode([String].self, from: Data($0.dropFirst(Self.keptTrailer.count).utf8)) }
            ?? []
        return Set(tree.split(separator: "\0").map(String.init)).subtracting(kept)
    }

    /// The line of a commit message that names, as a JSON list, the files on the branch that
    /// Herald did not publish and kept in the commit.
    static let keptTrailer = "Herald-Kept: "

    /// Words in every commit message Herald makes, by which a branch it published before is known.
    static let signature = "(herald publish)"

    /// The repository's address: a remote of the site's own repository (`origin`) by its push URL,
    /// a path (made absolute), or a URL as it is.
    private func resolveRepository() throws -> String {
        // Never let an address be read as one of git's options.
        guard !repository.hasPrefix("-") else {
            throw PublishFailure(step: "find the repository", "'\(repository)' is not a repository address")
        }
        let looksLikeName = !repository.contains("/") && !repository.contains(":") && !repository.hasPrefix(".")
        if looksLikeName {
            let found = try git.run(
                ["-C", context.sourceFolder, "remote", "get-url", "--push", "--", repository],
                step: "find the repository", allowFailure: true)
            if found.status == 0 { return found.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            if !FileManager.default.fileExists(atPath: repository) {
                throw PublishFailure(
                    step: "find the repository",
                    "'\(repository)' is not a remote of the git repository in \(context.sourceFolder) nor a folder; give a remote's name, a URL or a path"
                )
            }
        }
        if isLocalPath(repository) {
            return URL(fileURLWithPath: (repository as NSString).expandingTildeInPath).standardizedFileURL.path
        }
        return repository
    }

    /// A path on this machine, not `host:path` or `scheme://…`.
    private func isLocalPath(_ address: String) -> Bool {
        if address.contains("://") { return address.hasPrefix("file://") }
        return !PublishAddress.isHostPath(address)
    }

    /// The commit message (naming the site's source commit, if the site is in git) and the
    /// committer: the user's git identity, or Herald's when none is set.
    private func sourceDescription() -> (String, [String: String]) {
        let source = context.sourceFolder
        let head = (try? git.run(["-C", source, "rev-parse", "HEAD"], step: "commit", allowFailure: true))
            .flatMap { $0.status == 0 ? $0.text.trimmingCharacters(in: .whitespacesAndNewlines) : nil }
        var message: String
        if let head {
            let dirty =
                (try? git.run(
                    ["-C", source, "status", "--porcelain", "--untracked-files=no"], step: "commit", allowFailure: true))?
                .text.isEmpty == false
            message =
                "Publish the site built from \(head.prefix(12))\(dirty ? " with uncommitted changes" : "") \(Self.signature)\n\nSource commit: \(head)\n"
        } else {
            message = "Publish the site \(Self.signature)\n\nThe site folder is not in a git repository.\n"
        }
        message += "Target: \(context.target.address)\n"
        func config(_ key: String) -> String? {
            let value = (try? git.run(["-C", source, "config", "--get", key], step: "commit", allowFailure: true))?.text
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        let name = config("user.name") ?? "Herald"
        let email = config("user.email") ?? "herald@localhost"
        var identity: [String: String] = [:]
        let environment = ProcessInfo.processInfo.environment
        if environment["GIT_AUTHOR_NAME"] == nil { identity["GIT_AUTHOR_NAME"] = name }
        if environment["GIT_AUTHOR_EMAIL"] == nil { identity["GIT_AUTHOR_EMAIL"] = email }
        if environment["GIT_COMMITTER_NAME"] == nil { identity["GIT_COMMITTER_NAME"] = name }
        if environment["GIT_COMMITTER_EMAIL"] == nil { identity["GIT_COMMITTER_EMAIL"] = email }
        return (message, identity)
    }
}
