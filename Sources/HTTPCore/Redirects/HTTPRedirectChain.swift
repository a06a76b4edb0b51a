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
        var request: URLRequest
        var callerSetCookie: Bool
        var visited: Set<String> = []
        var followed = 0
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
        var state = State(request: request, callerSetCookie: callerSetCookie)
        state.visited.insert(Self.key(of: request))
        self.state = NIOLockedValueBox(state)
    }

    /// The request being sent now.
    var request: URLRequest {
        state.withLockedValue { $0.request }
    }

    /// Where the current request's response redirects to, when it is followed.
    func target(status: Int, location: String?) -> URL? {
        guard maximumRedirects > 0, let url = request.url else { return nil }
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
            var next = HTTPRedirectRules.request(after: state.request, status: status, to: target)
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
            state.request = next
            return .success(next)
        }
    }

    private static func key(of request: URLRequest) -> String {
        let method = (request.httpMethod ?? "GET").uppercased()
        return "\(method) \(request.url?.absoluteString ?? "") \(request.value(forHTTPHeaderField: "Cookie") ?? "")"
    }
}
