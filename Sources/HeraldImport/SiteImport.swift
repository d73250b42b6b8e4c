import Foundation
import Herald

/// What to import, and how.
public struct ImportOptions: Sendable {
    /// Hugo or Jekyll; nil to detect it.
    public var kind: OldSiteKind?
    /// `--news`, `--events`, `--pages`, `--skip`.
    public var overrides: SectionOverrides
    /// The moment the new site is checked at (its build's `--now`).
    public var now: Date
    /// How the report names the old site and the new one.
    public var sourceName: String
    /// How the report names the new site.
    public var destinationName: String

    public init(
        kind: OldSiteKind? = nil, overrides: SectionOverrides = SectionOverrides(), now: Date = Date(),
        sourceName: String = "", destinationName: String = ""
    ) {
        self.kind = kind
        self.overrides = overrides
        self.now = now
        self.sourceName = sourceName
        self.destinationName = destinationName
    }
}

/// The new site an import made, not yet written: its files, the files to copy from the old site,
/// and the report.
public struct ImportResult: Sendable {
    /// Path in the new site → bytes (site.yml, content, import-report.txt).
    public var files: [String: Data]
    /// Files copied as they are: path in the old site → path in the new site.
    public var copies: [(from: String, to: String)]
    /// What the import did.
    public var report: ImportReport
}

/// Why an import could not start.
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
    /// What stopped the import, in one line (after the diagnostics, when there are some).
    public var summary: String
    /// The old site's files that stopped it, as `path:line` (relative to the old site); empty when
    /// the failure is about the site as a whole.
    public var diagnostics: [Diagnostic] = []

    public init(description: String, diagnostics: [Diagnostic] = []) {
        summary = description
        self.diagnostics = diagnostics
    }

    /// Each diagnostic on its own line, then the summary.
    public var description: String { (diagnostics.map(\.description) + [summary]).joined(separator: "\n") }

    /// A failure of the configuration files' refusals.
    static func refused(_ refusals: [Diagnostic]) -> ImportFailure {
        ImportFailure(
            description: "nothing was imported: the old site's configuration is refused", diagnostics: refusals.sorted()
        )
    }
}

/// The steps of an import, named once, for the progress line and for failures.
public enum ImportStep: String, Sendable, CaseIterable {
    case detect = "detect the site"
    case readConfiguration = "read the configuration"
    case sortFiles = "sort the files"
    case readContent = "read the content"
    case placeItems = "place items"
    case keepAddresses = "keep old addresses"
    case convertBodies = "convert shortcodes and Liquid"
    case checkSite = "check the new site"
}

/// `herald import`: a Hugo or Jekyll site made into a Herald site, in memory. Reading the old
/// site goes through `SourceTree`; writing the new one is `ImportWriter`'s.
///
/// detect → read the configuration → sort the files → read the content → place items (kinds,
/// front matter) → keep old addresses (permalinks, slugs, aliases) → convert bodies → check the
/// new site with Herald's own build.
public struct SiteImport: Sendable {
    /// The old site.
    public var tree: SourceTree
    /// What to import, and how.
    public var options: ImportOptions
    /// Told each step as it starts.
    public var progress: (@Sendable (ImportStep) -> Void)?

    public init(tree: SourceTree, options: ImportOptions, progress: (@Sendable (ImportStep) -> Void)? = nil) {
        self.tree = tree
        self.options = options
        self.progress = progress
    }

    /// Runs every step. Throws only when the source is no site or says another kind than given.
    public func run() throws -> ImportResult {
        progress?(.detect)
        let kind = try detect()
        progress?(.readConfiguration)
        var config = kind == .hugo ? HugoConfigReader.read(tree) : JekyllConfigReader.read(tree)
        // A configuration beyond bounds (an alias bomb, a pattern that does not compile) is hostile
        // or broken beyond guessing: importing without it would publish what the old site did not.
        if !config.refusals.isEmpty { throw ImportFailure.refused(config.refusals) }
        config.leaveOutUnsafePermalinks()
        progress?(.sortFiles)
        let inventory =
            kind == .hugo ? HugoInventory.take(tree, config: config) : JekyllInventory.take(tree, config: config)
        var plan = ImportPlan(tree: tree, config: config, inventory: inventory, options: options)
        progress?(.readContent)
        plan.readItems()
        plan.setAsideUnsafeAddresses()
        progress?(.placeItems)
        plan.placeItems()
        plan.placeTermPages()
        progress?(.keepAddresses)
        plan.keepOldAddresses()
        progress?(.convertBodies)
        plan.convertBodies()
        progress?(.checkSite)
        plan.checkNewSite()
        return plan.result()
    }

    /// The kind of site, as given or as detected.
    func detect() throws -> OldSiteKind {
        let detected = OldSiteKind.detect(files: tree.files)
        guard let detected else {
            throw ImportFailure(
                description:
                    "\(options.sourceName.isEmpty ? "the folder" : options.sourceName) is neither a Hugo nor a Jekyll site: \(OldSiteKind.lookedFor)"
            )
        }
        if let given = options.kind, given != detected {
            // Both configurations can be there (a site moved once already); the one asked for must be.
            let hasGiven =
                given == .hugo
                ? OldSiteKind.hugoConfigNames.contains(where: tree.has)
                    || tree.files.contains { $0.hasPrefix("config/_default/") }
                : tree.has("_config.yml") || tree.has("_config.yaml")
            if !hasGiven {
                throw ImportFailure(
                    description:
                        "\(options.sourceName) is a \(detected.rawValue == "hugo" ? "Hugo" : "Jekyll") site, not a \(given == .hugo ? "Hugo" : "Jekyll") one: run `herald import \(detected.rawValue)`"
                )
            }
            return given
        }
        return detected
    }
}
