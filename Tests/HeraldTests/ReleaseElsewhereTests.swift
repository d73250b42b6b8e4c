import Foundation
import Testing

@testable import Herald

/// What a build is done with is freed on another thread, and only after the function holding it
/// has returned: never in the build's own thread, whichever thread lets go first.
@Suite struct ReleaseElsewhereTests {
    /// Notes the thread its instance is freed in.
    final class Probe: @unchecked Sendable {
        let freedIn: Locked<[pthread_t]>
        init(_ freedIn: Locked<[pthread_t]>) { self.freedIn = freedIn }
        deinit { freedIn.withLock { $0.append(pthread_self()) } }
    }

    /// Holds a probe that only this function's local also holds, as `Build.runSteps` holds its pages.
    private func holdLikeABuild(_ leftovers: ReleaseElsewhere, _ freedIn: Locked<[pthread_t]>) {
        let probe = Probe(freedIn)
        leftovers.hold([probe, probe])
        // Time for the other thread to run ahead: before, it let go first, and this thread freed.
        Thread.sleep(forTimeInterval: 0.05)
    }

    @Test func valuesAreFreedInAnotherThreadOnlyOnceTheHolderHasReturned() {
        let freedIn = Locked<[pthread_t]>([])
        let leftovers = ReleaseElsewhere()
        holdLikeABuild(leftovers, freedIn)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(freedIn.withLock { $0.isEmpty }, "freed before letGo()")
        leftovers.letGo()
        leftovers.waitUntilReleased()
        let threads = freedIn.withLock { $0 }
        #expect(threads.count == 1)
        #expect(threads.allSatisfy { pthread_equal($0, pthread_self()) == 0 })
    }

    @Test func everyHeldValueIsLetGoOfAfterOneLetGo() {
        let freedIn = Locked<[pthread_t]>([])
        let leftovers = ReleaseElsewhere()
        for _ in 0..<3 { holdLikeABuild(leftovers, freedIn) }
        leftovers.letGo()
        leftovers.waitUntilReleased()
        #expect(freedIn.withLock { $0.count } == 3)
    }

    /// `herald build`, whose process ends with the build, frees nothing: the system takes it back.
    @Test func valuesAreKeptForGoodWhenTheProcessEndsWithTheBuild() {
        let freedIn = Locked<[pthread_t]>([])
        let leftovers = ReleaseElsewhere(freeing: false)
        holdLikeABuild(leftovers, freedIn)
        leftovers.letGo()
        leftovers.waitUntilReleased()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(freedIn.withLock { $0.isEmpty })
    }
}
