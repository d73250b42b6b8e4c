import Foundation
import Herald

/// Writes diagnostics to standard error, coloured when it is a terminal.
enum Terminal {
    /// Whether standard output is a terminal (a person watching), not a pipe or a file.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static func printError(_ line: String, warning: Bool) {
        printErrors([line], warning: warning)
    }

    /// Writes `lines` at once: a no-op rebuild replaying the 2,000 warnings of its last build made
    /// two system calls and read the whole environment for each of them.
    static func printErrors(_ lines: [String], warning: Bool) {
        guard !lines.isEmpty else { return }
        fflush(nil)  // flush standard output first: progress lines and diagnostics stay in order
        let colour = isatty(STDERR_FILENO) == 1 && getenv("NO_COLOR") == nil
        var text = ""
        for line in lines {
            text += colour ? "\u{1B}[\(warning ? "33" : "31")m\(line)\u{1B}[0m\n" : line + "\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// One line on a terminal showing where a build is ("render and write pages 4,200/10,000"),
/// rewritten in place and cleared when the build ends, so the terminal keeps only the summary.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var step = ""
    private var lastDrawn: UInt64 = 0
    private var showing = false

    /// Shows a step starting, or how far the current one is (redrawn at most 20 times a second).
    func update(_ progress: BuildProgress, verb: String = "Building") {
        lock.lock()
        defer { lock.unlock() }
        if let started = progress.step {
            step = started
            draw("\(verb): \(started)…")
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        guard progress.done == progress.total || now - lastDrawn > 50_000_000 else { return }
        let percent = progress.total == 0 ? 100 : progress.done * 100 / progress.total
        draw("\(verb): \(step) \(progress.done)/\(progress.total) (\(percent)%)")
    }

    /// Removes the line, before anything else is printed.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if showing { write("\r\u{1B}[K") }
        showing = false
    }

    private func draw(_ text: String) {
        // Kept to one line of a narrow terminal: a wrapped line could not be rewritten in place.
        write("\r\u{1B}[K" + String(text.prefix(76)))
        showing = true
        lastDrawn = DispatchTime.now().uptimeNanoseconds
    }

    private func write(_ text: String) {
        fflush(nil)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
