import Foundation
import HTTPCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Certificates and TLS servers shared by the TLS tests, made once per process.
enum TLSFixture {
    struct Servers: Sendable {
        let certificates: TestCertificates
        /// Signed by the test CA for localhost and 127.0.0.1.
        let trusted: LoopbackHTTPServer
        let selfSigned: LoopbackHTTPServer
        let expired: LoopbackHTTPServer
        let otherHost: LoopbackHTTPServer
        /// Requires a client certificate signed by the test CA.
        let clientAuthenticating: LoopbackHTTPServer
        let plain: LoopbackHTTPServer
    }

    static let startup = Task { () throws -> Servers in
        let certificates = try await OffPool.run { try TestCertificates.make() }
        let key = certificates.serverKey
        return Servers(
            certificates: certificates,
            trusted: try await LoopbackHTTPServer.start(
                certificate: certificates.serverCertificate, key: key, body: "over TLS"),
            selfSigned: try await LoopbackHTTPServer.start(
                certificate: certificates.selfSignedCertificate, key: certificates.selfSignedKey, body: "self-signed"),
            expired: try await LoopbackHTTPServer.start(certificate: certificates.expiredCertificate, key: key),
            otherHost: try await LoopbackHTTPServer.start(certificate: certificates.otherHostCertificate, key: key),
            clientAuthenticating: try await LoopbackHTTPServer.start(
                certificate: certificates.serverCertificate, key: key, clientCA: certificates.caCertificate,
                body: "client accepted"),
            plain: try await LoopbackHTTPServer.start(body: "plain"))
    }

    static func servers() async throws -> Servers { try await startup.value }
}

@Suite("TLS: verification options and failures that say what failed")
struct HTTPTLSTests {
    func send(_ url: URL, tls: HTTPTLSSettings = HTTPTLSSettings()) async -> Result<HTTPExchangeResponse, HTTPFailure> {
        let transport = HTTPTransport(settings: HTTPClientSettings(tls: tls))
        defer { Task { await transport.shutdown() } }
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    func body(_ result: Result<HTTPExchangeResponse, HTTPFailure>) -> String? {
        guard case .success(let response) = result else { return nil }
        return String(decoding: response.body, as: UTF8.self)
    }

    func failureOf(_ result: Result<HTTPExchangeResponse, HTTPFailure>) throws -> HTTPFailure {
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            throw CancellationError()
        }
        return failure
    }

    @Test("a certificate from an unknown CA is rejected by default, with the advice")
    func untrusted() async throws {
        let servers = try await TLSFixture.servers()
        let advice = "Use --cacert FILE to trust it, or --insecure."
        let failure = try failureOf(await send(servers.trusted.baseURL, tls: HTTPTLSSettings(untrustedAdvice: advice)))
        #expect(failure.kind == .tls(.untrusted))
        #expect(
            String(describing: failure.underlying)
                == "The certificate of 127.0.0.1:\(servers.trusted.port) is not trusted: it is self-signed or "
                + "issued by an unknown authority. Use --cacert FILE to trust it, or --insecure.")
    }

    @Test("a self-signed certificate is untrusted too")
    func selfSigned() async throws {
        let servers = try await TLSFixture.servers()
        #expect(try failureOf(await send(servers.selfSigned.baseURL)).kind == .tls(.untrusted))
    }

    @Test("the CA file is trusted besides the system roots, for the address and the name")
    func caCertificate() async throws {
        let servers = try await TLSFixture.servers()
        let tls = try HTTPTLSSettings.load(caCertificateFile: servers.certificates.caCertificate)
        #expect(tls.additionalTrustRoots.count == 1)
        #expect(body(await send(servers.trusted.baseURL, tls: tls)) == "over TLS")
        #expect(body(await send(URL(string: "https://localhost:\(servers.trusted.port)/")!, tls: tls)) == "over TLS")
    }

    @Test("insecure accepts a self-signed certificate")
    func insecure() async throws {
        let servers = try await TLSFixture.servers()
        let tls = try HTTPTLSSettings.load(insecure: true)
        #expect(!tls.verifiesCertificates)
        #expect(body(await send(servers.selfSigned.baseURL, tls: tls)) == "self-signed")
        #expect(body(await send(servers.otherHost.baseURL, tls: tls)) == "hello")
    }

    @Test("an expired certificate says when it expired")
    func expired() async throws {
        let servers = try await TLSFixture.servers()
        let tls = try HTTPTLSSettings.load(caCertificateFile: servers.certificates.caCertificate)
        let failure = try failureOf(await send(servers.expired.baseURL, tls: tls))
        #expect(failure.kind == .tls(.expired(Date(timeIntervalSince1970: 1_577_923_200))))
        #expect(
            String(describing: failure.underlying)
                == "The certificate of 127.0.0.1:\(servers.expired.port) expired on 2020-01-02 00:00:00 UTC.")
    }

    @Test("a certificate for another host names the host it is for")
    func wrongHost() async throws {
        let servers = try await TLSFixture.servers()
        let tls = try HTTPTLSSettings.load(caCertificateFile: servers.certificates.caCertificate)
        let failure = try failureOf(await send(servers.otherHost.baseURL, tls: tls))
        #expect(failure.kind == .tls(.hostMismatch(names: ["other.invalid"])))
        #expect(
            String(describing: failure.underlying)
                == "The certificate of 127.0.0.1:\(servers.otherHost.port) is for other.invalid, not for 127.0.0.1.")
    }

    @Test("https to a plain HTTP port says the server does not speak TLS")
    func notTLS() async throws {
        let servers = try await TLSFixture.servers()
        let failure = try failureOf(await send(URL(string: "https://127.0.0.1:\(servers.plain.port)/")!))
        #expect(failure.kind == .tls(.notTLS))
        #expect(
            String(describing: failure.underlying)
                == "The server at 127.0.0.1:\(servers.plain.port) does not speak TLS; it may be a plain HTTP port: "
                + "use http://.")
        let demo = try await SharedDemoServer.get()
        let port = try #require(demo.baseURL.port)
        #expect(try failureOf(await send(URL(string: "https://127.0.0.1:\(port)/text")!)).kind == .tls(.notTLS))
    }

    @Test("plain http to a TLS port says the server expects TLS")
    func tlsExpected() async throws {
        let servers = try await TLSFixture.servers()
        let failure = try failureOf(await send(URL(string: "http://127.0.0.1:\(servers.trusted.port)/")!))
        #expect(failure.kind == .tls(.tlsExpected))
        #expect(
            String(describing: failure.underlying)
                == "The server at 127.0.0.1:\(servers.trusted.port) expects TLS; use https://.")
    }

    @Test("plain http that fails on a plain server is not blamed on TLS")
    func plainFailureStaysPlain() async throws {
        let demo = try await SharedDemoServer.get()
        let url = demo.baseURL.appendingPathComponent("text")
        #expect(body(await send(url)) != nil)
        let refused = URL(string: "http://127.0.0.1:\(try ClosedPort.make())/")!
        #expect(try failureOf(await send(refused)).kind == .cannotConnect)
    }

    @Test("a client certificate is presented when given, and its absence is named")
    func clientCertificate() async throws {
        let servers = try await TLSFixture.servers()
        let certificates = servers.certificates
        let trusting = try HTTPTLSSettings.load(caCertificateFile: certificates.caCertificate)
        let refused = try failureOf(await send(servers.clientAuthenticating.baseURL, tls: trusting))
        #expect(refused.kind == .tls(.clientCertificateRejected(reason: "certificate required")))
        #expect(
            String(describing: refused.underlying)
                == "The server at 127.0.0.1:\(servers.clientAuthenticating.port) requires a client certificate.")
        let presenting = try HTTPTLSSettings.load(
            caCertificateFile: certificates.caCertificate, clientCertificateFile: certificates.clientCertificate,
            privateKeyFile: certificates.clientKey)
        #expect(body(await send(servers.clientAuthenticating.baseURL, tls: presenting)) == "client accepted")
        let stranger = try HTTPTLSSettings.load(
            caCertificateFile: certificates.caCertificate, clientCertificateFile: certificates.selfSignedCertificate,
            privateKeyFile: certificates.selfSignedKey)
        let rejected = try failureOf(await send(servers.clientAuthenticating.baseURL, tls: stranger))
        guard case .tls(.clientCertificateRejected(let reason)) = rejected.kind else {
            Issue.record("expected a rejected client certificate, got \(rejected.kind)")
            return
        }
        #expect(
            String(describing: rejected.underlying)
                == "The server at 127.0.0.1:\(servers.clientAuthenticating.port) did not accept the client "
                + "certificate (\(reason)).")
    }

    @Test("unusable certificate and key files are refused with a sentence naming the file")
    func setupErrors() async throws {
        let certificates = try await OffPool.run { try TestCertificates.make() }
        defer { certificates.remove() }
        let missing = certificates.folder.appendingPathComponent("missing.pem").path
        #expect(throws: HTTPSetupError("The CA certificate file \(missing) does not exist.")) {
            try HTTPTLSSettings.load(caCertificateFile: missing)
        }
        #expect(
            throws: HTTPSetupError(
                "The CA certificate file \(certificates.serverKey) contains no PEM certificate "
                    + "(-----BEGIN CERTIFICATE-----).")
        ) {
            try HTTPTLSSettings.load(caCertificateFile: certificates.serverKey)
        }
        #expect(
            throws: HTTPSetupError(
                "The private key in \(certificates.serverKey) does not belong to the client certificate in "
                    + "\(certificates.clientCertificate).")
        ) {
            try HTTPTLSSettings.load(
                clientCertificateFile: certificates.clientCertificate, privateKeyFile: certificates.serverKey)
        }
        #expect(throws: HTTPSetupError("A client private key was given without a client certificate.")) {
            try HTTPTLSSettings.load(privateKeyFile: certificates.clientKey)
        }
        #expect(
            throws: HTTPSetupError(
                "The client certificate file \(certificates.clientCertificate) holds no private key; "
                    + "give the key file too.")
        ) {
            try HTTPTLSSettings.load(clientCertificateFile: certificates.clientCertificate)
        }
    }
}
