import ArgumentParser
import Foundation
import Herald
import HeraldImport

/// `herald import [hugo|jekyll] SOURCE`: makes a Herald site of a Hugo or Jekyll site.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a Herald site of a Hugo or Jekyll site, keeping every old address (the old site is only read).",
        discussion: """
            Examples:
              herald import hugo ../old-site --into new-site
              herald import ../old-site      (the kind is detected; the new site goes to ./old-site-herald/)

            The report, also written to the new site's import-report.txt, lists what each section became, the conversions done, and every shortcode or Liquid tag left in the text, as path:line. docs/import.md has every rule.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "hugo or jekyll (optional: detected when left out), then the old site's folder.", valueName: "kind> <source"
        ))
    var words: [String]

    @Option(
        name: .long, help: "The new site's folder (default: ./<source name>-herald/). It must be empty unless --force.")
    var into: String?

    @Flag(name: .long, help: "Replace what is in the --into folder.")
    var force = false

    @Option(name: .long, parsing: .upToNextOption, help: "Sections to import as news (e.g. blog _posts/news).")
    var news: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Sections to import as events.")
    var events: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Sections to import as pages.")
    var pages: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: "Sections to leave out.")
    var skip: [String] = []

    @Option(name: .long, help: "The moment the new site is checked at, RFC 3339 (default: now).")
    var now: String?

    @Flag(name: [.short, .long], help: "Print the summary only, not every warning.")
    var quiet = false

    func validate() throws {
        guard (1...2).contains(words.count) else {
            throw ValidationError("give the old site's folder, optionally after hugo or jekyll")
        }
        if words.count == 2, OldSiteKind(rawValue: words[0].lowercased()) == nil {
            throw ValidationError("'\(words[0])' is not a kind of site: use hugo or jekyll")
        }
    }

    func run() throws {
        let kind = words.count == 2 ? OldSiteKind(rawValue: words[0].lowercased()) : nil
        let source = words.last!
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), isFolder.boolValue else {
            Terminal.printError("error: \(source) is not a folder", warning: false)
            throw ExitCode.failure
        }
        let name = URL(fileURLWithPath: source).standardizedFileURL.lastPathComponent
        let destination = into ?? "\(name)-herald"
        do {
            try ImportWriter.check(destination: destination, source: source, force: force)
        } catch let refusal as ImportWriter.Refusal {
            Terminal.printError("error: \(refusal)", warning: false)
            throw ExitCode.failure
        }
        let line = !quiet && Terminal.outputIsTerminal ? ProgressLine() : nil
        let options = ImportOptions(
            kind: kind, overrides: SectionOverrides(news: news, events: events, pages: pages, skip: skip),
            now: try now.map(parseNow) ?? Date(), sourceName: source, destinationName: destination)
        let result: ImportResult
        do {
            let tree = SourceTree.disk(root: source)
            result = try SiteImport(
                tree: tree, options: options,
                progress: { step in
                    line?.update(BuildProgress(step: step.rawValue, done: 0, total: 0), verb: "Importing")
                }
            ).run()
            line?.update(BuildProgress(step: "write the new site", done: 0, total: 0), verb: "Importing")
            try ImportWriter.write(result, tree: tree, destination: destination)
            line?.clear()
        } catch let failure as ImportFailure {
            line?.clear()
            // `path:line: message` for each file of the old site that stopped it, as a build prints them.
            for diagnostic in failure.diagnostics { Terminal.printError(diagnostic.description, warning: false) }
            Terminal.printError("error: \(failure.summary)", warning: false)
            throw ExitCode.failure
        } catch {
            line?.clear()
            Terminal.printError("error: could not write \(destination): \(error.localizedDescription)", warning: false)
            throw ExitCode.failure
        }
        let text = result.report.text
        if quiet, let cut = text.range(of: "\n\nWarnings by kind:"),
            let next = text.range(of: "\nNext, build and preview")
        {
            print(String(text[..<cut.lowerBound]) + "\n" + String(text[next.lowerBound...]), terminator: "")
        } else {
            print(text, terminator: "")
        }
    }
}
