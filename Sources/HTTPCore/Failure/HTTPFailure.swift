import Foundation

/// Why an exchange produced no response: one set of causes for every transport, so Siesta and
/// Squid describe the same failure the same way.
///
/// ``underlying`` keeps the transport's own error for diagnosis; ``kind`` is what callers
/// switch on. ``init(classifying:headReceived:)`` turns any error from AsyncHTTPClient, NIO,
/// Foundation's URL loading or Swift concurrency into a failure.
package struct HTTPFailure: Error, Sendable {
    /// The causes an exchange can fail for.
    package enum Kind: Sendable, Equatable {
        /// A deadline, connect timeout or read timeout passed.
        case timedOut
        /// No connection could be made (refused, unreachable, client shut down).
        case cannotConnect
        /// The host name did not resolve.
        case unknownHost
        /// The connection closed (or the server reset it) before the response was complete.
        case connectionClosed
        /// The response was not valid HTTP.
        case malformedResponse
        /// The client refused the exchange for a protocol reason (too many redirects, a redirect
        /// cycle, a bad header).
        case protocolViolation
        /// The exchange was cancelled.
        case cancelled
        /// The URL cannot be requested (no host, a scheme other than http or https).
        case invalidURL
        /// The body was larger than the limit, in bytes.
        case bodyTooLarge(limit: Int)
        /// The compressed body expanded more than the client's ratio limit allows.
        case decompressionLimit
        /// TLS failed, or was expected and not spoken; the underlying error is an
        /// ``HTTPTLSFailure`` whose description says what failed.
        case tls(HTTPTLSProblem)
        /// Anything else.
        case other
    }

    /// What went wrong.
    package var kind: Kind
    /// The transport's own error.
    package var underlying: any Error
    /// Whether the response head had arrived when the exchange failed.
    package var headReceived: Bool

    /// Creates a failure.
    package init(kind: Kind, underlying: any Error, headReceived: Bool = false) {
        self.kind = kind
        self.underlying = underlying
        self.headReceived = headReceived
    }

    /// The underlying error's description, for messages.
    package var reason: String {
        String(describing: underlying)
    }
}
