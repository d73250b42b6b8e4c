import Dispatch
import Foundation

/// Fenced code turned into HTML at build time: spans with Pygments' CSS classes
/// (`<span class="k">def</span>`), the classes Hugo's Chroma and Jekyll's Rouge write too, so a
/// theme's stylesheet colours them with no JavaScript.
///
/// Pygments (Debian's python3-pygments) runs in helper processes (`PygmentsProcess`), started on
/// the first block with a language, so a site without code starts none and pays nothing. Why
/// Pygments and not KDE's KSyntaxHighlighting or tree-sitter: bench/RESULTS.md, issue 36.
///
/// Safe to call from every rendering thread at once: each call borrows a process of its own, and
/// at most one process per core is started (each costs about 50 ms once, then stays for the
/// next blocks, and for the next builds of `herald serve`).
public final class CodeHighlighter: @unchecked Sendable {
    /// The highlighter the build shares: its processes live as long as Herald.
    public static let shared = CodeHighlighter()

    private struct Pool {
        var idle: [PygmentsProcess] = []
        /// Set when a process could not start (no Python, no Pygments): no block is tried again.
        var unavailable = false
        var version: String?
    }

    private let pool = Locked(Pool())
    /// As many tickets as processes may run; a caller holds one while it uses a process.
    private let tickets: DispatchSemaphore
    private let startTimeout: Duration
    private let interpreter: String

    /// A highlighter that starts at most `processes` helper processes, each with `interpreter`
    /// (nil: Debian's /usr/bin/python3), and gives each `startTimeout` to start.
    public init(processes: Int = ProcessInfo.processInfo.activeProcessorCount, startTimeout: Duration = .seconds(20),
                interpreter: String? = nil) {
        tickets = DispatchSemaphore(value: max(1, processes))
        self.startTimeout = startTimeout
        self.interpreter = interpreter ?? PygmentsProcess.interpreter
    }

    /// Whether Pygments could not be started (Python or python3-pygments is not installed); then
    /// every block is left plain. False until a block has been tried.
    public var isUnavailable: Bool { pool.withLock { $0.unavailable } }

    /// The Pygments version in use (`2.14.0` on Debian 12), once a block has been highlighted.
    public var engineVersion: String? { pool.withLock { $0.version } }

    /// `code` (a fenced block's text, its lines ending in newlines) as HTML spans, each token's
    /// text escaped; nil when no lexer has the name `language` (a fence's first word: `python`,
    /// `py`, `c++`, `yml`…), or Pygments is not installed, or failed on this code. A nil block stays
    /// plain escaped text: an unknown language is no error.
    public func html(language: String, code: String) -> String? {
        guard Self.isLanguageName(language), !pool.withLock({ $0.unavailable }) else { return nil }
        tickets.wait()
        defer { tickets.signal() }
        guard let process = borrow() else { return nil }
        switch process.highlight(language: language, code: code, timeout: Self.timeout(forBytes: code.utf8.count)) {
        case .html(let html):
            pool.withLock { $0.idle.append(process) }
            return html
        case .unknown:
            pool.withLock { $0.idle.append(process) }
            return nil
        case .failed:
            // The process has been stopped; the next block starts another.
            return nil
        }
    }

    /// An idle process, or a new one (started outside the lock: other threads go on meanwhile).
    private func borrow() -> PygmentsProcess? {
        if let process = pool.withLock({ $0.idle.popLast() }) { return process }
        guard let process = PygmentsProcess(interpreter: interpreter, timeout: startTimeout) else {
            pool.withLock { $0.unavailable = true }
            return nil
        }
        pool.withLock { $0.version = process.version }
        return process
    }

    /// How long one block may take: Pygments does a 500-line block (20 KB) in about 25 ms, so
    /// ten seconds and one more per 20 KB leave a margin of hundreds, and still stop a lexer that
    /// backtracks for ever.
    static func timeout(forBytes bytes: Int) -> Duration { .seconds(10 + bytes / 20_000) }

    /// A name the protocol can carry and a lexer can have: 1 to 64 letters, digits and `+#-._`
    /// (`c++`, `c#`, `objective-c`, `f#`). Anything else is no language, and starts no process.
    static func isLanguageName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "#"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"): true
            default: false
            }
        }
    }
}
