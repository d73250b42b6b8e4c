// Reads the default theme folder and writes a Swift file that carries every file
// of it, so the `herald` binary has its theme built in and needs no resource bundle.
//
//   ThemeEmbedder <theme-folder> <output.swift>
//
// Contents are stored as base64 so any byte sequence survives a Swift literal.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ThemeEmbedder <theme-folder> <output.swift>\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1], isDirectory: true).standardizedFileURL
let output = URL(fileURLWithPath: arguments[2])

var files: [(path: String, data: Data)] = []
if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
    for case let url as URL in walker {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
        if relative.hasPrefix(".") || relative.contains("/.") { continue }
        files.append((relative, try Data(contentsOf: url)))
    }
}
files.sort { $0.path < $1.path }

var source = "// Generated at build time by ThemeEmbedder from the repository's templates/ folder. Do not edit.\n"
source +=
    "extension DefaultTheme {\n    /// Every file of the default theme: path relative to templates/, contents as base64.\n"
source += "    static let embeddedFiles: [(path: String, base64: String)] = [\n"
for file in files {
    let escapedPath = file.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"")
    source += "        (\"\(escapedPath)\", \"\(file.data.base64EncodedString())\"),\n"
}
source += "    ]\n}\n"
let data = Data(source.utf8)
// Leave an unchanged file alone so the compiler does not rebuild the module for nothing.
if (try? Data(contentsOf: output)) != data {
    try data.write(to: output, options: .atomic)
}
