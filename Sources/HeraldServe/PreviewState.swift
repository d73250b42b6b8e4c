import Foundation
import Herald
import Synchronization

/// The site being served, shared by the server's request handlers and the rebuilds: one
/// snapshot at a time (a request sees one build, never a mix), and the open live-reload
/// connections, told when a new snapshot is published.
public final class PreviewState: Sendable {
    /// A live-reload connection: woken by a tick, it then takes the pages changed since it last looked.
    private struct Listener {
        var wake: AsyncStream<Void>.Continuation
        /// The pages changed and not yet sent (nil inside: every page); nil when nothing is waiting.
        var waiting: Set<String>?? = .none
    }

    private struct Shared {
        var site: ServedSite
        var listeners: [UUID: Listener] = [:]
        var closed = false
    }
    private let shared: Locked<Shared>

    public init(site: ServedSite = .empty()) {
        shared = Locked(Shared(site: site))
    }

    /// The snapshot served now.
    public var site: ServedSite { shared.withLock { $0.site } }

    /// Serves `site` from now on, and tells every live-reload connection when it is a change,
    /// with the pages it touched (nil: every page). Changes a connection has not sent yet are
    /// merged, so a quick succession of them is never lost.
    public func publish(_ site: ServedSite) {
        let wakes = shared.withLock { shared -> [AsyncStream<Void>.Continuation] in
            let changed = site.generation != shared.site.generation
            shared.site = site
            guard changed else { return [] }
            for id in shared.listeners.keys {
                switch (shared.listeners[id]!.waiting, site.changedPages) {
                case (.none, let pages): shared.listeners[id]!.waiting = .some(pages)
                case (.some(.some(let earlier)), .some(let pages)):
                    shared.listeners[id]!.waiting = .some(earlier.union(pages))
                default: shared.listeners[id]!.waiting = .some(nil)
                }
            }
            return shared.listeners.values.map(\.wake)
        }
        for wake in wakes { wake.yield() }
    }

    /// The changes for one live-reload connection (the pages each touched, nil for all), until it
    /// goes away or the server closes every connection.
    public func reloads() -> AsyncStream<Set<String>?> {
        let id = UUID()
        let (ticks, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let open = shared.withLock { shared -> Bool in
            guard !shared.closed else { return false }
            shared.listeners[id] = Listener(wake: wake)
            return true
        }
        if !open { wake.finish() }
        wake.onTermination = { [weak self] _ in self?.shared.withLock { _ = $0.listeners.removeValue(forKey: id) } }
        return AsyncStream { continuation in
            let task = Task {
                for await _ in ticks {
                    let waiting = self.shared.withLock { shared -> Set<String>?? in
                        defer { shared.listeners[id]?.waiting = .none }
                        return shared.listeners[id]?.waiting ?? .none
                    }
                    if case .some(let pages) = waiting { continuation.yield(pages) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in
                task.cancel()
                wake.finish()
            }
        }
    }

    /// Ends every live-reload connection, and refuses new ones (the server is stopping).
    public func closeAll() {
        let wakes = shared.withLock { shared -> [AsyncStream<Void>.Continuation] in
            shared.closed = true
            defer { shared.listeners = [:] }
            return shared.listeners.values.map(\.wake)
        }
        for wake in wakes { wake.finish() }
    }
}
