// libFuzzer target: any bytes as a Markdown body through the shortcode and Liquid scanner, the
// argument reader and the body conversions of `herald import`, for both generators.
// A crash, a hang or unbounded memory is a bug; whatever the text, a conversion ends.
import CFuzzerDriver
import Foundation

@testable import HeraldImport

private let resolver = ReferenceResolver(
    hugoRef: { _, target in target.count % 2 == 0 ? "/news/\(target.count)/" : nil },
    postURL: { name in name.isEmpty ? nil : "/posts/\(name.count)/" },
    link: { path in path.hasSuffix(".md") ? "/pages/\(path.count)/" : nil })

private func fuzzMarkup(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    for dialect in OldSiteKind.allCases {
        let constructs = MarkupScanner.scan(text, dialect: dialect, firstLine: 3)
        // Constructs are in order, inside the text, and never overlap.
        var end = text.startIndex
        for construct in constructs {
            precondition(
                construct.range.lowerBound >= end && construct.range.upperBound <= text.endIndex,
                "constructs overlap or leave the text")
            end = construct.range.upperBound
            _ = ShortcodeArguments.parse(construct.arguments)
        }
        for allowHTML in [true, false] {
            let converter = BodyConverter(
                dialect: dialect, allowHTML: allowHTML, basePath: "/club", origin: "https://club.example",
                resolver: resolver, siteParams: ["a": "b"])
            let result = converter.convert(text, path: "content/fuzz.md", firstLine: 3, fields: .empty)
            // With nothing to convert, the body is kept byte for byte.
            if result.converted.isEmpty { precondition(result.text == text, "a body without conversions changed") }
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzMarkup(data, size) })
