import Foundation
import Hummingbird

/// Routes that produce particular behaviours for clients to be tested against: plain text,
/// delays, chosen error statuses, alternating failures, counters, retries, rate limiting (also
/// `/throttle?key=K&seconds=S`: 429 without `Retry-After` for S seconds after the first request
/// for K, then 204), a plain-text token (`/token`) and authentication.
struct TestRoutes {
    /// Where counters and per-route state live.
    let store: DemoStore

    /// The body of `GET /text`.
    static let text = """
        hammock demo API
        This is plain text in UTF-8: caf\u{E9}, na\u{EF}ve, \u{2192}, \u{1F6CF}.
        It has a few lines,
        and ends with a newline.

        """

    /// The body of `GET /ordered`: JSON written by hand the way a client that re-serializes would
    /// change it: keys out of alphabetical order, a repeated key, numbers whose text differs from
    /// their value's shortest form, escapes and a surrogate pair.
    static let ordered = #"""
        {"zeta": 1.10, "alpha": 1e2, "alpha": -0, "big": 12345678901234567890,
         "huge": 1.7976931348623157e309, "url": "http:\/\/example.com\/a", "smile": "\uD83D\uDE00",
         "nested": {"b": true, "a": null, "list": [3, 2, 1]}}

        """#

    /// The two `Set-Cookie` values of `GET /cookies/pair`: their expiry dates contain commas.
    static let cookiePair = [
        "session=abc123; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/",
        "theme=dark; Expires=Thu, 22 Oct 2026 07:28:00 GMT; Path=/",
    ]

    /// The body of `GET /token`: a token as plain text.
    static let token = "mytoken"

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        router.get("text") { request, _ in
            ResponseBuilder.text(Self.text, for: request)
        }
        router.get("ordered") { request, _ in
            ResponseBuilder.bytes(Data(Self.ordered.utf8), contentType: ContentType.json, for: request)
        }
        router.get("slow") { request, _ in
            let delay = try QueryParameters(request).int("delay", default: 1000, in: 0...60000)
            try await Task.sleep(for: .milliseconds(delay))
            return try ResponseBuilder.json(JSONValue.object(["slept": .int(delay)]), for: request)
        }
        router.get("errors/:status") { _, context -> Response in
            let text = context.parameters.get("status") ?? ""
            guard let code = Int(text), (400...599).contains(code) else {
                throw APIError(.badRequest, "The status must be an integer from 400 to 599, not \"\(text)\".")
            }
            throw APIError(status: HTTPResponse.Status(code: code))
        }
        router.get("flaky") { request, _ in
            let number = store.nextFlakyRequest()
            if !number.isMultiple(of: 2) {
                throw APIError(
                    .serviceUnavailable, "Request \(number) to /flaky fails on purpose; the next one succeeds.")
            }
            return try ResponseBuilder.json(
                JSONValue.object(["ok": .bool(true), "request": .int(number)]), for: request)
        }
        router.get("counter") { request, _ in
            let count = store.requestCount(forPath: "/counter")
            return try ResponseBuilder.json(JSONValue.object(["count": .int(count)]), for: request)
        }
        router.get("retry") { request, _ in
            let query = QueryParameters(request)
            let key = query.string("key") ?? "default"
            let failures = try query.int("failures", default: 2, in: 0...1000)
            let code = try query.int("status", default: 503, in: 400...599)
            let attempt = store.nextRetryAttempt(forKey: key)
            if attempt <= failures {
                throw APIError(
                    HTTPResponse.Status(code: code),
                    "Attempt \(attempt) for key \"\(key)\" fails on purpose (\(failures) planned failures).",
                    headers: [.retryAfter: "0"]
                )
            }
            return try ResponseBuilder.json(JSONValue.object(["attempts": .int(attempt)]), for: request)
        }
        router.get("ratelimited") { _, _ -> Response in
            throw APIError(.tooManyRequests, "Too many requests; retry after 1 second.", headers: [.retryAfter: "1"])
        }
        router.get("throttle") { request, _ -> Response in
            let query = QueryParameters(request)
            let key = query.string("key") ?? "default"
            let seconds = try query.int("seconds", default: 20, in: 0...3600)
            let start = store.throttleStart(forKey: key)
            if ContinuousClock.now - start < .seconds(seconds) {
                throw APIError(
                    .tooManyRequests,
                    "Throttled for \(seconds) s after the first request for \"\(key)\" (no Retry-After).")
            }
            return ResponseBuilder.bodiless(status: .noContent)
        }
        router.get("token") { request, _ in
            ResponseBuilder.text(Self.token, for: request)
        }
        router.get("cookies/pair") { request, _ in
            var response = try ResponseBuilder.json(JSONValue.object(["cookies": .int(2)]), for: request)
            for cookie in Self.cookiePair {
                response.headers.append(.init(name: .setCookie, value: cookie))
            }
            return response
        }
        router.get("redirect/:count") { _, context -> Response in
            let text = context.parameters.get("count") ?? ""
            guard let count = Int(text), (1...20).contains(count) else {
                throw APIError(.badRequest, "The count must be an integer from 1 to 20, not \"\(text)\".")
            }
            let next = count == 1 ? "/text" : "/redirect/\(count - 1)"
            return Response(status: .found, headers: [.location: next])
        }
        router.get("auth") { request, _ in
            guard let token = Self.bearerToken(request.headers[.authorization]) else {
                throw APIError(
                    .unauthorized,
                    "This route needs an \"Authorization: Bearer <token>\" header.",
                    headers: [.wwwAuthenticate: "Bearer"]
                )
            }
            return try ResponseBuilder.json(JSONValue.object(["token": .string(token)]), for: request)
        }
    }

    /// The token of an `Authorization: Bearer <token>` header value (scheme case-insensitive),
    /// or `nil` when the header is absent, of another scheme, or has an empty token.
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
