import Foundation
import Safety

/// The raw HTTP answer to one attempt of a request: status, headers, final URL and body bytes.
///
/// Available from ``Response/httpResponse`` after a success and inside
/// ``Squid/Error/requestFailed(statusCode:response:)`` after a rejected status code. Header
/// names are matched case-insensitively; a header that appears several times holds its values
/// joined by `", "`, except `Set-Cookie`, whose values are joined by a line feed (cookie dates
/// contain commas), so `header["Set-Cookie"]?.split(separator: "\n")` gives every cookie.
public struct HttpResponse: Sendable, Hashable, CustomStringConvertible {

    /// The HTTP status code, e.g. 200.
    public let statusCode: Int

    /// The response headers.
    public let header: HttpHeader

    /// The URL that answered (after redirects).
    public let url: URL

    /// The complete body; empty when there was none.
    public let body: Data

    /// Creates a response value (used by the library and by hooks that fake responses).
    public init(statusCode: Int, header: HttpHeader, url: URL, body: Data) {
        self.statusCode = statusCode
        self.header = header
        self.url = url
        self.body = body
    }

    /// `"200 http://host/path (1234 bytes)"`, with the URL sanitised.
    public var description: String {
        "\(statusCode) \(UnsafeText.clean(url.absoluteString)) (\(body.count) bytes)"
    }
}
