import Foundation

/// A command-line program a target publishes with (`git`, `rsync`, `aws`): found on `PATH`,
/// run without a shell (arguments are passed as they are, never interpreted), its output captured.
struct ExternalTool: Sendable {
    /// The program's name on `PATH`.
    let name: String
    /// How to install it, for the message when it is missing.
    let installHint: String
    /// Variables added to the environment of every run.
    var environment: [String: String] = [:]

    /// What a run printed.
    struct Output {
        var standardOutput: Data
        var standardError: String
        var status: Int32

        /// Standard output as text.
        var text: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// The program's path, or nil when it is not installed.
    var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Fails unless the program is installed.
    func requireInstalled(step name: String) throws {
        guard executable != nil else {
            throw PublishFailure(step: name, "\(self.name) is not installed (or not on PATH): \(installHint)")
        }
    }

    /// Runs the program; a non-zero exit is a `PublishFailure` of `step` quoting the end of its
    /// error output, unless `allowFailure` (then the caller reads `status`).
    @discardableResult
    func run(
        _ arguments: [String], step name: String, input: Data? = nil, directory: String? = nil,
        environment extra: [String: String] = [:], allowFailure: Bool = false
    ) throws -> Output {
        guard let executable else {
            throw PublishFailure(step: name, "\(self.name) is not installed (or not on PATH): \(installHint)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(extra) { $1 }) { $1 }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        do {
            try process.run()
        } catch {
            throw PublishFailure(step: name, "could not start \(self.name): \(error)")
        }
        // Both pipes are drained at once: a program that fills one while we wait on the other would hang.
        let errorData = LockedData()
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) {
            errorData.set(errorPipe.fileHandleForReading.readDataToEndOfFile())
        }
        if let input {
            DispatchQueue.global().async(group: drained) {
                try? inputPipe.fileHandleForWriting.write(contentsOf: input)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        let result = Output(
            standardOutput: output, standardError: String(decoding: errorData.get(), as: UTF8.self),
            status: process.terminationStatus)
        if result.status != 0, !allowFailure {
            throw PublishFailure(
                step: name,
                "\(self.name) \(arguments.first ?? "") exited with status \(result.status)\(Self.quote(result.standardError))"
            )
        }
        return result
    }

    /// The last lines of an error output, indented under the message.
    static func quote(_ text: String) -> String {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { return "" }
        return ":\n    " + lines.suffix(6).joined(separator: "\n    ")
    }
}

/// Bytes set on one thread and read on another after a `DispatchGroup` wait.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
