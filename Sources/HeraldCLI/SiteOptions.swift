import ArgumentParser
import Foundation

/// The options `build`, `serve`, `check` and `publish` share: which site, and at what moment.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: "The site folder (with site.yml).")
    var source: String = "."

    @Option(
        name: .long,
        help:
            "The moment to treat as now, RFC 3339 (e.g. 2026-11-21T12:00:00+08:00), for reproducible output; the clock when not given."
    )
    var now: String?

    /// `--now` read, or nil when not given.
    func moment() throws -> Date? { try now.map(parseNow) }
}

/// Which items `build`, `serve` and `check` take beyond those published now (`publish` never
/// takes drafts or future items).
struct ContentSelection: ParsableArguments {
    @Flag(name: .long, help: "Include drafts.")
    var drafts = false

    @Flag(name: .long, help: "Include items whose publication date is in the future.")
    var future = false
}

/// The base URL a site is built for, when not site.yml's (`build`, `check`, `publish`).
struct BaseURLOption: ParsableArguments {
    @Option(name: .customLong("base-url"), help: "Build for this base URL instead of site.yml's baseURL.")
    var baseURL: String?
}
