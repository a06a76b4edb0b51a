import Foundation

/// How an ``HTTPTransport``'s client behaves: timeouts, redirects, decompression, connection
/// retries, TLS verification and client certificates, proxies, cookies and default headers.
/// Transports with equal settings can share one client (see ``HTTPClientPool``); settings with a
/// cookie jar are equal only when they hold the same jar.
package struct HTTPClientSettings: Sendable, Hashable {
    /// Seconds to wait for a TCP (and TLS) connection. 10 by default.
    package var connectTimeout: TimeInterval
    /// Seconds without receiving any bytes before an exchange fails; nil waits for ever. 60 by
    /// default.
    package var readTimeout: TimeInterval?
    /// Redirects followed per request (never in a cycle); 0 disables following. 10 by default.
    /// The transport follows them itself, by the rules of ``HTTPRedirectRules``, so that cookies
    /// set by a redirect go with the next request and credentials never cross origins.
    package var maximumRedirects: Int
    /// Whether gzip and deflate responses are decompressed (and asked for). On by default, with
    /// at most ``maximumDecompressionRatio`` expansion.
    package var decompresses: Bool
    /// The largest ratio of decompressed to compressed size accepted, against zip bombs.
    package var maximumDecompressionRatio: Int
    /// The most body bytes an exchange keeps, after decompression; a larger body fails with an
    /// ``HTTPLimitFailure``. 1 GiB by default; a request may ask for less
    /// (``HTTPTransport/start(_:maximumBodySize:completion:)``). Streams are not limited.
    package var maximumBodySize: Int
    /// Sentences added to the message of a failure that hit a limit, telling how to raise it
    /// (the browser names its command-line options). None by default.
    package var limitAdvice: HTTPLimitAdvice
    /// Whether a failed connection attempt is retried with backoff until ``connectTimeout``
    /// runs out. Off by default, so an unreachable server is reported at once.
    package var retriesFailedConnections: Bool
    /// How HTTPS servers are verified and which client certificate is presented. The system's
    /// trust roots and full verification by default.
    package var tls: HTTPTLSSettings
    /// Which requests go through a proxy. Direct by default: the environment is read only when
    /// asked, with ``HTTPProxySettings/fromEnvironment(_:override:)``.
    package var proxy: HTTPProxySettings
    /// Where cookies are kept: stored from every response (redirects included) and sent with
    /// every request that matches and has no `Cookie` header of its own. Nil (the default) keeps
    /// no cookies: requests go out with the `Cookie` header the caller set, or none.
    package var cookieJar: HTTPCookieJar?
    /// Header fields added to each request that does not carry them (`User-Agent`, `Accept`);
    /// none by default.
    package var defaultHeaders: HTTPDefaultHeaders

    /// Every header field the transport adds to a request besides its own and the cookie jar's:
    /// the ``defaultHeaders`` (each unless the request has one of that name), then, when it
    /// ``decompresses``, `Accept-Encoding: deflate, gzip` (the encodings it decodes; this one
    /// replaces a request's own). What a copy of the request (a curl command) must carry to be
    /// the request sent; `Host` and `Content-Length` aside.
    package var addedHeaders: [HTTPHeaderField] {
        var fields: [HTTPHeaderField] = []
        for field in defaultHeaders.fields
        where !fields.contains(where: { $0.name.lowercased() == field.name.lowercased() }) {
            fields.append(field)
        }
        if decompresses {
            fields.removeAll { $0.name.lowercased() == "accept-encoding" }
            fields.append(HTTPHeaderField(name: "Accept-Encoding", value: "deflate, gzip"))
        }
        return fields
    }

    /// Creates settings; every parameter has the default described on its property.
    package init(
        connectTimeout: TimeInterval = 10,
        readTimeout: TimeInterval? = 60,
        maximumRedirects: Int = 10,
        decompresses: Bool = true,
        maximumDecompressionRatio: Int = 100,
        maximumBodySize: Int = 1 << 30,
        limitAdvice: HTTPLimitAdvice = HTTPLimitAdvice(),
        retriesFailedConnections: Bool = false,
        tls: HTTPTLSSettings = HTTPTLSSettings(),
        proxy: HTTPProxySettings = .direct,
        cookieJar: HTTPCookieJar? = nil,
        defaultHeaders: HTTPDefaultHeaders = .none
    ) {
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.maximumRedirects = maximumRedirects
        self.decompresses = decompresses
        self.maximumDecompressionRatio = maximumDecompressionRatio
        self.maximumBodySize = max(0, maximumBodySize)
        self.limitAdvice = limitAdvice
        self.retriesFailedConnections = retriesFailedConnections
        self.tls = tls
        self.proxy = proxy
        self.cookieJar = cookieJar
        self.defaultHeaders = defaultHeaders
    }
}
