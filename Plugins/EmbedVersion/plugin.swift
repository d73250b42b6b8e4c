import Foundation
import PackagePlugin

/// Compiles the repository's `VERSION` file, the one place Herald's version is written, into the
/// Herald library, so that `herald --version`, the packages `make dist` makes and the CI workflows
/// `herald new site --ci` writes all name the same version.
@main
struct EmbedVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let versionFile = context.package.directoryURL.appending(path: "VERSION")
        let output = context.pluginWorkDirectoryURL.appending(path: "HeraldVersion+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding Herald's version from VERSION",
                executable: try context.tool(named: "VersionEmbedder").url,
                arguments: [versionFile.path, output.path],
                inputFiles: [versionFile],
                outputFiles: [output]
            )
        ]
    }
}
