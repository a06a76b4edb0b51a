import Foundation
import Siesta
import TestSupport
import Testing

@MainActor
@Suite("chained(): starting, deciding, cancelling and repeating chains")
struct RequestChainTests {
    private static let standIn = ResponseInfo(
        response: .success(Entity<Any>(content: "stand-in", contentType: "text/plain")))

    @Test("a chain over a started request is in progress until its closure decides")
    func inProgressUntilDecided() async throws {
        let service = try await TestServer.service()
        let request = service.resource(TestServer.uniquePath()).request(.get)
        var decided = false
        let chain = request.chained { _ in
            decided = true
            return .useThisResponse
        }
        #expect(chain.state == .inProgress)
        let info = await completion(of: chain)
        #expect(decided)
        #expect(chain.state == .completed)
        #expect(entity(of: info)?.jsonDict["method"] as? String == "GET")
    }

    @Test("a chain over an unstarted request waits for start(), which starts that request")
    func unstartedChain() async throws {
        let service = try await TestServer.service()
        let path = TestServer.uniquePath()
        let original = service.resource(path).request(.get).repeated()
        let chain = original.chained { _ in .useThisResponse }
        #expect(original.state == .notStarted)
        #expect(chain.state == .notStarted)
        chain.start()
        #expect(original.state == .inProgress)
        #expect(chain.state == .inProgress)
        #expect(entity(of: await completion(of: chain))?.jsonDict["path"] as? String == path)
    }

    @Test("passTo starts the request it passes to, even one that was never started")
    func passToStarts() async throws {
        let service = try await TestServer.service()
        let resource = service.resource(TestServer.uniquePath())
        let unstarted = resource.request(.put).repeated()
        let chain = resource.request(.get).chained { _ in .passTo(unstarted) }
        let info = await completion(of: chain)
        #expect(unstarted.state == .completed)
        #expect(entity(of: info)?.jsonDict["method"] as? String == "PUT")
    }

    @Test("cancelling a chain stops it: the closure never runs and the waited-on request is cancelled")
    func cancelStopsChain() async throws {
        let service = try await TestServer.service()
        let slow = service.resource("/slow").withParam("delay", "2000").request(.get)
        var closureCalls = 0
        let chain = slow.chained { _ in
            closureCalls += 1
            return .useResponse(Self.standIn)
        }
        chain.cancel()
        #expect(slow.state == .completed)
        #expect(error(of: await completion(of: slow))?.cause is RequestError.Cause.RequestCancelled)
        #expect(error(of: await completion(of: chain))?.cause is RequestError.Cause.RequestCancelled)
        // A later request to the same server has completed, so nothing is still on its way.
        await completion(of: service.resource(TestServer.uniquePath()).request(.get))
        #expect(closureCalls == 0)
    }

    @Test("cancelling a chain after it passed to another request cancels that request")
    func cancelAfterPassTo() async throws {
        let service = try await TestServer.service()
        let first = service.resource(TestServer.uniquePath()).request(.get)
        var outerCalls = 0
        var passedTo: Request?
        let chain = first.chained { _ in
            outerCalls += 1
            // Started only once `first` is done, and slow enough to be in flight at the cancel
            // however long a loaded machine takes to get there.
            let slow = service.resource("/slow").withParam("delay", "30000").request(.get)
            passedTo = slow
            return .passTo(slow)
        }
        await completion(of: first)
        #expect(outerCalls == 1)
        let slow = try #require(passedTo)
        #expect(slow.state == .inProgress)
        chain.cancel()
        #expect(slow.state == .completed)
        #expect(error(of: await completion(of: slow))?.cause is RequestError.Cause.RequestCancelled)
        #expect(error(of: await completion(of: chain))?.cause is RequestError.Cause.RequestCancelled)
        #expect(outerCalls == 1)
    }

    @Test("cancelling the wrapped request does not stop the chain: the closure sees the cancellation")
    func cancelWrapped() async throws {
        let service = try await TestServer.service()
        let slow = service.resource("/slow").withParam("delay", "2000").request(.get)
        var sawCancellation = false
        let chain = slow.chained { info in
            sawCancellation = error(of: info)?.cause is RequestError.Cause.RequestCancelled
            return .useResponse(Self.standIn)
        }
        slow.cancel()
        #expect(entity(of: await completion(of: chain))?.text == "stand-in")
        #expect(sawCancellation)
    }

    @Test("repeated() repeats the wrapped request and runs the closure afresh")
    func repeatedChain() async throws {
        let service = try await TestServer.service()
        let server = try await TestServer.shared()
        let path = TestServer.uniquePath()
        let resource = service.resource(path)
        var calls = 0
        let chain = resource.request(.get).chained { _ in
            calls += 1
            return calls == 1 ? .passTo(resource.request(.patch)) : .useThisResponse
        }
        #expect(entity(of: await completion(of: chain))?.jsonDict["method"] as? String == "PATCH")
        let again = chain.repeated()
        #expect(again.state == .notStarted)
        #expect(entity(of: await completion(of: again.start()))?.jsonDict["method"] as? String == "GET")
        #expect(calls == 2)
        #expect(server.requestCount(forPath: path) == 3)
    }
}
