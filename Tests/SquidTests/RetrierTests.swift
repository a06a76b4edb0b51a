import DemoAPI
import Foundation
import Squid
import Testing

/// `GET /retry?key=K&failures=F`: fails F times with 503 and `Retry-After: 0`, then succeeds.
private struct RetryRequest: JsonRequest {
    struct Attempts: Decodable, Sendable, Equatable {
        let attempts: Int
    }

    typealias Result = Attempts

    let key = UUID().uuidString
    let failures: Int
    var status = 503

    var routes: HttpRoute {
        ["retry"]
    }

    var query: HttpQuery {
        ["key": key, "failures": failures, "status": status]
    }
}

/// A token store whose token changes every time it is asked.
private final class TokenStore: Sendable {
    private let issued = Recorder(0)

    var count: Int {
        issued.value
    }

    func nextToken() async -> String? {
        let number = issued.update { count -> Int in
            count += 1
            return count
        }
        // The first attempt goes out without a token, as if it had expired.
        return number == 1 ? nil : "token-\(number)"
    }
}

/// Retries once when the server answers 401, as a token-refreshing retrier would.
private final class RefreshOn401: Retrier {
    private var refreshed = false

    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool {
        guard !refreshed, error.statusCode == 401 else {
            return false
        }
        refreshed = true
        return true
    }
}

private struct AuthService: HttpService {
    let host: String
    let tokens: TokenStore

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }

    var asyncHeader: HttpHeader {
        get async throws {
            guard let token = await tokens.nextToken() else {
                return [:]
            }
            return [.authorization: "Bearer \(token)"]
        }
    }

    var retrierFactory: RetrierFactory {
        AnyRetrierFactory { RefreshOn401() }
    }
}

private struct AuthRequest: JsonRequest {
    struct Token: Decodable, Sendable {
        let token: String
    }

    typealias Result = Token

    var routes: HttpRoute {
        ["auth"]
    }
}

@Suite("retriers")
struct RetrierTests {

    @Test("a backoff retrier succeeds on the third try")
    func backoffSucceedsOnThirdTry() async throws {
        try await withDemoServer { server in
            var service = DemoService(server)
            service.retrierFactory = BackoffRetrier.factory(initialDelay: 0.05, maximumRetries: 3)
            let result = try await RetryRequest(failures: 2).schedule(with: service).value
            #expect(result == .init(attempts: 3))
            #expect(server.requestCount(forPath: "/retry") == 3)
        }
    }

    @Test("without a retrier the first 503 is final")
    func nilRetrier() async throws {
        try await withDemoServer { server in
            let error = await failure(RetryRequest(failures: 2).schedule(with: DemoService(server)))
            #expect(error?.statusCode == 503)
            #expect(server.requestCount(forPath: "/retry") == 1)
        }
    }

    @Test("the backoff retrier gives up after its maximum number of retries")
    func maximumRetries() async throws {
        try await withDemoServer { server in
            var service = DemoService(server)
            service.retrierFactory = BackoffRetrier.factory(initialDelay: 0.01, maximumRetries: 2)
            let error = await failure(RetryRequest(failures: 5).schedule(with: service))
            #expect(error?.statusCode == 503)
            #expect(server.requestCount(forPath: "/retry") == 3)
        }
    }

    @Test("statuses outside the retry condition are not retried")
    func conditionRespected() async throws {
        try await withDemoServer { server in
            var service = DemoService(server)
            service.retrierFactory = BackoffRetrier.factory(initialDelay: 0.01)
            let error = await failure(RetryRequest(failures: 1, status: 500).schedule(with: service))
            #expect(error?.statusCode == 500)
            #expect(server.requestCount(forPath: "/retry") == 1)
        }
    }

    @Test("Retry-After is honoured over a long backoff")
    func retryAfterHonoured() async throws {
        try await withDemoServer { server in
            var service = DemoService(server)
            // A 30 s backoff would time the test out; Retry-After: 0 from the server wins.
            service.retrierFactory = BackoffRetrier.factory(initialDelay: 30, maximumRetries: 2)
            let start = ContinuousClock.now
            let result = try await RetryRequest(failures: 2).schedule(with: service).value
            #expect(result.attempts == 3)
            // Far below one 30 s backoff, with room for a loaded machine.
            #expect(ContinuousClock.now - start < .seconds(25))
        }
    }

    @Test("429 with Retry-After: 1 waits about a second before retrying")
    func rateLimited() async throws {
        try await withDemoServer { server in
            var service = DemoService(server)
            service.retrierFactory = BackoffRetrier.factory(initialDelay: 0, maximumRetries: 1)
            let start = ContinuousClock.now
            let error = await failure(TextRequest(routes: ["ratelimited"]).schedule(with: service))
            let elapsed = ContinuousClock.now - start
            #expect(error?.statusCode == 429)
            #expect(server.requestCount(forPath: "/ratelimited") == 2)
            #expect(elapsed >= .milliseconds(900))
        }
    }

    @Test("the async header provider is asked again for the retry, so a refreshed token is sent")
    func tokenRefreshedBetweenRetries() async throws {
        try await withDemoServer { server in
            let tokens = TokenStore()
            let service = AuthService(host: "127.0.0.1:\(server.port)", tokens: tokens)
            let result = try await AuthRequest().schedule(with: service).value
            #expect(result.token == "token-2")
            #expect(tokens.count == 2)
            #expect(server.requestCount(forPath: "/auth") == 2)
        }
    }

    @Test("the default retry condition covers connection errors, timeouts, 429 and 503 only")
    func defaultCondition() {
        let url = URL(string: "http://127.0.0.1/x")!
        func failed(_ status: Int) -> Squid.Error {
            .requestFailed(
                statusCode: status, response: HttpResponse(statusCode: status, header: [:], url: url, body: Data()))
        }
        #expect(BackoffRetrier.defaultRetryCondition(.timeout(url: url)))
        #expect(BackoffRetrier.defaultRetryCondition(.noConnection(url: url, reason: "refused")))
        #expect(BackoffRetrier.defaultRetryCondition(failed(429)))
        #expect(BackoffRetrier.defaultRetryCondition(failed(503)))
        #expect(!BackoffRetrier.defaultRetryCondition(failed(500)))
        #expect(!BackoffRetrier.defaultRetryCondition(failed(404)))
        #expect(!BackoffRetrier.defaultRetryCondition(.invalidRequest(message: "x")))
        #expect(!BackoffRetrier.defaultRetryCondition(.cancelled))
    }
}

@Suite("backoff waits")
struct BackoffWaitTests {

    private static func rateLimited(retryAfter: String) -> Squid.Error {
        let url = URL(string: "http://127.0.0.1/x")!
        let response = HttpResponse(statusCode: 429, header: [.retryAfter: retryAfter], url: url, body: Data())
        return .requestFailed(statusCode: 429, response: response)
    }

    @Test("an endless wait (no cap, huge Retry-After) sleeps until cancelled instead of trapping")
    func hugeWaitIsCancellable() async {
        let retrier = BackoffRetrier(maximumDelay: .infinity)
        let error = Self.rateLimited(retryAfter: String(repeating: "9", count: 40))
        let task = Task {
            await retrier.retry(TextRequest(routes: ["x"]), failingWith: error) as Bool
        }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        #expect(await task.value == false)
    }

    @Test("Retry-After takes only digits or an HTTP date; other text falls back to the backoff")
    func retryAfterSyntax() async {
        // A hexadecimal or exponent form is not a delay in seconds: the 0.01 s backoff applies.
        for text in ["0x7fffffff", "1e9", "inf", "nan", "-5"] {
            let retrier = BackoffRetrier(initialDelay: 0.01, maximumDelay: 3600)
            let error = Self.rateLimited(retryAfter: text)
            let task = Task {
                await retrier.retry(TextRequest(routes: ["x"]), failingWith: error) as Bool
            }
            // A wait read from the header (up to an hour) is cut short: the retrier then says no.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(5))
                task.cancel()
            }
            #expect(await task.value, "\(text)")
            watchdog.cancel()
        }
    }
}
