import Foundation
import HTTPCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("proxies: the environment, --proxy and NO_PROXY")
struct HTTPProxyTests {
    @Test("lower-case variables win, ALL_PROXY fills in, empty values count as unset")
    func environment() throws {
        let settings = try HTTPProxySettings.fromEnvironment([
            "http_proxy": "http://lower:3128", "HTTP_PROXY": "http://upper:3128", "HTTPS_PROXY": "",
            "ALL_PROXY": "socks5://socks.example:1081", "NO_PROXY": "localhost,.internal",
        ])
        #expect(settings.httpProxy == HTTPProxyEndpoint(host: "lower", port: 3128))
        #expect(settings.httpsProxy == HTTPProxyEndpoint(kind: .socks5, host: "socks.example", port: 1081))
        #expect(settings.exclusions == [HTTPNoProxyRule(host: "localhost"), HTTPNoProxyRule(host: "internal")])
        #expect(try HTTPProxySettings.fromEnvironment([:]) == .direct)
    }

    @Test("--proxy replaces the variables for both schemes and keeps NO_PROXY")
    func override() throws {
        let settings = try HTTPProxySettings.fromEnvironment(
            ["HTTPS_PROXY": "http://env:1", "no_proxy": "*"], override: "user:p%40ss@proxy.example:8080")
        let endpoint = HTTPProxyEndpoint(host: "proxy.example", port: 8080, user: "user", password: "p@ss")
        #expect(settings.httpProxy == endpoint)
        #expect(settings.httpsProxy == endpoint)
        #expect(settings.proxy(for: URL(string: "https://anything.example/")!) == nil)
        #expect(try HTTPProxyEndpoint(parsing: "proxy.example", source: "--proxy").port == 1080)
    }

    @Test(
        "unusable proxy URLs are refused with a sentence naming the variable and value",
        arguments: [
            ("https://proxy:443", "uses https, which is not supported; connections to a proxy are plain http"),
            ("ftp://proxy:21", "has the unsupported scheme ftp; use http:// or socks5://"),
            ("http://:3128", "has no host name"),
            ("http://proxy:99999", "has the port 99999, outside 1 to 65535"),
        ])
    func badProxy(value: String, reason: String) {
        #expect(throws: HTTPSetupError("The proxy HTTPS_PROXY=\(value) \(reason).")) {
            try HTTPProxySettings.fromEnvironment(["HTTPS_PROXY": value])
        }
    }

    @Test(
        "NO_PROXY entries match names, domain suffixes, *, host:port and addresses",
        arguments: [
            ("example.com", "http://example.com/", true),
            ("example.com", "http://api.example.com/", true),
            (".example.com", "http://example.com/", true),
            (".example.com", "http://api.EXAMPLE.com/", true),
            ("example.com", "http://badexample.com/", false),
            ("*", "https://anywhere.test/", true),
            ("*.example.com", "http://a.example.com/", true),
            ("localhost:8080", "http://localhost:8080/", true),
            ("localhost:8080", "http://localhost:9090/", false),
            ("example.com:443", "https://example.com/", true),
            ("127.0.0.1", "http://127.0.0.1:5000/", true),
            ("127.0.0.1", "http://127.0.0.10/", false),
            ("::1", "http://[::1]:8080/", true),
            ("[::1]:8080", "http://[::1]:8080/", true),
        ])
    func noProxy(entry: String, url: String, bypasses: Bool) {
        let settings = HTTPProxySettings(
            httpProxy: HTTPProxyEndpoint(host: "proxy", port: 3128),
            httpsProxy: HTTPProxyEndpoint(host: "proxy", port: 3128), exclusions: HTTPNoProxyRule.list(entry))
        #expect((settings.proxy(for: URL(string: url)!) == nil) == bypasses)
    }

    @Test("requests go through the proxy, https too; a NO_PROXY host is reached directly")
    func routing() async throws {
        let proxy = try await LoopbackHTTPServer.start(body: "the proxy itself")
        defer { Task { await proxy.stop() } }
        let demo = try await SharedDemoServer.get()
        let demoPort = try #require(demo.baseURL.port)
        let servers = try await TLSFixture.servers()
        let settings = try HTTPProxySettings.fromEnvironment([
            "http_proxy": "http://127.0.0.1:\(proxy.port)", "HTTPS_PROXY": "127.0.0.1:\(proxy.port)",
            "NO_PROXY": "localhost",
        ])
        let tls = try HTTPTLSSettings.load(caCertificateFile: servers.certificates.caCertificate)
        let transport = HTTPTransport(settings: HTTPClientSettings(tls: tls, proxy: settings))
        defer { Task { await transport.shutdown() } }

        let viaProxy = try await transport.send(URLRequest(url: URL(string: "http://127.0.0.1:\(demoPort)/text")!))
        #expect(viaProxy.statusCode == 200)
        #expect(proxy.requestLines == ["CONNECT 127.0.0.1:\(demoPort)"])

        let secure = try await transport.send(URLRequest(url: servers.trusted.baseURL))
        #expect(String(decoding: secure.body, as: UTF8.self) == "over TLS")
        #expect(proxy.requestLines.last == "CONNECT 127.0.0.1:\(servers.trusted.port)")

        let direct = try await transport.send(URLRequest(url: URL(string: "http://localhost:\(demoPort)/text")!))
        #expect(direct.body == viaProxy.body)
        #expect(proxy.requestLines.count == 2)
    }

    @Test("a proxy that cannot be reached, or refuses the tunnel, is named as the one that failed")
    func proxyFailures() async throws {
        let demo = try await SharedDemoServer.get()
        let demoPort = try #require(demo.baseURL.port)
        let target = URLRequest(url: URL(string: "http://127.0.0.1:\(demoPort)/text")!)

        let closed = try ClosedPort.make()
        let unreachable = HTTPTransport(
            settings: HTTPClientSettings(
                proxy: try HTTPProxySettings.fromEnvironment([:], override: "127.0.0.1:\(closed)")))
        defer { Task { await unreachable.shutdown() } }
        do {
            _ = try await unreachable.send(target)
            Issue.record("a dead proxy cannot answer")
        } catch {
            #expect(error.kind == .cannotConnect)
            #expect(
                String(describing: error.underlying)
                    == "Could not connect to the proxy at 127.0.0.1:\(closed) (on the way to 127.0.0.1:\(demoPort)); "
                    + "check the proxy setting")
        }

        // The demo API is no proxy: it answers CONNECT with an error.
        let refusing = HTTPTransport(
            settings: HTTPClientSettings(
                proxy: try HTTPProxySettings.fromEnvironment([:], override: "127.0.0.1:\(demoPort)")))
        defer { Task { await refusing.shutdown() } }
        do {
            _ = try await refusing.send(target)
            Issue.record("the demo API does not open tunnels")
        } catch {
            #expect(
                String(describing: error.underlying)
                    == "The request was refused by the proxy at 127.0.0.1:\(demoPort): it did not open a tunnel (CONNECT) "
                    + "to 127.0.0.1:\(demoPort)")
        }
    }
}
