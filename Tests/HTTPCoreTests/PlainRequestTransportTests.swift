import Foundation
import HTTPCore
import TestSupport
import Testing

@testable import DemoAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("plain requests go out as their URLRequests would")
struct PlainRequestTransportTests {
    /// Transports with and without a cookie jar (which sends plain requests the `URLRequest` way).
    static let jars: [Bool] = [false, true]

    func transport(jar: Bool, defaultHeaders: HTTPDefaultHeaders = .none) -> HTTPTransport {
        HTTPTransport(
            settings: HTTPClientSettings(
                maximumRedirects: 3, cookieJar: jar ? HTTPCookieJar() : nil, defaultHeaders: defaultHeaders))
    }

    func plain(_ url: URL, headers: [(String, String)] = []) -> HTTPPlainRequest {
        HTTPPlainRequest(
            url: url, headerFields: headers.map { HTTPHeaderField(name: $0.0, value: $0.1) },
            timeoutInterval: TestTime.scaled(10))
    }

    /// The outcome of sending `request` on `transport`.
    func send(_ request: HTTPPlainRequest, on transport: HTTPTransport) async -> Result<
        HTTPExchangeResponse, HTTPFailure
    > {
        await withCheckedContinuation { continuation in
            _ = transport.start(request) { continuation.resume(returning: $0) }
        }
    }

    /// The failure of `result`, nil when it succeeded.
    func failure(of result: Result<HTTPExchangeResponse, HTTPFailure>) -> HTTPFailure? {
        if case .failure(let failure) = result { failure } else { nil }
    }

    /// What `/anything` saw: method and headers.
    func echo(_ response: HTTPExchangeResponse) throws -> (method: String, headers: [String: String]) {
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return (try #require(object["method"] as? String), try #require(object["headers"] as? [String: String]))
    }

    @Test("method, headers and default headers reach the server as from the URLRequest", arguments: jars)
    func headers(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let defaults = HTTPDefaultHeaders([("User-Agent", "ua"), ("X-Default", "d")])
        let transport = transport(jar: jar, defaultHeaders: defaults)
        let request = plain(
            server.baseURL.appendingPathComponent("anything"),
            headers: [("X-One", "1"), ("x-default", "mine"), ("Content-Length", "99")])
        let plainResponse = try await send(request, on: transport).get()
        let foundationResponse = try await transport.send(request.urlRequest)
        let sent = try echo(plainResponse)
        #expect(sent.method == "GET")
        #expect(sent.headers["x-one"] == "1")
        #expect(sent.headers["x-default"] == "mine")
        #expect(sent.headers["user-agent"] == "ua")
        #expect(sent.headers["content-length"] == nil)
        #expect(sent.headers == (try echo(foundationResponse)).headers)
        #expect(plainResponse.statusCode == 200)
        #expect(plainResponse.foldedHeaders["content-type"] == foundationResponse.foldedHeaders["content-type"])
        await transport.shutdown()
    }

    @Test("a redirect is followed and every hop recorded", arguments: jars)
    func redirects(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: jar)
        let response = try await send(plain(server.baseURL.appendingPathComponent("redirect/2")), on: transport).get()
        #expect(response.statusCode == 200)
        #expect(response.url.path == "/text")
        #expect(response.redirects.map(\.url.path) == ["/redirect/2", "/redirect/1"])
        #expect(response.redirects.map(\.location) == ["/redirect/1", "/text"])
        #expect(response.redirects.allSatisfy { $0.method == "GET" && $0.statusCode == 302 })
        await transport.shutdown()
    }

    @Test("a redirect loop ends with the failure that says so", arguments: jars)
    func loop(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: jar)
        let result = await send(plain(server.baseURL.appendingPathComponent("redirect-loop")), on: transport)
        let failure = failure(of: result)
        #expect(failure?.kind == .protocolViolation)
        #expect((failure?.underlying as? HTTPRedirectFailure)?.reason == .cycle)
        await transport.shutdown()
    }

    @Test("a URL that is not http or https fails as an invalid URL without a connection")
    func invalidScheme() async throws {
        let transport = transport(jar: false)
        let result = await send(plain(URL(string: "ftp://127.0.0.1/file")!), on: transport)
        #expect(failure(of: result)?.kind == .invalidURL)
        await transport.shutdown()
    }
}
