import Foundation

/// What the last successful build of an output folder was made from, kept beside the output
/// (`.site-output.herald-cache.json` beside `site-output/`) so that a rebuild with nothing
/// changed can stop after checking instead of building everything again.
///
/// The output is up to date when the same herald binary, with the same options, finds every input
/// file (`site.yml`, `content/`, `templates/`, `static/`, `data/`) and every output file as the
/// last build left them, and the clock is still within the span in which the output does not
/// change (`OutputValidity`). Files are compared by their metadata (size, modification and
/// change times, inode), which every edit, copy or checkout changes. The file is safe to delete:
/// the next build is then a full one.
struct BuildRecord: Codable, Equatable {
    /// Bumped when the record's meaning changes, so an old record is never trusted.
    static let format = 5

    var format: Int
    /// The herald binary (its size, time and inode): a new herald may build differently.
    var herald: String
    /// The build options other than the clock.
    var options: String
    /// Fingerprint of the input files' metadata.
    var inputs: String
    /// Fingerprint of the output files' metadata, taken after the output was swapped in.
    var output: String
    /// When the same input builds to the same output.
    var validity: OutputValidity
    /// The base URL the site was built for (what `herald publish --no-build` checks a target's URL against).
    var baseURL: String
    /// What the build reported, to report again.
    var items: Int
    var pages: Int
    var files: Int
    var skipped: SkippedItems
    var warnings: [RecordedWarning]
    /// The stamp of the snapshot the build left beside the output (`BuildSnapshot`), which the
    /// next build may rebuild from; nil when it left none.
    var snapshot: String? = nil

    /// A warning of the recorded build, repeated by an up-to-date check (and a rebuild from the
    /// snapshot) so it is not forgotten: all of it, to be told again exactly as the build told it.
    struct RecordedWarning: Codable, Equatable {
        var path: String
        /// 0 for a warning about the file as a whole.
        var line: Int
        var column: Int
        var message: String
        /// Of the line that stands for a file's warnings left out (`DiagnosticCap`), how many.
        var omitted: Int

        init(_ warning: Diagnostic) {
            (path, line, column, message, omitted) = (
                warning.path, warning.line, warning.column, warning.message, warning.omitted
            )
        }

        /// The warning as the build told it.
        var diagnostic: Diagnostic {
            var warning = Diagnostic.warning(path: path, line: line, message)
            (warning.line, warning.column, warning.omitted) = (line, column, omitted)
            return warning
        }
    }

    /// The snapshot's file beside an output folder.
    static func snapshotPath(forOutput output: String) -> String {
        BesideOutput.path(forOutput: output, suffix: ".herald-snapshot")
    }

    /// The record's file beside an output folder.
    static func path(forOutput output: String) -> String {
        BesideOutput.path(forOutput: output, suffix: ".herald-cache.json")
    }

    /// The record of the last build into `output`, or nil when there is none or it cannot be read.
    static func load(forOutput output: String) -> BuildRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let data = FileManager.default.contents(atPath: path(forOutput: output)),
            let record = try? decoder.decode(BuildRecord.self, from: data), record.format == format
        else { return nil }
        return record
    }

    /// Writes the record; a record that cannot be written only costs the next build its shortcut.
    func save(forOutput output: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .secondsSince1970
        guard let data = try? encoder.encode(self) else { return }
        BesideOutput.replace(Self.path(forOutput: output), with: data)
    }

    /// Deletes the record: the output is about to change.
    static func remove(forOutput output: String) { unlink(path(forOutput: output)) }

    /// The options that decide what a build writes, apart from the clock: each with its name in
    /// the record's key and the name a user knows it by, and its value.
    static func options(
        _ options: BuildOptions, source: String
    ) -> [(key: String, told: String, value: String)] {
        [
            ("source", "the site folder", source), ("drafts", "--drafts", "\(options.includeDrafts)"),
            ("future", "--future", "\(options.includeFuture)"), ("baseURL", "--base-url", options.baseURL ?? ""),
        ]
    }

    /// The options as the record keeps them (`source=…`, a line each).
    static func optionsKey(_ options: BuildOptions, source: String) -> String {
        Self.options(options, source: source).map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    }

    /// The options, named as a user knows them, whose values differ between two options keys,
    /// in the order of their keys' names.
    static func differingOptions(_ last: String, _ now: String) -> [String] {
        let told = Dictionary(
            uniqueKeysWithValues: options(BuildOptions(), source: "").map { ($0.key, $0.told) })
        func values(_ key: String) -> [String: Substring] {
            var values: [String: Substring] = [:]
            for line in key.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                values[String(parts[0])] = parts.count > 1 ? parts[1] : ""
            }
            return values
        }
        let (before, after) = (values(last), values(now))
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted().map { told[$0] ?? $0 }
    }

    /// The running herald binary's identity.
    static var heraldIdentity: String {
        FileStamps.settledStamp(of: "/proc/self/exe")?.value ?? "unknown"
    }

    /// The folders and files of a site that a build reads.
    static let inputPaths = [SiteConfigFile.name, "content", "templates", "static", "data"]

    /// The report of a build that found the output up to date.
    func upToDateReport(seconds: Double) -> BuildReport {
        BuildReport(
            items: items, pages: pages, files: files, written: 0, skipped: skipped,
            warnings: warnings.map(\.diagnostic),
            timings: [], seconds: seconds, validity: validity, upToDate: true, baseURL: baseURL)
    }
}
