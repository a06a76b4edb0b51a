import Siesta

/// A request a form asks to send: everything Siesta needs, already validated.
public struct RequestDraft: Sendable {
    /// The HTTP method.
    public var method: RequestMethod
    /// Absolute URL text, or a path relative to the resource the form opened on.
    public var url: String
    /// Extra headers for this request only.
    public var headers: [(String, String)]
    /// The body.
    public var body: RequestBody
    /// The body's text as typed, for filling `{{variables}}` before a form-urlencoded body is
    /// encoded; nil when it does not matter.
    public var typedBody: String?
    /// The saved request the form was opened from, nil for none: a request of a `.http` file
    /// takes that file's `@name = value` variables.
    public var savedRequestID: String?

    /// Creates a draft.
    public init(method: RequestMethod, url: String, headers: [(String, String)], body: RequestBody) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
