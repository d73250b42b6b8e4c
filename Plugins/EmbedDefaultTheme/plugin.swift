import Foundation
import PackagePlugin

/// Compiles the repository's `templates/` folder (the one copy of the default theme,
/// which the example site also uses) into the Herald library.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "templates", directoryHint: .isDirectory)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: theme, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where !url.hasDirectoryPath {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the default theme from templates/",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [theme.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        ]
    }
}
