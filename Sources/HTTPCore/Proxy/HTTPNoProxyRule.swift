import Foundation

/// One entry of a `NO_PROXY` list: which hosts are reached directly, without the proxy.
///
/// Entries are matched without regard to case:
/// - `*` matches every host;
/// - `example.com` and `.example.com` both match `example.com` and every name under it
///   (`api.example.com`), never `badexample.com`;
/// - `127.0.0.1`, `::1` or `[::1]` match that address as written in the URL (no CIDR ranges,
///   no name resolution);
/// - any of these followed by `:port` matches only URLs with that port (the scheme's default
///   port when the URL names none).
package struct HTTPNoProxyRule: Sendable, Hashable {
    /// The host part, lower-cased, without a leading dot or brackets; `*` for every host.
    package var host: String
    /// The port the rule is limited to, if any.
    package var port: Int?

    /// Creates a rule.
    package init(host: String, port: Int? = nil) {
        self.host = host
        self.port = port
    }

    /// The rules of a `NO_PROXY` value: entries separated by commas or white space; empty
    /// entries are skipped.
    package static func list(_ value: String) -> [HTTPNoProxyRule] {
        value.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap { HTTPNoProxyRule(entry: String($0)) }
    }

    /// Parses one entry; nil when it is empty.
    package init?(entry: String) {
        var text = entry.trimmingCharacters(in: .whitespaces).lowercased()
        var port: Int?
        if text.hasPrefix("[") {
            // [v6] or [v6]:port
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") { port = Int(rest.dropFirst()) }
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.lastIndex(of: ":"),
            let number = Int(text[text.index(after: colon)...])
        {
            port = number
            text = String(text[..<colon])
        }
        while text.hasPrefix(".") { text.removeFirst() }
        if text.hasPrefix("*.") { text.removeFirst(2) }
        guard !text.isEmpty else { return nil }
        self.init(host: text, port: port)
    }

    /// Whether a request to `host` on `port` bypasses the proxy.
    package func matches(host requestHost: String, port requestPort: Int) -> Bool {
        if let port, port != requestPort { return false }
        if host == "*" { return true }
        var name = HTTPHost.unbracketed(requestHost.lowercased())
        if name.hasSuffix(".") { name.removeLast() }
        return name == host || name.hasSuffix("." + host)
    }
}
