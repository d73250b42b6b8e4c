/// The steps of a build, in order, each named once: progress lines, `--timings`, failures
/// (`error: parse content failed with 1 error`) and the fault tests' kill points use these names.
public enum BuildStep: String, Sendable, CaseIterable {
    case prepareOutput = "prepare output"
    case checkForChanges = "check for changes"
    case rebuildEditedBodies = "rebuild edited bodies"
    case readSiteYML = "read site.yml"
    case discoverContent = "discover content"
    case readData = "read data"
    case loadTemplates = "load templates"
    case parseContent = "parse content"
    case buildSiteModel = "build the site model"
    case readImages = "read images"
    case planPages = "plan pages"
    case planDocuments = "plan feeds, API, calendars, search and sitemap"
    case planStaticFiles = "plan static files"
    case planOutputFiles = "plan output files"
    case prepareOutputFolders = "prepare output folders"
    case renderPages = "render and write pages"
    case writeDocuments = "write feeds, API, calendars, search and sitemap"
    case processImages = "process images"
    case copyStaticFiles = "copy static files"
    case writeOutput = "write output"
    case swapOutputIn = "swap output in"
}

extension BuildFailure {
    /// A failure of one of the build's steps.
    public init(step: BuildStep, diagnostics: [Diagnostic]) {
        self.init(step: step.rawValue, diagnostics: diagnostics)
    }
}
