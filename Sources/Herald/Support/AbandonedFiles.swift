import Foundation

/// What a Herald process writes beside the output under a name of its own (a prefix, then its
/// process id) and renames into place when it is done: a staging folder, a snapshot. `kill -9`
/// cannot be caught, so what such a process left is found by the next one, by its name.
enum AbandonedFiles {
    /// Removes from `parent` what is named `prefix` and the id of a process that is gone. A
    /// process still running (a build into the same output from another terminal) keeps its own.
    static func remove(in parent: String, prefix: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            // The prefix and a process id, nothing else: another output's name may begin alike
            // (`.a.herald-snapshot.tmp-herald` and the staging folder of `a.herald-snapshot`).
            let owner = name.dropFirst(prefix.count)
            guard !owner.isEmpty, owner.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(owner) else {
                continue
            }
            if pid != getpid(), kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(atPath: parent + "/" + name)
        }
    }
}
