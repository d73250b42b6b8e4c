// libFuzzer target: any bytes through the front-matter splitter and the YAML or TOML reader, and
// the reads of other generators' key names and shapes.
// Errors are expected; a crash, a hang or unbounded memory is a bug.
import CFuzzerDriver
import Foundation

@testable import Herald

private func fuzzFrontMatter(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: UnsafeRawPointer(start), count: count)
    // Herald's own composer must give Yams' tree for every document it takes.
    if let text = String(data: data, encoding: .utf8),
        let difference = YAMLComposer.disagreement(on: text, resolver: .basic)
    {
        fatalError("YAMLComposer and Yams disagree: \(difference)")
    }
    guard case .success(let source) = FrontMatter.read(data, path: "content/news/fuzz.md") else { return 0 }
    var reader = source.fields
    let spelling = FrontMatterKeys.spelling(of: reader.keys, path: "content/news/fuzz.md")
    _ = reader.params(unknown: spelling.unknown.map(\.key), nested: spelling["params"])
    _ = reader.names(spelling["author"])
    _ = reader.firstText(spelling["image"], inMapping: ["image", "src", "url"])
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
