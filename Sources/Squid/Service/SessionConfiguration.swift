import Foundation
import HTTPCore

/// The transport settings of an ``HttpService``.
///
/// Services whose configurations agree on the connection settings (``connectTimeout``,
/// ``maximumRedirects``) share one HTTP client and its connection pool for the lifetime of the
/// process; see ``shutdownSharedClients()`` for a clean exit. The client is the package's HTTP
/// core, the same as Siesta's: gzip and deflate responses are asked for and decompressed (at most
/// 100× expansion), repeated response headers are folded as ``HttpResponse`` describes, and
/// ``timeout`` (or a request's own) bounds each request as a whole.
///
/// ```swift
/// var sessionConfiguration: SessionConfiguration { .init(timeout: 5, connectTimeout: 2) }
/// ```
public struct SessionConfiguration: Sendable, Hashable {

    /// The default time, in seconds, a whole request (connecting, sending, receiving the complete
    /// body) may take, used when a request's ``Request/timeout`` is `nil`. 60 by default.
    public var timeout: TimeInterval

    /// The time, in seconds, establishing a connection may take. 10 by default. A failed
    /// connection attempt is not retried by the transport: the request fails at once with
    /// ``Squid/Error/noConnection(url:reason:)`` (retry with a ``Retrier`` instead).
    public var connectTimeout: TimeInterval

    /// How many redirects are followed (never in a cycle). 0 disables following; the 3xx response
    /// is then judged against ``Request/acceptedStatusCodes`` like any other. 5 by default.
    public var maximumRedirects: Int

    /// The largest response body accepted, in bytes; a larger body fails the request with
    /// ``Squid/Error/invalidResponse(url:reason:)``. 64 MiB by default.
    public var maximumBodySize: Int

    /// How often, in seconds, a ``Stream`` pings its peer; a ping still unanswered when the next
    /// is due fails the stream with ``Squid/Error/noConnection(url:reason:)``. `nil` (or a value
    /// that is not a positive number) sends no pings. 30 by default.
    public var streamPingInterval: TimeInterval?

    /// The largest message a ``Stream`` accepts from its peer, in bytes; a larger one closes the
    /// stream with ``StreamCloseCode/messageTooBig``. 16 MiB by default.
    public var maximumMessageSize: Int

    /// Creates a configuration; every parameter has the default described on its property.
    public init(
        timeout: TimeInterval = 60,
        connectTimeout: TimeInterval = 10,
        maximumRedirects: Int = 5,
        maximumBodySize: Int = 64 << 20,
        streamPingInterval: TimeInterval? = 30,
        maximumMessageSize: Int = 16 << 20
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maximumRedirects = maximumRedirects
        self.maximumBodySize = maximumBodySize
        self.streamPingInterval = streamPingInterval
        self.maximumMessageSize = maximumMessageSize
    }

    /// The configuration used when a service does not provide one.
    public static let `default` = SessionConfiguration()

    /// Shuts down every `HTTPClient` the library created so far, waiting for their connections to
    /// close. Requests running at that moment fail; requests scheduled later create fresh clients.
    /// Call it once before the process exits if you want a clean shutdown; it is never required
    /// (the clients live as long as the process otherwise).
    public static func shutdownSharedClients() async throws {
        await HTTPClientPool.shared.shutdownAll()
    }
}
