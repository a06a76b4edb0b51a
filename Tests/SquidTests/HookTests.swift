import DemoAPI
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import Squid

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hook that records the events it sees.
private final class RecordingHook: ServiceHook {
    private let log = Recorder<[String]>([])

    var events: [String] {
        log.value
    }

    func onSchedule<R: Request>(_ request: R, _ urlRequest: URLRequest) -> R.Result? {
        log.update { $0.append("schedule \(urlRequest.url?.path ?? "")") }
        return nil
    }

    func onSuccess<R: Request>(_ request: R, _ urlRequest: URLRequest, result: R.Result) {
        log.update { $0.append("success \(urlRequest.url?.path ?? "")") }
    }

    func onFailure(_ error: Squid.Error) {
        log.update { $0.append("failure \(error.statusCode ?? 0)") }
    }
}

@Suite("service hooks")
struct HookTests {

    @Test("onSchedule, onSuccess and onFailure are called once per request")
    func events() async throws {
        try await withDemoServer { server in
            let hook = RecordingHook()
            var service = DemoService(server)
            service.hook = hook
            _ = try await CounterRequest().schedule(with: service).value
            _ = await failure(TextRequest(routes: ["errors", 500]).schedule(with: service))
            #expect(hook.events == ["schedule /counter", "success /counter", "schedule /errors/500", "failure 500"])
        }
    }

    @Test("the caching hook answers repeated GETs until the TTL passes")
    func caching() async throws {
        try await withDemoServer { server throws in
            let time = NIOLockedValueBox(ContinuousClock.now)
            let cache = CachingServiceHook(ttl: 0.5, now: { time.withLockedValue { $0 } })
            var service = DemoService(server)
            service.hook = cache
            let first = CounterRequest().schedule(with: service)
            let second = CounterRequest().schedule(with: service)
            #expect(try await first.value == .init(count: 1))
            #expect(try await second.value == .init(count: 1))
            #expect(try await first.httpResponse != nil)
            #expect(try await second.httpResponse == nil)
            #expect(server.requestCount(forPath: "/counter") == 1)
            #expect(cache.count == 1)
            time.withLockedValue { $0 += .milliseconds(501) }
            #expect(try await CounterRequest().schedule(with: service).value == .init(count: 2))
            #expect(server.requestCount(forPath: "/counter") == 2)
        }
    }

    @Test("the caching hook ignores other methods and different queries")
    func cachingScope() async throws {
        try await withDemoServer { server in
            var service = DemoService(server)
            service.hook = CachingServiceHook()
            _ = try await EchoRequest(method: .post).schedule(with: service).value
            _ = try await EchoRequest(method: .post).schedule(with: service).value
            _ = try await EchoRequest(query: ["a": 1]).schedule(with: service).value
            _ = try await EchoRequest(query: ["a": 2]).schedule(with: service).value
            _ = try await EchoRequest(query: ["a": 2]).schedule(with: service).value
            #expect(server.requestCount(forPath: "/echo") == 4)
        }
    }
}
