// libFuzzer target: any text as a heading's `{#id}` and as a Markdown body with headings (issue
// 36). An attribute Herald reads is one word; every heading gets a non-empty ID, unique on the
// page, written on its heading; problems name a line of the body; rendering is deterministic.
import CFuzzerDriver
import Foundation
import FuzzSupport

@testable import Herald

private let renderer: MarkdownRenderer = {
    var options = MarkdownOptions()
    options.highlight = false
    options.emoji = true  // heading IDs are made before a heading's emoji are put in
    return MarkdownRenderer(options: options)
}()

private func fuzzHeadingAttributes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count))
    if let attribute = HeadingAttribute.find(in: bytes) {
        require(
            attribute.start <= bytes.count && bytes[attribute.start...].contains(UInt8(ascii: "{")),
            "attribute starts at \(attribute.start)")
        if let id = attribute.id {
            require(
                !id.isEmpty && !id.unicodeScalars.contains { $0.value <= 0x20 || "{}#\"'".unicodeScalars.contains($0) },
                "accepted ID \(id.debugDescription)")
        }
    }
    let markdown = String(decoding: bytes, as: UTF8.self)
    let lines = lineCount(of: markdown)
    let rendered = renderer.render(markdown)
    let ids = rendered.headings.map(\.id)
    require(Set(ids).count == ids.count && !ids.contains(""), "heading IDs \(ids)")
    for id in ids {
        require(
            occurrences(of: " id=\"\(HTMLEscaping.escape(id))\">", in: rendered.html) == 1,
            "no heading has id \(id.debugDescription)")
    }
    for problem in rendered.headingProblems {
        require(
            problem.line >= 1 && problem.line <= max(lines, 1),
            "problem at line \(problem.line) of \(lines): \(problem.message)")
    }
    require(renderer.render(markdown).html == rendered.html, "two renderings differ")
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzHeadingAttributes(data, size) })
