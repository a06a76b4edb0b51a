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

    /// The string as a URL. A string without `://` is read as host, optional port, path and
    /// query (`"localhost:8080/api?v=2"`) and becomes a scheme-less URL
    /// (`//localhost:8080/api?v=2`). If the text does not parse as it is, characters not allowed
    /// in a host, path or query (e.g. spaces) are percent-encoded and parsing is tried once more.
    /// `nil` if the string is empty or still does not parse.
    public var url: URL? {
        let trimmed = trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return nil
        }
        let prefixed = trimmed.contains("://") ? trimmed : "//" + trimmed
        if let url = URL(string: prefixed) {
            return url
        }
        let allowed = CharacterSet.urlHostAllowed.union(.urlPathAllowed).union(.urlQueryAllowed)
            .union(CharacterSet(charactersIn: ":#"))
        guard let escaped = prefixed.addingPercentEncoding(withAllowedCharacters: allowed) else {
            return nil
        }
        return URL(string: escaped)
    }
}

extension URL: UrlConvertible {

    /// The URL itself; never `nil`.
    public var url: URL? {
        self
    }
}
