import Foundation
import Glibc

/// One Python process running `PygmentsScript`, spoken to through pipes: a block in, its HTML out.
///
/// Not for two threads at once: `CodeHighlighter` lends each process to one thread at a time.
/// Every read has a deadline, so that a lexer that never ends (Pygments' lexers are regular
/// expressions, and some have backtracked for minutes on crafted input) costs one block its
/// colours and this process, not the build.
final class PygmentsProcess {
    /// What became of one block.
    enum Answer: Equatable {
        /// The code as HTML spans with Pygments' CSS classes.
        case html(String)
        /// No lexer has that name, or the lexer failed on this code: the block stays plain.
        case unknown
        /// The process died or missed its deadline; it has been stopped and must not be used again.
        case failed
    }

    /// Debian's interpreter, which has Debian's Pygments: not a `python3` found on PATH, which a
    /// virtual environment or pyenv may shadow with another Pygments, or none, so that a block is
    /// highlighted the same on every machine with the same Debian packages.
    static let interpreter = "/usr/bin/python3"

    /// The Pygments version the process announced (`2.14.0` on Debian 12).
    private(set) var version = ""
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    // Bytes read from the process and not yet taken by `line` or `bytes`.
    private var pending: [UInt8] = []
    private var stopped = false

    /// The process's id, and whether it still runs (for tests that end it from outside).
    var processIdentifier: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Starts the process and waits for its greeting; nil when Python or Pygments is missing, or
    /// the greeting does not come within `timeout`.
    init?(interpreter: String = PygmentsProcess.interpreter, timeout: Duration) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter)
        // -I: the user's PYTHONPATH, PYTHON* variables and site-packages are not read.
        process.arguments = ["-I", "-c", PygmentsScript.source]
        let toProcess = Pipe()
        let fromProcess = Pipe()
        process.standardInput = toProcess
        process.standardOutput = fromProcess
        process.standardError = FileHandle.nullDevice
        self.process = process
        input = toProcess.fileHandleForWriting
        output = fromProcess.fileHandleForReading
        do { try process.run() } catch {
            stopped = true
            return nil
        }
        // The process's own ends are closed here, so that its death reads as end of file.
        try? toProcess.fileHandleForReading.close()
        try? fromProcess.fileHandleForWriting.close()
        guard let greeting = line(before: .now + timeout), greeting.hasPrefix(PygmentsScript.greeting) else {
            stop()
            return nil
        }
        version = String(greeting.dropFirst(PygmentsScript.greeting.count))
    }

    deinit { stop() }

    /// Highlights `code` as `language` with a fence's options (`FenceOptions.json`, one line),
    /// waiting at most `timeout` for the answer.
    func highlight(language: String, options: String = "{}", code: String, timeout: Duration) -> Answer {
        guard !stopped else { return .failed }
        let deadline = ContinuousClock.now + timeout
        let body = Array(code.utf8)
        guard write(Array("\(language)\n\(options)\n\(body.count)\n".utf8) + body),
            let header = line(before: deadline), let length = Int(header)
        else {
            stop()
            return .failed
        }
        if length < 0 { return .unknown }
        guard let html = bytes(length, before: deadline) else {
            stop()
            return .failed
        }
        return .html(String(decoding: html, as: UTF8.self))
    }

    /// Ends the process: its input is closed (the program's loop ends), and it is killed in case it
    /// was still working on a block. SIGKILL, not SIGTERM: a process started by one that ignores
    /// SIGTERM ignores it too, and went on with a block for seconds; it keeps nothing to save.
    func stop() {
        guard !stopped else { return }
        stopped = true
        try? input.close()
        try? output.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Writes all of `data`. A process that has died makes the write fail with EPIPE instead of
    /// sending SIGPIPE, which would end Herald: the signal is blocked on this thread meanwhile, and
    /// one it raised is taken back before unblocking.
    private func write(_ data: [UInt8]) -> Bool {
        var pipeSignal = sigset_t()
        var previous = sigset_t()
        var waiting = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        sigpending(&waiting)
        let alreadyPending = sigismember(&waiting, SIGPIPE) == 1
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes {
                Glibc.write(input.fileDescriptor, $0.baseAddress! + written, data.count - written)
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            if errno == EPIPE, !alreadyPending {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            return false
        }
        return true
    }

    /// The next line, without its newline; nil at end of file or past the deadline.
    private func line(before deadline: ContinuousClock.Instant) -> String? {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeFirst(end + 1)
                return text
            }
            guard fill(before: deadline) else { return nil }
        }
    }

    /// The next `count` bytes; nil at end of file or past the deadline.
    private func bytes(_ count: Int, before deadline: ContinuousClock.Instant) -> [UInt8]? {
        while pending.count < count {
            guard fill(before: deadline) else { return nil }
        }
        let taken = Array(pending[..<count])
        pending.removeFirst(count)
        return taken
    }

    /// Reads what the process has written, waiting for it until the deadline; false at end of
    /// file, on an error, or past the deadline.
    private func fill(before deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let (seconds, attoseconds) = left.components
            var poller = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { if ready < 0 { return false } else { continue } }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output.fileDescriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            pending.append(contentsOf: chunk[..<count])
            return true
        }
    }
}
