import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import DemoAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("the HTTP core against the demo API on loopback")
struct HTTPTransportTests {
    let transport = HTTPTransport()

    func request(_ url: URL, timeout: TimeInterval = 10) -> URLRequest {
        var request = URLRequest(url: url)
        // A test's ceiling, not the behaviour under test, when it is the default: stretched under
        // a sanitizer.
        request.timeoutInterval = timeout == 10 ? TestTime.scaled(timeout) : timeout
        return request
    }

    func failure(
        of request: URLRequest, on transport: HTTPTransport? = nil, maximumBodySize: Int = .max
    ) async -> HTTPFailure? {
        let transport = transport ?? self.transport
        do {
            _ = try await transport.send(request, maximumBodySize: maximumBodySize)
            return nil
        } catch {
            return error
        }
    }

    @Test("a response keeps its status line, body, header order and timing")
    func response() async throws {
        let server = try await SharedDemoServer.get()
        let response = try await transport.send(request(server.baseURL.appendingPathComponent("text")))
        #expect(response.statusCode == 200)
        #expect(response.reasonPhrase == "OK")
        #expect(response.httpVersion == "HTTP/1.1")
        #expect(String(decoding: response.body, as: UTF8.self) == TestRoutes.text)
        #expect(response.headerFields.contains { $0.name.lowercased() == "content-type" })
        #expect(response.foldedHeaders["content-length"] == "\(response.body.count)")
        #expect(response.redirects.isEmpty)
        let firstByte = try #require(response.timing.timeToFirstByte)
        #expect(firstByte <= response.timing.total)
    }

    @Test("repeated Set-Cookie headers stay apart: in order, and folded with a line feed")
    func setCookie() async throws {
        let server = try await SharedDemoServer.get()
        let response = try await transport.send(request(server.baseURL.appendingPathComponent("cookies/pair")))
        let cookies = response.headerFields.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
        #expect(cookies == TestRoutes.cookiePair)
        let folded = try #require(response.foldedHeaders["set-cookie"])
        #expect(folded.split(separator: "\n").map(String.init) == TestRoutes.cookiePair)
    }

    @Test("redirects are followed and recorded, the final URL is the one that answered")
    func redirects() async throws {
        let server = try await SharedDemoServer.get()
        let start = server.baseURL.appendingPathComponent("redirect/2")
        let response = try await transport.send(request(start))
        #expect(response.statusCode == 200)
        #expect(response.url.path == "/text")
        #expect(response.redirects.map(\.url.path) == ["/redirect/2", "/redirect/1"])
        #expect(response.redirects.map(\.statusCode) == [302, 302])
    }

    @Test("URLs that cannot be requested fail before anything is sent", arguments: ["ftp://example.com/a", "http://"])
    func invalidURL(_ text: String) async throws {
        let url = try #require(URL(string: text))
        let failure = try #require(await failure(of: request(url)))
        #expect(failure.kind == .invalidURL)
    }

    @Test("a refused connection is cannotConnect, explained with the server's address")
    func refused() async throws {
        // A port no server can take meanwhile (a stopped server's port may be reused by another
        // test's server at once).
        let port = try ClosedPort.make()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/text"))
        let failure = try #require(await failure(of: request(url)))
        #expect(failure.kind == .cannotConnect, "\(String(reflecting: failure.underlying))")
        let connection = try #require(failure.underlying as? HTTPConnectionFailure)
        #expect(connection.problem == .refused)
        #expect(connection.address == "127.0.0.1:\(port)")
        #expect(connection.summary == "connection refused by 127.0.0.1:\(port)")
    }

    @Test("a reset is connectionClosed, explained as a reset by the server")
    func reset() async throws {
        let server = try ResettingServer()
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/text"))
        let failure = try #require(await failure(of: request(url)))
        #expect(failure.kind == .connectionClosed, "\(String(reflecting: failure.underlying))")
        #expect((failure.underlying as? HTTPConnectionFailure)?.problem == .reset(afterHead: false))
    }

    @Test("a body over the limit fails with the limit")
    func bodyLimit() async throws {
        let server = try await SharedDemoServer.get()
        let failure = try #require(
            await failure(of: request(server.baseURL.appendingPathComponent("large")), maximumBodySize: 100))
        #expect(failure.kind == .bodyTooLarge(limit: 100))
        #expect(failure.headReceived)
        let limit = try #require(failure.underlying as? HTTPLimitFailure)
        #expect(limit.limit == .bodySize(100))
        let announced = try #require(limit.announced)
        #expect(announced > 100)
        #expect(
            String(describing: failure.underlying)
                == "The response body is larger than the 100 bytes limit (it announced \(HTTPLimitFailure.size(announced)))."
        )
        #expect(HTTPLimitFailure.size(1) == "1 byte")
        #expect(HTTPLimitFailure.size(1 << 30) == "1 GiB")
        #expect(HTTPLimitFailure.size(1536) == "1.5 KiB")
    }

    @Test("the request's timeout bounds the whole exchange")
    func timeout() async throws {
        let server = try await SharedDemoServer.get()
        var components = URLComponents(
            url: server.baseURL.appendingPathComponent("slow"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "delay", value: "5000")]
        let failure = try #require(await failure(of: request(components.url!, timeout: 0.2)))
        #expect(failure.kind == .timedOut)
    }

    @Test("cancelling the awaiting task cancels the exchange")
    func cancel() async throws {
        let server = try await DemoServer.start()
        var components = URLComponents(
            url: server.baseURL.appendingPathComponent("slow"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "delay", value: "30000")]
        let slow = request(components.url!, timeout: 60)
        let transport = self.transport
        let task = Task { () -> HTTPFailure? in
            do throws(HTTPFailure) {
                _ = try await transport.send(slow)
                return nil
            } catch {
                return error
            }
        }
        await waitUntil("the request to reach the server") { server.requestCount(forPath: "/slow") == 1 }
        let started = ContinuousClock.now
        task.cancel()
        let outcome = await task.value
        let failure = try #require(outcome)
        #expect(failure.kind == .cancelled)
        #expect(started.duration(to: .now) < .seconds(TestTime.scaled(5)))
        await server.shutdown()
    }

    @Test("a cancel that comes before the exchange starts cancels it as soon as it exists")
    func cancelFirst() async throws {
        let server = try await SharedDemoServer.get()
        let slow = request(server.baseURL.appendingPathComponent("slow"), timeout: 60)
        let transport = self.transport
        let task = Task { () -> HTTPFailure? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(HTTPFailure) {
                _ = try await transport.send(slow)
                return nil
            } catch {
                return error
            }
        }
        let outcome = await task.value
        #expect(outcome?.kind == .cancelled)
    }

    @Test("a cancelled transfer reads no more of its body and ends as cancelled")
    func cancelStopsReading() async throws {
        let server = try await SharedDemoServer.get()
        var components = URLComponents(
            url: server.baseURL.appendingPathComponent("download"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "bytes", value: "20000000"), URLQueryItem(name: "chunk", value: "65536"),
            URLQueryItem(name: "delay", value: "5"),
        ]
        let outcome = NIOLockedValueBox<Result<HTTPExchangeResponse, HTTPFailure>?>(nil)
        let transfer = transport.start(request(components.url!)) { result in outcome.withLockedValue { $0 = result } }
        await waitUntil("some of the body arrives") { transfer.progress.responseBytesReceived > 200_000 }
        transfer.cancel()
        let atCancel = transfer.progress.responseBytesReceived
        await waitUntil("the transfer ends") { outcome.withLockedValue { $0 } != nil }
        guard case .failure(let failure) = outcome.withLockedValue({ $0 }) else {
            Issue.record("the transfer was not cancelled: \(String(describing: outcome.withLockedValue { $0 }))")
            return
        }
        #expect(failure.kind == .cancelled)
        #expect(transfer.progress.responseBytesReceived == atCancel)
        #expect(atCancel < 20_000_000)
    }

    @Test("requests queued beyond the per-host connection limit never reach the server once cancelled")
    func cancelledQueueNeverSent() async throws {
        let server = try await DemoServer.start()
        let transport = HTTPTransport()
        let slow = server.baseURL.appendingPathComponent("slow")
        var components = URLComponents(url: slow, resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "delay", value: "30000")]
        let ended = NIOLockedValueBox(0)
        func start() -> HTTPTransfer {
            transport.start(request(components.url!, timeout: 60)) { _ in ended.withLockedValue { $0 += 1 } }
        }
        // AsyncHTTPClient opens up to 8 connections to a host: these take all of them...
        let blockers = (0..<8).map { _ in start() }
        await waitUntil("8 requests to reach the server") { server.requestCount(forPath: "/slow") == 8 }
        // ...so these wait in its queue, and are cancelled there.
        let queued = (0..<32).map { _ in start() }
        for transfer in queued { transfer.cancel() }
        await waitUntil("the queued transfers to end") { ended.withLockedValue { $0 } == 32 }
        // Freeing the connections would hand them to anything the queue still held.
        for transfer in blockers { transfer.cancel() }
        await waitUntil("every transfer to end") { ended.withLockedValue { $0 } == 40 }
        for _ in 0..<3 {
            _ = try await transport.send(request(server.baseURL.appendingPathComponent("text")))
        }
        #expect(server.requestCount(forPath: "/slow") == 8)
        await transport.shutdown()
        await server.shutdown()
    }

    @Test("a transport that was shut down fails new exchanges instead of hanging")
    func afterShutdown() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport()
        await transport.shutdown()
        let failure = try #require(
            await failure(of: request(server.baseURL.appendingPathComponent("text")), on: transport))
        #expect(failure.kind == .cannotConnect)
    }

    @Test("a monitor prepares every request and sees every exchange end once")
    func monitor() async throws {
        let server = try await SharedDemoServer.get()
        let monitor = RecordingMonitor()
        let transport = HTTPTransport(monitor: monitor)
        let response = try await transport.send(request(server.baseURL.appendingPathComponent("headers")))
        let echoed = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        #expect(echoed?["x-monitor"] as? String == "prepared")
        _ = await failure(of: request(URL(string: "ftp://example.com/")!), on: transport)
        let exchanges = monitor.exchanges
        #expect(exchanges.count == 2)
        #expect(exchanges.first?.request.value(forHTTPHeaderField: "X-Monitor") == "prepared")
        #expect((try? exchanges.first?.result.get().statusCode) == 200)
        guard case .failure(let failure) = exchanges.last?.result else {
            Issue.record("the second exchange did not fail")
            return
        }
        #expect(failure.kind == .invalidURL)
    }

    @Test("transports are shared per settings until the pool shuts down")
    func pool() async {
        let pool = HTTPClientPool()
        let quick = HTTPClientSettings(connectTimeout: 1)
        let first = pool.transport(for: quick)
        #expect(pool.transport(for: HTTPClientSettings(connectTimeout: 1)) === first)
        #expect(pool.transport(for: HTTPClientSettings(maximumRedirects: 0)) !== first)
        await pool.shutdownAll()
        #expect(pool.transport(for: quick) !== first)
        await pool.shutdownAll()
    }
}

/// Adds `X-Monitor: prepared` to every request and records every finished exchange.
private final class RecordingMonitor: HTTPExchangeMonitor {
    private let recorded = NIOLockedValueBox<[HTTPExchange]>([])

    var exchanges: [HTTPExchange] { recorded.withLockedValue { $0 } }

    func prepare(_ request: inout URLRequest) {
        request.setValue("prepared", forHTTPHeaderField: "X-Monitor")
    }

    func exchangeFinished(_ exchange: HTTPExchange) {
        recorded.withLockedValue { $0.append(exchange) }
    }
}
