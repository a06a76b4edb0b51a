import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

@Suite("a Response is one lazily sent request shared by all subscribers")
struct SharedResponseTests {

    @Test("scheduling alone sends nothing; the first subscription sends the request")
    func lazy() async throws {
        try await withDemoServer { server in
            let response = CounterRequest().schedule(with: DemoService(server))
            // An absence has no condition to await: give an eager request time to arrive.
            try await Task.sleep(nanoseconds: 200_000_000)
            #expect(server.requestCount(forPath: "/counter") == 0)
            let collector = Collector(response)
            let collected = try await collector.finish()
            #expect(collected.values == [.init(count: 1)])
            #expect(server.requestCount(forPath: "/counter") == 1)
        }
    }

    @Test("two subscribers and an awaiting task share one request and get the same value")
    func sharedBetweenSubscribers() async throws {
        try await withDemoServer { server in
            let response = SlowRequest(delay: 300).schedule(with: DemoService(server))
            let first = Collector(response)
            let second = Collector(response)
            let awaited = try await response.value
            let one = try await first.finish()
            let two = try await second.finish()
            #expect(one.values == [awaited])
            #expect(two.values == [awaited])
            #expect(one.completion.map(Self.isFinished) == true)
            #expect(two.completion.map(Self.isFinished) == true)
            #expect(server.requestCount(forPath: "/slow") == 1)
        }
    }

    @Test("a subscriber arriving after the result gets it replayed without a new request")
    func lateSubscriber() async throws {
        try await withDemoServer { server in
            let response = CounterRequest().schedule(with: DemoService(server))
            let early = try await Collector(response).finish()
            let late = try await Collector(response).finish()
            #expect(early.values == [.init(count: 1)])
            #expect(late.values == early.values)
            #expect(try await response.value == .init(count: 1))
            #expect(server.requestCount(forPath: "/counter") == 1)
        }
    }

    @Test("a value waits for demand and is delivered once demand arrives")
    func demand() async throws {
        try await withDemoServer { server in
            let response = CounterRequest().schedule(with: DemoService(server))
            let subscriber = DemandSubscriber<CounterRequest.Count>()
            response.subscribe(subscriber)
            _ = try await response.value
            // An absence has no condition to await: give a value sent without demand time to arrive.
            try await Task.sleep(nanoseconds: 50_000_000)
            #expect(subscriber.received.isEmpty)
            subscriber.request(1)
            let reached = await waitUntil { subscriber.received.count == 2 }
            #expect(reached)
            #expect(subscriber.received == ["value Count(count: 1)", "finished"])
        }
    }

    @Test("response headers and status are available after success")
    func responseHeaders() async throws {
        try await withDemoServer { server in
            let response = CounterRequest().schedule(with: DemoService(server))
            let http = try #require(try await response.httpResponse)
            #expect(http.statusCode == 200)
            #expect(http.header[.contentType]?.hasPrefix("application/json") == true)
            #expect(http.header["etag"]?.hasPrefix("\"") == true)
            #expect(http.url.path == "/counter")
        }
    }

    @Test("Data, String and Void results have default decoders")
    func defaultDecoders() async throws {
        struct DataRequest: Request {
            typealias Result = Data
            var routes: HttpRoute {
                ["text"]
            }
        }
        struct VoidRequest: Request {
            typealias Result = Void
            var routes: HttpRoute {
                ["text"]
            }
        }
        try await withDemoServer { server in
            let service = DemoService(server)
            let data = try await DataRequest().schedule(with: service).value
            let text = try await TextRequest(routes: ["text"]).schedule(with: service).value
            try await VoidRequest().schedule(with: service).value
            #expect(!data.isEmpty)
            #expect(String(decoding: data, as: UTF8.self) == text)
            #expect(server.requestCount(forPath: "/text") == 3)
        }
    }

    private static func isFinished<E>(_ completion: Subscribers.Completion<E>) -> Bool {
        if case .finished = completion {
            return true
        }
        return false
    }
}

/// A subscriber that requests nothing until told to, and records what it receives as text.
final class DemandSubscriber<Input: Sendable>: Subscriber, Sendable {
    typealias Failure = Squid.Error

    private let subscription = Recorder<(any Subscription)?>(nil)
    private let log = Recorder<[String]>([])

    var received: [String] {
        log.value
    }

    func request(_ demand: Int) {
        subscription.value?.request(.max(demand))
    }

    func receive(subscription: any Subscription) {
        self.subscription.update { $0 = subscription }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        log.update { $0.append("value \(input)") }
        return .none
    }

    func receive(completion: Subscribers.Completion<Squid.Error>) {
        log.update { $0.append(completion.isFinished ? "finished" : "failed") }
    }
}

extension Subscribers.Completion {
    var isFinished: Bool {
        if case .finished = self {
            return true
        }
        return false
    }
}
