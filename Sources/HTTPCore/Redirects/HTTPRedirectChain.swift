import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The requests of one exchange as its redirects are followed: the current one, how many
/// redirects were followed, and which requests were made, to stop a loop.
///
/// Each request gets the cookie jar's `Cookie` header for its own URL (cookies stored from the
/// redirect that led to it included), unless the caller set one; a caller's header is kept on
/// redirects within the origin and dropped, like other credentials, on the way to another (the
/// jar's cookies for the new origin are sent instead). A request that repeats one already made
/// (same method, URL and `Cookie` header) ends the exchange with an ``HTTPRedirectFailure``:
/// a server that sets a cookie and redirects back to the same URL is not a loop, one that
/// redirects back with nothing changed is.
final class HTTPRedirectChain: Sendable {
    private struct State {
        var current: Current
        var callerSetCookie: Bool
        var visited: Set<String> = []
        var followed = 0

        /// The current request as a `URLRequest`, made (and recorded as visited) on first use.
        mutating func request() -> URLRequest {
            switch current {
            case .built(let request):
                return request
            case .plain(let plain):
                let request = plain.urlRequest
                current = .built(request)
                visited.insert(HTTPRedirectChain.key(of: request))
                return request
            }
        }
    }

    /// The request being sent now: a plain first request until a redirect needs a `URLRequest`.
    private enum Current {
        case plain(HTTPPlainRequest)
        case built(URLRequest)
    }

    /// Redirects followed at most; 0 follows none.
    let maximumRedirects: Int
    private let cookieJar: HTTPCookieJar?
    private let advice: String?
    private let state: NIOLockedValueBox<State>

    /// Starts with `request`, adding the jar's cookies to it. `advice` tells how to raise
    /// `maximumRedirects` in the failure that names it.
    init(request: URLRequest, maximumRedirects: Int, cookieJar: HTTPCookieJar?, advice: String? = nil) {
        var request = request
        let callerSetCookie = cookieJar?.addCookieHeader(to: &request) ?? true
        self.maximumRedirects = maximumRedirects
        self.cookieJar = cookieJar
        self.advice = advice
        var state = State(current: .built(request), callerSetCookie: callerSetCookie)
        state.visited.insert(Self.key(of: request))
        self.state = NIOLockedValueBox(state)
    }

    /// Starts with a plain request, sent without a cookie jar; its `URLRequest` is made only if a
    /// redirect is followed.
    init(plain: HTTPPlainRequest, maximumRedirects: Int, advice: String? = nil) {
        self.maximumRedirects = maximumRedirects
        self.cookieJar = nil
        self.advice = advice
        self.state = NIOLockedValueBox(State(current: .plain(plain), callerSetCookie: true))
    }

    /// The request being sent now.
    var request: URLRequest {
        state.withLockedValue { $0.request() }
    }

    /// The URL of the request being sent now.
    var url: URL? {
        state.withLockedValue { state in
            switch state.current {
            case .plain(let plain): plain.url
            case .built(let request): request.url
            }
        }
    }

    /// Where the current request's response redirects to, when it is followed.
    func target(status: Int, location: String?) -> URL? {
        guard maximumRedirects > 0, let url else { return nil }
        return HTTPRedirectRules.target(status: status, location: location, from: url)
    }

    /// The next request after the current one was answered with a redirect `status` to `target`,
    /// or why there is none; it becomes the current request.
    func follow(status: Int, to target: URL) -> Result<URLRequest, HTTPFailure> {
        let cookieJar = cookieJar
        return state.withLockedValue { state in
            guard state.followed < maximumRedirects else {
                let failure = HTTPRedirectFailure(
                    reason: .tooMany(limit: maximumRedirects), url: target.absoluteString, advice: advice)
                return .failure(HTTPFailure(kind: .protocolViolation, underlying: failure, headReceived: true))
            }
            var next = HTTPRedirectRules.request(after: state.request(), status: status, to: target)
            if let cookieJar {
                if state.callerSetCookie, next.value(forHTTPHeaderField: "Cookie") == nil {
                    state.callerSetCookie = false
                }
                if !state.callerSetCookie {
                    next.setValue(nil, forHTTPHeaderField: "Cookie")
                    cookieJar.addCookieHeader(to: &next)
                }
            }
            guard state.visited.insert(Self.key(of: next)).inserted else {
                let failure = HTTPRedirectFailure(reason: .cycle, url: target.absoluteString)
                return .failure(HTTPFailure(kind: .protocolViolation, underlying: failure, headReceived: true))
            }
            state.followed += 1
            state.current = .built(next)
            return .success(next)
        }
    }

    private static func key(of request: URLRequest) -> String {
        let method = (request.httpMethod ?? "GET").uppercased()
        return "\(method) \(request.url?.absoluteString ?? "") \(request.value(forHTTPHeaderField: "Cookie") ?? "")"
    }
}
