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
        /// Blocks already highlighted, by `cacheKey`, and the bytes of HTML they hold.
        var done: [String: String] = [:]
        var doneBytes = 0
        /// Blocks sent to a process (for tests: a cached block sends none).
        var sent = 0
    }

    /// At most this many bytes of highlighted HTML are kept (about 30,000 typical blocks); past it
    /// the cache starts again empty, so a long `herald serve` session cannot grow it for ever.
    static let cacheLimit = 32 * 1024 * 1024

    private let pool = Locked(Pool())
    /// As many tickets as processes may run; a caller holds one while it uses a process.
    private let tickets: DispatchSemaphore
    private let startTimeout: Duration
    private let interpreter: String

    /// A highlighter that starts at most `processes` helper processes, each with `interpreter`
    /// (nil: Debian's /usr/bin/python3), and gives each `startTimeout` to start.
    public init(
        processes: Int = ProcessInfo.processInfo.activeProcessorCount, startTimeout: Duration = .seconds(20),
        interpreter: String? = nil
    ) {
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
    /// plain escaped text: an unknown language is no error. `options` is `FenceOptions.json`.
    ///
    /// A block highlighted before with the same Pygments version, language and options is taken
    /// from memory, not asked again: `herald serve` rebuilds pay only for blocks that changed.
    public func html(language: String, code: String, options: String = "{}") -> String? {
        guard Self.isLanguageName(language), !pool.withLock({ $0.unavailable }) else { return nil }
        let key = Self.cacheKey(language: language, options: options, code: code)
        if let html = pool.withLock({ pool in pool.version.flatMap { pool.done[$0 + key] } }) { return html }
        tickets.wait()
        defer { tickets.signal() }
        guard let process = borrow() else { return nil }
        pool.withLock { $0.sent += 1 }
        switch process.highlight(
            language: language, options: options, code: code, timeout: Self.timeout(forBytes: code.utf8.count))
        {
        case .html(let html):
            pool.withLock { pool in
                pool.idle.append(process)
                if pool.doneBytes + html.utf8.count > Self.cacheLimit {
                    pool.done = [:]
                    pool.doneBytes = 0
                }
                if pool.done.updateValue(html, forKey: process.version + key) == nil {
                    pool.doneBytes += html.utf8.count
                }
            }
            return html
        case .unknown:
            pool.withLock { $0.idle.append(process) }
            return nil
        case .failed:
            // The process has been stopped; the next block starts another.
            return nil
        }
    }

    /// How many blocks are kept highlighted in memory, and how many were sent to a process (for tests).
    var cachedBlocks: Int { pool.withLock { $0.done.count } }
    var blocksSent: Int { pool.withLock { $0.sent } }

    /// A block's key in the cache, the version in use before it: a hash of its language, options
    /// and code (the code itself is not kept twice).
    static func cacheKey(language: String, options: String, code: String) -> String {
        ":" + ImageRecipe.hash(language + "\n" + options + "\n" + code)
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
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "#"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}
