import Foundation

/// What went wrong between TLS and a server: the reasons an ``HTTPFailure`` of kind
/// ``HTTPFailure/Kind/tls(_:)`` gives.
package enum HTTPTLSProblem: Sendable, Equatable {
    /// The certificate chain leads to no trusted root: self-signed, or issued by an unknown
    /// authority.
    case untrusted
    /// The server's certificate expired at the date.
    case expired(Date)
    /// The server's certificate becomes valid only at the date.
    case notYetValid(Date)
    /// The certificate does not name the host of the URL; `names` are the DNS names and
    /// addresses it is for, when they could be read.
    case hostMismatch(names: [String])
    /// An `https` URL, but the server did not answer in TLS (a plain-HTTP port).
    case notTLS
    /// An `http` URL, but the server speaks TLS and broke off the plain exchange.
    case tlsExpected
    /// The server refused the handshake over the client certificate: none was presented, or
    /// the one presented was not accepted. `reason` is the alert, e.g. `certificate required`.
    case clientCertificateRejected(reason: String)
    /// Any other handshake failure; `reason` is the TLS library's reason in words, e.g.
    /// `no shared cipher`.
    case handshakeFailed(reason: String)
}
