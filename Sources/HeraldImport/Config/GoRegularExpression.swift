import CRE2
import Foundation

/// A Go regular expression (Hugo's `ignoreFiles`), compiled and matched by RE2: Go's syntax, and
/// time linear in the text whatever the pattern, so a hostile old site's `(a+)+$` cannot stall the
/// import as a backtracking engine (NSRegularExpression, 41 s for three file names) would.
final class GoRegularExpression: @unchecked Sendable {
    /// Why a pattern does not compile.
    struct Refusal: Error, Sendable {
        var reason: String
    }

    /// The pattern as written.
    let pattern: String
    /// The compiled expression; RE2 matches from several threads at once without locks.
    private let compiled: OpaquePointer

    /// Compiles a pattern, or throws RE2's explanation of why it does not compile.
    init(_ pattern: String) throws(Refusal) {
        var error: UnsafeMutablePointer<CChar>?
        var text = pattern
        let result = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { herald_re2_compile($0.baseAddress, $0.count, &error) }
        }
        guard let result else {
            let reason = error.map { String(cString: $0) } ?? "it does not compile"
            herald_re2_free_error(error)
            throw Refusal(reason: reason)
        }
        self.pattern = pattern
        compiled = result
    }

    deinit { herald_re2_free(compiled) }

    /// Whether the expression matches anywhere in `text`, as Go's `MatchString` does.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { herald_re2_search(compiled, $0.baseAddress, $0.count) == 1 }
        }
    }
}
