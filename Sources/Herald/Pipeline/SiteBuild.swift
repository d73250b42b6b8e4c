import Foundation

/// Builds a site folder on disk into its output folder, replacing the output only on success.
public enum SiteBuild {
    /// Runs the whole build from disk to disk. On failure the previous output is left untouched
    /// and the staged files are removed.
    public static func run(_ options: BuildOptions, log: @escaping @Sendable (String) -> Void = { _ in }) throws -> BuildReport {
        let source = URL(fileURLWithPath: options.sourcePath).standardizedFileURL.resolvingSymlinksInPath().path
        let output = URL(fileURLWithPath: options.outputPath, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
        try refuseDangerousOutput(source: source, output: output)
        let tree = try OutputTree(outputPath: output)
        do {
            let build = Build(options: options, fileSystem: .disk(root: source), log: log)
            var report = try build.run(into: tree)
            let began = DispatchTime.now()
            try tree.commit()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - began.uptimeNanoseconds) / 1e9
            report.timings.append(("swap output in", seconds))
            report.seconds += seconds
            return report
        } catch {
            tree.discard()
            throw error
        }
    }

    /// The output folder is deleted and replaced by every build, so it must not be the site
    /// folder, hold it, or sit inside the folders Herald reads.
    static func refuseDangerousOutput(source: String, output: String) throws {
        let resolved = URL(fileURLWithPath: output).resolvingSymlinksInPath().path
        var reason: String?
        if resolved == source || source.hasPrefix(resolved + "/") || resolved == "/" {
            reason = "is the site folder or contains it, and would be replaced by the build"
        } else if ["content", "static", "templates", "data"].contains(where: { resolved.hasPrefix(source + "/" + $0 + "/") || resolved == source + "/" + $0 }) {
            reason = "is inside a folder Herald reads from"
        }
        var isFolder: ObjCBool = false
        if reason == nil, FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) {
            if !isFolder.boolValue {
                reason = "is a file, not a folder"
            } else if let entries = try? FileManager.default.contentsOfDirectory(atPath: resolved), !entries.isEmpty,
                      !(entries.contains("index.html") && entries.contains("sitemap.xml")) {
                // Every build replaces the folder whole; one that holds something else is not ours to delete.
                reason = "is not empty and does not hold a site Herald built (no index.html and sitemap.xml)"
            }
        }
        if let reason {
            throw BuildFailure(step: "prepare output", diagnostics: [Diagnostic(path: output, line: 1, "the output folder \(reason); choose another --output")])
        }
    }
}
