import DemoAPI
import Foundation
import Squid
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A service with a header of its own and an asynchronous header provider.
private struct HeaderService: HttpService {
    let host: String

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }

    var header: HttpHeader {
        ["X-Service": "service", "X-Shared": "service", .apiKey: "key-1"]
    }

    var asyncHeader: HttpHeader {
        get async throws {
            await Task.yield()
            return ["X-Async": "async", "X-Shared": "async", "X-Both": "async"]
        }
    }
}

@Suite("routes, query and header of a sent request")
struct RequestBuildingTests {

    @Test("routes join strings and numbers, encode each segment, and + appends")
    func routes() async throws {
        try await withDemoServer { server in
            let request = EchoRequest(routes: ["echo", "users", 42] + ["a b", "x?y"])
            let echo = try await request.schedule(with: DemoService(server)).value
            #expect(echo.path == "/echo/users/42/a%20b/x%3Fy")
            #expect(echo.query.isEmpty)
        }
    }

    @Test("query keeps the written order, encodes reserved characters and repeats array values")
    func query() async throws {
        try await withDemoServer { server in
            let request = EchoRequest(query: ["z": 1, "q": "a b&c=d+e", "flag": true])
            let response = request.schedule(with: DemoService(server))
            let echo = try await response.value
            #expect(echo.query == ["z": "1", "q": "a b&c=d+e", "flag": "true"])
            let url = try #require(try await response.httpResponse?.url.absoluteString)
            #expect(url.hasSuffix("/echo?z=1&q=a%20b%26c%3Dd%2Be&flag=true"))
        }
    }

    @Test("query literals are deterministic and + replaces and appends")
    func queryMerging() {
        let merged: HttpQuery = ["b": 1, "a": 2] + ["a": 3, "c": [4, 5]]
        #expect(merged.encodedQuery == "b=1&a=3&c=4&c=5")
        #expect(HttpQuery(["z": 1, "a": 2, "m": 3]).encodedQuery == "a=2&m=3&z=1")
        #expect(merged.values(for: "c") == ["4", "5"])
    }

    @Test("header merges service, then async provider, then request; names are case-insensitive")
    func headerMerge() async throws {
        try await withDemoServer { server in
            let service = HeaderService(host: "127.0.0.1:\(server.port)")
            let request = EchoRequest(header: [
                .accept: "application/json", "x-both": "request", .authorization: "Bearer abc",
            ])
            let echo = try await request.schedule(with: service).value
            #expect(echo.headers["x-service"] == "service")
            #expect(echo.headers["x-async"] == "async")
            #expect(echo.headers["x-shared"] == "async")
            #expect(echo.headers["x-both"] == "request")
            #expect(echo.headers["accept"] == "application/json")
            #expect(echo.headers["authorization"] == "Bearer abc")
            #expect(echo.headers["x-api-key"] == "key-1")
        }
    }

    @Test("a header value with a line break is refused before anything is sent")
    func headerInjectionRefused() async throws {
        try await withDemoServer { server in
            let request = EchoRequest(header: ["X-Evil": "a\r\nX-Injected: 1"])
            let error = await failure(request.schedule(with: DemoService(server)))
            guard case .invalidRequest? = error else {
                Issue.record("expected invalidRequest, got \(String(describing: error))")
                return
            }
            #expect(server.requestCount(forPath: "/echo") == 0)
        }
    }

    @Test("header description masks secrets and header fields compare case-insensitively")
    func headerValue() {
        var header: HttpHeader = [.authorization: "Bearer secret", "X-Trace": "on"]
        header["x-trace"] = "off"
        #expect(header["X-TRACE"] == "off")
        #expect(header.fields.count == 2)
        #expect(header.description == "[Authorization: ••••••, X-Trace: off]")
        #expect((header + ["AUTHORIZATION": "Basic x"])[.authorization] == "Basic x")
    }

    @Test("a full URL with a scheme and a base path is kept, routes are appended to its path")
    func fullBaseURL() async throws {
        struct PathService: HttpService {
            let base: String
            var apiUrl: UrlConvertible {
                base
            }
        }
        try await withDemoServer { server in
            let service = PathService(base: server.baseURL.absoluteString + "echo/v2/?key=k")
            let echo = try await EchoRequest(routes: ["items", 3], query: ["page": 2]).schedule(with: service).value
            #expect(echo.path == "/echo/v2/items/3")
            #expect(echo.query == ["key": "k", "page": "2"])
        }
    }

    @Test("every HTTP method is sent as its token")
    func methods() async throws {
        try await withDemoServer { server in
            for method in [HttpMethod.get, .post, .put, .patch, .delete] {
                let echo = try await EchoRequest(method: method).schedule(with: DemoService(server)).value
                #expect(echo.method == method.rawValue)
            }
        }
    }

    @Test("the request timeout is written into the URLRequest and prepare can change it")
    func timeoutAndPrepare() async throws {
        struct Prepared: Request {
            typealias Result = Data
            var routes: HttpRoute {
                ["echo"]
            }
            var timeout: TimeInterval? {
                7
            }
            func prepare(_ request: URLRequest) -> URLRequest {
                var request = request
                request.setValue("\(request.timeoutInterval)", forHTTPHeaderField: "X-Timeout")
                return request
            }
        }
        try await withDemoServer { server in
            let data = try await Prepared().schedule(with: DemoService(server)).value
            let echo = try JSONDecoder().decode(Echo.self, from: data)
            #expect(echo.headers["x-timeout"] == "7.0")
        }
    }
}
