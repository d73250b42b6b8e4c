import Foundation

/// `site.yml` read from a site folder: the one reader of it for every command (`build`, `check`,
/// `serve`, `publish`, `new`, and the import's look at the site it wrote), so that all of them
/// refuse the same files with the same `path:line: message`: one too large to read, one that is not
/// UTF-8 text, one that links out of the site.
public enum SiteConfigFile {
    /// The file's name in the site folder.
    public static let name = "site.yml"

    /// Why a site folder gave no settings.
    public enum Failure: Error, Sendable {
        /// There is no `site.yml`: the folder is not a site (`notASite` says so).
        case missing
        /// `site.yml` is there but refused: its errors, and the warnings found beside them.
        case refused([Diagnostic])
    }

    /// The settings read, with the warnings about them.
    public struct Reading: Sendable {
        public var config: SiteConfig
        public var warnings: [Diagnostic]
    }

    /// Reads and parses `site.yml` in `fileSystem`; diagnostics name the file `path` (the site
    /// folder's own name for it unless a command shows where that folder is).
    public static func read(from fileSystem: FileSystem, path: String = name) -> Result<Reading, Failure> {
        let data: Data
        do {
            // As a content file: one far beyond any configuration is refused before it is read.
            data = try fileSystem.readFileAtMost(name, InputLimits.largestFile)
        } catch let tooLarge as FileTooLarge {
            let excess = InputLimits.Excess(kind: .size, line: 1, limit: InputLimits.largestFile, size: tooLarge.size)
            return .failure(.refused([Diagnostic(path: path, line: 1, excess.message(what: name))]))
        } catch let problem as FileSystemProblem {
            // There, but not to be read: a link out of the site, a FIFO.
            return .failure(.refused([Diagnostic(path: path, line: 1, problem.message)]))
        } catch {
            return .failure(.missing)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(.refused([Diagnostic(path: path, line: 1, "is not UTF-8 text")]))
        }
        let parsed = SiteConfigParser.parse(text, path: path)
        guard let config = parsed.config else { return .failure(.refused(parsed.diagnostics)) }
        return .success(Reading(config: config, warnings: parsed.diagnostics.filter { $0.severity == .warning }))
    }

    /// What is said of a folder without `site.yml`, named by its full path (there is no line of a
    /// file that is not there to point at); `advice` says what to do instead.
    public static func notASite(
        _ folder: String,
        advice: String = "give the site's folder with --source, or make one with `herald new site NAME`"
    ) -> Diagnostic {
        .about(
            URL(fileURLWithPath: folder).standardizedFileURL.path,
            "has no \(name), so it is not a site folder: \(advice)")
    }
}
