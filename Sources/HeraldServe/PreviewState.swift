import Foundation
import Synchronization

/// The site being served, shared by the server's request handlers and the rebuilds: one
/// snapshot at a time (a request sees one build, never a mix), and the open live-reload
/// connections, told when a new snapshot is published.
public final class PreviewState: Sendable {
    private struct Shared {
        var site: ServedSite
        var listeners: [UUID: AsyncStream<Set<String>?>.Continuation] = [:]
    }
    private let shared: Mutex<Shared>

    public init(site: ServedSite = .empty()) {
        shared = Mutex(Shared(site: site))
    }

    /// The snapshot served now.
    public var site: ServedSite { shared.withLock { $0.site } }

    /// Serves `site` from now on, and tells every live-reload connection when it is a change,
    /// with the pages it touched (nil: every page).
    public func publish(_ site: ServedSite) {
        let listeners = shared.withLock { shared -> [AsyncStream<Set<String>?>.Continuation] in
            let changed = site.generation != shared.site.generation
            shared.site = site
            return changed ? Array(shared.listeners.values) : []
        }
        for listener in listeners { listener.yield(site.changedPages) }
    }

    /// One element per published change (the pages it touched, nil for all), until the connection goes away.
    public func reloads() -> AsyncStream<Set<String>?> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Set<String>?>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in self?.shared.withLock { _ = $0.listeners.removeValue(forKey: id) } }
        shared.withLock { $0.listeners[id] = continuation }
        return stream
    }

    /// Ends every live-reload connection (the server is stopping).
    public func closeAll() {
        let listeners = shared.withLock { shared -> [AsyncStream<Set<String>?>.Continuation] in
            defer { shared.listeners = [:] }
            return Array(shared.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    /// How many live-reload connections are open (for tests).
    public var listenerCount: Int { shared.withLock { $0.listeners.count } }
}
