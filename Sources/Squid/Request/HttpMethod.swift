/// The HTTP method of a ``Request``.
///
/// The raw value is the method token sent on the wire (`"GET"`, `"POST"`, …). Requests default to
/// ``get``. ``get`` and ``head`` requests must not carry a body (scheduling one fails with
/// ``Squid/Error/invalidRequest(message:)``).
public enum HttpMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {

    /// `GET`: read a resource. Must not have a body.
    case get = "GET"

    /// `POST`: create a resource or run an action; usually has a body.
    case post = "POST"

    /// `PUT`: replace a resource; usually has a body.
    case put = "PUT"

    /// `PATCH`: change part of a resource; usually has a body.
    case patch = "PATCH"

    /// `DELETE`: remove a resource. A body is allowed but rarely meaningful.
    case delete = "DELETE"

    /// `HEAD`: like GET without a response body. Must not have a body.
    case head = "HEAD"

    /// `OPTIONS`: ask which methods a resource supports.
    case options = "OPTIONS"

    /// The method token, e.g. `"GET"`.
    public var description: String {
        rawValue
    }

    /// Whether a request with this method may carry a body (`false` for GET and HEAD).
    public var allowsBody: Bool {
        self != .get && self != .head
    }
}
