// libFuzzer target: a whole build of a small site in memory, with the fuzzer's bytes as one
// content file (the first byte picks news, event or page). The build must either succeed or
// fail with diagnostics: never crash or hang, never write outside the output, and every
// diagnostic must name the file and a line inside it.
import CFuzzerDriver
import Foundation
import Herald

private let siteYAML =
    "title: Fuzz\nbaseURL: https://example.org/union/\ntimezone: Asia/Shanghai\ncategories:\n  - name: Campus\n"
private let neighbour = "---\ntitle: Neighbour\ndate: 2026-11-01\ncategories: [Campus]\ntags: [a]\n---\nBody\n"
private let now = DateParser.parseInstant("2026-11-21T12:00:00+08:00")!
private let paths = ["content/news/2026-11-02-fuzz.md", "content/events/fuzz.md", "content/pages/fuzz.md"]

private func fuzzItemPipeline(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count)
    let path = paths[Int(bytes[0]) % paths.count]
    let content = Data(bytes[1...])
    let files: [String: Data] = [
        "site.yml": Data(siteYAML.utf8),
        "content/news/2026-11-01-neighbour.md": Data(neighbour.utf8),
        path: content,
    ]
    let output = MemoryOutput()
    do {
        _ = try Build(options: BuildOptions(now: now), fileSystem: .memory(files)).run(into: output)
        for written in output.files.keys {
            precondition(
                !written.hasPrefix("/") && !written.split(separator: "/").contains(".."),
                "wrote outside the output: \(written)")
        }
    } catch let failure as BuildFailure {
        let lines = content.split(separator: 0x0A, omittingEmptySubsequences: false).count
        for diagnostic in failure.diagnostics where diagnostic.path == path {
            precondition(
                diagnostic.line >= 1 && diagnostic.line <= max(lines, 1),
                "line \(diagnostic.line) is outside \(path) (\(lines) lines)")
        }
    } catch {
        preconditionFailure("a build failed without diagnostics: \(error)")
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzItemPipeline(data, size) })
