import Foundation

/// A value that can describe the base URL of an ``HttpService``.
///
/// `String` and `URL` conform. A string may be scheme-less (`"api.example.com"`,
/// `"api.example.com/v2"`, `"127.0.0.1:8080"`): the scheme is then chosen by
/// ``HttpService/usesSecureProtocol``. A string or URL with an explicit `http://` or `https://`
/// scheme keeps that scheme. Conversion never throws; an unusable value yields `nil` and requests
/// scheduled against it fail with ``Squid/Error/invalidUrl(_:)``.
public protocol UrlConvertible: Sendable {

    /// The value as a URL, or `nil` if it cannot be one. For scheme-less strings the URL has no
    /// scheme; the scheduler adds one.
    var url: URL? { get }
}

extension String: UrlConvertible {

    /// The string as a URL. Characters not allowed in a host or path (e.g. spaces) are
    /// percent-encoded first. A string without `://` is read as host, optional port and path
    /// (`"localhost:8080/api"`) and becomes a scheme-less URL (`//localhost:8080/api`). `nil` if
    /// the string is empty or still does not parse.
    public var url: URL? {
        let trimmed = trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return nil
        }
        let allowed = CharacterSet.urlHostAllowed.union(.urlPathAllowed).union(CharacterSet(charactersIn: ":"))
        guard let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: allowed) else {
            return nil
        }
        if escaped.contains("://") {
            return URL(string: escaped)
        }
        return URL(string: "//" + escaped)
    }
}

extension URL: UrlConvertible {

    /// The URL itself; never `nil`.
    public var url: URL? {
        self
    }
}
