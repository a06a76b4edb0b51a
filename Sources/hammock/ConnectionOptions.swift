import ArgumentParser
import Foundation
import HTTPCore

/// The command-line options for TLS, proxies and the body size limit, turned into the HTTP
/// core's client settings.
///
/// A file that cannot be read or parsed, a key that does not match its certificate, or a proxy
/// URL that cannot be used (from `--proxy` or the environment) stops hammock before it starts,
/// with a sentence naming the file or value.
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .customLong("cacert"),
        help: ArgumentHelp(
            "A PEM file of CA certificates to trust for HTTPS, in addition to the system's.", valueName: "file"))
    var caCertificate: String?

    @Flag(
        help: """
            Accept any server certificate (self-signed, expired, for another host): the connection is \
            encrypted but not authenticated. The URL pane shows INSECURE while this is on.
            """)
    var insecure = false

    @Option(
        name: .customLong("cert"),
        help: ArgumentHelp(
            "A PEM client certificate (optionally followed by its chain) to present to servers that ask for one.",
            valueName: "file"))
    var clientCertificate: String?

    @Option(
        name: .customLong("key"),
        help: ArgumentHelp(
            "The unencrypted PEM private key of --cert (omit it when the --cert file holds the key).",
            valueName: "file"))
    var privateKey: String?

    @Option(
        help: ArgumentHelp(
            """
            The proxy for http and https URLs (http://[user:password@]host:port or socks5://host:port), \
            instead of HTTP_PROXY, HTTPS_PROXY and ALL_PROXY. NO_PROXY still applies.
            """,
            valueName: "url"))
    var proxy: String?

    @Option(
        name: .customLong("max-body-size"),
        help: ArgumentHelp(
            """
            The largest response body kept, after decompression: bytes, or with K, M, G (powers of 1024). \
            A larger one fails with a message naming the limit. Default: 1G.
            """,
            valueName: "size"))
    var maximumBodySize: ByteSize?

    @Option(
        name: .customLong("timeout"),
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds without receiving a byte before a request fails (the read timeout); 0 waits for ever. Default: 60.",
            valueName: "seconds"))
    var readTimeout: Double?

    @Option(
        name: .customLong("max-redirects"),
        parsing: .unconditional,
        help: ArgumentHelp("Redirects followed per request; 0 follows none. Default: 10.", valueName: "count"))
    var maximumRedirects: Int?

    func validate() throws {
        _ = try clientSettings()
    }

    /// The client settings these options and the environment ask for.
    func clientSettings(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ValidationError)
        -> HTTPClientSettings
    {
        if let readTimeout, !(readTimeout >= 0 && readTimeout <= 86400 * 365) {
            throw ValidationError("--timeout takes seconds from 0 (no read timeout) to a year, not \(readTimeout)")
        }
        if let maximumRedirects, !(0...1000).contains(maximumRedirects) {
            throw ValidationError("--max-redirects takes a count from 0 to 1000, not \(maximumRedirects)")
        }
        do {
            var tls = try HTTPTLSSettings.load(
                caCertificateFile: caCertificate, clientCertificateFile: clientCertificate,
                privateKeyFile: privateKey, insecure: insecure)
            tls.untrustedAdvice = "Use --cacert FILE to trust it, or --insecure."
            let proxies = try HTTPProxySettings.fromEnvironment(environment, override: proxy)
            return HTTPClientSettings(
                readTimeout: readTimeout.map { $0 == 0 ? nil : $0 } ?? 60,
                maximumRedirects: maximumRedirects ?? 10,
                maximumBodySize: maximumBodySize?.bytes ?? 1 << 30,
                limitAdvice: HTTPLimitAdvice(
                    bodySize: "Raise it with --max-body-size (e.g. --max-body-size 4G).",
                    readTimeout: "Raise it with --timeout (e.g. --timeout 300).",
                    redirects: "Raise it with --max-redirects."),
                tls: tls, proxy: proxies)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
