import DemoAPI
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
@preconcurrency import OpenCombine
import Testing

@testable import Squid

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `GET /large?count=N`, "decoded" by noting whether the decoding ran on an event loop's thread.
private struct WhereDecodedRequest: Request {
    typealias Result = Bool

    let count: Int

    var routes: HttpRoute {
        ["large"]
    }

    var query: HttpQuery {
        ["count": count]
    }

    func decode(_ data: Data) throws -> Bool {
        MultiThreadedEventLoopGroup.currentEventLoop != nil
    }
}

/// A hook that answers every request with `true`.
private struct AnsweringHook: ServiceHook {
    func onSchedule<R: Request>(_ request: R, _ urlRequest: URLRequest) -> R.Result? {
        true as? R.Result
    }

    func onSuccess<R: Request>(_ request: R, _ urlRequest: URLRequest, result: R.Result) {}

    func onFailure(_ error: Squid.Error) {}
}

/// A service of a type no other test uses, so that its first request is the first of the type.
private struct FreshService: HttpService {
    let host: String

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }
}

/// A service of a type no other test uses, for the hook test.
private struct FreshHookService: HttpService {
    let host: String
    let hook: ServiceHook = AnsweringHook()

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }
}

@Suite("where a result is decoded and delivered")
struct DeliveryPathTests {

    @Test("a small body is decoded where it arrives, a body over 64 KiB on a task")
    func decodingPlace() async throws {
        try await withDemoServer { server throws in
            let service = DemoService(server)
            for _ in 0..<3 {
                let small = WhereDecodedRequest(count: 1).schedule(with: service)
                #expect(try await small.value == true)
                #expect(try #require(try await small.httpResponse).body.count <= 64 * 1024)
            }
            let large = WhereDecodedRequest(count: 5000).schedule(with: service)
            #expect(try await large.value == false)
            #expect(try #require(try await large.httpResponse).body.count > 64 * 1024)
        }
    }

    @Test("a service with neither header form is found headerless by its first request, one with a header never")
    func headerlessServices() async throws {
        try await withDemoServer { server throws in
            let fresh = FreshService(host: "127.0.0.1:\(server.port)")
            #expect(!HeaderBridge.isHeaderless(FreshService.self))
            _ = try await CounterRequest().schedule(with: fresh).value
            #expect(HeaderBridge.isHeaderless(FreshService.self))
            _ = try await CounterRequest().schedule(with: fresh).value
            #expect(server.requestCount(forPath: "/counter") == 2)
            #expect(!HeaderBridge.isHeaderless(AsyncHeaderEchoService.self))
            let echo = try await EchoRequest().schedule(with: AsyncHeaderEchoService(server)).value
            #expect(echo.headers["x-async"] == "1")
            #expect(!HeaderBridge.isHeaderless(AsyncHeaderEchoService.self))
        }
    }

    @Test("a hook's answer to a request sent without awaiting anything still arrives after sink returns")
    func hookAnswerAfterSink() async throws {
        try await withDemoServer { server throws in
            let service = FreshHookService(host: "127.0.0.1:\(server.port)")
            // The first request finds the service headerless; the later ones are built in `sink`.
            for _ in 0..<3 {
                // The thread inside `sink` while it runs: a value delivered on it then came synchronously.
                let sinking = NIOLockedValueBox<pthread_t?>(nil)
                let early = NIOLockedValueBox(false)
                let kept = NIOLockedValueBox<AnyCancellable?>(nil)
                let delivered: Bool = await withCheckedContinuation { continuation in
                    sinking.withLockedValue { $0 = pthread_self() }
                    let cancellable = WhereDecodedRequest(count: 1).schedule(with: service).sink(
                        receiveCompletion: { _ in },
                        receiveValue: { value in
                            let thread = pthread_self()
                            early.withLockedValue { $0 = sinking.withLockedValue { $0 } == thread }
                            continuation.resume(returning: value)
                        })
                    sinking.withLockedValue { $0 = nil }
                    kept.withLockedValue { $0 = cancellable }
                }
                kept.withLockedValue { $0 = nil }
                #expect(delivered)
                #expect(!early.withLockedValue { $0 })
            }
            #expect(HeaderBridge.isHeaderless(FreshHookService.self))
            #expect(server.requestCount(forPath: "/large") == 0)
        }
    }
}

/// A demo service whose `async` header sends `X-Async: 1`.
private struct AsyncHeaderEchoService: HttpService {
    let host: String

    init(_ server: DemoServer) {
        host = "127.0.0.1:\(server.port)"
    }

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }

    var asyncHeader: HttpHeader {
        get async throws { ["X-Async": "1"] }
    }
}
