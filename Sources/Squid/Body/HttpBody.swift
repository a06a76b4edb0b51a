import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Something that can be sent as the body of a request.
///
/// The library provides ``HttpData/Empty``, ``HttpData/Json``, ``HttpData/Urlencoded``,
/// ``HttpData/Image``, ``HttpData/Raw`` and ``HttpData/Multipart``; your own bodies conform by
/// writing their bytes into the `URLRequest`. The scheduler calls ``add(to:)`` after the headers
/// have been set, once per attempt (so retries send the body again). Bodies are `Sendable` so that
/// requests can store them.
public protocol HttpBody: Sendable, CustomStringConvertible {

    /// Writes the body into `request`: sets `httpBody` and, unless the header already has one,
    /// the `Content-Type`. Throws ``Squid/Error/encodingFailed(message:)`` (or any error, which is
    /// reported as that case) when the body cannot be encoded; nothing is sent then.
    func add(to request: inout URLRequest) throws
}

extension HttpBody {

    /// The name of the body type; bodies override it with something more useful where they can.
    public var description: String {
        "<\(type(of: self))>"
    }
}

extension URLRequest {

    /// Sets `Content-Type` to `mimeType` unless a value is already present.
    mutating func setContentTypeIfAbsent(_ mimeType: HttpMimeType) {
        if value(forHTTPHeaderField: HttpHeader.Field.contentType.name) == nil {
            setValue(mimeType.rawValue, forHTTPHeaderField: HttpHeader.Field.contentType.name)
        }
    }
}
