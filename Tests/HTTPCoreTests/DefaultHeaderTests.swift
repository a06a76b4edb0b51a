import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("default headers go with every request unless the request has its own")
struct DefaultHeaderTests {
    let defaults = HTTPDefaultHeaders([
        ("User-Agent", "hammock/test"), ("Accept", "application/json, */*;q=0.5"), ("user-agent", "second/1"),
    ])

    /// The request headers `/headers` (or `/anything`) echoed, by lower-cased name.
    func echoed(_ response: HTTPExchangeResponse) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try #require((object["headers"] as? [String: String]) ?? (object as? [String: String]))
    }

    @Test("a request without them gets each default header, the first of a repeated name")
    func added() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport(settings: HTTPClientSettings(defaultHeaders: defaults))
        let headers = try echoed(
            try await transport.send(URLRequest(url: server.baseURL.appendingPathComponent("headers"))))
        #expect(headers["user-agent"] == "hammock/test")
        #expect(headers["accept"] == "application/json, */*;q=0.5")
        await transport.shutdown()
    }

    @Test("addedHeaders lists exactly the header fields a bare request goes out with, Host aside")
    func addedHeadersAreSent() async throws {
        let server = try await SharedDemoServer.get()
        for decompresses in [true, false] {
            let settings = HTTPClientSettings(decompresses: decompresses, defaultHeaders: defaults)
            let transport = HTTPTransport(settings: settings)
            var headers = try echoed(
                try await transport.send(URLRequest(url: server.baseURL.appendingPathComponent("headers"))))
            headers["host"] = nil
            var expected: [String: String] = [:]
            for field in settings.addedHeaders { expected[field.name.lowercased()] = field.value }
            #expect(headers == expected, "decompresses: \(decompresses)")
            #expect(settings.addedHeaders.count == (decompresses ? 3 : 2))
            await transport.shutdown()
        }
    }

    @Test("a header the request has, in any case, overrides the default")
    func overridden() async throws {
        let server = try await SharedDemoServer.get()
        let monitor = SentRequests()
        let transport = HTTPTransport(settings: HTTPClientSettings(defaultHeaders: defaults), monitor: monitor)
        var request = URLRequest(url: server.baseURL.appendingPathComponent("headers"))
        request.setValue("mine/2", forHTTPHeaderField: "USER-AGENT")
        let headers = try echoed(try await transport.send(request))
        #expect(headers["user-agent"] == "mine/2")
        #expect(headers["accept"] == "application/json, */*;q=0.5")
        let sent = try #require(monitor.requests.first)
        #expect(sent.value(forHTTPHeaderField: "User-Agent") == "mine/2")
        #expect(sent.value(forHTTPHeaderField: "Accept") == "application/json, */*;q=0.5")
        await transport.shutdown()
    }

    @Test("default headers stay on redirected requests")
    func keptOnRedirect() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport(settings: HTTPClientSettings(defaultHeaders: defaults))
        let start = URL(string: "redirect-to?url=/headers", relativeTo: server.baseURL)!
        let response = try await transport.send(URLRequest(url: start))
        #expect(response.redirects.count == 1)
        #expect(try echoed(response)["user-agent"] == "hammock/test")
        await transport.shutdown()
    }

    @Test("without default headers nothing is added")
    func none() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport()
        let headers = try echoed(
            try await transport.send(URLRequest(url: server.baseURL.appendingPathComponent("headers"))))
        #expect(headers["accept"] == nil)
        #expect(headers["user-agent"] != "hammock/test")
        await transport.shutdown()
    }
}

/// Records every request as sent.
final class SentRequests: HTTPExchangeMonitor {
    private let recorded = NIOLockedValueBox<[URLRequest]>([])

    var requests: [URLRequest] { recorded.withLockedValue { $0 } }

    func exchangeFinished(_ exchange: HTTPExchange) {
        recorded.withLockedValue { $0.append(exchange.request) }
    }
}
