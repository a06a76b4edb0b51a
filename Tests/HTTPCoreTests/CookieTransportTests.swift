import Foundation
import HTTPCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("a transport with a cookie jar behaves like a browser against the demo API")
struct CookieTransportTests {
    func url(_ base: URL, _ pathAndQuery: String) -> URL {
        URL(string: pathAndQuery, relativeTo: base)!.absoluteURL
    }

    func request(_ url: URL, cookie: String? = nil) -> URLRequest {
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        return request
    }

    /// The `cookies` object of a `/cookies` answer.
    func cookies(in response: HTTPExchangeResponse) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try #require(object["cookies"] as? [String: String])
    }

    @Test("a cookie set by a redirect is sent on the redirected request and on later ones")
    func setByRedirect() async throws {
        let server = try await SharedDemoServer.get()
        let jar = HTTPCookieJar()
        let transport = HTTPTransport(settings: HTTPClientSettings(cookieJar: jar))
        let response = try await transport.send(request(url(server.baseURL, "/cookies/set?a=b&theme=dark")))
        #expect(response.url.path == "/cookies")
        #expect(try cookies(in: response) == ["a": "b", "theme": "dark"])
        let hop = try #require(response.redirects.first)
        #expect(hop.statusCode == 302)
        #expect(hop.location == "/cookies")
        #expect(
            hop.headerFields.filter { $0.name.lowercased() == "set-cookie" }.map(\.value) == [
                "a=b; Path=/", "theme=dark; Path=/",
            ])
        #expect(jar.cookies().map(\.name) == ["a", "theme"])
        #expect(jar.cookies().allSatisfy { $0.domain == "127.0.0.1" && $0.isHostOnly && $0.path == "/" })

        let later = try await transport.send(request(url(server.baseURL, "/cookies")))
        #expect(try cookies(in: later) == ["a": "b", "theme": "dark"])
        await transport.shutdown()
    }

    @Test("a cookie deleted by a redirect is gone from the redirected request and the jar")
    func deletedByRedirect() async throws {
        let server = try await SharedDemoServer.get()
        let jar = HTTPCookieJar()
        let transport = HTTPTransport(settings: HTTPClientSettings(cookieJar: jar))
        _ = try await transport.send(request(url(server.baseURL, "/cookies/set?a=1&b=2")))
        let response = try await transport.send(request(url(server.baseURL, "/cookies/delete?a")))
        #expect(try cookies(in: response) == ["b": "2"])
        #expect(jar.cookies().map(\.name) == ["b"])
        await transport.shutdown()
    }

    @Test("cookies of 127.0.0.1 are not sent to localhost, another host on the same server")
    func hostOnly() async throws {
        let server = try await SharedDemoServer.get()
        let jar = HTTPCookieJar()
        let transport = HTTPTransport(settings: HTTPClientSettings(cookieJar: jar))
        _ = try await transport.send(request(url(server.baseURL, "/cookies/set?a=1")))
        let port = try #require(server.baseURL.port)
        let other = try await transport.send(request(URL(string: "http://localhost:\(port)/cookies")!))
        #expect(try cookies(in: other) == [:])
        await transport.shutdown()
    }

    @Test("a Cookie header set by the caller is sent as it is, without the jar's cookies")
    func callerHeader() async throws {
        let server = try await SharedDemoServer.get()
        let jar = HTTPCookieJar()
        let transport = HTTPTransport(settings: HTTPClientSettings(cookieJar: jar))
        _ = try await transport.send(request(url(server.baseURL, "/cookies/set?a=1")))
        let response = try await transport.send(request(url(server.baseURL, "/cookies"), cookie: "mine=2"))
        #expect(try cookies(in: response) == ["mine": "2"])
        await transport.shutdown()
    }

    @Test("the request a monitor sees as sent carries the jar's Cookie header")
    func monitorSeesCookie() async throws {
        let server = try await SharedDemoServer.get()
        let jar = HTTPCookieJar()
        jar.store(setCookieValues: ["a=1"], from: server.baseURL)
        let monitor = SentRequests()
        let transport = HTTPTransport(settings: HTTPClientSettings(cookieJar: jar), monitor: monitor)
        _ = try await transport.send(request(url(server.baseURL, "/cookies")))
        #expect(monitor.requests.map { $0.value(forHTTPHeaderField: "Cookie") } == ["a=1"])
        await transport.shutdown()
    }

    @Test("without a jar no cookie is kept, as before")
    func noJar() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport()
        let response = try await transport.send(request(url(server.baseURL, "/cookies/set?a=1")))
        #expect(try cookies(in: response) == [:])
        #expect(response.redirects.map(\.statusCode) == [302])
        await transport.shutdown()
    }
}
