/// A media (MIME) type, as sent in `Content-Type` and `Accept` headers.
///
/// Use the constants for common types or a string literal for any other
/// (`"application/vnd.api+json"`). The value is sent as written; it is not validated.
public struct HttpMimeType: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
{

    /// The media type text, e.g. `"application/json"`.
    public let rawValue: String

    /// Creates a media type from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a media type from a string literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The media type text.
    public var description: String {
        rawValue
    }

    /// `application/json`.
    public static let json: HttpMimeType = "application/json"

    /// `text/plain; charset=utf-8`.
    public static let plainText: HttpMimeType = "text/plain; charset=utf-8"

    /// `application/x-www-form-urlencoded`.
    public static let formUrlencoded: HttpMimeType = "application/x-www-form-urlencoded"

    /// `application/octet-stream`: arbitrary bytes.
    public static let octetStream: HttpMimeType = "application/octet-stream"

    /// `image/png`.
    public static let png: HttpMimeType = "image/png"

    /// `image/jpeg`.
    public static let jpeg: HttpMimeType = "image/jpeg"

    /// `image/gif`.
    public static let gif: HttpMimeType = "image/gif"

    /// `image/webp`.
    public static let webp: HttpMimeType = "image/webp"
}
