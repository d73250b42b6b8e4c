// libFuzzer target: any text as a Markdown body with GitHub's alerts, task lists and autolinks
// (issue 36). In safe mode no raw HTML gets through, so every `<div>`, `<blockquote>`, `<a>` and
// `<section>` the renderer writes is closed, each alert has one title, and rendering is
// deterministic.
import CFuzzerDriver
import Foundation
import FuzzSupport

@testable import Herald

private let renderer: MarkdownRenderer = {
    var options = MarkdownOptions()
    options.highlight = false
    return MarkdownRenderer(options: options)
}()

private func fuzzAlerts(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let markdown = String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count), as: UTF8.self)
    let html = renderer.render(markdown).html
    for tag in ["div", "blockquote", "a", "section", "ol", "ul", "li"] {
        let opened = occurrences(of: "<\(tag)>", in: html) + occurrences(of: "<\(tag) ", in: html)
        let closed = occurrences(of: "</\(tag)>", in: html)
        require(opened == closed, "\(opened) <\(tag)> and \(closed) </\(tag)> in \(html)")
    }
    let alerts = occurrences(of: "<div class=\"markdown-alert ", in: html)
    require(occurrences(of: "<p class=\"markdown-alert-title\"", in: html) == alerts, "an alert without its one title")
    require(renderer.render(markdown).html == html, "two renderings differ")
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzAlerts(data, size) })
