import Dispatch

extension Array where Element: Sendable {
    /// Maps every element on all cores, keeping the order. Work is handed out in chunks so
    /// that thousands of small tasks do not cost thousands of dispatches.
    public func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let chunkSize = Swift.max(1, count / (ProcessInfo.processInfo.activeProcessorCount * 8))
        let chunks = (count + chunkSize - 1) / chunkSize
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let output = SendableBuffer(buffer: results)
        self.withUnsafeBufferPointer { input in
            let source = SendableInput(buffer: input)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = chunk * chunkSize
                for index in start..<Swift.min(start + chunkSize, source.buffer.count) {
                    output.buffer[index] = transform(source.buffer[index])
                }
            }
        }
        return results.map { $0! }
    }
}

import Foundation

/// Each task writes its own slots only, so sharing the buffer across threads is safe.
private struct SendableBuffer<T>: @unchecked Sendable { let buffer: UnsafeMutableBufferPointer<T> }
/// The input is only read while the tasks run.
private struct SendableInput<T>: @unchecked Sendable { let buffer: UnsafeBufferPointer<T> }
