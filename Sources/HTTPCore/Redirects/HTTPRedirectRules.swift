import Foundation
import Safety

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a redirect asks for (RFC 9110, section 15.4): which responses are followed, where to, and
/// how the request changes on the way.
///
/// - Followed: 301, 302, 303, 307 and 308 with a `Location` that resolves (relative to the URL
///   that answered) to an http or https URL with a host. Anything else, 304 and 300 included, is
///   the final response.
/// - Method: 303 turns every method but `HEAD` into `GET` without a body; 301 and 302 turn `POST`
///   into `GET` without a body, as every browser does; 307 and 308 keep the method and body. When
///   the body goes, so do the headers that describe it (`Content-Type`, `Content-Length`,
///   `Content-Encoding`, `Content-Language`, `Content-Location`).
/// - Credentials: a redirect to another origin (scheme, host or port differs) drops
///   `Authorization`, `Proxy-Authorization`, `Cookie` and `Origin`, so a token meant for one
///   server is never handed to another.
package enum HTTPRedirectRules {
    /// The statuses that are followed.
    package static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The headers dropped on a redirect to another origin.
    package static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie", "Origin"]

    /// The headers dropped with the body.
    package static let bodyHeaders = [
        "Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location",
    ]

    /// The URL a response with `status` and `location` (its `Location` header) redirects to, when
    /// it is followed; nil when it is not.
    package static func target(status: Int, location: String?, from url: URL) -> URL? {
        guard followedStatuses.contains(status),
            let location = location?.trimmingCharacters(in: .whitespaces), !location.isEmpty,
            let target = URL(string: location, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            target.host?.isEmpty == false
        else { return nil }
        return target
    }

    /// The request to send to `target` after `request` was answered with `status`.
    package static func request(after request: URLRequest, status: Int, to target: URL) -> URLRequest {
        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        let becomesGet = (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST")
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in bodyHeaders { next.setValue(nil, forHTTPHeaderField: name) }
        }
        if let origin = request.url, !isSameOrigin(origin, target) {
            for name in credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
            // API keys under any of the names the safety policy calls secret go no further either.
            for name in (next.allHTTPHeaderFields ?? [:]).keys where SecretMasker.isSecretHeader(name) {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    /// Whether `first` and `second` have the same scheme, host and port (the scheme's default
    /// port when none is written).
    package static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int) {
            let scheme = url.scheme?.lowercased() ?? ""
            return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
        }
        return origin(first) == origin(second)
    }
}
