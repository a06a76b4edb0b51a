import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

/// `GET /retry?key=K&failures=F`: fails F times with 503, then succeeds.
private struct FailingTimesRequest: JsonRequest {
    struct Attempts: Decodable, Sendable, Equatable {
        let attempts: Int
    }

    typealias Result = Attempts

    let key = UUID().uuidString
    let failures: Int

    var routes: HttpRoute {
        ["retry"]
    }

    var query: HttpQuery {
        ["key": key, "failures": failures]
    }
}

/// A Squid 1.x retrier that always says yes, at once.
private struct AlwaysFutureRetrier: Retrier {
    var multiple: Bool?

    var allowsMultipleRetries: Bool {
        multiple ?? false
    }

    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) -> Future<Bool, Never> {
        Future { promise in promise(.success(true)) }
    }
}

/// A Squid 1.x retrier that does not implement `allowsMultipleRetries`.
private struct PlainFutureRetrier: Retrier {
    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) -> Future<Bool, Never> {
        Future { promise in promise(.success(true)) }
    }
}

/// An `async` retrier that says yes but wants to be asked only once.
private struct OnceAsyncRetrier: Retrier {
    var allowsMultipleRetries: Bool {
        false
    }

    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool {
        true
    }
}

/// An `async` retrier that says yes and does not implement `allowsMultipleRetries`.
private struct PlainAsyncRetrier: Retrier {
    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool {
        true
    }
}

/// A Squid 1.x hook: `onFailure` takes any error.
private final class AnyErrorHook: ServiceHook {
    let errors = Recorder<[String]>([])

    func onFailure(_ error: Error) {
        errors.update { $0.append(String(describing: error)) }
    }
}

private struct CompatService: HttpService {
    let url: String
    var retrierFactory: RetrierFactory = NilRetrier.factory()
    var hook: ServiceHook = NilServiceHook()
    let processed = Recorder<[Int?]>([])

    var apiUrl: UrlConvertible {
        url
    }

    func process(_ error: Squid.Error) {
        processed.update { $0.append(error.statusCode) }
    }
}

private struct FailingHeaderService: HttpService {
    struct Refused: Error {}

    let url: String

    var apiUrl: UrlConvertible {
        url
    }

    var asyncHeader: Future<HttpHeader, Error> {
        Future { promise in promise(.failure(Refused())) }
    }
}

private struct AsyncHeaderService: HttpService {
    var apiUrl: UrlConvertible {
        "127.0.0.1"
    }

    var asyncHeader: HttpHeader {
        get async throws { ["X-Async": "yes"] }
    }
}

/// Subscribes with a fixed demand and records what arrives.
private final class FixedDemandSubscriber<Input: Sendable>: Subscriber, Sendable {
    typealias Failure = Never

    let demand: Int
    let values = Recorder<[Input]>([])
    let finished = Recorder(false)

    init(demand: Int) {
        self.demand = demand
    }

    func receive(subscription: Subscription) {
        subscription.request(.max(demand))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.update { $0.append(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        finished.update { $0 = true }
    }
}

@Suite("Squid 1.x names beside the async API")
struct CompatibilityTests {

    @Test("ignoreResultErrors drops failures and asks for one more element per dropped one")
    func ignoreResultErrorsReplenishesDemand() {
        struct Failed: Error {}
        let subject = PassthroughSubject<Result<Int, Failed>, Never>()
        let subscriber = FixedDemandSubscriber<Int>(demand: 2)
        subject.ignoreResultErrors().subscribe(subscriber)
        subject.send(.failure(Failed()))
        subject.send(.success(1))
        subject.send(.failure(Failed()))
        subject.send(.success(2))
        subject.send(.success(3))
        subject.send(completion: .finished)
        #expect(subscriber.values.value == [1, 2])
        #expect(subscriber.finished.value)
    }

    @Test("ignoreError turns a failure into a normal completion")
    func ignoreErrorFinishes() {
        struct Failed: Error {}
        let subject = PassthroughSubject<Int, Failed>()
        let subscriber = FixedDemandSubscriber<Int>(demand: 5)
        subject.ignoreError().subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(Failed()))
        #expect(subscriber.values.value == [1])
        #expect(subscriber.finished.value)
    }

    @Test("a Future retrier without allowsMultipleRetries is asked once, as in Squid 1.x")
    func futureRetrierAskedOnce() async throws {
        try await withDemoServer { server in
            var service = CompatService(url: "http://127.0.0.1:\(server.port)")
            service.retrierFactory = AnyRetrierFactory { PlainFutureRetrier() }
            let error = await failure(FailingTimesRequest(failures: 3).schedule(with: service))
            #expect(error?.statusCode == 503)
            #expect(server.requestCount(forPath: "/retry") == 2)
        }
    }

    @Test("a Future retrier that allows multiple retries is asked after every failure")
    func futureRetrierAskedEveryTime() async throws {
        try await withDemoServer { server in
            var service = CompatService(url: "http://127.0.0.1:\(server.port)")
            service.retrierFactory = AnyRetrierFactory { AlwaysFutureRetrier(multiple: true) }
            let result = try await FailingTimesRequest(failures: 3).schedule(with: service).value
            #expect(result.attempts == 4)
        }
    }

    @Test("an async retrier is asked after every failure unless it declares otherwise")
    func asyncRetrierAskedEveryTime() async throws {
        try await withDemoServer { server in
            var service = CompatService(url: "http://127.0.0.1:\(server.port)")
            service.retrierFactory = AnyRetrierFactory { PlainAsyncRetrier() }
            let result = try await FailingTimesRequest(failures: 3).schedule(with: service).value
            #expect(result.attempts == 4)

            service.retrierFactory = AnyRetrierFactory { OnceAsyncRetrier() }
            let request = FailingTimesRequest(failures: 3)
            let error = await failure(request.schedule(with: service))
            #expect(error?.statusCode == 503)
            #expect(server.requestCount(forPath: "/retry") == 4 + 2)
        }
    }

    @Test("the Future form of an async retrier delivers its answer")
    func futureFormOfAsyncRetrier() async {
        let url = URL(string: "http://127.0.0.1/x")!
        let error = Squid.Error.timeout(url: url)
        let retrier = BackoffRetrier(initialDelay: 0, maximumRetries: 1)
        let first: Future<Bool, Never> = retrier.retry(FailingTimesRequest(failures: 0), failingWith: error)
        #expect(await first.values.first { _ in true } == true)
        let second: Future<Bool, Never> = retrier.retry(FailingTimesRequest(failures: 0), failingWith: error)
        #expect(await second.values.first { _ in true } == false)
    }

    @Test("a failing Future header fails the attempt with headerFailed, nothing is sent")
    func failingFutureHeader() async throws {
        try await withDemoServer { server in
            let service = FailingHeaderService(url: "http://127.0.0.1:\(server.port)")
            let error = await failure(TextRequest(routes: ["text"]).schedule(with: service))
            guard case .headerFailed(let underlying) = error else {
                Issue.record("expected headerFailed, got \(String(describing: error))")
                return
            }
            #expect(underlying is FailingHeaderService.Refused)
            #expect(server.requestCount(forPath: "/text") == 0)
        }
    }

    @Test("the Future form of an async header delivers the header")
    func futureFormOfAsyncHeader() async {
        let future: Future<HttpHeader, Error> = AsyncHeaderService().asyncHeader
        var received: HttpHeader?
        do {
            for try await header in future.values {
                received = header
            }
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(received?["X-Async"] == "yes")
    }

    @Test("process(_:) and a Squid 1.x hook's onFailure(_: Error) hear a final failure once")
    func processAndAnyErrorHook() async throws {
        try await withDemoServer { server in
            let hook = AnyErrorHook()
            var service = CompatService(url: "http://127.0.0.1:\(server.port)")
            service.hook = hook
            let error = await failure(TextRequest(routes: ["errors", 418]).schedule(with: service))
            #expect(error?.statusCode == 418)
            #expect(service.processed.value == [418])
            #expect(hook.errors.value.count == 1)
        }
    }

    @Test("the header publisher of a failed response fails like the response")
    func headerOfFailure() async throws {
        try await withDemoServer { server in
            let response = TextRequest(routes: ["errors", 404]).schedule(with: DemoService(server))
            let header = try await Collector(response.header).finish()
            #expect(header.error?.statusCode == 404)
            #expect(header.values.isEmpty)
            #expect(await failure(response)?.statusCode == 404)
            #expect(server.requestCount(forPath: "/errors/404") == 1)
        }
    }

    @Test("the Squid 1.x backoff factory retries while the wait stays below maxBackoff")
    func maxBackoffFactory() async throws {
        try await withDemoServer { server in
            var service = CompatService(url: "http://127.0.0.1:\(server.port)")
            // Waits of 1 s and 2 s stay below 3 s: two retries, three attempts.
            service.retrierFactory = BackoffRetrier.factory(maxBackoff: 3)
            let error = await failure(TextRequest(routes: ["ratelimited"]).schedule(with: service))
            #expect(error?.statusCode == 429)
            #expect(server.requestCount(forPath: "/ratelimited") == 3)
        }
    }
}

/// A retrier that implements neither form of `retry`.
private struct SilentRetrier: Retrier {}

@Suite("a retrier implementing neither form")
struct NeitherRetrierTests {

    @Test("stops the process with a message instead of looping")
    func neitherFormStops() async {
        await #expect(processExitsWith: .failure) {
            let url = URL(string: "http://127.0.0.1/x")!
            _ = await SilentRetrier().retry(TextRequest(routes: ["x"]), failingWith: .timeout(url: url)) as Bool
        }
    }
}
