import Foundation

/// A URL's origin as one string: scheme, host and port, the port made explicit and the scheme
/// and host in lower case (`http://localhost:8080`, `https://api.example.com:443`). What
/// environments' auth and the query history are kept by.
public enum URLOrigin {
    /// The origin of `url`.
    public static func of(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" || scheme == "wss" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// The origin of the URL written `text`, or `text` itself when it is not a URL with a host.
    public static func of(_ text: String) -> String {
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else { return text }
        return of(url)
    }
}
