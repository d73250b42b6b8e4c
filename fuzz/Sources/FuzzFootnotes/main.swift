// libFuzzer target: any text as a Markdown body with footnotes (issue 36). The renderer must never
// crash or hang; every ID on the page is unique (notes, references and headings together), every
// link to a note or back to a reference leads to an ID that is there, every problem names a line
// of the body, and the same body renders the same twice.
import CFuzzerDriver
import Foundation
import FuzzSupport

@testable import Herald

private let renderer: MarkdownRenderer = {
    var options = MarkdownOptions()
    options.highlight = false  // a Python process per block: the highlighter has its own tests
    return MarkdownRenderer(options: options)
}()

private func fuzzFootnotes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let markdown = String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count), as: UTF8.self)
    let lines = lineCount(of: markdown)
    for prefix in [nil, "7"] as [String?] {
        let rendered = renderer.render(markdown, wantPlainText: true, footnotePrefix: prefix)
        let ids = values(after: " id=\"", in: rendered.html)
        require(Set(ids).count == ids.count, "repeated IDs in \(ids)")
        for target in noteLinks(in: rendered.html) {
            require(ids.contains(target), "a link to #\(target), which is not on the page")
        }
        for problem in rendered.footnoteProblems {
            require(
                problem.line >= 1 && problem.line <= max(lines, 1),
                "problem at line \(problem.line) of \(lines): \(problem.message)")
        }
        require(
            renderer.render(markdown, wantPlainText: true, footnotePrefix: prefix).html == rendered.html,
            "two renderings differ")
    }
    return 0
}

/// Where the links the footnotes make lead: a reference's to its note, a note's back to a reference.
private func noteLinks(in html: String) -> [String] {
    let references = values(after: "<sup class=\"footnote-ref\"><a href=\"#", in: html)
    let backs = tags(at: "<a href=\"#", in: html).filter { $0.contains("class=\"footnote-backref\"") }
    return references + backs.map { String($0.dropFirst(10).prefix { $0 != "\"" }) }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzFootnotes(data, size) })
