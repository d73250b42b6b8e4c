import Foundation
import Synchronization

/// The site being served, shared by the server's request handlers and the rebuilds: one
/// snapshot at a time (a request sees one build, never a mix), and the open live-reload
/// connections, told when a new snapshot is published.
public final class PreviewState: Sendable {
    private struct Shared {
        var site: ServedSite
        var listeners: [UUID: AsyncStream<Int>.Continuation] = [:]
    }
    private let shared: Mutex<Shared>

    public init(site: ServedSite = .empty()) {
        shared = Mutex(Shared(site: site))
    }

    /// The snapshot served now.
    public var site: ServedSite { shared.withLock { $0.site } }

    /// Serves `site` from now on, and tells every live-reload connection when it is a change.
    public func publish(_ site: ServedSite) {
        let listeners = shared.withLock { shared -> [AsyncStream<Int>.Continuation] in
            let changed = site.generation != shared.site.generation
            shared.site = site
            return changed ? Array(shared.listeners.values) : []
        }
        for listener in listeners { listener.yield(site.generation) }
    }

    /// A stream of generations, one per published change, until the connection goes away.
    public func reloads() -> AsyncStream<Int> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in self?.shared.withLock { _ = $0.listeners.removeValue(forKey: id) } }
        shared.withLock { $0.listeners[id] = continuation }
        return stream
    }

    /// Ends every live-reload connection (the server is stopping).
    public func closeAll() {
        let listeners = shared.withLock { shared -> [AsyncStream<Int>.Continuation] in
            defer { shared.listeners = [:] }
            return Array(shared.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    /// How many live-reload connections are open (for tests).
    public var listenerCount: Int { shared.withLock { $0.listeners.count } }
}
