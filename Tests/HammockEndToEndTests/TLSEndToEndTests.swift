import Foundation
import TestSupport
import Testing

@Suite("hammock against a TLS server with a test CA, in tmux")
struct TLSEndToEndTests {
    @Test("a certificate from an unknown CA is refused with advice; --cacert trusts it; --insecure is shown")
    func cacertAndInsecure() async throws {
        let certificates = try await OffPool.run { try TestCertificates.make() }
        defer { certificates.remove() }
        let server = try await LoopbackHTTPServer.start(
            certificate: certificates.serverCertificate, key: certificates.serverKey, body: "hello over TLS")
        defer { Task { await server.stop() } }
        let url = server.baseURL.absoluteString + "/greeting"

        let refused = try TmuxSession(arguments: ["--no-cache", url], width: 600, height: 30)
        defer { refused.close() }
        let screen = await refused.waitFor("is not trusted: it is self-signed or issued by an unknown authority.")
        #expect(screen.contains("Use --cacert FILE to trust it, or --insecure."))
        #expect(!screen.contains("INSECURE"))

        let trusted = try TmuxSession(arguments: ["--no-cache", "--cacert", certificates.caCertificate, url])
        defer { trusted.close() }
        await trusted.waitFor("hello over TLS")

        let insecure = try TmuxSession(arguments: ["--no-cache", "--insecure", url])
        defer { insecure.close() }
        let insecureScreen = await insecure.waitFor("hello over TLS")
        #expect(insecureScreen.contains("INSECURE"))
    }

    @Test("an unreadable --cacert file stops hammock with a sentence naming it")
    func badCACertificate() async throws {
        let missing = "/nonexistent/hammock-ca.pem"
        let session = try TmuxSession(
            arguments: ["-c", TmuxSession.quote(TmuxSession.binaryPath) + " --cacert \(missing) https://x; sleep 30"],
            binary: "/bin/sh")
        defer { session.close() }
        await session.waitFor("Error: The CA certificate file \(missing) does not exist.")
    }
}
