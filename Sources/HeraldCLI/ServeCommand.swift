import ArgumentParser
import Foundation
import Herald
import HeraldServe
import Logging
import ServiceLifecycle

/// `herald serve`: builds the site into memory, serves it, rebuilds on every change and reloads
/// the open pages.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site: build it, serve it locally, rebuild on every change and reload the browser."
    )

    @OptionGroup var site: SiteOptions
    @OptionGroup var selection: ContentSelection

    @Option(
        name: .long,
        help: "The address to listen on. Only this machine can connect unless you give another (e.g. 0.0.0.0).")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0 for any free one).")
    var port: Int = 8080

    @Flag(name: [.short, .long], help: "Print nothing but warnings and errors.")
    var quiet = false

    @Flag(
        name: .customLong("no-reload"),
        help:
            "Serve pages without the live-reload script (for screenshot tools and test runners, whose page load waits for every connection to end)."
    )
    var noReload = false

    @Flag(name: .long, help: "Print how long each step of every rebuild took.")
    var timings = false

    func run() async throws {
        let source = site.source
        var options = ServeOptions(sourcePath: source)
        options.host = host
        options.port = port
        options.includeDrafts = selection.drafts
        options.includeFuture = selection.future
        // Without --now, each rebuild takes the clock's time.
        options.now = try site.moment()
        options.timings = timings
        options.liveReload = !noReload
        guard FileManager.default.fileExists(atPath: (source as NSString).appendingPathComponent(SiteConfigFile.name))
        else {
            Terminal.printError(SiteConfigFile.notASite(source).description, warning: false)
            throw ExitCode.failure
        }
        let quiet = self.quiet
        let session = PreviewSession(
            options: options,
            log: { line in
                if !quiet {
                    print(line)
                    fflush(nil)
                }
            },
            problems: { diagnostics in
                for diagnostic in diagnostics {
                    Terminal.printError(diagnostic.description, warning: diagnostic.severity == .warning)
                }
            })

        var logger = Logger(label: "herald serve")
        logger.logLevel = .error
        let app = PreviewServer.application(state: session.state, host: host, port: port, logger: logger) {
            actualPort in
            session.listening(on: actualPort)
            // The first build waits for the port, so its absolute links name the right address.
            session.rebuild()
            if !quiet {
                print("Serving \(session.homeURL) (Ctrl-C to stop)")
                fflush(nil)
            }
        }
        let group = ServiceGroup(
            configuration: .init(
                services: [app, session], gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        do {
            try await group.run()
        } catch {
            Terminal.printError("error: \(error)", warning: false)
            throw ExitCode.failure
        }
        // How long stopping took, from the signal to the server's last connection closed: a
        // reload connection left open must not hold it up (test_serve.py reads this line).
        let stopping = session.shutdownBegan.withLock { $0 }.map {
            Double(DispatchTime.now().uptimeNanoseconds - $0.uptimeNanoseconds) / 1e6
        }
        if !quiet { print(timings ? "Stopped in \(Int(stopping ?? 0)) ms." : "Stopped.") }
    }
}
