import Foundation

/// The underlying error of an ``HTTPFailure`` of kind ``HTTPFailure/Kind/tls(_:)``: the problem,
/// the server it happened with, and a sentence that says so.
///
/// ``description`` is the sentence, e.g. `The certificate of 127.0.0.1:8443 is not trusted: it is
/// self-signed or issued by an unknown authority.`, followed by ``advice`` when there is some.
package struct HTTPTLSFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    package var problem: HTTPTLSProblem
    /// The host of the URL.
    package var host: String
    /// The port of the URL (the scheme's default when it names none).
    package var port: Int
    /// A sentence appended to the description of ``HTTPTLSProblem/untrusted``, telling how to
    /// trust the server (see ``HTTPTLSSettings/untrustedAdvice``).
    package var advice: String?
    /// The TLS library's own error, for diagnosis.
    package var underlying: (any Error)?

    /// Creates the failure.
    package init(
        problem: HTTPTLSProblem, host: String, port: Int, advice: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.problem = problem
        self.host = host
        self.port = port
        self.advice = advice
        self.underlying = underlying
    }

    /// `host:port`, with brackets around an IPv6 address.
    package var address: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// One or two sentences naming the server and what failed.
    package var description: String {
        switch problem {
        case .untrusted:
            let sentence =
                "The certificate of \(address) is not trusted: it is self-signed or issued by an unknown authority."
            return advice.map { "\(sentence) \($0)" } ?? sentence
        case .expired(let date):
            return "The certificate of \(address) expired on \(Self.format(date))."
        case .notYetValid(let date):
            return "The certificate of \(address) is not valid until \(Self.format(date))."
        case .hostMismatch(let names) where names.isEmpty:
            return "The certificate of \(address) is not valid for the host name \(host)."
        case .hostMismatch(let names):
            return "The certificate of \(address) is for \(names.joined(separator: ", ")), not for \(host)."
        case .notTLS:
            return "The server at \(address) does not speak TLS; it may be a plain HTTP port: use http://."
        case .tlsExpected:
            return "The server at \(address) expects TLS; use https://."
        case .clientCertificateRejected(let reason) where reason == "certificate required":
            return "The server at \(address) requires a client certificate."
        case .clientCertificateRejected(let reason):
            return "The server at \(address) did not accept the client certificate (\(reason))."
        case .handshakeFailed(let reason):
            return "The TLS handshake with \(address) failed: \(reason)."
        }
    }

    private static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }
}
