import Foundation

/// Anything that can become a URL: a `String` or a `URL`. Used by `Service(baseURL:)` and
/// `Service.resource(absoluteURL:)`.
public protocol URLConvertible {
    /// The URL, or `nil` if the value is not a valid URL.
    var url: URL? { get }
}

extension String: URLConvertible {
    /// The string parsed as a URL; `nil` if it is not one. Characters that cannot appear in a
    /// URL (spaces, non-ASCII characters, `[` and `]` outside the host…) are percent-escaped
    /// first; existing `%XX` escapes are kept as they are, never escaped again.
    public var url: URL? {
        guard !contains("\0") else { return nil }
        return URL(string: URLTools.escapingInvalidCharacters(self))
    }
}

extension URL: URLConvertible {
    /// The URL itself.
    public var url: URL? { self }
}
