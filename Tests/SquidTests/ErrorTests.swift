import DemoAPI
import Foundation
import Squid
import TestSupport
import Testing

private struct Strict: Decodable, Sendable {
    let id: Int
    let missingField: String
}

private struct StrictRequest: JsonRequest {
    typealias Result = Strict

    let routes: HttpRoute
}

/// A service translating library errors into its own type.
private struct TranslatingService: HttpService {
    struct ApiError: Error, Equatable {
        let status: Int?
        let summary: String
    }

    let host: String

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }

    func mapError(_ error: Squid.Error) -> ApiError {
        ApiError(status: error.statusCode, summary: "\(error)")
    }
}

@Suite("failures are reported as Squid.Error")
struct ErrorTests {

    @Test("a 404 fails with requestFailed carrying status, body and URL, described in one sentence")
    func notFound() async throws {
        try await withDemoServer { server in
            let error = await failure(TextRequest(routes: ["errors", 404]).schedule(with: DemoService(server)))
            guard case .requestFailed(let status, let response)? = error else {
                Issue.record("expected requestFailed, got \(String(describing: error))")
                return
            }
            #expect(status == 404)
            #expect(response.statusCode == 404)
            #expect(String(decoding: response.body, as: UTF8.self).contains("\"status\""))
            let text = error?.description ?? ""
            #expect(text.contains("404"))
            #expect(text.contains("http://127.0.0.1:\(server.port)/errors/404"))
            #expect(error?.url == response.url)
        }
    }

    @Test("acceptedStatusCodes widens what counts as success")
    func acceptedStatusCodes() async throws {
        struct Lenient: Request {
            typealias Result = Data
            var routes: HttpRoute {
                ["errors", 418]
            }
            var acceptedStatusCodes: ClosedRange<Int> {
                200...499
            }
        }
        try await withDemoServer { server in
            let data = try await Lenient().schedule(with: DemoService(server)).value
            #expect(String(decoding: data, as: UTF8.self).contains("418"))
        }
    }

    @Test("a missing key fails with decodingFailed keeping the DecodingError")
    func keyNotFound() async throws {
        try await withDemoServer { server in
            let error = await failure(StrictRequest(routes: ["users", 1]).schedule(with: DemoService(server)))
            guard case .decodingFailed(let decodingError, let url)? = error else {
                Issue.record("expected decodingFailed, got \(String(describing: error))")
                return
            }
            guard case .keyNotFound(let key, _) = decodingError else {
                Issue.record("expected keyNotFound, got \(decodingError)")
                return
            }
            #expect(key.stringValue == "missingField")
            #expect(url.path == "/users/1")
            #expect(error?.description.contains("missingField") == true)
        }
    }

    @Test("malformed JSON and invalid UTF-8 fail with dataCorrupted")
    func corrupted() async throws {
        try await withDemoServer { server in
            let json = await failure(StrictRequest(routes: ["broken", "json"]).schedule(with: DemoService(server)))
            let text = await failure(TextRequest(routes: ["broken", "utf8"]).schedule(with: DemoService(server)))
            for error in [json, text] {
                guard case .decodingFailed(.dataCorrupted, _)? = error else {
                    Issue.record("expected dataCorrupted, got \(String(describing: error))")
                    continue
                }
            }
        }
    }

    @Test("snake_case decoding is opt-in")
    func snakeCase() async throws {
        struct Echoed: Decodable, Sendable {
            struct Query: Decodable, Sendable {
                let userId: String
            }
            let query: Query
        }
        struct SnakeEcho: JsonRequest {
            typealias Result = Echoed
            let snake: Bool
            var routes: HttpRoute {
                ["echo"]
            }
            var query: HttpQuery {
                ["user_id": 7]
            }
            var decodeSnakeCase: Bool {
                snake
            }
        }
        try await withDemoServer { server in
            let converted = try await SnakeEcho(snake: true).schedule(with: DemoService(server)).value
            #expect(converted.query.userId == "7")
            let error = await failure(SnakeEcho(snake: false).schedule(with: DemoService(server)))
            guard case .decodingFailed(.keyNotFound(let key, _), _)? = error else {
                Issue.record("expected keyNotFound, got \(String(describing: error))")
                return
            }
            #expect(key.stringValue == "userId")
        }
    }

    @Test("exceeding the timeout fails with timeout well before the server answers")
    func timeout() async throws {
        try await withDemoServer { server in
            let start = ContinuousClock.now
            // The server answers after 30 s; the 0.3 s timeout must end the request long before.
            let error = await failure(SlowRequest(delay: 30000, timeout: 0.3).schedule(with: DemoService(server)))
            guard case .timeout(let url)? = error else {
                Issue.record("expected timeout, got \(String(describing: error))")
                return
            }
            #expect(url.path == "/slow")
            #expect(ContinuousClock.now - start < .seconds(TestTime.scaled(10)))
        }
    }

    @Test("a body that stalls mid-way also hits the timeout")
    func bodyTimeout() async throws {
        try await withDemoServer { server in
            let start = ContinuousClock.now
            let error = await failure(
                TextRequest(routes: ["download"], query: ["bytes": 100_000, "chunk": 1000, "delay": 200])
                    .schedule(with: DemoService(server).with(timeout: 0.5)))
            guard case .timeout? = error else {
                Issue.record("expected timeout, got \(String(describing: error))")
                return
            }
            // Without the timeout the body takes 20 s; a loaded machine may need a few seconds more
            // than the 0.5 s timeout to tear the transfer down.
            #expect(ContinuousClock.now - start < .seconds(min(15, TestTime.scaled(10))))
        }
    }

    @Test("a closed port fails with noConnection")
    func noConnection() async throws {
        // A port held bound and never listened on: a server that shut down would free its port
        // for another test's server to take.
        let port = try ClosedPort.make()
        let error = await failure(CounterRequest().schedule(with: DemoService(port: port)))
        guard case .noConnection(let url, _)? = error else {
            Issue.record("expected noConnection, got \(String(describing: error))")
            return
        }
        #expect(url.port == port)
    }

    @Test("a connection closed mid-body fails with invalidResponse")
    func truncatedBody() async throws {
        try await withDemoServer { server in
            let error = await failure(TextRequest(routes: ["broken", "close"]).schedule(with: DemoService(server)))
            guard case .invalidResponse? = error else {
                Issue.record("expected invalidResponse, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("an unusable service URL fails with invalidUrl and sends nothing")
    func invalidUrl() async throws {
        struct BadService: HttpService {
            let url: String
            var apiUrl: UrlConvertible {
                url
            }
        }
        for url in ["", "ftp://example.com", "http://"] {
            let error = await failure(CounterRequest().schedule(with: BadService(url: url)))
            guard case .invalidUrl? = error else {
                Issue.record("expected invalidUrl for \"\(url)\", got \(String(describing: error))")
                continue
            }
        }
    }

    @Test("the service's mapError translates failures, including in publishers")
    func mappedError() async throws {
        try await withDemoServer { server in
            let service = TranslatingService(host: "127.0.0.1:\(server.port)")
            let response = TextRequest(routes: ["errors", 503]).schedule(with: service)
            let collected = try await Collector(response).finish()
            let error = try #require(collected.error)
            #expect(error.status == 503)
            #expect(error.summary.contains("503"))
            let awaited = await failure(response)
            #expect(awaited == error)
        }
    }

    @Test("hostile response text is escaped in error descriptions")
    func sanitisedDescription() async throws {
        try await withDemoServer { server in
            struct Hostile: Request {
                typealias Result = Data
                var routes: HttpRoute {
                    ["hostile"]
                }
                var acceptedStatusCodes: ClosedRange<Int> {
                    300...399
                }
            }
            let error = await failure(Hostile().schedule(with: DemoService(server)))
            let text = try #require(error?.description)
            #expect(text.contains("200"))
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" || $0 == "\u{202E}" })
            #expect(text.contains("␛[2J"))
            #expect(text.contains("\\u{202E}"))
        }
    }
}

extension DemoService {
    func with(timeout: TimeInterval) -> DemoService {
        var copy = self
        copy.sessionConfiguration.timeout = timeout
        return copy
    }
}
