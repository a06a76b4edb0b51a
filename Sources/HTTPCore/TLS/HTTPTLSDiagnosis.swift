import AsyncHTTPClient
import Foundation
import NIOSSL

/// Turns a failed exchange into a ``HTTPFailure/Kind/tls(_:)`` failure when TLS is what failed,
/// finding out which way with at most one ``HTTPTLSProbe``:
///
/// - an `https` handshake whose certificate did not verify: the probe reads the certificate, which
///   is expired, not yet valid, or else untrusted;
/// - a certificate for another host name: the probe reads the names it is for;
/// - an `https` handshake answered by something that is not TLS: `notTLS` (a connection closed
///   before any response counts only when a probe handshake fails too; one closed after the
///   response began is left as it was);
/// - a handshake the server broke off over the client certificate: `clientCertificateRejected`;
/// - an `http` exchange that failed before a response head (malformed or closed): when the probe
///   completes a handshake, `tlsExpected`.
///
/// Through a proxy no probe is made (the server is not reachable directly): an unverified
/// certificate is reported as untrusted and a broken-off `http` exchange stays as it was.
struct HTTPTLSDiagnosis: Sendable {
    let url: URL
    let proxy: HTTPProxyEndpoint?
    let tls: HTTPTLSSettings

    /// Calls `completion` with `result`, or with the TLS failure it turns out to be; on any
    /// thread.
    func refine(
        _ result: Result<HTTPExchangeResponse, HTTPFailure>,
        completion: @escaping @Sendable (Result<HTTPExchangeResponse, HTTPFailure>) -> Void
    ) {
        guard case .failure(let failure) = result, let host = url.host, !host.isEmpty else {
            completion(result)
            return
        }
        let isHTTPS = url.scheme?.lowercased() == "https"
        let port = url.port ?? (isHTTPS ? 443 : 80)
        let bareHost = HTTPHost.unbracketed(host)
        let make = { @Sendable (problem: HTTPTLSProblem) -> Result<HTTPExchangeResponse, HTTPFailure> in
            let underlying = HTTPTLSFailure(
                problem: problem, host: bareHost, port: port, advice: tls.untrustedAdvice,
                underlying: failure.underlying)
            return .failure(HTTPFailure(kind: .tls(problem), underlying: underlying))
        }
        let canProbe = proxy == nil
        if isHTTPS {
            guard let initial = HTTPTLSErrorReasons.problem(of: failure.underlying) else {
                completion(result)
                return
            }
            switch initial {
            case .untrusted where canProbe:
                HTTPTLSProbe.run(host: bareHost, port: port) { outcome in
                    guard case .tls(let certificate?) = outcome else { return completion(make(.untrusted)) }
                    let now = time(nil)
                    if certificate.notValidAfter < now {
                        completion(make(.expired(Date(timeIntervalSince1970: TimeInterval(certificate.notValidAfter)))))
                    } else if certificate.notValidBefore > now {
                        completion(
                            make(.notYetValid(Date(timeIntervalSince1970: TimeInterval(certificate.notValidBefore)))))
                    } else {
                        completion(make(.untrusted))
                    }
                }
            case .notTLS where failure.headReceived:
                // A response had begun: the connection broke off later, TLS worked.
                completion(result)
            case .notTLS where canProbe:
                // A closed connection says "not TLS" only if no handshake can complete.
                HTTPTLSProbe.run(host: bareHost, port: port) { outcome in
                    if case .tls = outcome { completion(result) } else { completion(make(.notTLS)) }
                }
            case .hostMismatch where canProbe:
                HTTPTLSProbe.run(host: bareHost, port: port) { outcome in
                    guard case .tls(let certificate?) = outcome else { return completion(make(initial)) }
                    completion(make(.hostMismatch(names: HTTPTLSErrorReasons.names(in: certificate))))
                }
            default:
                completion(make(initial))
            }
            return
        }
        let brokenOff =
            !failure.headReceived && (failure.kind == .malformedResponse || failure.kind == .connectionClosed)
        guard canProbe, brokenOff else {
            completion(result)
            return
        }
        HTTPTLSProbe.run(host: bareHost, port: port) { outcome in
            if case .tls = outcome {
                completion(make(.tlsExpected))
            } else {
                completion(result)
            }
        }
    }
}
