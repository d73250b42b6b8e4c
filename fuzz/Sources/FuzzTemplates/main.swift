// libFuzzer target: any bytes as up to three templates (split at NUL bytes) through the template
// parser, the linker and, when they load, the renderer, with and without the per-build fixing of
// constant values, which must never change a byte of the output.
import CFuzzerDriver
import Foundation
import HeraldTemplates

/// A view with a little of everything: text to escape, numbers, flags, lists, nesting and a
/// view that answers every name (as Herald's front-matter params do).
private struct FuzzData: TemplateView, TemplateValueConvertible {
    var depth: Int
    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key.written {
        case "site" where depth == 0: return .view(Site())
        case "title": return .text("A & <B> \"c\" 'd'")
        case "n": return .number(depth)
        case "yes": return .bool(true)
        case "no": return .bool(false)
        case "none": return .absent
        case "tags": return .list(["x", "y\nz", ""])
        case "items":
            return depth < 3 ? .list([FuzzData(depth: depth + 1), FuzzData(depth: depth + 2)]) : .list([FuzzData]())
        case "child": return depth < 4 ? .view(FuzzData(depth: depth + 1)) : .absent
        case "params": return .view(Anything())
        default: return nil
        }
    }
}

private struct Site: TemplateView {
    func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key.written {
        case "title": return .text("Site & {{x}}")
        case "lines": return .text("one\ntwo")
        case "year": return .number(2026)
        case "gone": return .absent
        default: return nil
        }
    }
}

private struct Anything: TemplateView {
    func templateValue(_ key: TemplateKey) -> TemplateValue? { .absent }
}

private func fuzzTemplates(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    let names = ["main", "a", "partials/b"]
    var sources: [String: String] = [:]
    for (index, text) in parts.enumerated() { sources[names[index]] = text }
    for mode in [TemplateLibrary.MissingPartials.error, .renderNothing] {
        switch TemplateLibrary.load(sources, missingPartials: mode) {
        case .failure(let failure):
            precondition(!failure.errors.isEmpty)
            for error in failure.errors {
                // Lines counted on bytes: "\r\n" is one Character to Swift, but two bytes ending a line.
                let lines = (sources[error.template] ?? "").utf8.split(
                    separator: 0x0A, omittingEmptySubsequences: false
                ).count
                precondition(
                    error.position.line >= 1 && error.position.line <= max(1, lines), "line out of range: \(error)")
                precondition(error.position.column >= 1, "column out of range: \(error)")
            }
        case .success(let library):
            let context = TemplateValue.view(FuzzData(depth: 0))
            let plain = library.render("main", context)
            precondition(String(validating: plain, as: UTF8.self) != nil, "output is not UTF-8")
            let fixed = library.fixing(
                roots: [TemplateKey("site")], from: FuzzData(depth: 0),
                unlessInside: { $0.segments.contains(TemplateKey("params")) })
            precondition(fixed.render("main", context) == plain, "fixing constant values changed the output")
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTemplates(data, size) })
