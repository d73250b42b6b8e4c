// libFuzzer target: any bytes through the front-matter splitter and the YAML reader.
// Errors are expected; a crash, a hang or unbounded memory is a bug.
import CFuzzerDriver
import Foundation
@testable import Herald

private func fuzzFrontMatter(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: UnsafeRawPointer(start), count: count)
    guard case .success(let source) = SourceText.read(data, path: "content/news/fuzz.md") else { return 0 }
    guard case .success(var reader) = YAMLReader.parse(
        source.frontMatter, path: "content/news/fuzz.md", lineOffset: source.frontMatterLineOffset,
        what: "front matter", resolver: YAMLReader.frontMatterResolver
    ) else { return 0 }
    // Read every key the way the item parser does, each as every type, to reach the conversions.
    for (key, _) in reader.keys {
        _ = reader.text(key)
        _ = reader.bool(key)
        _ = reader.int(key)
        _ = reader.stringList(key)
        _ = reader.date(key, timeZone: TimeZone(identifier: "Asia/Shanghai")!)
        _ = reader.mappingList(key)
    }
    _ = reader.problems.all.map(\.description)
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzFrontMatter(data, size) })
