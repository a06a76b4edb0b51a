import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// Reads NIOSSL's errors: BoringSSL's reason codes (`CERTIFICATE_VERIFY_FAILED`,
/// `WRONG_VERSION_NUMBER`, `TLSV13_ALERT_CERTIFICATE_REQUIRED`) and NIOSSL's own errors, mapped to
/// an ``HTTPTLSProblem``.
enum HTTPTLSErrorReasons {
    /// The problem an error from an `https` exchange shows, or nil when it is not about TLS.
    static func problem(of error: any Error) -> HTTPTLSProblem? {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return .hostMismatch(names: [])
        }
        if let error = error as? BoringSSLError {
            // After a TLS 1.3 handshake, a server's alert about the client certificate arrives
            // with the first read, not as a handshake failure.
            return problem(reasons: reasons(in: String(describing: error)))
        }
        if let error = error as? NIOSSLError {
            switch error {
            case .handshakeFailed(let boringError):
                return problem(reasons: reasons(in: String(describing: boringError)))
            case .uncleanShutdown:
                return .notTLS
            default:
                return .handshakeFailed(reason: String(describing: error))
            }
        }
        return nil
    }

    /// The problem for BoringSSL reason codes.
    static func problem(reasons: [String]) -> HTTPTLSProblem {
        if reasons.contains("CERTIFICATE_VERIFY_FAILED") {
            return .untrusted
        }
        let notTLS = ["WRONG_VERSION_NUMBER", "HTTP_REQUEST", "PACKET_LENGTH_TOO_LONG", "RECORD_TOO_LARGE"]
        if reasons.contains(where: notTLS.contains) {
            return .notTLS
        }
        let clientCertificateAlerts = [
            "CERTIFICATE_REQUIRED", "BAD_CERTIFICATE", "UNKNOWN_CA", "CERTIFICATE_UNKNOWN", "CERTIFICATE_EXPIRED",
            "CERTIFICATE_REVOKED", "UNSUPPORTED_CERTIFICATE", "ACCESS_DENIED",
        ]
        if let alert = reasons.first(where: { reason in
            reason.contains("_ALERT_") && clientCertificateAlerts.contains { reason.hasSuffix("_ALERT_" + $0) }
        }) {
            return .clientCertificateRejected(reason: words(alert))
        }
        let text = reasons.map(words).joined(separator: ", ")
        return .handshakeFailed(reason: text.isEmpty ? "no reason given" : text)
    }

    /// The upper-case reason codes in a BoringSSL error description, in order.
    static func reasons(in description: String) -> [String] {
        // Each entry reads "error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at …".
        description.components(separatedBy: "OPENSSL_internal:").dropFirst().compactMap { part in
            let code = part.prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
            return code.isEmpty ? nil : String(code)
        }
    }

    /// A reason code in words: `TLSV13_ALERT_CERTIFICATE_REQUIRED` → `certificate required`.
    static func words(_ reason: String) -> String {
        var text = Substring(reason)
        if let range = text.range(of: "_ALERT_") {
            text = text[range.upperBound...]
        }
        return text.lowercased().replacingOccurrences(of: "_", with: " ")
    }

    /// The DNS names and IPv4 addresses a certificate is for.
    static func names(in certificate: NIOSSLCertificate) -> [String] {
        certificate._subjectAlternativeNames().compactMap { name in
            switch name.nameType {
            case .dnsName:
                return String(decoding: Array(name.contents), as: UTF8.self)
            case .ipAddress where name.contents.count == 4:
                return name.contents.map(String.init).joined(separator: ".")
            default:
                return nil
            }
        }
    }
}
