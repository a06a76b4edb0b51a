/// One curl command-line option as hammock knows it: its names and whether it takes a value.
///
/// The table (``all``) lists every option of curl 7.88 and the common newer ones, so an option
/// hammock does not act on is still read with the right number of words and never swallows the
/// URL. What each option does to the request is decided in ``CurlRequestBuilder``.
struct CurlOption: Sendable, Hashable {
    /// The long name without the leading `--` (`header`).
    let long: String
    /// The one-letter name without the leading `-` (`H`), if any.
    let short: Character?
    /// Whether the option reads a value (`-H value`, `-Hvalue`, `--header value`).
    let takesArgument: Bool

    /// The option as people write it: `-H/--header`, or `--json`.
    var displayName: String {
        short.map { "-\($0)/--\(long)" } ?? "--\(long)"
    }

    /// The option named by `--name`, if curl has it.
    static func long(_ name: String) -> CurlOption? { byLong[name] }

    /// The option named by `-c`, if curl has it.
    static func short(_ letter: Character) -> CurlOption? { byShort[letter] }

    /// Every known option.
    static let all: [CurlOption] =
        withArgument.map { entry(from: $0, takesArgument: true) }
        + withoutArgument.map { entry(from: $0, takesArgument: false) }

    private static let byLong: [String: CurlOption] = Dictionary(
        all.map { ($0.long, $0) }, uniquingKeysWith: { first, _ in first })
    private static let byShort: [Character: CurlOption] = Dictionary(
        all.compactMap { option in option.short.map { ($0, option) } }, uniquingKeysWith: { first, _ in first })

    private static func entry(from text: String, takesArgument: Bool) -> CurlOption {
        let parts = text.split(separator: "|")
        return CurlOption(
            long: String(parts[0]), short: parts.count > 1 ? parts[1].first : nil, takesArgument: takesArgument)
    }

    /// Options that read a value, as `long|short`.
    private static let withArgument = [
        "abstract-unix-socket", "alt-svc", "aws-sigv4", "cacert", "capath", "cert|E", "cert-type", "ciphers",
        "config|K", "connect-timeout", "connect-to", "continue-at|C", "cookie|b", "cookie-jar|c", "create-file-mode",
        "crlfile", "curves", "data|d", "data-ascii", "data-binary", "data-raw", "data-urlencode", "delegation",
        "dns-interface", "dns-ipv4-addr", "dns-ipv6-addr", "dns-servers", "doh-url", "dump-header|D", "ech",
        "egd-file", "engine", "etag-compare", "etag-save", "expect100-timeout", "form|F", "form-string",
        "ftp-account", "ftp-alternative-to-user", "ftp-method", "ftp-port|P", "ftp-ssl-ccc-mode",
        "happy-eyeballs-timeout-ms", "haproxy-clientip", "header|H", "hostpubmd5", "hostpubsha256", "hsts",
        "interface", "ip-tos", "json", "keepalive-cnt", "keepalive-time", "key", "key-type", "knownhosts", "krb",
        "libcurl", "limit-rate", "local-port", "login-options", "mail-auth", "mail-from", "mail-rcpt",
        "max-filesize", "max-redirs", "max-time|m", "netrc-file", "noproxy", "oauth2-bearer", "output|o",
        "output-dir", "parallel-max", "parallel-max-host", "pass", "pinnedpubkey", "preproxy", "proto",
        "proto-default", "proto-redir", "proxy|x", "proxy-cacert", "proxy-capath", "proxy-cert",
        "proxy-cert-type", "proxy-ciphers", "proxy-crlfile", "proxy-header", "proxy-key", "proxy-key-type",
        "proxy-pass", "proxy-pinnedpubkey", "proxy-service-name", "proxy-tls13-ciphers", "proxy-tlsauthtype",
        "proxy-tlspassword", "proxy-tlsuser", "proxy-user|U", "proxy1.0", "pubkey", "quote|Q", "random-file",
        "range|r", "rate", "referer|e", "request|X", "request-target", "resolve", "retry", "retry-delay",
        "retry-max-time", "sasl-authzid", "service-name", "sigalgs", "socks4", "socks4a", "socks5",
        "socks5-gssapi-service", "socks5-hostname", "speed-limit|Y", "speed-time|y", "ssl-sessions", "stderr",
        "telnet-option|t", "tftp-blksize", "time-cond|z", "tls-max", "tls13-ciphers", "tlsauthtype",
        "tlspassword", "tlsuser", "trace", "trace-ascii", "trace-config", "unix-socket", "upload-file|T",
        "upload-flags", "url", "url-query", "user|u", "user-agent|A", "variable", "vlan-priority",
        "write-out|w",
    ]

    /// Options that read no value, as `long|short`.
    private static let withoutArgument = [
        "anyauth", "append|a", "basic", "ca-native", "cert-status", "compressed", "compressed-ssh", "create-dirs",
        "crlf", "digest", "disable|q", "disable-eprt", "disable-epsv", "disallow-username-in-url",
        "doh-cert-status", "doh-insecure", "dump-ca-embed", "fail|f", "fail-early", "fail-with-body",
        "false-start", "follow", "form-escape", "ftp-create-dirs", "ftp-pasv", "ftp-pret", "ftp-skip-pasv-ip",
        "ftp-ssl-ccc", "ftp-ssl-control", "get|G", "globoff|g", "haproxy-protocol", "head|I", "help|h",
        "http0.9", "http1.0|0", "http1.1", "http2", "http2-prior-knowledge", "http3", "http3-only",
        "ignore-content-length", "include|i", "insecure|k", "ipv4|4", "ipv6|6", "junk-session-cookies|j",
        "list-only|l", "location|L", "location-trusted", "mail-rcpt-allowfails", "manual|M", "metalink", "mptcp",
        "negotiate", "netrc|n", "netrc-optional", "next|:", "no-alpn", "no-buffer|N", "no-clobber",
        "no-keepalive", "no-npn", "no-progress-meter", "no-sessionid", "ntlm", "ntlm-wb", "out-null",
        "parallel|Z", "parallel-immediate", "path-as-is", "post301", "post302", "post303", "progress-bar|#",
        "proxy-anyauth", "proxy-basic", "proxy-ca-native", "proxy-digest", "proxy-http2", "proxy-insecure",
        "proxy-negotiate", "proxy-ntlm", "proxy-ssl-allow-beast", "proxy-ssl-auto-client-cert", "proxy-tlsv1",
        "proxytunnel|p", "raw", "remote-header-name|J", "remote-name|O", "remote-name-all", "remote-time|R",
        "remove-on-error", "retry-all-errors", "retry-connrefused", "sasl-ir", "show-error|S", "silent|s",
        "skip-existing", "socks5-basic", "socks5-gssapi", "socks5-gssapi-nec", "ssl", "ssl-allow-beast",
        "ssl-auto-client-cert", "ssl-no-revoke", "ssl-reqd", "ssl-revoke-best-effort", "sslv2|2", "sslv3|3",
        "styled-output", "suppress-connect-headers", "tcp-fastopen", "tcp-nodelay", "tftp-no-options",
        "tlsv1|1", "tlsv1.0", "tlsv1.1", "tlsv1.2", "tlsv1.3", "tr-encoding", "trace-ids", "trace-time",
        "use-ascii|B", "verbose|v", "version|V", "xattr",
    ]
}
