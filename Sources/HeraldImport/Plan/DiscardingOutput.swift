import Foundation
import Herald

/// An output that keeps nothing: the check needs the build's verdict, not its files.
final class DiscardingOutput: OutputSink, @unchecked Sendable {
    /// Keeps nothing, and says the file was written.
    func write(_ path: String, _ data: Data) throws -> Bool { true }
    /// Has no folders to make.
    func prepareFolders(for paths: [String]) throws {}
}
