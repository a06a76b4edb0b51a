import Foundation

/// Why a WebSocket connection could not be made or broke: a sentence for people in
/// ``message`` and the underlying error for diagnosis.
package struct WebSocketFailure: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    package enum Kind: Sendable, Equatable {
        /// The URL is not a `ws`, `wss`, `http` or `https` URL with a host.
        case invalidURL
        /// No connection, a timeout, an unknown host, TLS: the transport's classification.
        case transport(HTTPFailure.Kind)
        /// The server answered the opening request without switching protocols.
        case handshakeRefused
        /// The peer sent something that is not valid WebSocket, or a message over the limit.
        case protocolViolation
        /// The peer did not answer a ping in time.
        case pingTimeout
    }

    /// What went wrong.
    package var kind: Kind
    /// A sentence for people, naming the URL.
    package var message: String
    /// The transport's own error, if any.
    package var underlying: (any Error)?

    /// Creates a failure.
    package init(kind: Kind, message: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    /// ``message``.
    package var description: String {
        message
    }
}
