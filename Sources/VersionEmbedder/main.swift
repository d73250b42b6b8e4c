// Reads the repository's VERSION file and writes a Swift file that carries it, so the version is
// written in one place and compiled into the `herald` binary.
//
//   VersionEmbedder <VERSION> <output.swift>
//
// A version that is not MAJOR.MINOR.PATCH (with an optional -suffix of letters, digits and dots)
// stops the build: it becomes part of package and file names, where anything else would break.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: VersionEmbedder <VERSION> <output.swift>\n".utf8))
    exit(2)
}
let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
let version = text.trimmingCharacters(in: .whitespacesAndNewlines)
guard version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?/) != nil else {
    FileHandle.standardError.write(
        Data("\(arguments[1]):1: error: '\(version)' is not a version such as 1.2.3 or 1.2.3-rc.1\n".utf8))
    exit(1)
}
let source = """
    // Generated at build time by VersionEmbedder from the repository's VERSION file. Do not edit.
    extension HeraldVersion {
        /// Herald's version, as the VERSION file gives it.
        public static let current = "\(version)"
    }

    """
let output = URL(fileURLWithPath: arguments[2])
// Leave an unchanged file alone so the compiler does not rebuild the module for nothing.
if (try? String(contentsOf: output, encoding: .utf8)) != source {
    try Data(source.utf8).write(to: output, options: .atomic)
}
