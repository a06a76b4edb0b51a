/// An HTTP request method: the one method type of the package. Siesta knows it as
/// `RequestMethod`, Squid as `HttpMethod`.
///
/// The raw value is the token sent on the wire (`"GET"`, `"POST"`, …). Parsing a token with
/// ``init(token:)`` accepts any case and rejects unknown methods rather than guessing one.
public enum HTTPRequestMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
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

    /// The method whose token is `token` in any case (`"patch"` is ``patch``); nil for a token
    /// that is not one of these methods.
    public init?(token: some StringProtocol) {
        self.init(rawValue: token.uppercased())
    }

    /// The method token, e.g. `"GET"`.
    public var description: String {
        rawValue
    }

    /// Whether a request with this method may carry a body (`false` for GET and HEAD).
    public var allowsBody: Bool {
        self != .get && self != .head
    }
}
