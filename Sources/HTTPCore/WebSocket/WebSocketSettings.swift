import Foundation

/// How a ``WebSocketConnection`` connects and what it accepts.
package struct WebSocketSettings: Sendable {
    /// Header fields sent with the opening request, in order.
    package var headers: [(name: String, value: String)]
    /// How often a ping is sent; the connection fails with ``WebSocketFailure/Kind/pingTimeout``
    /// when a ping has had no answer by the next one. Nil sends no pings.
    package var pingInterval: Duration?
    /// The largest message accepted, in bytes; a larger one ends the connection with 1009.
    package var maximumMessageSize: Int
    /// How long connecting, TLS and the opening handshake may take together.
    package var openingTimeout: Duration
    /// How long ``WebSocketConnection/close(code:reason:)`` waits for the peer's close frame
    /// before it closes the socket anyway.
    package var closingTimeout: Duration
    /// How `wss` connections are verified.
    package var tls: HTTPTLSSettings

    /// Creates settings: no extra headers, a ping every 30 seconds, messages up to 16 MiB, 10 seconds to open and 5 to close.
    package init(
        headers: [(name: String, value: String)] = [],
        pingInterval: Duration? = .seconds(30),
        maximumMessageSize: Int = 16 << 20,
        tls: HTTPTLSSettings = HTTPTLSSettings(),
        openingTimeout: Duration = .seconds(10),
        closingTimeout: Duration = .seconds(5)
    ) {
        self.closingTimeout = closingTimeout
        self.openingTimeout = openingTimeout
        self.headers = headers
        self.pingInterval = pingInterval
        self.maximumMessageSize = maximumMessageSize
        self.tls = tls
    }
}
