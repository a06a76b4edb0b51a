import Foundation

/// Where a request goes: one place that joins a service's base URL with a request's routes and
/// query, for HTTP requests and WebSocket streams alike.
enum RequestURL {
    /// The service URL + `routes` + the service's query + `query`; a scheme-less service URL
    /// gets `https` or `http` from ``HttpService/usesSecureProtocol``.
    ///
    /// With `forStream`, the service URL may also be `ws` or `wss`, and the result is always a
    /// `ws` or `wss` URL (`http` becomes `ws`, `https` becomes `wss`).
    ///
    /// - Throws: ``Squid/Error/invalidUrl(_:)`` when the result is not an `http`/`https` URL
    ///   (or `ws`/`wss` for a stream) with a host.
    static func make<Service: HttpService>(
        service: Service, routes: HttpRoute, query: HttpQuery, forStream: Bool = false
    ) throws(Squid.Error) -> URL {
        let apiUrl = service.apiUrl
        guard let base = apiUrl.url, var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
            throw .invalidUrl(String(describing: apiUrl))
        }
        if components.scheme == nil {
            components.scheme = service.usesSecureProtocol ? "https" : "http"
        }
        let schemes: Set<String> = forStream ? ["http", "https", "ws", "wss"] : ["http", "https"]
        guard let scheme = components.scheme?.lowercased(), schemes.contains(scheme),
            components.host?.isEmpty == false
        else {
            throw .invalidUrl(String(describing: apiUrl))
        }
        let routes = routes.encodedPath
        if !routes.isEmpty {
            var path = components.percentEncodedPath
            while path.hasSuffix("/") {
                path.removeLast()
            }
            components.percentEncodedPath = path + routes
        } else if components.percentEncodedPath.isEmpty {
            components.percentEncodedPath = "/"
        }
        let query = query.encodedQuery
        if !query.isEmpty {
            let existing = components.percentEncodedQuery ?? ""
            components.percentEncodedQuery = existing.isEmpty ? query : existing + "&" + query
        }
        if forStream {
            components.scheme = scheme == "https" || scheme == "wss" ? "wss" : "ws"
        }
        guard let url = components.url else {
            throw .invalidUrl(String(describing: apiUrl) + routes)
        }
        return url
    }
}
