import Foundation
import NIOSSL

/// How HTTPS connections are verified and which client certificate they present.
///
/// By default the system's trust roots verify the server's certificate chain and the host name.
/// ``additionalTrustRoots`` are trusted *as well as* the system roots (not instead of them), so a
/// private CA can be added without losing the public ones. ``verifiesCertificates`` off accepts
/// any certificate for any host name: the connection is still encrypted, but not authenticated.
///
/// Make settings from files with ``load(caCertificateFile:clientCertificateFile:privateKeyFile:insecure:)``,
/// which reports an unreadable or mismatched file as an ``HTTPSetupError``.
package struct HTTPTLSSettings: Sendable, Hashable {
    /// Certificates trusted in addition to the system roots.
    package var additionalTrustRoots: [NIOSSLCertificate]
    /// Whether the server's certificate chain and host name are checked. On by default.
    package var verifiesCertificates: Bool
    /// The client certificate chain presented when the server asks for one; empty for none.
    package var clientCertificateChain: [NIOSSLCertificate]
    /// The private key of the first certificate of ``clientCertificateChain``.
    package var clientPrivateKey: NIOSSLPrivateKey?
    /// A sentence added to the message of an untrusted certificate, telling the user how to
    /// trust it (the browser names its `--cacert` and `--insecure` options); nil for none.
    package var untrustedAdvice: String?

    /// Creates settings; the defaults verify against the system roots and present no client
    /// certificate.
    package init(
        additionalTrustRoots: [NIOSSLCertificate] = [],
        verifiesCertificates: Bool = true,
        clientCertificateChain: [NIOSSLCertificate] = [],
        clientPrivateKey: NIOSSLPrivateKey? = nil,
        untrustedAdvice: String? = nil
    ) {
        self.additionalTrustRoots = additionalTrustRoots
        self.verifiesCertificates = verifiesCertificates
        self.clientCertificateChain = clientCertificateChain
        self.clientPrivateKey = clientPrivateKey
        self.untrustedAdvice = untrustedAdvice
    }

    /// Reads settings from PEM files.
    ///
    /// - Parameters:
    ///   - caCertificateFile: One or more CA certificates to trust besides the system roots.
    ///   - clientCertificateFile: The client certificate, optionally followed by its chain.
    ///     When the file also holds the private key, `privateKeyFile` may be nil.
    ///   - privateKeyFile: The client certificate's private key (unencrypted PEM).
    ///   - insecure: Turns verification off.
    /// - Throws: ``HTTPSetupError`` naming the file when one cannot be read or parsed, when a key
    ///   is given without a certificate or a certificate without a key, or when the key does not
    ///   belong to the certificate.
    package static func load(
        caCertificateFile: String? = nil,
        clientCertificateFile: String? = nil,
        privateKeyFile: String? = nil,
        insecure: Bool = false
    ) throws(HTTPSetupError) -> HTTPTLSSettings {
        var settings = HTTPTLSSettings(verifiesCertificates: !insecure)
        if let caCertificateFile {
            settings.additionalTrustRoots = try certificates(in: caCertificateFile, role: "CA certificate file")
        }
        if privateKeyFile != nil && clientCertificateFile == nil {
            throw HTTPSetupError("A client private key was given without a client certificate.")
        }
        if let clientCertificateFile {
            settings.clientCertificateChain = try certificates(
                in: clientCertificateFile, role: "client certificate file")
            let keyFile = privateKeyFile ?? clientCertificateFile
            settings.clientPrivateKey = try privateKey(in: keyFile, certificateFile: clientCertificateFile)
            do {
                _ = try NIOSSLContext(configuration: settings.configuration)
            } catch {
                throw HTTPSetupError(
                    "The private key in \(keyFile) does not belong to the client certificate in "
                        + "\(clientCertificateFile).")
            }
        }
        return settings
    }

    /// The NIOSSL client configuration for these settings.
    package var configuration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !additionalTrustRoots.isEmpty {
            configuration.additionalTrustRoots = [.certificates(additionalTrustRoots)]
        }
        configuration.certificateVerification = verifiesCertificates ? .fullVerification : .none
        if let clientPrivateKey, !clientCertificateChain.isEmpty {
            configuration.certificateChain = clientCertificateChain.map { .certificate($0) }
            configuration.privateKey = .privateKey(clientPrivateKey)
        }
        return configuration
    }

    private static func contents(of file: String, role: String) throws(HTTPSetupError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
            let reason = FileManager.default.fileExists(atPath: file) ? "cannot be read" : "does not exist"
            throw HTTPSetupError("The \(role) \(file) \(reason).")
        }
        return Array(data)
    }

    private static func certificates(in file: String, role: String) throws(HTTPSetupError) -> [NIOSSLCertificate] {
        let bytes = try contents(of: file, role: role)
        guard String(decoding: bytes, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            throw HTTPSetupError("The \(role) \(file) contains no PEM certificate (-----BEGIN CERTIFICATE-----).")
        }
        do {
            let certificates = try NIOSSLCertificate.fromPEMBytes(bytes)
            guard !certificates.isEmpty else { throw HTTPSetupError("empty") }
            return certificates
        } catch {
            throw HTTPSetupError("The \(role) \(file) holds a PEM certificate that cannot be parsed.")
        }
    }

    private static func privateKey(in file: String, certificateFile: String) throws(HTTPSetupError)
        -> NIOSSLPrivateKey
    {
        let role = "client private key file"
        let bytes = try contents(of: file, role: role)
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("PRIVATE KEY-----") else {
            throw HTTPSetupError(
                file == certificateFile
                    ? "The client certificate file \(file) holds no private key; give the key file too."
                    : "The \(role) \(file) contains no PEM private key (-----BEGIN PRIVATE KEY-----).")
        }
        if text.contains("ENCRYPTED") {
            throw HTTPSetupError("The \(role) \(file) is encrypted; give an unencrypted key.")
        }
        do {
            return try NIOSSLPrivateKey(bytes: bytes, format: .pem)
        } catch {
            throw HTTPSetupError("The \(role) \(file) holds a PEM private key that cannot be parsed.")
        }
    }
}
