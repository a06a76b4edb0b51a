import Foundation
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// The watch board's refresh timing, on a clock the test moves.
@MainActor
@Suite("watch refresh timing")
struct WatchSchedulerTests {
    /// A scheduler on a manual clock that records its refreshes; each refresh starts a "request".
    @MainActor
    final class Harness {
        let clock = ManualClock()
        let scheduler: WatchScheduler<ManualClock>
        var refreshed: [String] = []
        var answers = true

        init() {
            scheduler = WatchScheduler(clock: clock, step: .milliseconds(100))
            scheduler.refresh = { [unowned self] url in
                self.refreshed.append(url)
                return self.answers
            }
        }

        /// Moves the clock on by `steps` of the scheduler's step, letting its loop run each one.
        func advance(steps: Int) async {
            for _ in 0..<steps {
                await waitUntil("the scheduler to sleep") { clock.sleeperCount == 1 }
                clock.advance(by: .milliseconds(100))
            }
            // The loop has looked for due resources once it sleeps again.
            await waitUntil("the scheduler to sleep again") { clock.sleeperCount == 1 }
        }
    }

    @Test("a pinned resource refreshes at once, then one interval after it reported, not before")
    func refreshesWhenStale() async {
        let harness = Harness()
        harness.scheduler.watch("/a", interval: 2)
        await harness.advance(steps: 1)
        #expect(harness.refreshed == ["/a"])
        harness.scheduler.resourceUpdated("/a")
        await harness.advance(steps: 19)
        #expect(harness.refreshed == ["/a"], "1.9 s after the response it is still fresh")
        await harness.advance(steps: 1)
        #expect(harness.refreshed == ["/a", "/a"])
    }

    @Test("while its request runs a resource is not refreshed again, however long it takes")
    func waitsForTheResponse() async {
        let harness = Harness()
        harness.scheduler.watch("/slow", interval: 0.5)
        await harness.advance(steps: 30)
        #expect(harness.refreshed == ["/slow"])
        harness.scheduler.resourceUpdated("/slow")
        await harness.advance(steps: 5)
        #expect(harness.refreshed == ["/slow", "/slow"])
    }

    @Test("when loadIfNeeded() sends nothing, the resource is looked at again one interval later")
    func nothingSent() async {
        let harness = Harness()
        harness.answers = false
        harness.scheduler.watch("/fresh", interval: 1)
        await harness.advance(steps: 1)
        #expect(harness.refreshed == ["/fresh"])
        await harness.advance(steps: 9)
        #expect(harness.refreshed == ["/fresh"])
        await harness.advance(steps: 1)
        #expect(harness.refreshed == ["/fresh", "/fresh"])
    }

    @Test("pause stops refreshes, resume refreshes at once, unwatch forgets")
    func pauseResumeUnwatch() async {
        let harness = Harness()
        harness.scheduler.watch("/p", interval: 0.2, refreshNow: false)
        harness.scheduler.setPaused("/p", true)
        await harness.advance(steps: 10)
        #expect(harness.refreshed.isEmpty)
        harness.scheduler.setPaused("/p", false)
        await harness.advance(steps: 1)
        #expect(harness.refreshed == ["/p"])
        harness.scheduler.unwatch("/p")
        #expect(harness.scheduler.urls.isEmpty)
        #expect(harness.scheduler.dueURLs(at: harness.clock.now.advanced(by: .seconds(100))).isEmpty)
    }

    @Test("a new interval moves the next refresh")
    func newInterval() async {
        let harness = Harness()
        harness.scheduler.watch("/i", interval: 10)
        await harness.advance(steps: 1)
        harness.scheduler.resourceUpdated("/i")
        let now = harness.clock.now
        #expect(harness.scheduler.dueURLs(at: now.advanced(by: .seconds(9))).isEmpty)
        harness.scheduler.setInterval("/i", 1)
        #expect(harness.scheduler.dueURLs(at: now.advanced(by: .milliseconds(900))).isEmpty)
        #expect(harness.scheduler.dueURLs(at: now.advanced(by: .seconds(1))) == ["/i"])
    }

    @Test("several resources refresh on their own intervals, in the order they were pinned")
    func several() async {
        let harness = Harness()
        harness.scheduler.watch("/fast", interval: 0.3, refreshNow: false)
        harness.scheduler.watch("/slow", interval: 0.5, refreshNow: false)
        await harness.advance(steps: 3)
        #expect(harness.refreshed == ["/fast"])
        await harness.advance(steps: 2)
        #expect(harness.refreshed == ["/fast", "/slow"])
    }
}
