import Foundation
import Herald

/// Permalink patterns of the old configuration that would lead outside the site (Hugo's
/// `[permalinks] posts = "/../../tmp/:slug/"`, Jekyll's `permalink:`) are left out, and said so:
/// carried into site.yml they would make every item of a kind write outside the output.
extension OldSiteConfig {
    mutating func leaveOutUnsafePermalinks() {
        for (section, pattern) in permalinks.sorted(by: { $0.key < $1.key }) {
            guard let problem = OwnSiteAddress.problem(pattern.value) else { continue }
            leaveOut("permalink pattern of \(section)", pattern.value, problem, origin: pattern.origin)
            // Jekyll's posts fall back to its default pattern; Hugo's sections to their folders.
            permalinks[section] =
                kind == .jekyll && section == "posts"
                ? Setting(value: JekyllConfigReader.styles["date"]!, origin: "Jekyll's default (date)") : nil
        }
        for (name, pattern) in collections.sorted(by: { $0.key < $1.key }) {
            guard let pattern, let problem = OwnSiteAddress.problem(pattern) else { continue }
            leaveOut(
                "permalink pattern of the \(name) collection", pattern, problem,
                origin: files.first.map { $0 + ":1" } ?? "_config.yml:1")
            collections[name] = .some(nil)
        }
    }

    /// Records a pattern left out, at the `file:line` it came from.
    private mutating func leaveOut(_ what: String, _ pattern: String, _ problem: String, origin: String) {
        let parts = origin.split(separator: ":")
        let line = parts.count >= 2 ? Int(parts[parts.count - 1]) : nil
        let path = line == nil ? (files.first ?? origin) : parts.dropLast().joined(separator: ":")
        unsafeSettings.append(
            Diagnostic.warning(
                path: path, line: line ?? 1,
                "the \(what) '\(ImportPlan.printable(pattern))' \(problem); it is left out of site.yml, so that building the new site cannot write outside its output"
            ))
    }
}
