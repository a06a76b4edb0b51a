import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

@Suite("cancelling a Response")
struct CancellationTests {

    @Test("when every subscriber cancels, no value or completion is delivered")
    func allSubscribersCancel() async throws {
        try await withDemoServer { server in
            // The answer's delay scales with the test time and leaves a second for the cancel,
            // so that a slow run (a sanitizer, a busy machine) still cancels before it.
            let delay = Int(TestTime.scaled(1) * 1000)
            let response = SlowRequest(delay: delay).schedule(with: DemoService(server))
            let first = Collector(response)
            let second = Collector(response)
            let reached = await waitUntil { server.requestCount(forPath: "/slow") == 1 }
            #expect(reached)
            first.cancel()
            second.cancel()
            // A witness: the same request sent after the first reached the server is answered
            // after the first would have been, so once it is, the first's answer is past.
            let witness = try await Collector(SlowRequest(delay: delay).schedule(with: DemoService(server))).finish()
            #expect(witness.values == [.init(slept: delay)])
            #expect(first.collected.values.isEmpty)
            #expect(first.collected.completion == nil)
            #expect(second.collected.values.isEmpty)
            #expect(second.collected.completion == nil)
            // The first request and the witness; the cancelled one was not sent again.
            #expect(server.requestCount(forPath: "/slow") == 2)
        }
    }

    @Test("the request stays alive while one subscriber remains")
    func oneSubscriberRemains() async throws {
        try await withDemoServer { server in
            let delay = Int(TestTime.scaled(1) * 1000)
            let response = SlowRequest(delay: delay).schedule(with: DemoService(server))
            let leaving = Collector(response)
            let staying = Collector(response)
            let reached = await waitUntil { server.requestCount(forPath: "/slow") == 1 }
            #expect(reached)
            leaving.cancel()
            let collected = try await staying.finish()
            #expect(collected.values == [.init(slept: delay)])
            #expect(leaving.collected.values.isEmpty)
            #expect(server.requestCount(forPath: "/slow") == 1)
        }
    }

    @Test("cancelling the awaiting task ends it at once with cancelled")
    func asyncCancellation() async throws {
        try await withDemoServer { server in
            // The server answers after 30 s; anything near that means the cancel did not stop it.
            let response = SlowRequest(delay: 30000).schedule(with: DemoService(server))
            let start = ContinuousClock.now
            let task = Task {
                await failure(response)
            }
            let started = await waitUntil { server.requestCount(forPath: "/slow") == 1 }
            #expect(started)
            task.cancel()
            let error = await task.value
            let elapsed = ContinuousClock.now - start
            guard case .cancelled? = error else {
                Issue.record("expected cancelled, got \(String(describing: error))")
                return
            }
            #expect(elapsed < .seconds(TestTime.scaled(10)))
        }
    }

    @Test("after all subscribers cancelled, a new subscriber sends the request again")
    func restartAfterCancellation() async throws {
        try await withDemoServer { server in
            let delay = Int(TestTime.scaled(1) * 1000)
            let response = SlowRequest(delay: delay).schedule(with: DemoService(server))
            let cancelled = Collector(response)
            let reached = await waitUntil { server.requestCount(forPath: "/slow") == 1 }
            #expect(reached)
            cancelled.cancel()
            let collected = try await Collector(response).finish()
            #expect(collected.values == [.init(slept: delay)])
            #expect(server.requestCount(forPath: "/slow") == 2)
            #expect(cancelled.collected.values.isEmpty)
        }
    }

    @Test("a cancelled request frees its connection: the next request on the service is answered promptly")
    func cancelledConnectionIsClosed() async throws {
        try await withDemoServer { server in
            let service = DemoService(server)
            let slow = Collector(SlowRequest(delay: 30000).schedule(with: service))
            let reached = await waitUntil { server.requestCount(forPath: "/slow") == 1 }
            #expect(reached)
            slow.cancel()
            let start = ContinuousClock.now
            let count = try await CounterRequest().schedule(with: service).value
            #expect(count == .init(count: 1))
            #expect(ContinuousClock.now - start < .seconds(TestTime.scaled(10)))
            #expect(slow.collected.completion == nil)
        }
    }
}
