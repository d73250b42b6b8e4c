// libFuzzer target: any text as a Markdown body with footnotes (issue 36). The renderer must never
// crash or hang; every ID on the page is unique (notes, references and headings together), every
// link to a note or back to a reference leads to an ID that is there, every problem names a line
// of the body, and the same body renders the same twice.
import CFuzzerDriver
import Foundation
@testable import Herald

private let renderer: MarkdownRenderer = {
    var options = MarkdownOptions()
    options.highlight = false  // a Python process per block: the highlighter has its own tests
    return MarkdownRenderer(options: options)
}()

private func fuzzFootnotes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let markdown = String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count), as: UTF8.self)
    let lines = markdown.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).count
    for prefix in [nil, "7"] as [String?] {
        let rendered = renderer.render(markdown, wantPlainText: true, footnotePrefix: prefix)
        let ids = values(of: " id=\"", in: rendered.html)
        require(Set(ids).count == ids.count, "repeated IDs in \(ids)")
        for target in noteLinks(in: rendered.html) {
            require(ids.contains(target), "a link to #\(target), which is not on the page")
        }
        for problem in rendered.footnoteProblems {
            require(problem.line >= 1 && problem.line <= max(lines, 1), "problem at line \(problem.line) of \(lines): \(problem.message)")
        }
        require(renderer.render(markdown, wantPlainText: true, footnotePrefix: prefix).html == rendered.html, "two renderings differ")
    }
    return 0
}

/// Where the links the footnotes make lead: a reference's to its note, a note's back to a reference.
private func noteLinks(in html: String) -> [String] {
    let references = html.components(separatedBy: "<sup class=\"footnote-ref\"><a href=\"#").dropFirst()
    let backs = html.components(separatedBy: "<a href=\"#").dropFirst().filter { $0.prefix(while: { $0 != ">" }).contains("class=\"footnote-backref\"") }
    return (Array(references) + backs).compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
}

/// The values of an attribute written by the renderer (`id="…"`), in order.
private func values(of attribute: String, in html: String) -> [String] {
    html.components(separatedBy: attribute).dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
}

/// `precondition`, whose message a release build drops: a finding must say what broke.
private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzFootnotes(data, size) })
