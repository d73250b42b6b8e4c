import ArgumentParser
import Foundation
import Herald

/// The `herald` command.
struct HeraldCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "herald",
        abstract: "Builds a news-and-events site from Markdown: pages, lists and a home page like a news app's.",
        version: HeraldVersion.current,
        subcommands: [
            BuildCommand.self, ServeCommand.self, CheckCommand.self, NewCommand.self, PublishCommand.self,
            ImportCommand.self,
        ],
        defaultSubcommand: BuildCommand.self
    )
}

/// The `--now` option's date.
func parseNow(_ text: String) throws -> Date {
    guard let parsed = DateParser.parseInstant(text) else {
        throw ValidationError("--now '\(text)' is not a date; use RFC 3339 such as 2026-11-21T12:00:00+08:00")
    }
    return parsed
}
