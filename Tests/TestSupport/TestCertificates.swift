import Foundation

/// A throw-away certificate authority and certificates made with `/usr/bin/openssl` in a fresh
/// temporary folder: a CA, a server certificate it signed for `localhost` and `127.0.0.1`, the
/// same name signed by the CA but expired (valid only on 1 January 2020), one signed for another
/// host name, a self-signed server certificate, and a client certificate the CA signed. Keys are
/// P-256, so making them takes a few milliseconds. Every file is PEM.
public struct TestCertificates: Sendable {
    /// The folder holding every file.
    public let folder: URL

    /// The CA's certificate: what `--cacert` is given.
    public var caCertificate: String { path("ca.pem") }
    /// A server certificate for `localhost` and `127.0.0.1`, signed by the CA.
    public var serverCertificate: String { path("server.pem") }
    /// The key of ``serverCertificate``, ``expiredCertificate`` and ``otherHostCertificate``.
    public var serverKey: String { path("server.key") }
    /// Like ``serverCertificate``, but valid only on 1 January 2020.
    public var expiredCertificate: String { path("expired.pem") }
    /// Signed by the CA for `other.invalid` only.
    public var otherHostCertificate: String { path("other.pem") }
    /// A self-signed certificate for `localhost` and `127.0.0.1`.
    public var selfSignedCertificate: String { path("self.pem") }
    /// The key of ``selfSignedCertificate``.
    public var selfSignedKey: String { path("self.key") }
    /// A client certificate signed by the CA.
    public var clientCertificate: String { path("client.pem") }
    /// The key of ``clientCertificate``.
    public var clientKey: String { path("client.key") }

    /// Makes every certificate in a new temporary folder.
    public static func make() throws -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hammock-tls-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let certificates = TestCertificates(folder: folder)
        try certificates.generate()
        return certificates
    }

    /// Deletes the folder.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    private func generate() throws {
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        let serverNames = "subjectAltName=DNS:localhost,IP:127.0.0.1"
        try write("server.ext", "\(serverNames)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
        try write("other.ext", "subjectAltName=DNS:other.invalid\nbasicConstraints=CA:FALSE\n")
        try write("client.ext", "basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n")
        try write("index.txt", "")
        try write("serial", "1000\n")
        try write(
            "ca.cnf",
            """
            [ca]
            default_ca = test
            [test]
            database = index.txt
            new_certs_dir = .
            serial = serial
            default_md = sha256
            policy = any
            [any]
            commonName = supplied

            """)
        try openssl(
            ["req", "-x509"] + newKey + ["-keyout", "ca.key", "-out", "ca.pem", "-days", "2"]
                + subject("hammock test CA"))
        try openssl(["req"] + newKey + ["-keyout", "server.key", "-out", "server.csr"] + subject("localhost"))
        try signed("server.csr", "server.pem", "server.ext")
        try signed("server.csr", "other.pem", "other.ext")
        try openssl([
            "ca", "-batch", "-config", "ca.cnf", "-cert", "ca.pem", "-keyfile", "ca.key", "-in", "server.csr",
            "-out", "expired.pem", "-startdate", "20200101000000Z", "-enddate", "20200102000000Z", "-extfile",
            "server.ext", "-notext",
        ])
        try openssl(
            ["req", "-x509"] + newKey + ["-keyout", "self.key", "-out", "self.pem", "-days", "2"]
                + subject("localhost") + ["-addext", serverNames])
        try openssl(
            ["req"] + newKey + ["-keyout", "client.key", "-out", "client.csr"] + subject("hammock test client"))
        try signed("client.csr", "client.pem", "client.ext")
    }

    private func subject(_ name: String) -> [String] {
        ["-subj", "/CN=\(name)"]
    }

    private func signed(_ request: String, _ output: String, _ extensions: String) throws {
        try openssl([
            "x509", "-req", "-in", request, "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", output,
            "-days", "2", "-extfile", extensions,
        ])
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OpenSSLFailed(arguments: arguments, output: String(decoding: message, as: UTF8.self))
        }
    }

    /// `openssl` exited with a non-zero status.
    public struct OpenSSLFailed: Error, CustomStringConvertible {
        /// The arguments it was run with.
        public let arguments: [String]
        /// What it wrote to standard error.
        public let output: String

        /// The command and its output.
        public var description: String { "openssl \(arguments.joined(separator: " ")) failed: \(output)" }
    }
}
