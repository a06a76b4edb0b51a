import Safety
import Siesta

/// The whole response to a form's request, kept so the response viewer can show it: status,
/// headers, content type and the body as a lazily laid-out document.
///
/// Everything here is untrusted and stored raw; the viewer masks secret headers with
/// `SecretMasker` and sanitises every piece of text with `TextSanitizer` when it draws.
public struct FormResponse {
    /// True when `onSuccess` fired, false for `onFailure`.
    public var succeeded: Bool
    /// The method the form sent (`POST`, `PUT`, `PATCH`, `DELETE`).
    public var method: RequestMethod
    /// The URL the request went to.
    public var url: String
    /// The HTTP status, when a response arrived (nil for transport failures).
    public var status: Int?
    /// `RequestError.userMessage` for failures; nil on success.
    public var message: String?
    /// Response headers (names as the transport gives them, usually lower-cased).
    public var headers: [String: String]
    /// The content type (`application/json`), or an empty string when unknown.
    public var contentType: String
    /// The body: pretty-printed JSON when it parses as JSON, else text, bytes or a note.
    public var body: BodyContent

    /// Creates a response record.
    public init(
        succeeded: Bool, method: RequestMethod, url: String, status: Int?, message: String? = nil,
        headers: [String: String], contentType: String, body: BodyContent
    ) {
        self.succeeded = succeeded
        self.method = method
        self.url = url
        self.status = status
        self.message = message
        self.headers = headers
        self.contentType = contentType
        self.body = body
    }
}
