import Foundation
import HTTPCore
import TestSupport
import Testing

@testable import DemoAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("the transport follows redirects by the rules of RFC 9110")
struct RedirectTransportTests {
    /// Transports with and without a cookie jar follow redirects the same way.
    static let jars: [Bool] = [false, true]

    func transport(jar: Bool, maximumRedirects: Int = 10) -> HTTPTransport {
        HTTPTransport(
            settings: HTTPClientSettings(
                maximumRedirects: maximumRedirects, cookieJar: jar ? HTTPCookieJar() : nil))
    }

    /// `/redirect-to` on `base`, pointing at `target` with `status`.
    func redirect(_ base: URL, to target: String, status: Int = 302) -> URL {
        var components = URLComponents(url: base.appendingPathComponent("redirect-to"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "url", value: target), URLQueryItem(name: "status_code", value: "\(status)"),
        ]
        return components.url!
    }

    func request(_ url: URL, method: String = "GET", body: String? = nil, timeout: TimeInterval = 10) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        // A test's ceiling, not the behaviour under test, when it is the default: stretched under
        // a sanitizer.
        request.timeoutInterval = timeout == 10 ? TestTime.scaled(timeout) : timeout
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// What `/anything` saw: method, body text and headers.
    func echo(_ response: HTTPExchangeResponse) throws -> (method: String, data: String, headers: [String: String]) {
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return (
            try #require(object["method"] as? String), try #require(object["data"] as? String),
            try #require(object["headers"] as? [String: String])
        )
    }

    func failure(of request: URLRequest, on transport: HTTPTransport) async -> HTTPFailure? {
        do {
            _ = try await transport.send(request)
            return nil
        } catch {
            return error
        }
    }

    @Test("303 turns a POST into a GET without body or body headers", arguments: jars)
    func seeOther(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: jar)
        let response = try await transport.send(
            request(redirect(server.baseURL, to: "/anything", status: 303), method: "POST", body: "hello"))
        let seen = try echo(response)
        #expect(seen.method == "GET")
        #expect(seen.data == "")
        #expect(seen.headers["content-type"] == nil)
        #expect(response.redirects.map(\.method) == ["POST"])
        #expect(response.redirects.map(\.statusCode) == [303])
        #expect(response.redirects.first?.reasonPhrase == "See Other")
        await transport.shutdown()
    }

    @Test("301 and 302 turn a POST into a GET, as browsers do", arguments: [301, 302])
    func movedPost(status: Int) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: true)
        let response = try await transport.send(
            request(redirect(server.baseURL, to: "/anything", status: status), method: "POST", body: "hello"))
        let seen = try echo(response)
        #expect(seen.method == "GET")
        #expect(seen.data == "")
        await transport.shutdown()
    }

    @Test("307 and 308 keep the method and the body", arguments: [307, 308])
    func keepMethod(status: Int) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: true)
        for method in ["POST", "PUT"] {
            let response = try await transport.send(
                request(redirect(server.baseURL, to: "/anything", status: status), method: method, body: "hello"))
            let seen = try echo(response)
            #expect(seen.method == method)
            #expect(seen.data == "hello")
            #expect(seen.headers["content-type"] == "text/plain")
            #expect(response.redirects.map(\.statusCode) == [status])
        }
        await transport.shutdown()
    }

    @Test("a redirect to another origin drops Authorization; one within the origin keeps it", arguments: jars)
    func crossOrigin(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let port = try #require(server.baseURL.port)
        let transport = transport(jar: jar)
        for (target, kept) in [
            ("http://localhost:\(port)/anything", false), ("http://127.0.0.1:\(port)/anything", true),
        ] {
            var sent = request(redirect(server.baseURL, to: target))
            sent.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            sent.setValue("x", forHTTPHeaderField: "X-Other")
            let response = try await transport.send(sent)
            #expect(response.url.absoluteString == target)
            let seen = try echo(response)
            #expect(seen.headers["authorization"] == (kept ? "Bearer secret" : nil), "\(target)")
            #expect(seen.headers["x-other"] == "x")
        }
        await transport.shutdown()
    }

    @Test("a relative Location is resolved against the URL that answered", arguments: jars)
    func relativeLocation(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: jar)
        let response = try await transport.send(request(redirect(server.baseURL, to: "../anything/relative?x=1")))
        #expect(response.url.path == "/anything/relative")
        #expect(response.url.query == "x=1")
        await transport.shutdown()
    }

    @Test("every hop is recorded with its method, status and header fields", arguments: jars)
    func hops(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: jar)
        let response = try await transport.send(request(server.baseURL.appendingPathComponent("redirect/2")))
        #expect(response.url.path == "/text")
        #expect(response.redirects.map(\.url.path) == ["/redirect/2", "/redirect/1"])
        #expect(response.redirects.map(\.location) == ["/redirect/1", "/text"])
        #expect(
            response.redirects.allSatisfy { $0.method == "GET" && $0.statusCode == 302 && $0.reasonPhrase == "Found" })
        #expect(response.body == Data(TestRoutes.text.utf8))
        await transport.shutdown()
    }

    @Test("a redirect loop ends with a failure that says so", arguments: jars)
    func loop(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: jar)
        let failure = try #require(
            await failure(of: request(server.baseURL.appendingPathComponent("redirect-loop")), on: transport))
        #expect(failure.kind == .protocolViolation)
        let underlying = try #require(failure.underlying as? HTTPRedirectFailure)
        #expect(underlying.reason == .cycle)
        let loopURL = server.baseURL.appendingPathComponent("redirect-loop").absoluteString
        #expect(
            underlying.description
                == "The server redirected in a loop: \(loopURL) was already requested in this exchange")
        await transport.shutdown()
    }

    @Test("more redirects than the limit end with a failure naming the limit", arguments: jars)
    func tooMany(jar: Bool) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: jar, maximumRedirects: 3)
        let failure = try #require(
            await failure(of: request(server.baseURL.appendingPathComponent("redirect/5")), on: transport))
        #expect(failure.kind == .protocolViolation)
        let underlying = try #require(failure.underlying as? HTTPRedirectFailure)
        #expect(underlying.reason == .tooMany(limit: 3))
        #expect(underlying.description.hasPrefix("The server redirected more than 3 times"))
        await transport.shutdown()
    }

    @Test("with following off, the redirect is the response")
    func notFollowed() async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: true, maximumRedirects: 0)
        let response = try await transport.send(request(server.baseURL.appendingPathComponent("redirect/1")))
        #expect(response.statusCode == 302)
        #expect(response.redirects.isEmpty)
        #expect(response.foldedHeaders["location"] == "/text")
        await transport.shutdown()
    }

    @Test("304 and 300 are final responses even with a Location", arguments: [300, 304])
    func notRedirects(status: Int) async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: false)
        let response = try await transport.send(request(redirect(server.baseURL, to: "/text", status: status)))
        #expect(response.statusCode == status)
        #expect(response.redirects.isEmpty)
        await transport.shutdown()
    }

    @Test("the request's timeout bounds the whole chain")
    func timeout() async throws {
        let server = try await SharedDemoServer.get()
        let transport = transport(jar: true)
        let failure = try #require(
            await failure(of: request(redirect(server.baseURL, to: "/slow?delay=5000"), timeout: 0.3), on: transport))
        #expect(failure.kind == .timedOut)
        await transport.shutdown()
    }

    @Test("cancelling during a later hop stops that hop's transfer", arguments: jars)
    func cancelLaterHop(jar: Bool) async throws {
        let server = try await DemoServer.start()
        let transport = transport(jar: jar)
        let slow = request(redirect(server.baseURL, to: "/slow?delay=30000"), timeout: 60)
        let task = Task { () -> HTTPFailure? in
            do throws(HTTPFailure) {
                _ = try await transport.send(slow)
                return nil
            } catch {
                return error
            }
        }
        await waitUntil("the redirected request to reach the server") { server.requestCount(forPath: "/slow") == 1 }
        let started = ContinuousClock.now
        task.cancel()
        let failure = try #require(await task.value)
        #expect(failure.kind == .cancelled)
        // Far less than the route's 30 s, even on a loaded machine.
        #expect(started.duration(to: .now) < .seconds(TestTime.scaled(5)))
        await transport.shutdown()
        await server.shutdown()
    }
}
