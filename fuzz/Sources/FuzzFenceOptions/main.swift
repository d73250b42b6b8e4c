// libFuzzer target: any text as the options after a fence's language (```` ```go {…} ````, issue
// 36), for a block whose line count is the first byte. Reading never crashes or hangs; marked
// lines are ascending and inside the block; a fence reports at most five problems, all at its
// line; the options' JSON (which keys the highlighter's cache) has only the three known keys.
import CFuzzerDriver
import Foundation
import FuzzSupport

@testable import Herald

private func fuzzFenceOptions(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count)
    let lineCount = Int(bytes[0])
    let rest = String(decoding: bytes[1...], as: UTF8.self)
    let (options, problems) = FenceOptions.parse(Substring(rest), lineCount: lineCount, line: 3)
    require(problems.count <= FenceOptions.problemsPerFence && problems.allSatisfy { $0.line == 3 }, "\(problems)")
    let lines = options.highlightedLines
    require(
        lines == lines.sorted() && Set(lines).count == lines.count && lines.allSatisfy { $0 >= 1 && $0 <= lineCount },
        "lines \(lines) of \(lineCount)")
    if let json = try? JSONSerialization.jsonObject(with: Data(options.json.utf8)) as? [String: Any] {
        require(Set(json.keys).isSubset(of: ["hl_lines", "linenos", "linenostart"]), options.json)
    } else {
        require(false, "options JSON \(options.json) does not parse")
    }
    if let marked = FenceOptions.lines(rest, lineCount: lineCount) {
        require(marked.allSatisfy { $0 >= 1 && $0 <= lineCount }, "lines \(marked) of \(lineCount)")
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzFenceOptions(data, size) })
